// Which CUDA toolkits and driver branches support each GPU architecture. A toolkit that dropped an
// architecture cannot build for it (and frameworks built with it ship no kernels for it); a driver
// branch past an architecture's last one does not load on it at all.

import type { TableSource } from './source.js';
import { compareVersions, majorOf } from './versions.js';

export const GPU_ARCHITECTURE_SOURCES: readonly TableSource[] = [
  {
    title: 'NVIDIA Data Center Drivers — CUDA Toolkit, Driver, and Architecture Matrix',
    url: 'https://docs.nvidia.com/datacenter/tesla/drivers/cuda-toolkit-driver-and-architecture-matrix.html',
    checked: '2026-11-29',
  },
  {
    title: 'CUDA 12.8 / 12.9 / 13.0 release notes (Blackwell support; Maxwell, Pascal and Volta removed in 13.0)',
    url: 'https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html',
    checked: '2026-11-29',
  },
];

export interface ComputeCapabilityRow {
  computeCapability: string;
  architecture: string;
  /** First toolkit that can build for it. */
  firstCuda: string;
  /** Last toolkit major that supports it; null while still supported. */
  lastCudaMajor: number | null;
  /** Last driver branch that supports it; null while still supported. */
  lastDriverBranch: number | null;
  /** First driver branch that supports it (the branch of `firstCuda`'s driver). */
  firstDriverBranch: number;
  /** Only NVIDIA's open kernel modules drive it (Blackwell). */
  openKernelModuleOnly: boolean;
}

const row = (
  computeCapability: string,
  architecture: string,
  firstCuda: string,
  firstDriverBranch: number,
  lastCudaMajor: number | null,
  lastDriverBranch: number | null,
  openKernelModuleOnly = false,
): ComputeCapabilityRow => ({
  computeCapability,
  architecture,
  firstCuda,
  firstDriverBranch,
  lastCudaMajor,
  lastDriverBranch,
  openKernelModuleOnly,
});

export const COMPUTE_CAPABILITIES: readonly ComputeCapabilityRow[] = [
  row('3.0', 'Kepler', '6.0', 331, 10, 470),
  row('3.2', 'Kepler', '6.0', 331, 10, 470),
  row('3.5', 'Kepler', '6.0', 331, 11, 470),
  row('3.7', 'Kepler', '6.5', 340, 11, 470),
  row('5.0', 'Maxwell', '6.5', 340, 12, 580),
  row('5.2', 'Maxwell', '6.5', 340, 12, 580),
  row('5.3', 'Maxwell', '6.5', 340, 12, 580),
  row('6.0', 'Pascal', '8.0', 367, 12, 580),
  row('6.1', 'Pascal', '8.0', 367, 12, 580),
  row('6.2', 'Pascal', '8.0', 367, 12, 580),
  row('7.0', 'Volta', '9.0', 384, 12, 580),
  row('7.2', 'Volta', '10.0', 410, 12, 580),
  row('7.5', 'Turing', '10.0', 410, null, null),
  row('8.0', 'Ampere', '11.0', 450, null, null),
  row('8.6', 'Ampere', '11.1', 455, null, null),
  row('8.7', 'Ampere', '11.4', 470, null, null),
  row('8.9', 'Ada Lovelace', '11.8', 520, null, null),
  row('9.0', 'Hopper', '11.8', 520, null, null),
  row('10.0', 'Blackwell', '12.8', 570, null, null, true),
  row('10.3', 'Blackwell', '12.9', 575, null, null, true),
  row('11.0', 'Blackwell', '13.0', 580, null, null, true),
  row('12.0', 'Blackwell', '12.8', 570, null, null, true),
  row('12.1', 'Blackwell', '12.9', 575, null, null, true),
];

export function computeCapabilityRow(computeCapability: string | null | undefined): ComputeCapabilityRow | null {
  if (!computeCapability) return null;
  return COMPUTE_CAPABILITIES.find((entry) => entry.computeCapability === computeCapability) ?? null;
}

export type ToolkitArchSupport = 'supported' | 'too-new-for-toolkit' | 'dropped-by-toolkit' | 'unknown';

/** Whether CUDA `toolkitVersion` can build for a GPU of `computeCapability`. */
export function toolkitSupportsGpu(toolkitVersion: string, computeCapability: string): ToolkitArchSupport {
  const entry = computeCapabilityRow(computeCapability);
  if (!entry) return 'unknown';
  if (compareVersions(toolkitVersion, entry.firstCuda) < 0) return 'too-new-for-toolkit';
  const major = majorOf(toolkitVersion);
  if (entry.lastCudaMajor !== null && major !== null && major > entry.lastCudaMajor) return 'dropped-by-toolkit';
  return 'supported';
}

export type DriverArchSupport = 'supported' | 'driver-too-old' | 'driver-too-new' | 'needs-open-module' | 'unknown';

export function driverSupportsGpu(
  driverBranchNumber: number,
  computeCapability: string,
  openKernelModule: boolean | null,
): DriverArchSupport {
  const entry = computeCapabilityRow(computeCapability);
  if (!entry) return 'unknown';
  if (driverBranchNumber < entry.firstDriverBranch) return 'driver-too-old';
  if (entry.lastDriverBranch !== null && driverBranchNumber > entry.lastDriverBranch) return 'driver-too-new';
  if (entry.openKernelModuleOnly && openKernelModule === false) return 'needs-open-module';
  return 'supported';
}

/** Compute capability "8.6" → "sm_86". */
export function smName(computeCapability: string): string {
  return `sm_${computeCapability.replace('.', '')}`;
}
