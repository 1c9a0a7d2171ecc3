// Reads display-class and accelerator functions from Linux sysfs (/sys/bus/pci/devices/*).
// Every attribute is a small text file the kernel fills on read; a missing optional one (no
// PCIe capability, no IOMMU) is simply null, an unreadable one is a problem, never a crash.

import { readdir, readFile, readlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { comparePciAddresses, normalizePciAddress } from './address.js';
import { parseLinkSpeedGtPerSecond, parseLinkWidth, pcieGenerationOf } from './pcie-link.js';
import type { PciDeviceFacts, PciScanProblem } from './types.js';
import { pciClassKind } from './vendors.js';

/** The file operations the reader needs; tests substitute failures (EACCES even as root). */
export interface SysfsFs {
  readdir(path: string): Promise<string[]>;
  readFile(path: string): Promise<string>;
  readlink(path: string): Promise<string>;
}

export const nodeSysfsFs: SysfsFs = {
  readdir: (path) => readdir(path),
  readFile: (path) => readFile(path, 'utf8'),
  readlink: (path) => readlink(path),
};

export type SysfsReadResult =
  | { kind: 'ok'; devices: PciDeviceFacts[]; problems: PciScanProblem[] }
  /** No /sys/bus/pci/devices: not Linux's sysfs, or a container without it. */
  | { kind: 'absent'; detail: string }
  | { kind: 'failed'; code: 'no-permission' | 'error'; detail: string };

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code ?? 'error';
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isPermission = (error: unknown) => ['EACCES', 'EPERM'].includes(errorCode(error));
/** Errors that mean "this attribute does not exist for this device". */
const isAbsent = (error: unknown) => ['ENOENT', 'ENOTDIR', 'ENODEV'].includes(errorCode(error));

/** "0x10de\n" → "10de" (padded to `digits`); null when it is not hex of at most `digits` digits. */
export function sysfsHex(text: string, digits: number): string | null {
  const match = /^\s*0x([0-9a-fA-F]+)\s*$/.exec(text);
  return match?.[1] && match[1].length <= digits ? match[1].toLowerCase().padStart(digits, '0') : null;
}

/** A NUMA node or IOMMU group number; 300 digits are not one (they would read as Infinity), nor is "-0". */
export function sysfsInteger(text: string): number | null {
  const trimmed = text.trim();
  const value = /^-?\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
  return value === null || Object.is(value, -0) ? null : value;
}

export async function readSysfsPciDevices(sysfsRoot: string, fs: SysfsFs = nodeSysfsFs): Promise<SysfsReadResult> {
  const devicesDir = join(sysfsRoot, 'bus', 'pci', 'devices');
  let entries: string[];
  try {
    entries = await fs.readdir(devicesDir);
  } catch (error) {
    if (isAbsent(error)) return { kind: 'absent', detail: `${devicesDir}: ${describe(error)}` };
    const code = isPermission(error) ? 'no-permission' : 'error';
    return { kind: 'failed', code, detail: `${devicesDir}: ${describe(error)}` };
  }

  const problems: PciScanProblem[] = [];
  const read = await Promise.all(entries.map((entry) => readOneDevice(join(devicesDir, entry), entry, sysfsRoot, fs)));
  const devices: PciDeviceFacts[] = [];
  for (const result of read) {
    for (const problem of result.problems) problems.push(problem);
    if (result.device) devices.push(result.device);
  }
  devices.sort((a, b) => comparePciAddresses(a.address, b.address));
  return { kind: 'ok', devices, problems };
}

const TEXT_ATTRIBUTES = [
  'vendor',
  'device',
  'subsystem_vendor',
  'subsystem_device',
  'revision',
  'numa_node',
  'current_link_speed',
  'max_link_speed',
  'current_link_width',
  'max_link_width',
  'modalias',
] as const;
// driver/module leads to the module's name (vfio-pci's module is vfio_pci), hence its version.
const LINK_ATTRIBUTES = ['driver', 'driver/module', 'iommu_group', 'physfn'] as const;

async function readAll<Name extends string>(
  names: readonly Name[],
  read: (name: Name) => Promise<string | null>,
): Promise<Record<Name, string | null>> {
  const values = await Promise.all(names.map(read));
  return Object.fromEntries(names.map((name, i) => [name, values[i] ?? null])) as Record<Name, string | null>;
}

interface OneDevice {
  device: PciDeviceFacts | null;
  problems: PciScanProblem[];
}

async function readOneDevice(dir: string, entry: string, sysfsRoot: string, fs: SysfsFs): Promise<OneDevice> {
  const address = normalizePciAddress(entry);
  if (address === null) return { device: null, problems: [{ address: null, code: 'parse', detail: `${dir}: not a PCI address` }] };

  // The class decides whether the rest is worth reading: most functions on a server are not ours.
  let classText: string;
  try {
    classText = await fs.readFile(join(dir, 'class'));
  } catch (error) {
    return { device: null, problems: [{ address, code: isPermission(error) ? 'no-permission' : 'read-failed', detail: `${join(dir, 'class')}: ${describe(error)}` }] };
  }
  const classHex = sysfsHex(classText, 6);
  if (classHex === null) return { device: null, problems: [{ address, code: 'parse', detail: `${join(dir, 'class')}: ${JSON.stringify(classText.trim())}` }] };
  const classCode = classHex.slice(0, 4);
  const classKind = pciClassKind(classCode);
  if (classKind === null) return { device: null, problems: [] };

  const failures: string[] = [];
  let permissionDenied = false;
  const attribute = async (name: string): Promise<string | null> => {
    try {
      return await fs.readFile(join(dir, name));
    } catch (error) {
      if (!isAbsent(error)) {
        permissionDenied ||= isPermission(error);
        failures.push(`${name}: ${describe(error)}`);
      }
      return null;
    }
  };
  const link = async (name: string): Promise<string | null> => {
    try {
      return basename(await fs.readlink(join(dir, name)));
    } catch (error) {
      if (!isAbsent(error)) {
        permissionDenied ||= isPermission(error);
        failures.push(`${name}: ${describe(error)}`);
      }
      return null;
    }
  };

  const text = await readAll(TEXT_ATTRIBUTES, attribute);
  const links = await readAll(LINK_ATTRIBUTES, link);
  const { vendor, device: deviceText, modalias } = text;

  const problems: PciScanProblem[] = [];
  const vendorId = vendor === null ? null : sysfsHex(vendor, 4);
  const deviceId = deviceText === null ? null : sysfsHex(deviceText, 4);
  if (failures.length > 0) {
    problems.push({ address, code: permissionDenied ? 'no-permission' : 'read-failed', detail: `${dir}: ${failures.join('; ')}` });
  }
  if (vendorId === null || deviceId === null) {
    problems.push({ address, code: 'parse', detail: `${dir}: vendor ${JSON.stringify(vendor?.trim() ?? null)}, device ${JSON.stringify(deviceText?.trim() ?? null)}` });
    return { device: null, problems };
  }

  const linkSpeed = text.current_link_speed === null ? null : parseLinkSpeedGtPerSecond(text.current_link_speed);
  const linkSpeedMax = text.max_link_speed === null ? null : parseLinkSpeedGtPerSecond(text.max_link_speed);
  const numaNode = text.numa_node === null ? null : sysfsInteger(text.numa_node);
  const iommu = links.iommu_group === null ? null : sysfsInteger(links.iommu_group);
  const width = text.current_link_width;
  const widthMax = text.max_link_width;
  return {
    device: {
      address,
      vendorId,
      deviceId,
      subsystemVendorId: text.subsystem_vendor === null ? null : sysfsHex(text.subsystem_vendor, 4),
      subsystemDeviceId: text.subsystem_device === null ? null : sysfsHex(text.subsystem_device, 4),
      revision: text.revision === null ? null : sysfsHex(text.revision, 2),
      classCode,
      programmingInterface: classHex.slice(4, 6),
      classKind,
      driver: links.driver,
      driverVersion: links['driver/module'] === null ? null : await readModuleVersion(sysfsRoot, links['driver/module'], fs),
      numaNode: numaNode !== null && numaNode >= 0 ? numaNode : null,
      iommuGroup: iommu,
      physicalFunction: links.physfn === null ? null : normalizePciAddress(links.physfn),
      pcieLinkSpeedGtPerSecond: linkSpeed,
      pcieLinkSpeedMaxGtPerSecond: linkSpeedMax,
      pcieLinkGeneration: pcieGenerationOf(linkSpeed),
      pcieLinkGenerationMax: pcieGenerationOf(linkSpeedMax),
      pcieLinkWidth: width === null ? null : parseLinkWidth(width),
      pcieLinkWidthMax: widthMax === null ? null : parseLinkWidth(widthMax),
      modalias: modalias === null ? null : modalias.trim() || null,
      kernelModules: null,
      reportedDeviceName: null,
      reportedVendorName: null,
    },
    problems,
  };
}

/** /sys/module/<module>/version: out-of-tree modules (nvidia, amdgpu from ROCm's DKMS) have one. */
async function readModuleVersion(sysfsRoot: string, module: string, fs: SysfsFs): Promise<string | null> {
  try {
    return (await fs.readFile(join(sysfsRoot, 'module', module, 'version'))).trim() || null;
  } catch {
    return null;
  }
}
