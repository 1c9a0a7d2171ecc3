// The range check every backend's reading passes through before anyone sees it: a number no real
// GPU can report (NVML's 0xFFFFFFFF, a 306-digit nvidia-smi cell, −0, 2⁶⁴−1 MiB) becomes null
// with reason `out-of-range` and a problem naming the field — never a fact on screen.
// The ranges live in ./fields.ts; this file only applies them.

import type { BackendProcess, BackendReading, DeviceSampleSeries } from './backend.js';
import {
  checkRange,
  DEVICE_NUMERIC_FIELDS,
  ECC_COUNT_META,
  MIG_MEMORY_META,
  PROCESS_NUMERIC_FIELDS,
  THROTTLE_PERCENT_META,
  type NumericFieldMeta,
} from './fields.js';
import type { EccErrorCounts, GpuDevice, SnapshotProblem, ThrottleTimePercent } from './snapshot.js';

const DEVICE_FIELDS = Object.entries(DEVICE_NUMERIC_FIELDS) as [keyof typeof DEVICE_NUMERIC_FIELDS, NumericFieldMeta][];
const PROCESS_METRIC_NAMES = (Object.keys(PROCESS_NUMERIC_FIELDS) as (keyof typeof PROCESS_NUMERIC_FIELDS)[]).filter(
  (field): field is Exclude<keyof typeof PROCESS_NUMERIC_FIELDS, 'pid'> => field !== 'pid',
);
const ECC_FIELDS = ['correctedVolatile', 'uncorrectedVolatile', 'correctedAggregate', 'uncorrectedAggregate'] as const;
const MIG_MEMORY_FIELDS = ['memoryTotalBytes', 'memoryUsedBytes', 'memoryFreeBytes'] as const;

function describe(value: unknown): string {
  return typeof value === 'number' ? (Object.is(value, -0) ? '-0' : String(value)) : typeof value;
}

/** A value that fails its range: null it, say why, and keep the raw value in the problem's detail. */
function outOfRange(scope: string, field: string, value: unknown, problems: SnapshotProblem[]): void {
  problems.push({ scope, code: 'out-of-range', message: `${field}: ${describe(value)} is not a possible value` });
}

/**
 * Checks `fields` of `record` in place, each against `metaOf(field)`: a value in range stays
 * (clamped within tolerance), anything else becomes null, is told to `onRejected`, and gets a
 * problem naming `label(field)` and the raw value. The one loop every part of a reading shares.
 */
function checkFields<Field extends string>(
  record: Partial<Record<Field, unknown>>,
  fields: readonly Field[],
  metaOf: (field: Field) => NumericFieldMeta,
  where: { scope: string; label: (field: Field) => string; problems: SnapshotProblem[] },
  onRejected?: (field: Field) => void,
): void {
  for (const field of fields) {
    const value = record[field];
    if (value === null || value === undefined) continue;
    const verdict = typeof value === 'number' ? checkRange(metaOf(field), value) : ({ ok: false } as const);
    if (verdict.ok) {
      record[field] = verdict.value;
      continue;
    }
    record[field] = null;
    onRejected?.(field);
    outOfRange(where.scope, where.label(field), value, where.problems);
  }
}

const DEVICE_FIELD_NAMES = DEVICE_FIELDS.map(([field]) => field);
const THROTTLE_FIELDS = ['power', 'thermal', 'syncBoost', 'boardLimit', 'lowUtilization', 'reliability'] as const satisfies readonly (keyof ThrottleTimePercent)[];

