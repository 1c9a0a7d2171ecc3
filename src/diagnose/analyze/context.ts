// The observation turned into per-GPU and per-tree series once, cleaned (hostile or impossible
// values become null), so that every rule reads the same numbers and none re-validates them.

import type { ClockEventReason } from '../../core/clock-events.js';
import type { ThrottleTimePercent } from '../../core/snapshot.js';
import type { Observation } from '../types.js';
import { clean, percent } from './stats.js';

const MAX_BYTES = 2 ** 50; // 1 PiB: no GPU memory or link rate comes near it
const MAX_CPU_PERCENT = 100 * 4096; // % of one core, for a process: at most every logical CPU

export interface GpuProcessHolder {
  pid: number;
  user: string | null;
  name: string | null;
  command: string | null;
  startedAt: string | null;
  peakUsedBytes: number | null;
  /** Samples in which it was listed on this GPU. */
  samplesSeen: number;
  /** Resolved to a process of this pid namespace at some sample: a pid that means what it says here. */
  visibleHere: boolean;
  /** The MIG GPU instance it ran in (null outside MIG mode). */
  gpuInstanceId: number | null;
}

/** One MIG slice (GPU instance) of a GPU: its own memory, judged against its own size. */
export interface MigSliceSeries {
  gpuInstanceId: number;
  name: string | null;
  totalBytes: number | null;
  /** One entry per observation sample (null: not read then). */
  memUsed: (number | null)[];
}

export interface GpuSeries {
  index: number;
  uuid: string | null;
  name: string | null;
  totalBytes: number | null;
  /** One entry per observation sample (null: not read then). */
  util: (number | null)[];
  smActive: (number | null)[];
  smOccupancy: (number | null)[];
  tensorActive: (number | null)[];
  dramActive: (number | null)[];
  memUsed: (number | null)[];
  pcieRx: (number | null)[];
  pcieTx: (number | null)[];
  power: (number | null)[];
  throttle: (ThrottleTimePercent | null)[];
  reasons: (ClockEventReason[] | null)[];
  /** The driver's 1/6 s GPU-Util samples over the whole window, in time order. */
  subUtil: number[];
  /** The fastest link seen (a link idles down a generation; under load it runs at its best). */
  linkGeneration: number | null;
  linkWidth: number | null;
  /** The power limit enforced and the board's default (latest seen): a lowered limit is a choice someone made. */
  powerLimitWatts: number | null;
  powerLimitDefaultWatts: number | null;
  holders: GpuProcessHolder[];
  /** In MIG mode at some sample: the driver gives no GPU-Util, and memory belongs to the slices. */
  migMode: boolean;
  migSlices: MigSliceSeries[];
  /** Wall ms of its last reading; and of the first sample after it that listed it lost or failing (else null). */
  lastReadMs: number | null;
  lostAtMs: number | null;
}

export interface TreeSeries {
  rootPid: number;
  /** Per sample: the root's CPU (% of one core). */
  rootCpu: (number | null)[];
  /** Per sample: the root's busiest thread (% of one core); null where threads were not read. */
  mainThreadCpu: (number | null)[];
  /** Per sample: the CPU of each descendant (depth ≥ 1) not itself on a GPU (loader workers, not ranks). */
  workerCpu: number[][];
  /** Per sample: how many descendants the tree had. */
  workerCount: number[];
  diskRead: (number | null)[];
  /** Per sample: the root's state letter (its main thread's: /proc/<pid>/stat is the leader's). */
  rootState: (string | null)[];
  /** Per sample: the state letters of the descendants. */
  workerStates: (string | null)[][];
  /** Every pid seen in the tree. */
  pids: Set<number>;
  /** Per tree process: its CPU and state at each sample (null where it was not listed). */
  byPid: Map<number, { cpu: (number | null)[]; state: (string | null)[] }>;
}

export interface AnalysisContext {
  observation: Observation;
  sampleCount: number;
  fromMs: number;
  toMs: number;
  seconds: number;
  intervalMs: number;
  /** Wall ms of each sample, ascending: the index every per-sample series shares. */
  timesMs: number[];
  gpus: GpuSeries[];
  tree: TreeSeries | null;
  iowait: (number | null)[];
}

