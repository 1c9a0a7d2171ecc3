// NVIDIA data-center driver branches and their end of life. A Long Term Support Branch (LTSB) gets
// fixes for three years, a Production Branch (PB) for one; a New Feature Branch (NFB) is
// short-lived and has no end-of-life date. A branch past its end of life gets no security fixes.

import type { TableSource } from './source.js';

export const DRIVER_BRANCH_SOURCES: readonly TableSource[] = [
  {
    title: 'NVIDIA Data Center Drivers — Supported Drivers and CUDA Toolkit Versions (R620 edition)',
    url: 'https://docs.nvidia.com/datacenter/tesla/drivers/620/supported-drivers-and-cuda-toolkit-versions.html',
    checked: '2026-11-29',
  },
  {
    title: 'NVIDIA Data Center Drivers — Supported Drivers and CUDA Toolkit Versions (R615 edition)',
    url: 'https://docs.nvidia.com/datacenter/tesla/drivers/615/supported-drivers-and-cuda-toolkit-versions.html',
    checked: '2026-11-29',
  },
  {
    title: 'NVIDIA CUDA and Drivers Support (RN-08625-001 v02, March 2021)',
    url: 'https://docs.nvidia.com/datacenter/tesla/pdf/NVIDIA_CUDA_Drivers_Support.pdf',
    checked: '2026-11-29',
  },
  {
    title: 'NVIDIA Data Center Drivers — Driver Lifecycle (earlier editions of the table)',
    url: 'https://docs.nvidia.com/datacenter/tesla/drivers/index.html#lifecycle',
    checked: '2026-11-29',
  },
];

export type BranchKind = 'ltsb' | 'pb' | 'nfb';

export interface DriverBranchRow {
  branch: number;
  kind: BranchKind;
  /** Last month of support, "YYYY-MM"; null for a New Feature Branch. */
  endOfLife: string | null;
  /** Newest CUDA major it runs without the forward-compatibility package. */
  maxCudaMajor: number;
  /** Index into DRIVER_BRANCH_SOURCES. */
  source: number;
}

export const DRIVER_BRANCHES: readonly DriverBranchRow[] = [
  { branch: 620, kind: 'ltsb', endOfLife: '2029-09', maxCudaMajor: 13, source: 0 },
  { branch: 610, kind: 'nfb', endOfLife: '2026-08', maxCudaMajor: 13, source: 1 },
  { branch: 595, kind: 'pb', endOfLife: '2027-03', maxCudaMajor: 13, source: 0 },
  { branch: 590, kind: 'nfb', endOfLife: null, maxCudaMajor: 13, source: 3 },
  { branch: 580, kind: 'ltsb', endOfLife: '2028-06', maxCudaMajor: 13, source: 0 },
  { branch: 575, kind: 'nfb', endOfLife: null, maxCudaMajor: 12, source: 3 },
  { branch: 570, kind: 'pb', endOfLife: '2026-02', maxCudaMajor: 12, source: 3 },
  { branch: 565, kind: 'nfb', endOfLife: null, maxCudaMajor: 12, source: 3 },
  { branch: 560, kind: 'nfb', endOfLife: null, maxCudaMajor: 12, source: 3 },
  { branch: 555, kind: 'nfb', endOfLife: null, maxCudaMajor: 12, source: 3 },
  { branch: 550, kind: 'pb', endOfLife: '2025-02', maxCudaMajor: 12, source: 3 },
  { branch: 545, kind: 'nfb', endOfLife: null, maxCudaMajor: 12, source: 3 },
  { branch: 535, kind: 'ltsb', endOfLife: '2026-06', maxCudaMajor: 12, source: 1 },
  { branch: 530, kind: 'nfb', endOfLife: null, maxCudaMajor: 12, source: 3 },
  { branch: 525, kind: 'pb', endOfLife: '2023-12', maxCudaMajor: 12, source: 3 },
  { branch: 520, kind: 'nfb', endOfLife: null, maxCudaMajor: 11, source: 3 },
  { branch: 515, kind: 'pb', endOfLife: '2023-05', maxCudaMajor: 11, source: 3 },
  { branch: 510, kind: 'pb', endOfLife: '2023-01', maxCudaMajor: 11, source: 3 },
  { branch: 470, kind: 'ltsb', endOfLife: '2024-07', maxCudaMajor: 11, source: 3 },
  { branch: 460, kind: 'pb', endOfLife: '2022-01', maxCudaMajor: 11, source: 2 },
  { branch: 450, kind: 'ltsb', endOfLife: '2023-07', maxCudaMajor: 11, source: 2 },
  { branch: 440, kind: 'nfb', endOfLife: '2020-11', maxCudaMajor: 10, source: 2 },
  { branch: 418, kind: 'ltsb', endOfLife: '2022-03', maxCudaMajor: 10, source: 2 },
];

export function driverBranchRow(branch: number): DriverBranchRow | null {
  return DRIVER_BRANCHES.find((entry) => entry.branch === branch) ?? null;
}

/** True once the month after `endOfLife` has begun. */
export function isPastEndOfLife(endOfLife: string, now: Date): boolean {
  const [year, month] = endOfLife.split('-').map((part) => Number.parseInt(part, 10));
  if (year === undefined || month === undefined) return false;
  // Date.UTC months are 0-based, so `month` here is already the month after.
  return now.getTime() >= Date.UTC(year, month, 1);
}

/** Supported LTSB / PB branches at `now`, newest first: what to move to. */
export function supportedBranches(now: Date): DriverBranchRow[] {
  return DRIVER_BRANCHES.filter(
    (entry) => entry.kind !== 'nfb' && entry.endOfLife !== null && !isPastEndOfLife(entry.endOfLife, now),
  );
}

/**
 * The branch to install: the oldest still-supported LTSB that meets `minimum` (the widest packaged,
 * longest tested), unless `lastAllowed` (the GPUs' last branch, e.g. 580 for Pascal) rules it out;
 * then any supported branch that fits.
 */
export function recommendedBranch(now: Date, lastAllowed: number | null = null, minimum = 0): DriverBranchRow | null {
  const candidates = supportedBranches(now)
    .filter((entry) => (lastAllowed === null || entry.branch <= lastAllowed) && entry.branch >= minimum)
    .sort((a, b) => a.branch - b.branch);
  return candidates.find((entry) => entry.kind === 'ltsb') ?? candidates[0] ?? null;
}
