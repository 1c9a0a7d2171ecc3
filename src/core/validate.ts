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
import type { EccErrorCounts, GpuDevice, MigDevice, SnapshotProblem, ThrottleTimePercent } from './snapshot.js';

const DEVICE_FIELDS = Object.entries(DEVICE_NUMERIC_FIELDS) as [keyof typeof DEVICE_NUMERIC_FIELDS, NumericFieldMeta][];
const PROCESS_METRICS = (Object.entries(PROCESS_NUMERIC_FIELDS) as [keyof typeof PROCESS_NUMERIC_FIELDS, NumericFieldMeta][]).filter(
  ([field]) => field !== 'pid',
) as [Exclude<keyof typeof PROCESS_NUMERIC_FIELDS, 'pid'>, NumericFieldMeta][];
const ECC_FIELDS = ['correctedVolatile', 'uncorrectedVolatile', 'correctedAggregate', 'uncorrectedAggregate'] as const;
const MIG_MEMORY_FIELDS = ['memoryTotalBytes', 'memoryUsedBytes', 'memoryFreeBytes'] as const;

function describe(value: unknown): string {
  return typeof value === 'number' ? (Object.is(value, -0) ? '-0' : String(value)) : typeof value;
}

/** A value that fails its range: null it, say why, and keep the raw value in the problem's detail. */
function outOfRange(scope: string, field: string, value: unknown, problems: SnapshotProblem[]): void {
  problems.push({ scope, code: 'out-of-range', message: `${field}: ${describe(value)} is not a possible value` });
}

/** Checks one device in place (readings are fresh objects, owned by the caller). */
export function validateDevice(device: GpuDevice, problems: SnapshotProblem[]): void {
  const scope = `device:${device.index}`;
  const values = device as unknown as Record<string, unknown>;
  for (const [field, meta] of DEVICE_FIELDS) {
    const value = values[field];
    if (value === null || value === undefined) continue;
    const verdict = typeof value === 'number' ? checkRange(meta, value) : ({ ok: false } as const);
    if (verdict.ok) {
      values[field] = verdict.value;
    } else {
      values[field] = null;
      device.unavailable[field] = 'out-of-range';
      outOfRange(scope, field, value, problems);
    }
  }
  if (device.eccErrors) validateEcc(device.eccErrors, scope, problems);
  if (device.throttleTimePercent) validateThrottle(device.throttleTimePercent, scope, problems);
  for (const mig of device.migDevices) validateMig(mig, scope, problems);
}

function validateEcc(ecc: EccErrorCounts, scope: string, problems: SnapshotProblem[]): void {
  for (const field of ECC_FIELDS) {
    const value = ecc[field];
    if (value === null) continue;
    const verdict = checkRange(ECC_COUNT_META, value);
    if (verdict.ok) ecc[field] = verdict.value;
    else {
      ecc[field] = null;
      outOfRange(scope, `eccErrors.${field}`, value, problems);
    }
  }
}

function validateThrottle(shares: ThrottleTimePercent, scope: string, problems: SnapshotProblem[]): void {
  for (const field of Object.keys(shares) as (keyof ThrottleTimePercent)[]) {
    const value = shares[field];
    if (value === null) continue;
    const verdict = checkRange(THROTTLE_PERCENT_META, value);
    if (verdict.ok) shares[field] = verdict.value;
    else {
      shares[field] = null;
      outOfRange(scope, `throttleTimePercent.${field}`, value, problems);
    }
  }
}

function validateMig(mig: MigDevice, scope: string, problems: SnapshotProblem[]): void {
  for (const field of MIG_MEMORY_FIELDS) {
    const value = mig[field];
    if (value === null) continue;
    const verdict = checkRange(MIG_MEMORY_META, value);
    if (verdict.ok) mig[field] = verdict.value;
    else {
      mig[field] = null;
      outOfRange(scope, `migDevices[${mig.index}].${field}`, value, problems);
    }
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
  const values = process as unknown as Record<string, unknown>;
  for (const [field, meta] of PROCESS_METRICS) {
    const value = values[field];
    if (value === null || value === undefined) continue;
    const verdict = typeof value === 'number' ? checkRange(meta, value) : ({ ok: false } as const);
    if (verdict.ok) values[field] = verdict.value;
    else {
      values[field] = null;
      (process.unavailable ??= {})[field] = 'out-of-range';
      outOfRange(scope, `process ${process.pid} ${field}`, value, problems);
    }
  }
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