export function buildContext(observation: Observation): AnalysisContext {
  const samples = observation.samples.filter((s) => Number.isFinite(s.wallMs)).sort((a, b) => a.wallMs - b.wallMs);
  const fromMs = samples[0]?.wallMs ?? 0;
  const toMs = samples[samples.length - 1]?.wallMs ?? 0;
  const gpus = new Map<number, GpuSeries>();
  const gpu = (index: number): GpuSeries => {
    let g = gpus.get(index);
    if (!g) {
      const empty = () => samples.map(() => null);
      g = {
        index, uuid: null, name: null, totalBytes: null,
        util: empty(), smActive: empty(), smOccupancy: empty(), tensorActive: empty(), dramActive: empty(),
        memUsed: empty(), pcieRx: empty(), pcieTx: empty(), power: empty(), throttle: empty(), reasons: empty(),
        subUtil: [], linkGeneration: null, linkWidth: null, powerLimitWatts: null, powerLimitDefaultWatts: null, holders: [],
        migMode: false, migSlices: [], lastReadMs: null, lostAtMs: null,
      };
      gpus.set(index, g);
    }
    return g;
  };
  const subTimes = new Map<number, { t: number[]; v: number[] }>();
  samples.forEach((s, i) => {
    for (const d of s.devices) {
      if (!Number.isInteger(d.index) || d.index < 0) continue;
      if (d.state !== 'ok') {
        // Lost after it had answered: its figures stop here (a later answer clears it).
        const known = gpus.get(d.index);
        if (known && known.lostAtMs === null) known.lostAtMs = s.wallMs;
        continue;
      }
      const g = gpu(d.index);
      g.lastReadMs = s.wallMs;
      g.lostAtMs = null;
      collectMig(g, d, i, samples.length);
      g.uuid ??= d.uuid;
      g.name ??= d.name;
      g.totalBytes ??= clean(d.memoryTotalBytes, 1, MAX_BYTES);
      g.util[i] = percent(d.gpuUtilPercent);
      g.smActive[i] = percent(d.smActivePercent);
      g.smOccupancy[i] = percent(d.smOccupancyPercent);
      g.tensorActive[i] = percent(d.tensorActivePercent);
      g.dramActive[i] = percent(d.dramActivePercent);
      g.memUsed[i] = clean(d.memoryUsedBytes, 0, g.totalBytes ?? MAX_BYTES);
      g.pcieRx[i] = clean(d.pcieRxBytesPerSecond, 0, MAX_BYTES);
      g.pcieTx[i] = clean(d.pcieTxBytesPerSecond, 0, MAX_BYTES);
      g.power[i] = clean(d.powerDrawAverageWatts ?? d.powerDrawWatts, 0, 10_000);
      g.throttle[i] = cleanThrottle(d.throttleTimePercent);
      g.reasons[i] = Array.isArray(d.clockEventReasons) ? d.clockEventReasons : null;
      g.powerLimitWatts = clean(d.powerLimitWatts, 1, 10_000) ?? g.powerLimitWatts;
      g.powerLimitDefaultWatts = clean(d.powerLimitDefaultWatts, 1, 10_000) ?? g.powerLimitDefaultWatts;
      const gen = clean(d.pcieLinkGeneration, 1, 16);
      const width = clean(d.pcieLinkWidth, 1, 32);
      if (gen !== null && (g.linkGeneration === null || gen > g.linkGeneration)) g.linkGeneration = gen;
      if (width !== null && (g.linkWidth === null || width > g.linkWidth)) g.linkWidth = width;
    }
    for (const series of s.subSamples) {
      if (series.metric !== 'gpuUtilPercent' || !Array.isArray(series.values)) continue;
      let list = subTimes.get(series.deviceIndex);
      if (!list) subTimes.set(series.deviceIndex, (list = { t: [], v: [] }));
      for (let k = 0; k < series.values.length; k += 1) {
        const value = percent(series.values[k]);
        const t = series.timesMs?.[k];
        if (value !== null && typeof t === 'number' && Number.isFinite(t)) {
          list.t.push(t);
          list.v.push(value);
        }
      }
    }
    for (const p of s.processes) collectHolder(gpus.get(p.gpuIndex), p);
  });
  for (const [index, list] of subTimes) {
    const g = gpus.get(index);
    if (g) g.subUtil = onePerTick(list.t, list.v, fromMs - (clean(observation.intervalMs, 1, 3_600_000) ?? 1000));
  }
  return {
    observation,
    sampleCount: samples.length,
    fromMs,
    toMs,
    seconds: Math.max(0, (toMs - fromMs) / 1000),
    intervalMs: clean(observation.intervalMs, 1, 3_600_000) ?? 1000,
    timesMs: samples.map((s) => s.wallMs),
    gpus: [...gpus.values()].sort((a, b) => a.index - b.index),
    tree: buildTree(observation, samples, new Set([...gpus.values()].flatMap((g) => g.holders.map((h) => h.pid)))),
    iowait: samples.map((s) => percent(s.host?.cpuTime?.iowaitPercent)),
  };
}

/**
 * Values in time order, one per driver tick (readers may overlap at the edges), from `sinceMs`:
 * the driver's buffer holds up to 20 s from before the first sample, which is not the window.
 */