/** Checks one device in place (readings are fresh objects, owned by the caller). */
export function validateDevice(device: GpuDevice, problems: SnapshotProblem[]): void {
  const scope = `device:${device.index}`;
  checkFields(
    device as unknown as Record<(typeof DEVICE_FIELD_NAMES)[number], unknown>,
    DEVICE_FIELD_NAMES,
    (field) => DEVICE_NUMERIC_FIELDS[field],
    { scope, label: (field) => field, problems },
    (field) => (device.unavailable[field] = 'out-of-range'),
  );
  if (device.eccErrors) {
    checkFields<keyof EccErrorCounts>(device.eccErrors, ECC_FIELDS, () => ECC_COUNT_META, { scope, label: (f) => `eccErrors.${f}`, problems });
  }
  if (device.throttleTimePercent) {
    checkFields<keyof ThrottleTimePercent>(device.throttleTimePercent, THROTTLE_FIELDS, () => THROTTLE_PERCENT_META, { scope, label: (f) => `throttleTimePercent.${f}`, problems });
  }
  for (const mig of device.migDevices) {
    checkFields<(typeof MIG_MEMORY_FIELDS)[number]>(mig, MIG_MEMORY_FIELDS, () => MIG_MEMORY_META, { scope, label: (f) => `migDevices[${mig.index}].${f}`, problems });
  }
}

/**
 * Checks one process in place. Returns false when its PID is impossible: such a row is dropped
 * (with a problem), since every host detail would be looked up for a process that is not there.
 */
export function validateProcess(process: BackendProcess & { unavailable?: Record<string, string> }, problems: SnapshotProblem[]): boolean {
  const scope = `device:${process.gpuIndex}`;
  const pid = checkRange(PROCESS_NUMERIC_FIELDS.pid, process.pid);
  if (!pid.ok || !Number.isInteger(process.pid)) {
    outOfRange(scope, 'process.pid', process.pid, problems);
    return false;
  }
  checkFields(
    process as unknown as Record<(typeof PROCESS_METRIC_NAMES)[number], unknown>,
    PROCESS_METRIC_NAMES,
    (field) => PROCESS_NUMERIC_FIELDS[field],
    { scope, label: (field) => `process ${process.pid} ${field}`, problems },
    (field) => ((process.unavailable ??= {})[field] = 'out-of-range'),
  );
  return true;
}

/**
 * The driver's sub-second samples, checked like the fields they stand for. An impossible sample
 * is dropped (a gap in the graph, not a spike to 4 billion), with one problem per series.
 */
export function validateSamples(series: DeviceSampleSeries, problems: SnapshotProblem[]): DeviceSampleSeries {
  const meta = DEVICE_NUMERIC_FIELDS[series.metric];
  let bad = 0;
  let firstBad: number | null = null;
  const timesMs: number[] = [];
  const values: number[] = [];
  const length = Math.min(series.timesMs.length, series.values.length);
  for (let i = 0; i < length; i++) {
    const verdict = checkRange(meta, series.values[i]!);
    if (verdict.ok && Number.isFinite(series.timesMs[i]!)) {
      timesMs.push(series.timesMs[i]!);
      values.push(verdict.value);
    } else {
      bad++;
      firstBad ??= series.values[i]!;
    }
  }
  if (bad > 0) outOfRange(`device:${series.deviceIndex}`, `samples.${series.metric} (${bad} of ${length})`, firstBad, problems);
  const unchanged = bad === 0 && length === series.values.length && length === series.timesMs.length && values.every((v, i) => v === series.values[i]);
  return unchanged ? series : { ...series, timesMs, values };
}

/** The whole reading: every device, process and sample checked; impossible processes dropped. */
export function validateReading(reading: BackendReading): BackendReading {
  const problems = [...reading.problems];
  for (const device of reading.devices) validateDevice(device, problems);
  const processes = reading.processes.filter((process) => validateProcess(process, problems));
  const samples = reading.samples?.map((series) => validateSamples(series, problems));
  const samplesChanged = samples !== undefined && samples.some((series, i) => series !== reading.samples![i]);
  if (problems.length === reading.problems.length && processes.length === reading.processes.length && !samplesChanged) return reading;
  return { ...reading, processes, problems, ...(samples ? { samples } : {}) };
}
