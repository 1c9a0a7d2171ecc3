// JAX's CUDA wheels: `jax[cuda12]` and `jax[cuda13]` bring their own CUDA libraries from pip; the
// driver must be at least the family's floor. Linux only (native Windows is CPU only).

import type { TableSource } from './source.js';
import { compareVersions, versionAtLeast } from './versions.js';

export const JAX_SOURCES: readonly TableSource[] = [
  { title: 'JAX — Installation (NVIDIA GPU)', url: 'https://docs.jax.dev/en/latest/installation.html', checked: '2026-11-29' },
];

export interface JaxCudaExtra {
  extra: 'cuda13' | 'cuda12';
  linuxMinDriver: string;
  minComputeCapability: string;
}

export const JAX_CUDA_EXTRAS: readonly JaxCudaExtra[] = [
  { extra: 'cuda13', linuxMinDriver: '580.65.06', minComputeCapability: '7.5' },
  { extra: 'cuda12', linuxMinDriver: '525.60.13', minComputeCapability: '5.2' },
];

/** The newest extra the driver runs and the GPUs support; with no driver yet, the newest that fits the GPUs. */
export function chooseJaxExtra(driverVersion: string | null, computeCapabilities: readonly string[]): JaxCudaExtra | null {
  return (
    JAX_CUDA_EXTRAS.find(
      (extra) =>
        (driverVersion === null || versionAtLeast(driverVersion, extra.linuxMinDriver)) &&
        computeCapabilities.every((cc) => compareVersions(cc, extra.minComputeCapability) >= 0),
    ) ?? null
  );
}
