// Reading a recording (what `gpuwise info --json` wrote) back into backend readings. The file may
// come from anyone, so it is checked for shape, bounded in size, and never trusted to be ours:
// whatever the readings hold still passes the range check and the sanitiser like live data.

import type { BackendCapabilities, BackendProcess, BackendReading } from '../../core/backend.js';
import { emptyGpuDevice } from '../../core/empty-device.js';
import { SNAPSHOT_SCHEMA_VERSION, type DriverInfo, type GpuDevice, type GpuProcess, type SnapshotProblem } from '../../core/snapshot.js';

/** A day at 1 Hz; a recording past it is cut, not loaded whole into memory. */
export const MAX_RECORDED_READINGS = 86_400;
/** No node has more (see the nvidia-smi backend's bound). */
const MAX_DEVICES = 64;
const MAX_PROCESSES = 4096;

export type RecordingParse =
  | { ok: true; readings: BackendReading[]; capabilities: BackendCapabilities | null }
  | { ok: false; detail: string; newerSchema?: number };

const EMPTY_DRIVER: DriverInfo = { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} };

export function parseRecording(text: string): RecordingParse {
  let items: unknown[];
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, detail: 'the file is empty' };
  try {
    if (trimmed.startsWith('[')) {
      const parsed: unknown = JSON.parse(trimmed);
      items = Array.isArray(parsed) ? parsed : [];
    } else {
      // One snapshot (pretty-printed) or NDJSON: try the whole first, then line by line.
      try {
        items = [JSON.parse(trimmed)];
      } catch {
        items = trimmed.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as unknown);
      }
    }
  } catch (error) {
    return { ok: false, detail: `not JSON or NDJSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const readings: BackendReading[] = [];
  let capabilities: BackendCapabilities | null = null;
  for (const [n, item] of items.slice(0, MAX_RECORDED_READINGS).entries()) {
    const newer = newerSchema(item);
    if (newer !== null) {
      const detail = `item ${n + 1} was written by a newer gpuwise (snapshot schema ${newer}; this one reads schema ${SNAPSHOT_SCHEMA_VERSION}): update gpuwise to read it`;
      return { ok: false, detail, newerSchema: newer };
    }
    const reading = toReading(item);
    if (!reading) return { ok: false, detail: `item ${n + 1} is not a gpuwise snapshot (no devices array)` };
    readings.push(reading);
    capabilities ??= capabilitiesOf(item);
  }
  return { ok: true, readings, capabilities };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schema of a snapshot from a later gpuwise, or null. A later schema changed what a field
 * means or removed one (docs/snapshot.md), so reading it as this one would show wrong figures;
 * a snapshot without the field (or an older one) is read as ever.
 */
function newerSchema(item: unknown): number | null {
  if (!isObject(item) || typeof item.schemaVersion !== 'number') return null;
  return item.schemaVersion > SNAPSHOT_SCHEMA_VERSION ? item.schemaVersion : null;
}

function capabilitiesOf(item: unknown): BackendCapabilities | null {
  if (!isObject(item) || !isObject(item.capabilities)) return null;
  const { metrics, processes } = item.capabilities;
  return typeof metrics === 'boolean' && typeof processes === 'boolean' ? { metrics, processes } : null;
}

function toReading(item: unknown): BackendReading | null {
  if (!isObject(item) || !Array.isArray(item.devices)) return null;
  const devices = item.devices.slice(0, MAX_DEVICES).filter(isObject).map(toDevice);
  const processes = (Array.isArray(item.processes) ? item.processes : []).slice(0, MAX_PROCESSES).filter(isObject).map(toBackendProcess);
  const problems = (Array.isArray(item.problems) ? item.problems : []).filter(isObject).map(
    (p): SnapshotProblem => ({ scope: String(p.scope ?? 'recording'), code: String(p.code ?? 'recorded'), message: String(p.message ?? '') }),
  );
  const reading: BackendReading = { driver: isObject(item.driver) ? (withUnavailable(item.driver) as unknown as DriverInfo) : EMPTY_DRIVER, devices, processes, problems };
  const recordedAt = typeof item.at === 'string' ? Date.parse(item.at) : Number.NaN;
  if (Number.isFinite(recordedAt)) reading.recordedAt = new Date(recordedAt).toISOString();
  return reading;
}

const DEVICE_STATES = new Set(['ok', 'lost', 'error']);
const VENDORS = new Set(['nvidia', 'amd', 'intel', 'apple', 'other']);

/**
 * A recorded device on the template of an all-missing one: a field keeps its recorded value only
 * when it has the right type (a string where a string belongs …); anything else, and any field
 * an older recording lacks, stays null with reason `not-reported`.
 */
export function toDevice(recorded: Record<string, unknown>, position: number): GpuDevice {
  const index = typeof recorded.index === 'number' && Number.isInteger(recorded.index) ? recorded.index : position;
  const vendor = VENDORS.has(String(recorded.vendor)) ? (recorded.vendor as GpuDevice['vendor']) : 'other';
  const device = emptyGpuDevice(index, vendor, 'not-reported');
  const values = device as unknown as Record<string, unknown>;
  const recordedUnavailable = isObject(recorded.unavailable) ? recorded.unavailable : {};
  for (const field of Object.keys(device.unavailable)) {
    const value = recorded[field];
    if (!fits(field, value)) continue;
    values[field] = value;
    if (value === null) {
      const reason = recordedUnavailable[field];
      if (typeof reason === 'string') (device.unavailable as Record<string, string>)[field] = reason;
    } else delete (device.unavailable as Record<string, unknown>)[field];
  }
  device.state = DEVICE_STATES.has(String(recorded.state)) ? (recorded.state as GpuDevice['state']) : 'ok';
  device.stateDetail = typeof recorded.stateDetail === 'string' ? recorded.stateDetail : null;
  const age = recorded.readingAgeMs;
  if (typeof age === 'number' && Number.isFinite(age) && age >= 0) device.readingAgeMs = age;
  return device;
}

const NUMBER_MAPS = new Set(['eccErrors', 'throttleTimePercent']);

function fits(field: string, value: unknown): boolean {
  if (value === null) return true;
  if (field === 'clockEventReasons') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  if (NUMBER_MAPS.has(field)) return isObject(value) && Object.values(value).every((v) => v === null || typeof v === 'number');
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function withUnavailable(value: Record<string, unknown>): Record<string, unknown> {
  return isObject(value.unavailable) ? value : { ...value, unavailable: {} };
}

/** The GPU side of a recorded process; its host side is read again (or found gone) here. */
export function toBackendProcess(p: Record<string, unknown>): BackendProcess {
  const recorded = p as Partial<GpuProcess>;
  const process: BackendProcess = {
    pid: typeof recorded.pid === 'number' ? recorded.pid : 0,
    gpuIndex: typeof recorded.gpuIndex === 'number' ? recorded.gpuIndex : 0,
    gpuUuid: recorded.gpuUuid ?? null,
    gpuInstanceId: recorded.gpuInstanceId ?? null,
    computeInstanceId: recorded.computeInstanceId ?? null,
    type: recorded.type ?? 'compute',
    usedMemoryBytes: recorded.usedMemoryBytes ?? null,
    smUtilPercent: recorded.smUtilPercent ?? null,
    memoryUtilPercent: recorded.memoryUtilPercent ?? null,
    encoderUtilPercent: recorded.encoderUtilPercent ?? null,
    decoderUtilPercent: recorded.decoderUtilPercent ?? null,
    name: typeof recorded.name === 'string' ? recorded.name : null,
  };
  // A recorded carried entry stays one: how old its list was when recorded.
  const age = recorded.listedAgeMs;
  if (typeof age === 'number' && Number.isFinite(age) && age >= 0) process.listedAgeMs = age;
  return process;
}
