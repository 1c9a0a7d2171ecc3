// A pure parser for lspci's human output: `lspci`, `lspci -nn`, `lspci -Dnnk`, `lspci -v`, and
// grep'ed excerpts of them. One line per function ("0000:17:00.0 3D controller [0302]: NVIDIA
// Corporation GH100 [H100 SXM5 80GB] [10de:2330] (rev a1)"), then, with -k or -v, indented
// detail lines ("Kernel driver in use: nvidia").

import { normalizePciAddress } from './address.js';
import { findPciVendor, findPciVendorByNamePrefix } from './vendors.js';

export interface LspciRecord {
  /** Domain-qualified even when lspci left the domain out: "0000:17:00.0". */
  address: string;
  /** "3D controller" */
  className: string;
  /** "0302"; null without -nn. */
  classCode: string | null;
  /** null without -nn, unless lspci printed an unknown device as "Device 7551". */
  vendorId: string | null;
  deviceId: string | null;
  /** The vendor's pci.ids name, when gpuwise knows where it ends in the text. */
  vendorName: string | null;
  /** The device part of the text; null when lspci printed only the "Device" placeholder. */
  deviceName: string | null;
  /** Everything between the class and the ids: "<vendor> <device>". */
  description: string;
  revision: string | null;
  programmingInterface: string | null;
  subsystemVendorId: string | null;
  subsystemDeviceId: string | null;
  /** "Kernel driver in use:" (-k); null when absent. */
  driver: string | null;
  /** "Kernel modules:" (-k); null when the line is absent (lspci omits it when none is known). */
  kernelModules: string[] | null;
  /** From -v's "Flags: … NUMA node 0, IOMMU group 41" or "NUMA node: 0". */
  numaNode: number | null;
  iommuGroup: number | null;
}

export interface LspciParseResult {
  records: LspciRecord[];
  /** Non-empty lines that were neither a device line nor a detail line under one. */
  unparsed: string[];
}

const HEADER = /^((?:[0-9a-fA-F]{1,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7])\s+(.+?)(?:\s+\[([0-9a-fA-F]{4})\])?:\s+(.*)$/;
const PROG_IF = /\s*\(prog-if ([0-9a-fA-F]{2})(?:\s+\[[^\]]*\])?\)\s*$/;
const REVISION = /\s*\(rev ([0-9a-fA-F]{2})\)\s*$/;
const IDS = /\s*\[([0-9a-fA-F]{4}):([0-9a-fA-F]{4})\]\s*$/;
/** What lspci prints for a device its pci.ids does not know: "Device", "Device 7551", "Device 1ed5:0323". */
const PLACEHOLDER = /^Device(?:\s+(?:([0-9a-fA-F]{4}):)?([0-9a-fA-F]{4}))?$/;

export function parseLspci(text: string): LspciParseResult {
  const records: LspciRecord[] = [];
  const unparsed: string[] = [];
  let current: LspciRecord | null = null;
  for (const rawLine of text.split(/\r?\n/)) {
    if (rawLine.trim() === '') continue;
    if (/^\s/.test(rawLine)) {
      if (current) applyDetail(current, rawLine.trim());
      else unparsed.push(rawLine);
      continue;
    }
    const record = parseHeader(rawLine);
    if (record) records.push(record);
    else unparsed.push(rawLine);
    current = record;
  }
  return { records, unparsed };
}

