// Which NVIDIA driver each CUDA toolkit needs. Two rules from NVIDIA's documentation:
// 1. Each toolkit release names the driver it shipped with; a driver at least that new runs
//    everything the toolkit builds ("CUDA Toolkit and Corresponding Driver Versions").
// 2. Minor-version compatibility (CUDA 11 onwards): an application built with any toolkit of a
//    major family runs on any driver of that family's floor, with a limited feature set (no PTX
//    JIT of newer PTX, no features that need the newer driver).

import type { TableSource } from './source.js';
import { compareVersions, majorMinor, majorOf, versionAtLeast } from './versions.js';

export const CUDA_DRIVER_SOURCES: readonly TableSource[] = [
  {
    title: 'CUDA Toolkit Release Notes — "CUDA Toolkit and Corresponding Driver Versions"',
    url: 'https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html',
    checked: '2026-11-29',
  },
  {
    title: 'CUDA Compatibility — Minor Version Compatibility, Table 1',
    url: 'https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html',
    checked: '2026-11-29',
  },
];

export interface CudaDriverRow {
  /** Toolkit major.minor. */
  cuda: string;
  /** The GA release of that minor version (later updates may ship a slightly newer driver). */
  linuxMinDriver: string;
  windowsMinDriver: string | null;
}

/** GA releases, newest first. */
export const CUDA_DRIVER_TABLE: readonly CudaDriverRow[] = [
  { cuda: '13.0', linuxMinDriver: '580.65.06', windowsMinDriver: '580.88' },
  { cuda: '12.9', linuxMinDriver: '575.51.03', windowsMinDriver: '576.02' },
  { cuda: '12.8', linuxMinDriver: '570.26', windowsMinDriver: '570.65' },
  { cuda: '12.6', linuxMinDriver: '560.28.03', windowsMinDriver: '560.76' },
  { cuda: '12.5', linuxMinDriver: '555.42.02', windowsMinDriver: '555.85' },
  { cuda: '12.4', linuxMinDriver: '550.54.14', windowsMinDriver: '551.61' },
  { cuda: '12.3', linuxMinDriver: '545.23.06', windowsMinDriver: '545.84' },
  { cuda: '12.2', linuxMinDriver: '535.54.03', windowsMinDriver: '536.25' },
  { cuda: '12.1', linuxMinDriver: '530.30.02', windowsMinDriver: '531.14' },
  { cuda: '12.0', linuxMinDriver: '525.60.13', windowsMinDriver: '527.41' },
  { cuda: '11.8', linuxMinDriver: '520.61.05', windowsMinDriver: '520.06' },
  { cuda: '11.7', linuxMinDriver: '515.43.04', windowsMinDriver: '516.01' },
  { cuda: '11.6', linuxMinDriver: '510.39.01', windowsMinDriver: '511.23' },
  { cuda: '11.5', linuxMinDriver: '495.29.05', windowsMinDriver: '496.04' },
  { cuda: '11.4', linuxMinDriver: '470.42.01', windowsMinDriver: '471.11' },
  { cuda: '11.3', linuxMinDriver: '465.19.01', windowsMinDriver: '465.89' },
  { cuda: '11.2', linuxMinDriver: '460.27.03', windowsMinDriver: '460.82' },
  { cuda: '11.1', linuxMinDriver: '455.23', windowsMinDriver: '456.38' },
  { cuda: '11.0', linuxMinDriver: '450.51.05', windowsMinDriver: '451.48' },
  { cuda: '10.2', linuxMinDriver: '440.33', windowsMinDriver: '441.22' },
  { cuda: '10.1', linuxMinDriver: '418.39', windowsMinDriver: '418.96' },
  { cuda: '10.0', linuxMinDriver: '410.48', windowsMinDriver: '411.31' },
];

export interface CudaFamilyFloor {
  major: number;
  /** Oldest driver that runs this family under minor-version compatibility. */
  linuxMinDriver: string;
  windowsMinDriver: string | null;
}

/** CUDA 13.x ≥ R580, 12.x ≥ 525.60.13, 11.x ≥ 450.80.02 (Windows 452.39). */
export const CUDA_FAMILY_FLOORS: readonly CudaFamilyFloor[] = [
  { major: 13, linuxMinDriver: '580.65.06', windowsMinDriver: '580.88' },
  { major: 12, linuxMinDriver: '525.60.13', windowsMinDriver: '527.41' },
  { major: 11, linuxMinDriver: '450.80.02', windowsMinDriver: '452.39' },
];

export type DriverOs = 'linux' | 'windows';

export function driverRowFor(cudaVersion: string): CudaDriverRow | null {
  const wanted = majorMinor(cudaVersion);
  return CUDA_DRIVER_TABLE.find((row) => row.cuda === wanted) ?? null;
}

export function familyFloorFor(cudaVersion: string): CudaFamilyFloor | null {
  const major = majorOf(cudaVersion);
  return CUDA_FAMILY_FLOORS.find((floor) => floor.major === major) ?? null;
}

/** The driver that fully supports a toolkit (its GA driver); null for a version newer than the table. */
export function minimumDriverFor(cudaVersion: string, os: DriverOs): string | null {
  const row = driverRowFor(cudaVersion);
  if (!row) return null;
  return os === 'linux' ? row.linuxMinDriver : row.windowsMinDriver;
}

/**
 * How well a driver serves an application built with `cudaVersion`:
 * `full` — the driver is at least the toolkit's own (or reports a CUDA version at least as new);
 * `minor-compat` — same major family, runs with a limited feature set;
 * `too-old` — it will not run; `unknown` — neither the table nor the driver can tell.
 */
export type DriverSupport = 'full' | 'minor-compat' | 'too-old' | 'unknown';

export interface DriverFacts {
  driverVersion: string | null;
  /** The newest CUDA the driver supports, as NVML / nvidia-smi report it. */
  driverMaxCuda: string | null;
  os: DriverOs;
}

export function driverSupportFor(cudaVersion: string, driver: DriverFacts): DriverSupport {
  if (driver.driverMaxCuda && compareVersions(driver.driverMaxCuda, majorMinor(cudaVersion) ?? cudaVersion) >= 0) {
    return 'full';
  }
  const fullMin = minimumDriverFor(cudaVersion, driver.os);
  if (driver.driverVersion && fullMin && versionAtLeast(driver.driverVersion, fullMin)) return 'full';
  const floor = familyFloorFor(cudaVersion);
  const floorMin = floor ? (driver.os === 'linux' ? floor.linuxMinDriver : floor.windowsMinDriver) : null;
  if (driver.driverVersion && floorMin) {
    return versionAtLeast(driver.driverVersion, floorMin) ? 'minor-compat' : 'too-old';
  }
  // Before CUDA 11 there was no minor-version compatibility: below the toolkit's own driver is too old.
  if (driver.driverVersion && fullMin && !floor && (majorOf(cudaVersion) ?? 99) < 11) return 'too-old';
  if (driver.driverMaxCuda) {
    // No driver version, but the driver's CUDA version: same major means minor-version compatibility.
    return majorOf(driver.driverMaxCuda) === majorOf(cudaVersion) ? 'minor-compat' : 'too-old';
  }
  return 'unknown';
}

/** The newest CUDA minor version a driver fully supports according to the table (for advice). */
export function newestCudaForDriver(driverVersion: string, os: DriverOs): string | null {
  for (const row of CUDA_DRIVER_TABLE) {
    const min = os === 'linux' ? row.linuxMinDriver : row.windowsMinDriver;
    if (min && versionAtLeast(driverVersion, min)) return row.cuda;
  }
  return null;
}
