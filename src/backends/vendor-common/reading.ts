// What the AMD, Windows and macOS parsers share: a typed parse error, a size-checked JSON read,
// and a device builder that records why each missing value is missing. Every "no value"
// spelling these tools print (N/A, "Not supported", "", -1 …) ends here as null plus a reason.

import { emptyGpuDevice, setDeviceValue } from '../../core/empty-device.js';
import type { DeviceMetricField, DriverInfo, GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import type { UnavailableReason } from '../../core/unavailable.js';
import type { MessageKey } from '../../i18n/catalog.js';
import { MAX_TOOL_OUTPUT_BYTES, quoteForDetail, shortenDetail } from '../../system/limits.js';
import { noValueReason } from '../nvidia-smi/values.js';

/** Why a text cannot be read as the format it claims to be: a message key and its values. */
export class VendorParseError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'VendorParseError';
  }
}

/** A live read's unreadable answer as a problem of that reading: the inventory read at open still stands. */
export function parseProblem(error: unknown, scope = 'devices'): SnapshotProblem {
  if (!(error instanceof VendorParseError)) throw error;
  return { scope, code: 'parse', message: error.message, key: error.key, params: error.params };
}

/** A paste or a tool's answer longer than this is not one machine's report (a 1 GB line is refused unread). */
export const MAX_INPUT_CHARS = MAX_TOOL_OUTPUT_BYTES;

export function checkInputSize(text: string, format: string): void {
  if (text.length > MAX_INPUT_CHARS) throw new VendorParseError('vendors.parse.tooLarge', { format, chars: text.length, max: MAX_INPUT_CHARS });
}

/**
 * The JSON document in `text`: tools print warnings or blank lines before it (rocm-smi, the
 * telegraf captures), so reading starts at the first line opening an object or an array.
 * JSON has no entities and V8's parser is not recursive, so depth and expansion cannot hurt.
 */