function parseHeader(line: string): LspciRecord | null {
  const match = HEADER.exec(line);
  const address = match?.[1] === undefined ? null : normalizePciAddress(match[1]);
  if (!match || address === null) return null;
  let rest = match[4] ?? '';
  const strip = (pattern: RegExp): string | null => {
    const found = pattern.exec(rest);
    if (!found) return null;
    rest = rest.slice(0, found.index);
    return found[1]?.toLowerCase() ?? null;
  };
  const programmingInterface = strip(PROG_IF);
  const revision = strip(REVISION);
  const ids = IDS.exec(rest);
  if (ids) rest = rest.slice(0, ids.index);
  const description = rest.trim();
  const split = splitLspciDescription(description, ids?.[1]?.toLowerCase() ?? null);
  return {
    address,
    className: (match[2] ?? '').trim(),
    classCode: match[3]?.toLowerCase() ?? null,
    vendorId: ids?.[1]?.toLowerCase() ?? split.vendorId,
    deviceId: ids?.[2]?.toLowerCase() ?? split.deviceId,
    vendorName: split.vendorName,
    deviceName: split.deviceName,
    description,
    revision,
    programmingInterface,
    subsystemVendorId: null,
    subsystemDeviceId: null,
    driver: null,
    kernelModules: null,
    numaNode: null,
    iommuGroup: null,
  };
}

export interface SplitDescription {
  vendorId: string | null;
  deviceId: string | null;
  vendorName: string | null;
  deviceName: string | null;
}

/**
 * lspci writes "<vendor name> <device name>" with nothing between them; the vendor's pci.ids
 * name tells where it ends. `vendorPciIdsName` overrides the built-in vendor table (a caller that
 * read the system's pci.ids knows every vendor).
 */
export function splitLspciDescription(
  description: string,
  vendorId: string | null,
  vendorPciIdsName: string | null = null,
): SplitDescription {
  const fromTable = vendorId === null ? findPciVendorByNamePrefix(description) : findPciVendor(vendorId);
  const vendorName = vendorPciIdsName ?? fromTable?.pciIdsName ?? null;
  const resolvedVendorId = vendorId ?? fromTable?.id ?? null;

  if (vendorName !== null && (description === vendorName || description.startsWith(`${vendorName} `))) {
    const devicePart = description.slice(vendorName.length).trim();
    const placeholder = PLACEHOLDER.exec(devicePart);
    if (placeholder) {
      return { vendorId: resolvedVendorId, deviceId: placeholder[2]?.toLowerCase() ?? null, vendorName, deviceName: null };
    }
    return { vendorId: resolvedVendorId, deviceId: null, vendorName, deviceName: devicePart === '' ? null : devicePart };
  }
  // An unknown vendor: lspci prints "Device 1ed5:0323" (or "Device" with -nn); anything else
  // cannot be split.
  const placeholder = PLACEHOLDER.exec(description);
  return {
    vendorId: placeholder?.[1]?.toLowerCase() ?? vendorId,
    deviceId: placeholder?.[1] !== undefined ? (placeholder[2]?.toLowerCase() ?? null) : null,
    vendorName: null,
    deviceName: null,
  };
}

function applyDetail(record: LspciRecord, line: string): void {
  const colon = line.indexOf(':');
  if (colon < 0) return;
  const key = line.slice(0, colon).trim();
  const value = line.slice(colon + 1).trim();
  switch (key) {
    case 'Subsystem': {
      const ids = IDS.exec(value);
      if (ids) {
        record.subsystemVendorId = ids[1]?.toLowerCase() ?? null;
        record.subsystemDeviceId = ids[2]?.toLowerCase() ?? null;
      }
      break;
    }
    case 'Kernel driver in use':
      record.driver = value || null;
      break;
    case 'Kernel modules':
      record.kernelModules = value.split(',').map((name) => name.trim()).filter((name) => name !== '');
      break;
    case 'NUMA node':
      record.numaNode = /^\d+$/.test(value) ? Number(value) : null;
      break;
    case 'IOMMU group':
      record.iommuGroup = /^\d+$/.test(value) ? Number(value) : null;
      break;
    case 'Flags': {
      const numa = /NUMA node (\d+)/.exec(value)?.[1];
      const iommu = /IOMMU group (\d+)/.exec(value)?.[1];
      if (numa !== undefined) record.numaNode = Number(numa);
      if (iommu !== undefined) record.iommuGroup = Number(iommu);
      break;
    }
    default:
      break;
  }
}
