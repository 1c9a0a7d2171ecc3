// The driver and CUDA versions from the header of `nvidia-smi -q`. The CUDA version (the newest
// CUDA the *driver* supports) is not a `--query-gpu` field — 'Field "cuda_version" is not a valid
// field to query' — so the backend reads it once at open; it cannot change while the driver is
// loaded. R610 renames the lines ("KMD Version", "CUDA UMD Version") in the table header and marks
// the old `-q` lines "[Deprecated …]"; both spellings are read.

export interface DriverVersions {
  driverVersion: string | null;
  cudaDriverVersion: string | null;
}

const DRIVER_VERSION = /^\s*(?:\|\s*NVIDIA-SMI\s+\S+\s+)?(?:Driver|KMD) Version\s*:\s*([0-9]+(?:\.[0-9]+)+)/im;
const CUDA_VERSION = /CUDA(?: UMD)? Version\s*:\s*([0-9]+\.[0-9]+(?:\.[0-9]+)?)/i;

/** Reads the versions from `nvidia-smi -q` (or the plain table header); absent ones are null. */
export function parseDriverVersions(text: string): DriverVersions {
  return {
    driverVersion: DRIVER_VERSION.exec(text)?.[1] ?? null,
    cudaDriverVersion: CUDA_VERSION.exec(text)?.[1] ?? null,
  };
}
