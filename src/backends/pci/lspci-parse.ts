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
  /** Non-empty lines that were neither a device line nor a detail line under one: the first few. */
  unparsed: string[];
  /** How many such lines there were in all. */
  unparsedCount: number;
}

// Every pattern is anchored at both ends or applied to a slice of fixed length: the header line
// is taken apart from its ends with indexOf, never with an unanchored \s*…\s*$ (quadratic on a
// run of spaces: each start inside the run rescans it).
const ADDRESS = /^(?:[0-9a-fA-F]{1,8}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7](?=\s)/;
/** " [0302]" closing the class part. */
const CLASS_CODE = /^\s\[([0-9a-fA-F]{4})\]$/;
const PROG_IF = /^\(prog-if ([0-9a-fA-F]{2})(?:\s+\[[^\]]*\])?\)$/;
const REVISION = /^\(rev ([0-9a-fA-F]{2})\)$/;
const IDS = /^\[([0-9a-fA-F]{4}):([0-9a-fA-F]{4})\]$/;
/** What lspci prints for a device its pci.ids does not know: "Device", "Device 7551", "Device 1ed5:0323". */
const PLACEHOLDER = /^Device(?:\s+(?:([0-9a-fA-F]{4}):)?([0-9a-fA-F]{4}))?$/;
const UNPARSED_KEPT = 20;

export function parseLspci(text: string): LspciParseResult {
  const records: LspciRecord[] = [];
  const result: LspciParseResult = { records, unparsed: [], unparsedCount: 0 };
  const unparsed = (line: string) => {
    result.unparsedCount++;
    if (result.unparsed.length < UNPARSED_KEPT) result.unparsed.push(line.length > 200 ? `${line.slice(0, 200)}…` : line);
  };
  let current: LspciRecord | null = null;
  for (const rawLine of text.split(/\r?\n/)) {
    if (rawLine.trim() === '') continue;
    if (/^\s/.test(rawLine)) {
      if (current) applyDetail(current, rawLine.trim());
      else unparsed(rawLine);
      continue;
    }
    const record = parseHeader(rawLine);
    if (record) records.push(record);
    else unparsed(rawLine);
    current = record;
  }
  return result;
}

/** `text` without the fixed-length `pattern` at its end (after trailing blanks), and what it captured. */
function stripEnd(text: string, length: number, pattern: RegExp): { rest: string; match: RegExpExecArray | null } {
  const trimmed = text.trimEnd();
  const match = pattern.exec(trimmed.slice(-length));
  return match ? { rest: trimmed.slice(0, -length).trimEnd(), match } : { rest: trimmed, match: null };
}

/** `(prog-if 00 [VGA controller])` at the end: its length varies, so it is found from its opening. */
function stripProgIf(text: string): { rest: string; progIf: string | null } {
  const trimmed = text.trimEnd();
  const at = trimmed.lastIndexOf('(prog-if ');
  const match = at < 0 ? null : PROG_IF.exec(trimmed.slice(at));
  return match ? { rest: trimmed.slice(0, at).trimEnd(), progIf: match[1]!.toLowerCase() } : { rest: trimmed, progIf: null };
}

/** The trailing "[10de:2330]" of a description or Subsystem line. */
function trailingIds(text: string): { rest: string; vendorId: string; deviceId: string } | null {
  const { rest, match } = stripEnd(text, 11, IDS);
  return match ? { rest, vendorId: match[1]!.toLowerCase(), deviceId: match[2]!.toLowerCase() } : null;
}

/** "0000:17:00.0 3D controller [0302]: <description>" → its three parts. */
function splitHeaderLine(line: string): { address: string; className: string; classCode: string | null; rest: string } | null {
  const addressText = ADDRESS.exec(line)?.[0];
  const address = addressText === undefined ? null : normalizePciAddress(addressText);
  if (addressText === undefined || address === null) return null;
  const body = line.slice(addressText.length).trimStart();
  // The class ends at the first ":" followed by a blank (class names hold no colon).
  let colon = body.indexOf(':', 1);
  while (colon >= 0 && !/\s/.test(body[colon + 1] ?? '')) colon = body.indexOf(':', colon + 1);
  if (colon < 0) return null;
  let classPart = body.slice(0, colon);
  const code = CLASS_CODE.exec(classPart.slice(-7));
  if (code) classPart = classPart.slice(0, -7);
  const className = classPart.trim();
  if (className === '') return null;
  return { address, className, classCode: code?.[1]?.toLowerCase() ?? null, rest: body.slice(colon + 1) };
}

function parseHeader(line: string): LspciRecord | null {
  const header = splitHeaderLine(line);
  if (!header) return null;
  const { progIf: programmingInterface, rest: withoutProgIf } = stripProgIf(header.rest);
  const revisionPart = stripEnd(withoutProgIf, 8, REVISION);
  const revision = revisionPart.match?.[1]?.toLowerCase() ?? null;
  const ids = trailingIds(revisionPart.rest);
  const description = (ids ? ids.rest : revisionPart.rest).trim();
  const split = splitLspciDescription(description, ids?.vendorId ?? null);
  return {
    address: header.address,
    className: header.className,
    classCode: header.classCode,
    vendorId: ids?.vendorId ?? split.vendorId,
    deviceId: ids?.deviceId ?? split.deviceId,
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
      const ids = trailingIds(value);
      if (ids) {
        record.subsystemVendorId = ids.vendorId;
        record.subsystemDeviceId = ids.deviceId;
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
      record.numaNode = smallInteger(/^\d+$/.exec(value)?.[0]);
      break;
    case 'IOMMU group':
      record.iommuGroup = smallInteger(/^\d+$/.exec(value)?.[0]);
      break;
    case 'Flags': {
      const numa = smallInteger(/NUMA node (\d+)/.exec(value)?.[1]);
      const iommu = smallInteger(/IOMMU group (\d+)/.exec(value)?.[1]);
      if (numa !== null) record.numaNode = numa;
      if (iommu !== null) record.iommuGroup = iommu;
      break;
    }
    default:
      break;
  }
}

/** Digits as a number, when there are few enough to be a node or group id (300 digits are not). */
function smallInteger(digits: string | undefined): number | null {
  return digits !== undefined && digits.length <= 9 ? Number(digits) : null;
}
