// The 'pci' backend: the last link of the fallback chain. It opens on Linux whenever the bus can
// be scanned — zero GPUs is a real answer — and lists GPUs with their bound kernel driver, so
// "found, but no driver" can be told apart from "no GPU at all".

import type { Backend, BackendDriver, BackendReading, BackendUnavailable, BackendUnavailableCode } from '../../core/backend.js';
import type { SnapshotProblem } from '../../core/snapshot.js';
import { MAX_GPUS_PER_MACHINE } from '../../system/limits.js';
import { openedWithoutGpus } from '../no-gpu.js';
import { createPciLookups, scanPciDisplayDevices, type PciScanOptions } from './scan.js';
import { isMonitoredPciDevice, pciDeviceToGpuDevice } from './to-gpu-device.js';
import type { PciScanFailed, PciScanProblem, PciScanResult, PciScanScanned, PciScanUnsupported } from './types.js';

export const PCI_BACKEND_ID = 'pci' as const;

export type PciDriverOptions = PciScanOptions;

export interface PciBackend extends Backend {
  readonly id: typeof PCI_BACKEND_ID;
  /** The full result of the latest scan (open or read), non-GPU display devices included. */
  readonly lastScan: PciScanResult;
}

export type PciOpenResult =
  | { ok: true; backend: PciBackend }
  | { ok: false; unavailable: BackendUnavailable; scan: PciScanUnsupported | PciScanFailed };

export interface PciDriver extends BackendDriver {
  readonly id: typeof PCI_BACKEND_ID;
  open(): Promise<PciOpenResult>;
}

const UNAVAILABLE_CODE: Record<PciScanFailed['code'], BackendUnavailableCode> = {
  'no-permission': 'no-permission',
  'no-sysfs-no-lspci': 'command-not-found',
  'lspci-failed': 'command-failed',
  timeout: 'timeout',
  error: 'error',
};

export function pciScanUnavailable(scan: PciScanUnsupported | PciScanFailed): BackendUnavailable {
  if (scan.kind === 'unsupported') return { code: 'unsupported-platform', detail: `PCI scan supports linux, not ${scan.platform}` };
  return { code: UNAVAILABLE_CODE[scan.code], detail: scan.detail };
}

function toSnapshotProblem(problem: PciScanProblem): SnapshotProblem {
  return { scope: problem.address === null ? 'pci' : `pci:${problem.address}`, code: problem.code, message: problem.detail };
}

/** One reading from one scan: GPUs and accelerators in bus order, the bus' problems alongside. */
export function pciScanToReading(scan: PciScanResult): BackendReading {
  const driverVersion = scan.kind === 'scanned' ? nvidiaDriverVersion(scan) : null;
  const driver = {
    driverVersion,
    cudaDriverVersion: null,
    nvmlVersion: null,
    unavailable: {
      ...(driverVersion === null ? { driverVersion: 'not-reported' as const } : {}),
      cudaDriverVersion: 'not-reported' as const,
      nvmlVersion: 'not-reported' as const,
    },
  };
  if (scan.kind !== 'scanned') {
    const unavailable = pciScanUnavailable(scan);
    const problems: SnapshotProblem[] = [{ scope: 'pci', code: unavailable.code, message: unavailable.detail }];
    if (scan.kind === 'failed') for (const problem of scan.problems) problems.push(toSnapshotProblem(problem));
    return { driver, devices: [], processes: [], problems };
  }
  const monitored = scan.devices.filter(isMonitoredPciDevice);
  const problems = scan.problems.map(toSnapshotProblem);
  if (monitored.length > MAX_GPUS_PER_MACHINE) {
    problems.push({ scope: 'pci', code: 'too-many-gpus', message: `${monitored.length} GPUs on the bus; a machine has at most ${MAX_GPUS_PER_MACHINE}, the rest are not shown` });
  }
  const devices = monitored.slice(0, MAX_GPUS_PER_MACHINE).map((device, index) => pciDeviceToGpuDevice(device, index));
  return { driver, devices, processes: [], problems };
}

/** The loaded nvidia module's version (/sys/module/nvidia/version) — the snapshot's driver is NVIDIA's. */
function nvidiaDriverVersion(scan: PciScanScanned): string | null {
  return scan.devices.find((device) => device.driver === 'nvidia' && device.driverVersion !== null)?.driverVersion ?? null;
}

export function createPciDriver(options: PciDriverOptions = {}): PciDriver {
  const scanOptions: PciScanOptions = { ...options, lookups: options.lookups ?? createPciLookups(options, options.kernelRelease) };
  return {
    id: PCI_BACKEND_ID,
    async open() {
      const first = await scanPciDisplayDevices(scanOptions);
      if (first.kind !== 'scanned') return { ok: false, unavailable: pciScanUnavailable(first), scan: first };
      let lastScan: PciScanResult = first;
      let pending: PciScanResult | null = first;
      const backend: PciBackend = {
        id: PCI_BACKEND_ID,
        capabilities: { metrics: false, processes: false },
        get lastScan() {
          return lastScan;
        },
        async read() {
          // The first read reuses the scan open() just made; later reads see drivers bind and unbind.
          const scan = pending ?? (await scanPciDisplayDevices(scanOptions));
          pending = null;
          lastScan = scan;
          return pciScanToReading(scan);
        },
        // Nothing is held open between scans.
        async close() {},
      };
      // A bus with no GPU is a real answer, the last word only when no backend before it has one.
      if (!first.devices.some(isMonitoredPciDevice)) return { ok: true, backend: openedWithoutGpus(backend, { code: 'error', detail: 'the PCI bus shows no GPU' }) };
      return { ok: true, backend };
    },
  };
}

export { scanPciDisplayDevices, createPciLookups, type PciScanOptions, type PciLookups, type PciLookupOptions } from './scan.js';
export type * from './types.js';
export { isGpuVendor, findPciVendor, PCI_VENDORS, type PciVendor } from './vendors.js';
export { parseLspci, type LspciRecord, type LspciParseResult } from './lspci-parse.js';
export { isMonitoredPciDevice, pciDisplayName, pciStateDetail, pciDeviceToGpuDevice } from './to-gpu-device.js';
export { toNvmlBusId, normalizePciAddress } from './address.js';
export {
  describePciScan,
  describePciDevice,
  describePciDriver,
  describePciLink,
  describePciProblem,
  describePciScanFailure,
} from './describe.js';
