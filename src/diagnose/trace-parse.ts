// Checking a trace's sample lines: the file may come from anyone (a bug report, a CI artefact),
// so every value is type-checked, bounded, and passed through the same range check as live data
// (core/validate.ts) — an impossible number becomes null, never a finding. Strings were already
// made safe by the JSON reviver (trace.ts). Structural damage (no wallMs, devices not a list) is
// an error naming the field; a wrong leaf value is a gap.

import { toBackendProcess, toDevice } from '../backends/static/recording.js';
import type { DeviceSampleSeries, SampledMetric } from '../core/backend.js';
import type { CpuTimeSplit, GpuProcess, HostResolution, MigDevice, SnapshotProblem } from '../core/snapshot.js';
import { validateDevice, validateProcess, validateSamples } from '../core/validate.js';
import type { HostSample, ObservationSample, TreeProcessSample, TreeSample } from './types.js';

export const MAX_TRACE_DEVICES = 64;
export const MAX_TRACE_PROCESSES = 4096;
/** NVIDIA's finest partitioning is 7 GPU instances; a few more leave room, not thousands. */
const MAX_MIG_DEVICES = 16;
const MAX_SUB_SAMPLES = 4096;
const METRICS = new Set<SampledMetric>(['gpuUtilPercent', 'memoryUtilPercent', 'powerDrawWatts']);
const RESOLUTIONS = new Set<HostResolution>(['ok', 'other-namespace', 'gone', 'no-permission', 'error', 'unsupported']);

/** The problem a trace without its end record carries (trace.ts), and the report's cue to say so. */
export const TRACE_INCOMPLETE = 'trace-incomplete';

export function incompleteProblem(samples: number, cutLine: boolean): SnapshotProblem {
  return {
    scope: 'trace',
    code: TRACE_INCOMPLETE,
    message: `the trace has no end record (the recording was cut short); its ${samples} samples are analysed${cutLine ? ', its cut last line left out' : ''}`,
    key: cutLine ? 'diagnoseCli.problem.traceIncompleteCut' : 'diagnoseCli.problem.traceIncomplete',
    params: { samples },
  };
}

/** Read from a trace that has no end record: a killed or crashed run. */
export function isIncompleteTrace(observation: { problems: readonly SnapshotProblem[] }): boolean {
  return observation.problems.some((p) => p.scope === 'trace' && p.code === TRACE_INCOMPLETE);
}