function onePerTick(times: number[], values: number[], sinceMs: number): number[] {
  let order = times.map((_, k) => k);
  if (times.some((t, k) => k > 0 && t < times[k - 1]!)) order = order.sort((a, b) => times[a]! - times[b]!);
  const out: number[] = [];
  let last = -Infinity;
  for (const k of order) {
    if (times[k] === last || times[k]! < sinceMs) continue;
    last = times[k]!;
    out.push(values[k]!);
  }
  return out;
}

function cleanThrottle(t: ThrottleTimePercent | null | undefined): ThrottleTimePercent | null {
  if (!t) return null;
  return {
    power: percent(t.power), thermal: percent(t.thermal), syncBoost: percent(t.syncBoost),
    boardLimit: percent(t.boardLimit), lowUtilization: percent(t.lowUtilization), reliability: percent(t.reliability),
  };
}

type Device = Observation['samples'][number]['devices'][number];

function collectMig(g: GpuSeries, d: Device, i: number, sampleCount: number): void {
  if (d.migModeCurrent !== true) return;
  g.migMode = true;
  for (const m of Array.isArray(d.migDevices) ? d.migDevices : []) {
    if (!Number.isInteger(m.gpuInstanceId) || m.gpuInstanceId === null) continue;
    let slice = g.migSlices.find((x) => x.gpuInstanceId === m.gpuInstanceId);
    if (!slice) {
      slice = { gpuInstanceId: m.gpuInstanceId, name: m.name, totalBytes: null, memUsed: Array.from({ length: sampleCount }, () => null) };
      g.migSlices.push(slice);
    }
    slice.totalBytes ??= clean(m.memoryTotalBytes, 1, MAX_BYTES);
    slice.memUsed[i] = clean(m.memoryUsedBytes, 0, slice.totalBytes ?? MAX_BYTES);
  }
}

function collectHolder(g: GpuSeries | undefined, p: Observation['samples'][number]['processes'][number]): void {
  if (!g || !Number.isInteger(p.pid)) return;
  const used = clean(p.usedMemoryBytes, 0, g.totalBytes ?? MAX_BYTES);
  let h = g.holders.find((x) => x.pid === p.pid);
  if (!h) {
    h = { pid: p.pid, user: p.user, name: p.name, command: p.command, startedAt: p.startedAt, peakUsedBytes: null, samplesSeen: 0, visibleHere: false, gpuInstanceId: null };
    g.holders.push(h);
  }
  h.samplesSeen += 1;
  if (p.hostResolution === 'ok') h.visibleHere = true;
  if (Number.isInteger(p.gpuInstanceId)) h.gpuInstanceId = p.gpuInstanceId;
  if (used !== null && (h.peakUsedBytes === null || used > h.peakUsedBytes)) h.peakUsedBytes = used;
}

function buildTree(observation: Observation, samples: Observation['samples'], gpuPids: Set<number>): TreeSeries | null {
  const rootPid = observation.rootPid;
  if (rootPid === null || !samples.some((s) => s.tree)) return null;
  const pids = new Set<number>();
  const tree: TreeSeries = { rootPid, rootCpu: [], mainThreadCpu: [], workerCpu: [], workerCount: [], diskRead: [], rootState: [], workerStates: [], pids, byPid: new Map() };
  samples.forEach((s, i) => {
    const t = s.tree;
    const procs = t?.processes ?? [];
    procs.forEach((p) => pids.add(p.pid));
    const root = procs.find((p) => p.depth === 0);
    tree.rootCpu.push(clean(root?.cpuPercent, 0, MAX_CPU_PERCENT));
    const threads = (t?.rootThreads ?? []).map((th) => clean(th.cpuPercent, 0, 100.5)).filter((v): v is number => v !== null);
    tree.mainThreadCpu.push(threads.length === 0 ? null : Math.min(100, Math.max(...threads)));
    for (const p of procs) {
      let series = tree.byPid.get(p.pid);
      if (!series) tree.byPid.set(p.pid, (series = { cpu: samples.map(() => null), state: samples.map(() => null) }));
      series.cpu[i] = clean(p.cpuPercent, 0, MAX_CPU_PERCENT);
      series.state[i] = typeof p.state === 'string' ? p.state : null;
    }
    // A descendant on a GPU is a rank of the job, not a loader worker.
    const workers = procs.filter((p) => p.depth >= 1 && !p.usesGpu && !gpuPids.has(p.pid));
    tree.workerCount.push(workers.length);
    tree.workerCpu.push(workers.map((p) => clean(p.cpuPercent, 0, MAX_CPU_PERCENT)).filter((v): v is number => v !== null));
    tree.diskRead.push(clean(t?.totalDiskReadBytesPerSecond, 0, MAX_BYTES));
    tree.rootState.push(typeof root?.state === 'string' ? root.state : null);
    tree.workerStates.push(workers.map((p) => (typeof p.state === 'string' ? p.state : null)));
  });
  return tree;
}
