// rocm-smi's JSON (`rocm-smi --showallinfo --json` and any subset of its flags) → a reading.
// rocm-smi prints one compact line {"card0": {...}, "card1": {...}, "system": {...}} whose keys
// are its human labels, which changed across ROCm releases ("GPU ID" → "Device ID", "Card
// series" → "Card Series") and in forks (Hygon's DCU: "DCU use (%)", MiB instead of bytes). So
// each field is a list of label patterns, tried in order. Values are strings; "N/A" and
// "N/A (Secondary die)" (the second GCD of an MI250) are typed nulls.

import type { BackendReading } from '../../core/backend.js';
import type { DeviceMetricField, SnapshotProblem } from '../../core/snapshot.js';
import { BYTES_PER_MIB } from '../../core/units.js';
import { MAX_GPUS_PER_MACHINE, quoteForDetail } from '../../system/limits.js';
import { toNvmlBusId } from '../pci/address.js';
import { builtinDeviceName } from '../pci/device-names.js';
import { pcieGenerationOf } from '../pci/pcie-link.js';
import { amdArchitecture } from '../vendor-common/amd.js';
import { DeviceBuilder, isObject, mapReading, none, parseJsonDocument, readNumber, readText, vendorDriverInfo, VendorParseError, type JsonObject, type Reading } from '../vendor-common/reading.js';

export const ROCM_SMI_FORMAT = 'rocm-smi-json';

/** True when the document is rocm-smi's: an object of "cardN" objects (and maybe "system"). */
export function isRocmSmiDocument(document: unknown): document is JsonObject {
  if (!isObject(document)) return false;
  const keys = Object.keys(document);
  return keys.some((key) => /^card\d+$/.test(key)) && keys.every((key) => /^card\d+$/.test(key) || key === 'system');
}

type Card = Readonly<Record<string, unknown>>;

/** The first value whose label matches one of the patterns (case-insensitive, whole label). */
function labelled(card: Card, ...patterns: RegExp[]): unknown {
  for (const pattern of patterns) {
    for (const [key, value] of Object.entries(card)) if (pattern.test(key)) return value;
  }
  return undefined;
}

/** "(480Mhz)" → 480; "1 (16.0GT/s x16)" → {16, 16}. */
const clockMhz = (raw: unknown): Reading<number> => {
  const text = readText(raw);
  if (!text.ok) return text;
  const match = /^\(?\s*(\d+(?:\.\d+)?)\s*mhz\s*\)?$/i.exec(text.value);
  return match ? readNumber(match[1]) : { ok: false, reason: 'error', problem: `not a clock: ${JSON.stringify(text.value)}` };
};

function pcieLink(raw: unknown): { gtPerSecond: Reading<number>; width: Reading<number> } {
  const text = readText(raw);
  if (!text.ok) return { gtPerSecond: text, width: text };
  const match = /(\d+(?:\.\d+)?)\s*GT\/s\s*x(\d+)/i.exec(text.value);
  if (!match) return { gtPerSecond: none('not-reported'), width: none('not-reported') };
  return { gtPerSecond: readNumber(match[1]), width: readNumber(match[2]) };
}

/** Names rocm-smi 4.x leaves as the hex id ("0x1002"): not a name. */
const HEX_ID = /^0x[0-9a-f]+$/i;

const bytes = (card: Card, label: string): Reading<number> => {
  const inBytes = readNumber(labelled(card, new RegExp(`^${label} \\(B\\)$`, 'i')));
  if (inBytes.ok || inBytes.reason !== 'not-reported') return inBytes;
  return mapReading(readNumber(labelled(card, new RegExp(`^${label} \\(MiB\\)$`, 'i'))), (mib) => mib * BYTES_PER_MIB);
};

const NUMBER_FIELDS: readonly [DeviceMetricField, RegExp[]][] = [
  ['temperatureCelsius', [/^Temperature \(Sensor edge\) \(C\)$/i, /^Temperature \(Sensor junction\) \(C\)$/i]],
  ['powerDrawWatts', [/^Average Graphics Package Power \(W\)$/i, /^Current Socket Graphics Package Power \(W\)$/i, /^Average Socket Power \(W\)$/i]],
  ['powerLimitWatts', [/^Max Graphics Package Power \(W\)$/i]],
  ['gpuUtilPercent', [/^GPU use \(%\)$/i, /^DCU use \(%\)$/i]],
  ['memoryUtilPercent', [/^GPU Memory Read\/Write Activity \(%\)$/i, /^GPU memory use \(%\)$/i]],
  ['fanSpeedPercent', [/^Fan speed \(%\)$/i]],
];

