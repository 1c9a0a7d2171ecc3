// The driver and CUDA versions from the header of `nvidia-smi -q`. The CUDA version (the newest
// CUDA the *driver* supports) is not a `--query-gpu` field — 'Field "cuda_version" is not a valid
// field to query' — so the backend reads it once at open; it cannot change while the driver is
// loaded. R610 renames the lines ("KMD Version", "CUDA UMD Version") in the table header and marks
// the old `-q` lines "[Deprecated …]"; both spellings are read.

export interface DriverVersions {
  driverVersion: string | null;
  cudaDriverVersion: string | null;
}

// Blanks are [ \t], never \s: with the m flag, \s* from every line start would run across all the
// following lines (quadratic on a run of newlines).
const DRIVER_VERSION = /^[ \t]*(?:\|[ \t]*NVIDIA-SMI[ \t]+\S+[ \t]+)?(?:Driver|KMD) Version[ \t]*:[ \t]*([0-9]+(?:\.[0-9]+)+)/im;
const CUDA_VERSION = /CUDA(?: UMD)? Version[ \t]*:[ \t]*([0-9]+\.[0-9]+(?:\.[0-9]+)?)/i;
/** Both lines are in the report's first screen; the rest (per-GPU sections) is not searched. */
const HEADER_CHARS = 64 * 1024;

/** Reads the versions from `nvidia-smi -q` (or the plain table header); absent ones are null. */
export function parseDriverVersions(text: string): DriverVersions {
  const header = text.slice(0, HEADER_CHARS);
  return {
    driverVersion: DRIVER_VERSION.exec(header)?.[1] ?? null,
    cudaDriverVersion: CUDA_VERSION.exec(header)?.[1] ?? null,
  };
}
