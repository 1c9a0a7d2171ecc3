// What the doctor takes from the rest of gpuwise instead of probing itself: the backend chain's
// outcome (which GPU backend opened, and why each other one did not), what that backend read,
// the PCI bus scan and the host summary. Each is optional: a missing input makes the checks that
// need it say "skipped", never guess.

import type { BackendAttempt, ChainResult } from '../backends/chain.js';
import type { PciScanResult } from '../backends/pci/types.js';
import type { BackendId } from '../core/backend.js';
import type { DriverInfo, GpuDevice, HostSummary } from '../core/snapshot.js';

export interface DoctorGpuInputs {
  /** Every backend tried, in order, with why it did not open (`unavailable`). */
  attempts: BackendAttempt[];
  /** The backend that opened, or null when none did. */
  openedBackend: BackendId | null;
  /** What the opened backend read; null when none opened or its read failed (`readError`). */
  reading: { driver: DriverInfo; devices: GpuDevice[] } | null;
  readError: string | null;
}

export type PciVendor = 'nvidia' | 'amd' | 'intel' | 'other';

/** A display / 3D / compute controller on the PCI bus, whether or not a driver is bound to it. */
export interface DoctorPciDevice {
  /** "0000:17:00.0". */
  address: string;
  vendor: PciVendor;
  /** Lower-case hex without 0x: "10de". */
  vendorId: string;
  deviceId: string;
  /** A name when the scan could resolve one (pci.ids); else null. */
  name: string | null;
  /** The kernel driver bound to it ("nvidia", "nouveau", "vfio-pci"), or null for none. */
  kernelDriver: string | null;
}

export type DoctorPciInput = { ok: true; devices: DoctorPciDevice[] } | { ok: false; reason: string };

export interface DoctorInputs {
  gpu: DoctorGpuInputs | null;
  pci: DoctorPciInput | null;
  host: HostSummary | null;
}

export const NO_INPUTS: DoctorInputs = { gpu: null, pci: null, host: null };

/** Reads the chain's backend once (never throws) and keeps what the doctor needs. */
export async function gpuInputsFromChain(chain: ChainResult): Promise<DoctorGpuInputs> {
  const openedBackend = chain.backend?.id ?? null;
  if (!chain.backend) return { attempts: chain.attempts, openedBackend, reading: null, readError: null };
  try {
    const reading = await chain.backend.read();
    return { attempts: chain.attempts, openedBackend, reading: { driver: reading.driver, devices: reading.devices }, readError: null };
  } catch (error) {
    return { attempts: chain.attempts, openedBackend, reading: null, readError: error instanceof Error ? error.message : String(error) };
  }
}

const PCI_VENDORS: Readonly<Record<string, PciVendor>> = { '10de': 'nvidia', '1002': 'amd', '8086': 'intel' };

/** The PCI scan's result (src/backends/pci) as the doctor reads it: GPUs and accelerators only. */
export function pciInputFromScan(scan: PciScanResult): DoctorPciInput {
  if (scan.kind === 'unsupported') return { ok: false, reason: `PCI scan supports linux, not ${scan.platform}` };
  if (scan.kind === 'failed') return { ok: false, reason: `${scan.code}: ${scan.detail}` };
  return {
    ok: true,
    devices: scan.devices
      .filter((device) => device.role !== 'other')
      .map((device) => ({
        address: device.address,
        vendor: PCI_VENDORS[device.vendorId.toLowerCase()] ?? 'other',
        vendorId: device.vendorId.toLowerCase(),
        deviceId: device.deviceId.toLowerCase(),
        name: device.deviceName ?? device.chipName,
        kernelDriver: device.driver,
      })),
  };
}