function cardToDevice(card: Card, index: number, problems: SnapshotProblem[]): DeviceBuilder {
  const b = new DeviceBuilder(index, 'amd', problems, 'rocm-smi');
  b.unsupported('computeCapability', 'migModeCurrent', 'migModePending', 'nvlinkRxBytesPerSecond', 'nvlinkTxBytesPerSecond', 'driverModel');
  const deviceId = readText(labelled(card, /^Device ID$/i, /^GPU ID$/i));
  const byId = deviceId.ok ? builtinDeviceName('1002', deviceId.value.replace(/^0x/i, '')) : null;
  const name = readText(labelled(card, /^Device Name$/i, /^Card Series$/i, /^Card Model$/i));
  if (name.ok && HEX_ID.test(name.value)) {
    // The built-in table may know the device id; else the name is unknown, and the reading says why.
    if (byId) b.set('name', { ok: true, value: byId });
    else {
      b.set('name', none('not-reported'));
      const value = quoteForDetail(name.value);
      problems.push({ scope: `device:${index}`, code: 'not-reported', message: `rocm-smi name: a hex id, not a name: ${value}`, key: 'problems.rocmHexName', params: { value } });
    }
  } else b.set('name', name.ok || !byId ? name : { ok: true, value: byId });
  b.set('vbiosVersion', readText(labelled(card, /^VBIOS version$/i)));
  b.set('serial', readText(labelled(card, /^Serial Number$/i)));
  b.set('pciBusId', mapReading(readText(labelled(card, /^PCI Bus$/i)), toNvmlBusId, 'not a PCI address'));
  b.set('architecture', mapReading(readText(labelled(card, /^GFX Version$/i)), amdArchitecture, 'unknown gfx target'));
  for (const [field, patterns] of NUMBER_FIELDS) b.set(field, readNumber(labelled(card, ...patterns)) as Reading<never>);
  b.set('memoryTotalBytes', bytes(card, 'VRAM Total Memory'));
  b.set('memoryUsedBytes', bytes(card, 'VRAM Total Used Memory'));
  for (const field of ['graphicsClockMhz', 'smClockMhz'] as const) b.set(field, clockMhz(labelled(card, /^sclk clock speed:?$/i)));
  b.set('memoryClockMhz', clockMhz(labelled(card, /^mclk clock speed:?$/i)));
  const link = pcieLink(labelled(card, /^pcie clock level$/i));
  b.set('pcieLinkWidth', link.width);
  b.set('pcieLinkGeneration', mapReading(link.gtPerSecond, pcieGenerationOf, 'not a PCIe rate'));
  const { device } = b;
  if (device.memoryTotalBytes !== null && device.memoryUsedBytes !== null) {
    b.set('memoryFreeBytes', { ok: true, value: Math.max(0, device.memoryTotalBytes - device.memoryUsedBytes) });
  }
  return b;
}

export function parseRocmSmiJson(text: string): BackendReading {
  const document = parseJsonDocument(text, ROCM_SMI_FORMAT);
  if (!isRocmSmiDocument(document)) throw new VendorParseError('vendors.parse.notFormat', { format: ROCM_SMI_FORMAT });
  const cards = Object.keys(document)
    .filter((key) => key.startsWith('card'))
    .sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
  if (cards.length > MAX_GPUS_PER_MACHINE) throw new VendorParseError('vendors.parse.tooManyGpus', { format: ROCM_SMI_FORMAT, count: cards.length });
  const problems: SnapshotProblem[] = [];
  const devices = cards.map((key, index) => {
    const card = document[key];
    return cardToDevice(isObject(card) ? card : {}, index, problems).device;
  });
  const system = isObject(document.system) ? document.system : {};
  const driver = readText(labelled(system, /^Driver version$/i));
  // rocm-smi's "PIDnnn" entries say how many GPUs a process uses, not which: the DRM fdinfo
  // reader (host/drm-fdinfo.ts) gives the live backend its processes instead.
  return { driver: vendorDriverInfo(driver.ok ? driver.value : null), devices, processes: [], problems };
}
