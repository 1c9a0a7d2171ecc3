// `lspci` as pasted: plain, -nn, -Dnnk, -v, grep'ed excerpts (the pci backend's parser), and
// -vmm / -vmmnn blocks ("Slot:", "Class:", "Vendor:", "Device:"), turned into the same one-line
// form first. Only names and bus addresses: lspci knows nothing live, so the rest is N/A. Names
// come from the text lspci printed (this machine's pci.ids says nothing about another machine),
// else the pci backend's built-in table.

import type { BackendReading } from '../core/backend.js';
import type { SnapshotProblem } from '../core/snapshot.js';
import { builtinDeviceName, splitPciIdsDeviceName } from '../backends/pci/device-names.js';
import { parseLspci, type LspciRecord } from '../backends/pci/lspci-parse.js';
import { isMonitoredPciDevice, pciDeviceToGpuDevice } from '../backends/pci/to-gpu-device.js';
import type { PciDisplayDevice } from '../backends/pci/types.js';
import { findPciVendor, isGpuVendor, pciClassKind, pciDeviceRole } from '../backends/pci/vendors.js';
import { MAX_GPUS_PER_MACHINE, MAX_PCI_DISPLAY_FUNCTIONS } from '../system/limits.js';
import { ImportError, type ImportFormat } from './types.js';

/** Plain lspci prints the class by name only. */
const CLASS_BY_NAME: Readonly<Record<string, string>> = {
  'vga compatible controller': '0300',
  'xga compatible controller': '0301',
  '3d controller': '0302',
  'display controller': '0380',
  'processing accelerators': '1200',
};

/** -vmm's "Key:\tvalue" blocks → lspci's one-line form ("01:00.0 VGA compatible controller [0300]: NVIDIA … [10de:2204]"). */
export function vmmToLines(text: string): string {
  const lines: string[] = [];
  for (const block of text.split(/\r?\n\s*\r?\n/)) {
    const fields = new Map<string, string>();
    for (const line of block.split(/\r?\n/)) {
      const colon = line.indexOf(':');
      if (colon > 0 && colon < 20) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    }
    const slot = fields.get('Slot');
    const klass = fields.get('Class');
    if (!slot || !klass) continue;
    // With -nn each value ends in its id: "NVIDIA Corporation [10de]", "GA102 [GeForce RTX 3090] [2204]".
    const id = (value: string | undefined) => /\[([0-9a-fA-F]{4})\]$/.exec(value ?? '')?.[1] ?? null;
    const bare = (value: string | undefined) => (value ?? '').replace(/\s*\[[0-9a-fA-F]{4}\]$/, '');
    const vendorId = id(fields.get('Vendor'));
    const deviceId = id(fields.get('Device'));
    const classCode = id(klass);
    const ids = vendorId && deviceId ? ` [${vendorId}:${deviceId}]` : '';
    const rev = fields.get('Rev') ? ` (rev ${fields.get('Rev')})` : '';
    lines.push(`${slot} ${bare(klass)}${classCode ? ` [${classCode}]` : ''}: ${bare(fields.get('Vendor'))} ${bare(fields.get('Device'))}${ids}${rev}`);
    const driver = fields.get('Driver');
    if (driver) lines.push(`\tKernel driver in use: ${driver}`);
  }
  return lines.join('\n');
}

/** One lspci record as the pci backend's device, named from lspci's own text. */
function toDisplayDevice(record: LspciRecord): PciDisplayDevice | null {
  const classCode = record.classCode ?? CLASS_BY_NAME[record.className.toLowerCase()] ?? null;
  const classKind = classCode === null ? null : pciClassKind(classCode);
  if (classCode === null || classKind === null || record.vendorId === null) return null;
  const builtin = record.deviceId === null ? null : builtinDeviceName(record.vendorId, record.deviceId);
  const naming = record.deviceName !== null
    ? { ...splitPciIdsDeviceName(record.deviceName), nameSource: 'lspci' as const }
    : builtin !== null
      ? { ...splitPciIdsDeviceName(builtin), nameSource: 'builtin' as const }
      : { deviceName: null, chipName: null, nameSource: null };
  return {
    address: record.address, vendorId: record.vendorId, deviceId: record.deviceId ?? '',
    subsystemVendorId: record.subsystemVendorId, subsystemDeviceId: record.subsystemDeviceId, revision: record.revision,
    classCode, programmingInterface: record.programmingInterface, classKind,
    role: pciDeviceRole(record.vendorId, classKind), isGpuVendor: isGpuVendor(record.vendorId),
    vendorName: findPciVendor(record.vendorId)?.name ?? record.vendorName, ...naming,
    driver: record.driver, driverVersion: null, kernelModules: record.kernelModules,
    numaNode: record.numaNode, iommuGroup: record.iommuGroup, physicalFunction: null,
    pcieLinkSpeedGtPerSecond: null, pcieLinkSpeedMaxGtPerSecond: null, pcieLinkGeneration: null, pcieLinkGenerationMax: null,
    pcieLinkWidth: null, pcieLinkWidthMax: null,
  };
}

const isVmm = (text: string) => /^Slot:\s/m.test(text) && /^Class:\s/m.test(text);

export function parseLspciImport(text: string): BackendReading {
  const parsed = parseLspci(isVmm(text) ? vmmToLines(text) : text);
  const displays = parsed.records.slice(0, MAX_PCI_DISPLAY_FUNCTIONS).map(toDisplayDevice).filter((d): d is PciDisplayDevice => d !== null);
  if (displays.length === 0) throw new ImportError('import.error.lspci');
  const gpus = displays.filter(isMonitoredPciDevice);
  if (gpus.length > MAX_GPUS_PER_MACHINE) throw new ImportError('import.error.tooManyGpus', { count: gpus.length, limit: MAX_GPUS_PER_MACHINE });
  const problems: SnapshotProblem[] = [];
  for (const other of displays.filter((d) => !isMonitoredPciDevice(d))) {
    const device = `${other.vendorName ?? other.vendorId} ${other.deviceName ?? ''}`.trim();
    problems.push({ scope: `pci:${other.address}`, code: 'not-a-gpu', message: `also on the bus, not a GPU: ${device}`, key: 'import.note.otherDevice', params: { device } });
  }
  const devices = gpus.map((device, index) => {
    const gpu = pciDeviceToGpuDevice(device, index);
    // The driver was not seen here: without -k lspci does not say which one is bound.
    if (device.driver === null) gpu.stateDetail = null;
    return gpu;
  });
  const driver = { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: { driverVersion: 'not-reported' as const, cudaDriverVersion: 'not-reported' as const, nvmlVersion: 'not-reported' as const } };
  return { driver, devices, processes: [], problems };
}

/** A device line: "[domain:]bus:dev.fn Class…:" — checked on the first lines only. */
const DEVICE_LINE = /^(?:[0-9a-fA-F]{4,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7] [A-Za-z][\w ./-]{2,60}(?: \[[0-9a-fA-F]{4}\])?: \S/m;

export const lspciFormat: ImportFormat = {
  id: 'lspci',
  command: 'lspci -nn',
  detect: (text) => DEVICE_LINE.test(text) || isVmm(text),
  parse: parseLspciImport,
};
