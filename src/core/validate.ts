// The range check every backend's reading passes through before anyone sees it: a number no real
// GPU can report (NVML's 0xFFFFFFFF, a 306-digit nvidia-smi cell, −0, 2⁶⁴−1 MiB) becomes null
// with reason `out-of-range` and a problem naming the field — never a fact on screen.
// The ranges live in ./fields.ts; this file only applies them.

import type { BackendProcess, BackendReading, DeviceSampleSeries } from './backend.js';
import {
  DEVICE_NUMERIC_FIELDS,
  ECC_COUNT_META,
  MIG_MEMORY_META,
  PROCESS_NUMERIC_FIELDS,
  rangeValue,
  THROTTLE_PERCENT_META,
  type NumericFieldMeta,
} from './fields.js';
import type { GpuDevice, SnapshotProblem } from './snapshot.js';

// Every reading of a sampler passes through here (8 GPUs × 33 fields and 200 processes × 5, each
// tick), so the path where every value is possible allocates nothing: indexed loops over fixed
// tables (no iterator results), no per-record closures, verdicts or labels; a problem's text is
// made only for a value that fails.

const DEVICE_FIELD_NAMES = Object.keys(DEVICE_NUMERIC_FIELDS) as (keyof typeof DEVICE_NUMERIC_FIELDS)[];
const DEVICE_FIELD_METAS: readonly NumericFieldMeta[] = DEVICE_FIELD_NAMES.map((field) => DEVICE_NUMERIC_FIELDS[field]);
const PROCESS_METRIC_NAMES = (Object.keys(PROCESS_NUMERIC_FIELDS) as (keyof typeof PROCESS_NUMERIC_FIELDS)[]).filter(
  (field): field is Exclude<keyof typeof PROCESS_NUMERIC_FIELDS, 'pid'> => field !== 'pid',
);
const PROCESS_METRIC_METAS: readonly NumericFieldMeta[] = PROCESS_METRIC_NAMES.map((field) => PROCESS_NUMERIC_FIELDS[field]);
const ECC_FIELDS = ['correctedVolatile', 'uncorrectedVolatile', 'correctedAggregate', 'uncorrectedAggregate'] as const;
const MIG_MEMORY_FIELDS = ['memoryTotalBytes', 'memoryUsedBytes', 'memoryFreeBytes'] as const;
const THROTTLE_FIELDS = ['power', 'thermal', 'syncBoost', 'boardLimit', 'lowUtilization', 'reliability'] as const;

type NumericRecord = Record<string, unknown>;

function describe(value: unknown): string {
  return typeof value === 'number' ? (Object.is(value, -0) ? '-0' : String(value)) : typeof value;
}

/** A value that fails its range: null it, say why, and keep the raw value in the problem's detail. */
function outOfRange(scope: string, field: string, value: unknown, problems: SnapshotProblem[]): void {
  problems.push({ scope, code: 'out-of-range', message: `${field}: ${describe(value)} is not a possible value` });
}

/**
 * Checks `record[field]` in place against `meta`: a value in range stays (clamped within
 * tolerance), missing stays missing, anything else becomes null. False when it was rejected.
 */
function keep(record: NumericRecord, field: string, meta: NumericFieldMeta): boolean {
  const value = record[field];
  if (value === null || value === undefined) return true;
  const checked = typeof value === 'number' ? rangeValue(meta, value) : Number.NaN;
  if (checked === checked) {
    if (checked !== value) record[field] = checked;
    return true;
  }
  record[field] = null;
  return false;
}

/** Checks `fields` of a nested record that all share one range; problems are labelled `prefix.field`. */
function checkAll(record: NumericRecord, fields: readonly string[], meta: NumericFieldMeta, scope: string, prefix: string, problems: SnapshotProblem[]): void {
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const value = record[field];
    if (!keep(record, field, meta)) outOfRange(scope, `${prefix}.${field}`, value, problems);
  }
}