/** Thrown with the field's path; trace.ts turns it into the translated error with the line. */
export class TraceFieldError extends Error {
  constructor(readonly field: string) {
    super(`trace field ${field}`);
  }
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number or null (anything else, too: a leaf that does not fit is a gap). */
export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function int(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

function list(record: Json, field: string, path: string, max: number): unknown[] {
  const value = record[field];
  if (!Array.isArray(value)) throw new TraceFieldError(`${path}.${field}`);
  return value.slice(0, max);
}

function cpuTime(value: unknown): CpuTimeSplit | null {
  if (!isObject(value)) return null;
  const keys = ['userPercent', 'nicePercent', 'systemPercent', 'idlePercent', 'iowaitPercent', 'irqPercent', 'softirqPercent', 'stealPercent'] as const;
  const split = {} as CpuTimeSplit;
  for (const key of keys) {
    const n = num(value[key]);
    split[key] = n !== null && n >= 0 && n <= 100 ? n : null;
  }
  return split;
}

const nonNegative = (value: unknown): number | null => {
  const n = num(value);
  return n !== null && n >= 0 ? n : null;
};
const percent = (value: unknown, max = 100): number | null => {
  const n = nonNegative(value);
  return n !== null && n <= max ? n : null;
};

function host(value: unknown): HostSample {
  const h = isObject(value) ? value : {};
  return {
    cpuUtilPercent: percent(h.cpuUtilPercent),
    cpuTime: cpuTime(h.cpuTime),
    memoryAvailableBytes: nonNegative(h.memoryAvailableBytes),
    memoryCachedBytes: nonNegative(h.memoryCachedBytes),
    majorFaultsPerSecond: nonNegative(h.majorFaultsPerSecond),
  };
}

function process(value: Json, problems: SnapshotProblem[]): GpuProcess | null {
  const gpu = toBackendProcess(value);
  if (!validateProcess(gpu, problems)) return null;
  const resolution = str(value.hostResolution) as HostResolution | null;
  return {
    ...gpu,
    command: str(value.command),
    user: str(value.user),
    cpuPercent: percent(value.cpuPercent, 100_000),
    rssBytes: nonNegative(value.rssBytes),
    startedAt: str(value.startedAt),
    hostResolution: resolution !== null && RESOLUTIONS.has(resolution) ? resolution : 'unsupported',
  };
}

function series(value: Json, path: string, problems: SnapshotProblem[]): DeviceSampleSeries {
  const metric = str(value.metric) as SampledMetric | null;
  const deviceIndex = int(value.deviceIndex);
  if (metric === null || !METRICS.has(metric) || deviceIndex === null) throw new TraceFieldError(`${path}.metric`);
  const numbers = (field: string) => list(value, field, path, MAX_SUB_SAMPLES).map((v) => (typeof v === 'number' ? v : Number.NaN));
  return validateSamples({ deviceIndex, uuid: str(value.uuid), metric, timesMs: numbers('timesMs'), values: numbers('values') }, problems);
}

/**
 * A device's MIG slices, which the static backend's reader leaves out: without them a replay would
 * judge a MIG job's memory against the whole GPU, as the live report does not. A wrong leaf is a gap.
 */
function migDevices(value: unknown): MigDevice[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_MIG_DEVICES).filter(isObject).map((m, k) => ({
    index: int(m.index) ?? k,
    uuid: str(m.uuid),
    name: str(m.name),
    gpuInstanceId: int(m.gpuInstanceId),
    computeInstanceId: int(m.computeInstanceId),
    multiprocessorCount: int(m.multiprocessorCount),
    memoryTotalBytes: nonNegative(m.memoryTotalBytes),
    memoryUsedBytes: nonNegative(m.memoryUsedBytes),
    memoryFreeBytes: nonNegative(m.memoryFreeBytes),
  }));
}

function treeRow(value: Json, path: string): TreeProcessSample {
  const pid = int(value.pid);
  if (pid === null || pid <= 0) throw new TraceFieldError(`${path}.pid`);
  return {
    pid,
    parentPid: int(value.parentPid),
    depth: Math.max(0, int(value.depth) ?? 0),
    name: str(value.name),
    state: str(value.state)?.slice(0, 1) ?? null,
    cpuPercent: percent(value.cpuPercent, 100_000),
    rssBytes: nonNegative(value.rssBytes),
    diskReadBytesPerSecond: nonNegative(value.diskReadBytesPerSecond),
    usesGpu: value.usesGpu === true,
  };
}

function tree(value: unknown, path: string): TreeSample | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) throw new TraceFieldError(path);
  const rootPid = int(value.rootPid);
  if (rootPid === null) throw new TraceFieldError(`${path}.rootPid`);
  const threads = Array.isArray(value.rootThreads)
    ? value.rootThreads.slice(0, 64).filter(isObject).flatMap((t) => {
        const tid = int(t.tid);
        return tid === null ? [] : [{ tid, name: str(t.name), cpuPercent: percent(t.cpuPercent, 100_000) }];
      })
    : null;
  return {
    rootPid,
    processes: list(value, 'processes', path, MAX_TRACE_PROCESSES).map((row, i) => {
      if (!isObject(row)) throw new TraceFieldError(`${path}.processes[${i}]`);
      return treeRow(row, `${path}.processes[${i}]`);
    }),
    rootThreads: threads,
    totalCpuPercent: percent(value.totalCpuPercent, 1_000_000),
    totalDiskReadBytesPerSecond: nonNegative(value.totalDiskReadBytesPerSecond),
  };
}

/** One sample line (its `kind` already checked); range problems go into `problems`. */
export function toSample(record: Json, problems: SnapshotProblem[]): ObservationSample {
  const wallMs = num(record.wallMs);
  if (wallMs === null || Math.abs(wallMs) > 8.64e15) throw new TraceFieldError('wallMs');
  const devices = list(record, 'devices', 'sample', MAX_TRACE_DEVICES).map((d, i) => {
    if (!isObject(d)) throw new TraceFieldError(`sample.devices[${i}]`);
    const device = toDevice(d, i);
    device.migDevices = migDevices(d.migDevices);
    validateDevice(device, problems);
    return device;
  });
  const processes = list(record, 'processes', 'sample', MAX_TRACE_PROCESSES).flatMap((p) => {
    const row = isObject(p) ? process(p, problems) : null;
    return row === null ? [] : [row];
  });
  const subSamples = (Array.isArray(record.subSamples) ? record.subSamples : []).slice(0, MAX_TRACE_DEVICES * 3).map((s, i) => {
    if (!isObject(s)) throw new TraceFieldError(`sample.subSamples[${i}]`);
    return series(s, `sample.subSamples[${i}]`, problems);
  });
  const covers = nonNegative(record.coversMs);
  return { wallMs, coversMs: covers, devices, processes, subSamples, host: host(record.host), tree: tree(record.tree, 'sample.tree') };
}