export function parseJsonDocument(text: string, format: string): unknown {
  checkInputSize(text, format);
  const start = text.search(/^[ \t]*[[{]/m);
  if (start < 0) throw new VendorParseError('vendors.parse.notJson', { format });
  try {
    return JSON.parse(text.slice(start)) as unknown;
  } catch (error) {
    throw new VendorParseError('vendors.parse.badJson', { format, detail: shortenDetail(String((error as Error).message), 200) });
  }
}

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value, or why there is none (`problem` set when the text was there but unreadable). */
export type Reading<T> = { ok: true; value: T } | { ok: false; reason: UnavailableReason; problem?: string };

export const none = (reason: UnavailableReason): Reading<never> => ({ ok: false, reason });
const bad = (raw: unknown, why: string): Reading<never> => ({
  ok: false,
  reason: 'error',
  problem: `${why}: ${quoteForDetail(typeof raw === 'string' ? raw : String(JSON.stringify(raw) ?? raw))}`,
});

/** Why a text holds no value (N/A, "N/A (Secondary die)", "Not supported", "", "unknown"), or null. */
export function missingReason(raw: string): UnavailableReason | null {
  const text = raw.trim();
  if (/^n\/a\b/i.test(text)) return /not supported|secondary/i.test(text) ? 'not-supported' : 'not-reported';
  if (/^(?:not (?:supported|available)|unsupported)$/i.test(text)) return 'not-supported';
  return noValueReason(text);
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A non-negative number from a JSON number or a numeric string ("45.0", "(480Mhz)" after the
 * caller strips its decoration). −1 and the other negatives these tools print mean "no value".
 */
export function readNumber(raw: unknown): Reading<number> {
  if (raw === null || raw === undefined) return none('not-reported');
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return { ok: false, reason: 'out-of-range', problem: `not a finite number: ${raw}` };
    return raw < 0 ? none('not-reported') : { ok: true, value: raw };
  }
  if (typeof raw !== 'string') return bad(raw, 'not a number');
  const reason = missingReason(raw);
  if (reason) return none(reason);
  const text = raw.trim();
  if (!NUMBER.test(text)) return bad(raw, 'not a number');
  return readNumber(Number(text));
}

export function readText(raw: unknown): Reading<string> {
  if (raw === null || raw === undefined) return none('not-reported');
  if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: String(raw) };
  if (typeof raw !== 'string') return bad(raw, 'not a text');
  const reason = missingReason(raw);
  return reason ? none(reason) : { ok: true, value: raw.trim() };
}

export const mapReading = <T, U>(reading: Reading<T>, map: (value: T) => U | null, why = 'unexpected value'): Reading<U> => {
  if (!reading.ok) return reading;
  const mapped = map(reading.value);
  return mapped === null ? bad(reading.value, why) : { ok: true, value: mapped };
};

/** Builds one GpuDevice: every field starts null with `not-reported`; each `set` fills one or says why not. */
export class DeviceBuilder {
  readonly device: GpuDevice;
  constructor(
    index: number,
    vendor: GpuDevice['vendor'],
    private readonly problems: SnapshotProblem[],
    private readonly source: string,
  ) {
    this.device = emptyGpuDevice(index, vendor, 'not-reported');
  }

  set<F extends DeviceMetricField>(field: F, reading: Reading<NonNullable<GpuDevice[F]>>): void {
    if (reading.ok) {
      setDeviceValue(this.device, field, reading.value);
      return;
    }
    // A value already read from another source (static vs. metric) is not erased by a later N/A.
    if (this.device[field] !== null) return;
    this.device.unavailable[field] = reading.reason;
    if (reading.problem) {
      this.problems.push({ scope: `device:${this.device.index}`, code: 'parse', message: `${this.source} ${field}: ${reading.problem}` });
    }
  }

  /** A value no backend of this kind can ever give (CUDA compute capability on a Radeon). */
  unsupported(...fields: DeviceMetricField[]): void {
    for (const field of fields) if (this.device[field] === null) this.device.unavailable[field] = 'not-supported';
  }
}

/** Driver info for a vendor without CUDA or NVML: only the driver's own version, if any. */
export function vendorDriverInfo(driverVersion: string | null): DriverInfo {
  return {
    driverVersion,
    cudaDriverVersion: null,
    nvmlVersion: null,
    unavailable: {
      ...(driverVersion === null ? { driverVersion: 'not-reported' as const } : {}),
      cudaDriverVersion: 'not-supported',
      nvmlVersion: 'not-supported',
    },
  };
}


/**
 * `live`'s values over `base`'s, device by device (same order, same count): an inventory read
 * once at open under the live figures of each read. Where `live` has no value, `base`'s stands —
 * except for `liveFields`, which only a live read can give: there `live`'s null and its reason
 * win, so a figure the tool stopped giving is not shown as the one read at open.
 */
export function overlayDevices(base: readonly GpuDevice[], live: readonly GpuDevice[], liveFields: readonly DeviceMetricField[] = []): GpuDevice[] {
  if (live.length !== base.length) return withoutFields(base, liveFields, 'not-reported');
  const current = new Set<string>(liveFields);
  return base.map((device, i) => {
    const merged = structuredClone(device);
    const update = live[i]!;
    for (const [field, value] of Object.entries(update) as [DeviceMetricField, unknown][]) {
      if (field === ('index' as string) || field === ('unavailable' as string) || field === ('migDevices' as string)) continue;
      if (value !== null && value !== undefined) setDeviceValue(merged, field, value as never);
      else if (current.has(field)) clearField(merged, field, update.unavailable[field] ?? 'not-reported');
      else if (merged[field] === null && update.unavailable[field]) merged.unavailable[field] = update.unavailable[field];
    }
    return merged;
  });
}

function clearField(device: GpuDevice, field: DeviceMetricField, reason: UnavailableReason): void {
  (device as unknown as Record<string, unknown>)[field] = null;
  device.unavailable[field] = reason;
}

/**
 * Copies of `devices` with `fields` null for `reason`: the inventory when a live read failed —
 * its figures from open would read as current (a hung GPU shown idle and cool).
 */
export function withoutFields(devices: readonly GpuDevice[], fields: readonly DeviceMetricField[], reason: UnavailableReason): GpuDevice[] {
  return devices.map((device) => {
    const copy = structuredClone(device);
    for (const field of fields) clearField(copy, field, reason);
    return copy;
  });
}