/** Checks one device in place (readings are fresh objects, owned by the caller). */
export function validateDevice(device: GpuDevice, problems: SnapshotProblem[]): void {
  const record = device as unknown as NumericRecord;
  for (let i = 0; i < DEVICE_FIELD_NAMES.length; i++) {
    const field = DEVICE_FIELD_NAMES[i]!;
    const value = record[field];
    if (keep(record, field, DEVICE_FIELD_METAS[i]!)) continue;
    device.unavailable[field] = 'out-of-range';
    outOfRange(`device:${device.index}`, field, value, problems);
  }
  if (device.eccErrors) checkAll(device.eccErrors as unknown as NumericRecord, ECC_FIELDS, ECC_COUNT_META, `device:${device.index}`, 'eccErrors', problems);
  if (device.throttleTimePercent) {
    checkAll(device.throttleTimePercent as unknown as NumericRecord, THROTTLE_FIELDS, THROTTLE_PERCENT_META, `device:${device.index}`, 'throttleTimePercent', problems);
  }
  for (let i = 0; i < device.migDevices.length; i++) {
    const mig = device.migDevices[i]!;
    checkAll(mig as unknown as NumericRecord, MIG_MEMORY_FIELDS, MIG_MEMORY_META, `device:${device.index}`, `migDevices[${mig.index}]`, problems);
  }
}

/**
 * Checks one process in place. Returns false when its PID is impossible: such a row is dropped
 * (with a problem), since every host detail would be looked up for a process that is not there.
 */
export function validateProcess(process: BackendProcess & { unavailable?: Record<string, string> }, problems: SnapshotProblem[]): boolean {
  if (Number.isNaN(rangeValue(PROCESS_NUMERIC_FIELDS.pid, process.pid)) || !Number.isInteger(process.pid)) {
    outOfRange(`device:${process.gpuIndex}`, 'process.pid', process.pid, problems);
    return false;
  }
  const record = process as unknown as NumericRecord;
  for (let i = 0; i < PROCESS_METRIC_NAMES.length; i++) {
    const field = PROCESS_METRIC_NAMES[i]!;
    const value = record[field];
    if (keep(record, field, PROCESS_METRIC_METAS[i]!)) continue;
    (process.unavailable ??= {})[field] = 'out-of-range';
    outOfRange(`device:${process.gpuIndex}`, `process ${process.pid} ${field}`, value, problems);
  }
  return true;
}

/**
 * The driver's sub-second samples, checked like the fields they stand for. An impossible sample
 * is dropped (a gap in the graph, not a spike to 4 billion), with one problem per series.
 * The series itself comes back when every sample is possible and none was clamped.
 */
export function validateSamples(series: DeviceSampleSeries, problems: SnapshotProblem[]): DeviceSampleSeries {
  const meta = DEVICE_NUMERIC_FIELDS[series.metric];
  const length = Math.min(series.timesMs.length, series.values.length);
  let clean = length === series.values.length && length === series.timesMs.length;
  for (let i = 0; clean && i < length; i++) clean = rangeValue(meta, series.values[i]!) === series.values[i] && Number.isFinite(series.timesMs[i]!);
  if (clean) return series;
  let bad = 0;
  let firstBad: number | null = null;
  const timesMs: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < length; i++) {
    const checked = rangeValue(meta, series.values[i]!);
    if (checked === checked && Number.isFinite(series.timesMs[i]!)) {
      timesMs.push(series.timesMs[i]!);
      values.push(checked);
    } else {
      bad++;
      firstBad ??= series.values[i]!;
    }
  }
  if (bad > 0) outOfRange(`device:${series.deviceIndex}`, `samples.${series.metric} (${bad} of ${length})`, firstBad, problems);
  return { ...series, timesMs, values };
}

/** The whole reading: every device, process and sample checked; impossible processes dropped. */
export function validateReading(reading: BackendReading): BackendReading {
  const problems: SnapshotProblem[] = [];
  for (let i = 0; i < reading.devices.length; i++) validateDevice(reading.devices[i]!, problems);
  // The common case keeps every process and every series: no copy of either list.
  let processes: BackendProcess[] | null = null;
  for (let i = 0; i < reading.processes.length; i++) {
    const process = reading.processes[i]!;
    const kept = validateProcess(process, problems);
    if (!kept && processes === null) processes = reading.processes.slice(0, i);
    else if (kept && processes !== null) processes.push(process);
  }
  let samples: DeviceSampleSeries[] | null = null;
  const given = reading.samples;
  for (let i = 0; given !== undefined && i < given.length; i++) {
    const checked = validateSamples(given[i]!, problems);
    if (checked !== given[i] && samples === null) samples = given.slice(0, i);
    if (samples !== null) samples.push(checked);
  }
  if (problems.length === 0 && processes === null && samples === null) return reading;
  return {
    ...reading,
    processes: processes ?? reading.processes,
    problems: problems.length === 0 ? reading.problems : [...reading.problems, ...problems],
    ...(given ? { samples: samples ?? given } : {}),
  };
}
