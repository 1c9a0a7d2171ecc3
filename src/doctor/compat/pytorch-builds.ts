// PyTorch's CUDA wheel variants (the `cuXYZ` index URLs) and which one fits a machine: the newest
// build whose CUDA version the driver supports and whose kernels cover every GPU.

import type { TableSource } from './source.js';
import { computeCapabilityRow } from './gpu-architectures.js';
import { compareVersions, majorMinor } from './versions.js';

export const PYTORCH_SOURCES: readonly TableSource[] = [
  { title: 'PyTorch — Start Locally', url: 'https://pytorch.org/get-started/locally/', checked: '2026-11-29' },
  {
    title: 'PyTorch — Installing previous versions (index URL per CUDA build and release)',
    url: 'https://pytorch.org/get-started/previous-versions/',
    checked: '2026-11-29',
  },
];

export const PYTORCH_INDEX_BASE = 'https://download.pytorch.org/whl';

export interface PytorchCudaBuild {
  tag: string;
  cuda: string;
  /** PyTorch minor releases that published this build. */
  torchReleases: readonly string[];
  /** Still published with the newest release in this table. */
  current: boolean;
  /** For a build no longer current: the last release to pin. */
  lastTorch: string | null;
  /** Oldest GPU its kernels cover. cu128 and newer dropped Maxwell and Pascal (and Volta in 2.11). */
  minComputeCapability: string;
}

/** Newest CUDA first. */
export const PYTORCH_CUDA_BUILDS: readonly PytorchCudaBuild[] = [
  { tag: 'cu130', cuda: '13.0', torchReleases: ['2.9'], current: true, lastTorch: null, minComputeCapability: '7.5' },
  { tag: 'cu129', cuda: '12.9', torchReleases: ['2.8'], current: false, lastTorch: '2.8.0', minComputeCapability: '7.5' },
  { tag: 'cu128', cuda: '12.8', torchReleases: ['2.7', '2.8', '2.9'], current: true, lastTorch: null, minComputeCapability: '7.5' },
  { tag: 'cu126', cuda: '12.6', torchReleases: ['2.6', '2.7', '2.8', '2.9'], current: true, lastTorch: null, minComputeCapability: '5.0' },
  { tag: 'cu124', cuda: '12.4', torchReleases: ['2.4', '2.5', '2.6'], current: false, lastTorch: '2.6.0', minComputeCapability: '5.0' },
  { tag: 'cu121', cuda: '12.1', torchReleases: ['2.1', '2.2', '2.3', '2.4', '2.5'], current: false, lastTorch: '2.5.1', minComputeCapability: '5.0' },
  { tag: 'cu118', cuda: '11.8', torchReleases: ['2.0', '2.1', '2.2', '2.3', '2.4', '2.5', '2.6', '2.7'], current: false, lastTorch: '2.7.1', minComputeCapability: '3.7' },
];

export function pytorchBuildByTag(tag: string): PytorchCudaBuild | null {
  return PYTORCH_CUDA_BUILDS.find((build) => build.tag === tag) ?? null;
}

/** "2.5.1+cu121" → "cu121"; "2.5.1+cpu" → "cpu"; no local tag → null. */
export function pytorchLocalTag(version: string): string | null {
  return version.match(/\+([a-z0-9.]+)$/i)?.[1] ?? null;
}

export function pytorchIndexUrl(tag: string): string {
  return `${PYTORCH_INDEX_BASE}/${tag}`;
}

/** Whether a build carries kernels for a GPU: its minimum, and the GPU's first CUDA (Blackwell needs 12.8). */
export function pytorchBuildCoversGpu(build: PytorchCudaBuild, computeCapability: string): boolean {
  if (compareVersions(computeCapability, build.minComputeCapability) < 0) return false;
  const entry = computeCapabilityRow(computeCapability);
  return entry === null || compareVersions(build.cuda, entry.firstCuda) >= 0;
}

export interface PytorchChoice {
  build: PytorchCudaBuild;
  /** `pip install` arguments after the interpreter: pinned for a build that is no longer current. */
  pipArgs: string[];
}

/**
 * The build to install. `driverMaxCuda` is the newest CUDA the driver supports (null when there is
 * no driver yet: then the newest build that covers the GPUs, to go with a new driver).
 * `newestTorch` caps the release (a system whose glibc newer wheels do not run on): only builds
 * published with it, pinned to it.
 */
export function choosePytorchBuild(driverMaxCuda: string | null, computeCapabilities: readonly string[], newestTorch: string | null = null): PytorchChoice | null {
  for (const build of PYTORCH_CUDA_BUILDS) {
    if (driverMaxCuda && compareVersions(majorMinor(driverMaxCuda) ?? driverMaxCuda, build.cuda) < 0) continue;
    if (!computeCapabilities.every((cc) => pytorchBuildCoversGpu(build, cc))) continue;
    if (newestTorch && !build.torchReleases.includes(majorMinor(newestTorch) ?? newestTorch)) continue;
    const pin = newestTorch && (!build.lastTorch || compareVersions(newestTorch, build.lastTorch) < 0) ? newestTorch : build.lastTorch;
    const packages = pin ? [`torch==${pin}`] : ['torch'];
    return { build, pipArgs: ['-m', 'pip', 'install', '--upgrade', ...packages, '--index-url', pytorchIndexUrl(build.tag)] };
  }
  return null;
}
