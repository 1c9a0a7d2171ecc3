// What several rules ask of the context: which GPUs belong to the watched job, how much of the
// time a GPU sat in gaps, and how busy the job's main thread was.

import type { AnalysisContext, GpuSeries, MigSliceSeries } from '../analyze/context.js';
import { evidence } from '../analyze/finding.js';
import { max, mean, share } from '../analyze/stats.js';
import type { Evidence } from '../types.js';
import { pcieLinkBytesPerSecond, THRESHOLDS } from '../thresholds.js';

/** Enough driver ticks to speak of a pattern (one second's worth). */
const MIN_SUB_SAMPLES = 6;

/**
 * The GPUs the job uses (a tree pid listed on them), else every GPU observed — PIDs from another
 * namespace (a container) do not match the tree — except those a process of this namespace outside
 * the tree visibly holds: that GPU is another job's, and the tree's CPU says nothing about it.
 */
export function jobGpus(ctx: AnalysisContext): GpuSeries[] {
  const tree = ctx.tree;
  if (!tree) return ctx.gpus;
  const used = treeGpus(ctx);
  return used.length > 0 ? used : ctx.gpus.filter((g) => !heldByOthers(g, tree.pids));
}

/** The GPUs a tree pid is listed on (empty without a tree). */
export function treeGpus(ctx: AnalysisContext): GpuSeries[] {
  const tree = ctx.tree;
  if (!tree) return [];
  return ctx.gpus.filter((g) => g.holders.some((h) => tree.pids.has(h.pid)));
}

const heldByOthers = (g: GpuSeries, pids: ReadonlySet<number>) => g.holders.some((h) => h.visibleHere && !pids.has(h.pid));

/**
 * The watched tree used no GPU, while processes of this pid namespace outside it did: the GPUs
 * they held (empty otherwise). Then the pids match, so the tree's absence from the driver's
 * list is real, and nothing about the GPUs can be blamed on the tree.
 */
export function gpusHeldOutsideTree(ctx: AnalysisContext): GpuSeries[] {
  const tree = ctx.tree;
  if (!tree || treeGpus(ctx).length > 0) return [];
  return ctx.gpus.filter((g) => heldByOthers(g, tree.pids));
}

/**
 * A MIG GPU's slices with memory figures that the job's processes ran in — all of them when that
 * is not known (no tree, or pids of another namespace). Empty outside MIG mode.
 */
export function jobSlices(ctx: AnalysisContext, g: GpuSeries): MigSliceSeries[] {
  const slices = g.migSlices.filter((s) => s.totalBytes !== null && s.memUsed.some((v) => v !== null));
  const tree = ctx.tree;
  const mine = new Set(g.holders.filter((h) => tree?.pids.has(h.pid) && h.gpuInstanceId !== null).map((h) => h.gpuInstanceId));
  return mine.size === 0 ? slices : slices.filter((s) => mine.has(s.gpuInstanceId));
}

export interface Gaps {
  /** 0–1: share of the time with (almost) no kernel running. */
  share: number;
  /** 0–1: share of the time with kernels running more than half of it. */
  busyShare: number;
  /** From the driver's 1/6 s samples, or only the per-interval values. */
  source: 'driver-samples' | 'interval';
  count: number;
  /** Separate runs of idle values between the first burst and the last. */
  runs: number;
  /** 0–1: the longest run's share of all the idle values. */
  longestRunShare: number;
}

export function gaps(g: GpuSeries): Gaps | null {
  const gap = THRESHOLDS.gapUtilPercent.value;
  const fine = g.subUtil.length >= MIN_SUB_SAMPLES;
  const series = betweenBursts(fine ? g.subUtil : g.util);
  const s = share(series, (v) => v <= gap);
  const busy = share(series, (v) => v > BURST_PERCENT);
  if (s === null || busy === null) return null;
  const { runs, longest, idle } = idleRuns(series, gap);
  return { share: s, busyShare: busy, source: fine ? 'driver-samples' : 'interval', count: series.filter((v) => v !== null).length, runs, longestRunShare: idle === 0 ? 0 : longest / idle };
}

/**
 * Gaps that make a saw-tooth: bursts of work between them, and recurring — several separate gaps,
 * none holding half the idle time. One long pause (a checkpoint, an evaluation) is not a wait
 * before every step.
 */
export function isSawTooth(gap: Gaps, minSharePercent: number): boolean {
  return gap.share * 100 >= minSharePercent
    && gap.busyShare * 100 >= THRESHOLDS.sawToothBusySharePercent.value
    && gap.runs >= THRESHOLDS.sawToothMinGaps.value
    && gap.longestRunShare * 100 < THRESHOLDS.sawToothLongestGapPercent.value;
}

/** Runs of values ≤ `gap` (a missing value neither ends nor extends one). */
function idleRuns(series: readonly (number | null)[], gap: number): { runs: number; longest: number; idle: number } {
  let runs = 0;
  let longest = 0;
  let current = 0;
  let idle = 0;
  for (const v of series) {
    if (v === null) continue;
    if (v <= gap) {
      if (current === 0) runs += 1;
      current += 1;
      idle += 1;
      if (current > longest) longest = current;
    } else current = 0;
  }
  return { runs, longest, idle };
}

const BURST_PERCENT = 50;

/**
 * From the first burst of work to the last: the idle start of a job (imports, loading the model,
 * CUDA's start) and its idle end are not gaps between steps. A series with no burst is kept whole.
 */
function betweenBursts(series: readonly (number | null)[]): readonly (number | null)[] {
  const first = series.findIndex((v) => v !== null && v > BURST_PERCENT);
  if (first < 0) return series;
  let last = series.length - 1;
  while (last > first && !((series[last] ?? 0) > BURST_PERCENT)) last -= 1;
  return series.slice(first, last + 1);
}

/** Share (0–1) of the state letters that are R (running or runnable); null when none was read. */
export function runnableShare(states: readonly (string | null)[]): number | null {
  return share(states.map((st) => (st === null ? null : st === 'R' ? 1 : 0)), (v) => v === 1);
}

export interface MainThread {
  /** % of one core: its busiest thread when threads were read, else the whole root process. */
  percent: number | null;
  fromThreads: boolean;
  /** 0–1: samples with the root's main thread in state R. */
  runnable: number | null;
  /** At a full core, or never waiting for anything but a CPU. */
  full: boolean;
  /** Whose: the root, or the job's process on that GPU. */
  pid: number;
}

/**
 * How busy the main thread driving GPU `g` was; null without a tree or any figure. That is the
 * root's, unless the root only launched the job (a launcher, torchrun) and a descendant is the
 * process on that GPU: then that process's (its threads are not read, its state letter is).
 */
export function mainThread(ctx: AnalysisContext, g?: GpuSeries): MainThread | null {
  const tree = ctx.tree;
  if (!tree) return null;
  const rank = g?.holders.find((h) => h.pid !== tree.rootPid && tree.byPid.has(h.pid) && !g.holders.some((x) => x.pid === tree.rootPid));
  if (rank) {
    const series = tree.byPid.get(rank.pid)!;
    return judgeMain(mean(series.cpu), false, runnableShare(series.state), rank.pid);
  }
  const threads = mean(tree.mainThreadCpu);
  return judgeMain(threads ?? mean(tree.rootCpu), threads !== null, runnableShare(tree.rootState), tree.rootPid);
}

function judgeMain(percent: number | null, fromThreads: boolean, runnable: number | null, pid: number): MainThread | null {
  if (percent === null && runnable === null) return null;
  const full = (percent !== null && percent >= THRESHOLDS.mainThreadFullCorePercent.value) || (runnable !== null && runnable * 100 >= THRESHOLDS.runnableSharePercent.value);
  return { percent, fromThreads, runnable, full, pid };
}

/** The main thread's evidence: its CPU where read, else how often it was runnable. */
export function mainEvidence(key: string, main: MainThread): Evidence {
  const pid = main.pid;
  if (main.percent !== null && main.percent >= THRESHOLDS.mainThreadFullCorePercent.value) return evidence(key, main.percent, '% of one core', { pid, percent: Math.round(main.percent) });
  if (main.runnable !== null && main.full) return evidence('diagnose.evidence.mainRunnable', pct(main.runnable), '% of samples', { pid, percent: pct(main.runnable), cpuPercent: main.percent === null ? '?' : Math.round(main.percent) });
  return evidence(key, main.percent, '% of one core', { pid, percent: main.percent === null ? '?' : Math.round(main.percent) });
}

export function peakMemoryPercent(g: GpuSeries): number | null {
  const peak = max(g.memUsed);
  return peak === null || g.totalBytes === null ? null : (peak / g.totalBytes) * 100;
}

export const pct = (share01: number) => Math.round(share01 * 1000) / 10;

/** Per sample: PCIe's busier direction, bytes/s (null where neither was read). */
export function pcieRates(g: GpuSeries): (number | null)[] {
  return g.pcieRx.map((rx, i) => {
    const tx = g.pcieTx[i] ?? null;
    return rx === null && tx === null ? null : Math.max(rx ?? 0, tx ?? 0);
  });
}

/**
 * Share (0–1) of the samples with a busy bus: ≥ 15 % of the link's rate, or ≥ 2 GiB/s whatever
 * the link (pageable copies never come near the line rate). Null when unknown.
 */
export function pcieBusyShare(g: GpuSeries): number | null {
  const link = pcieLinkBytesPerSecond(g.linkGeneration, g.linkWidth);
  const limit = Math.min(link ? (link.bytesPerSecond * THRESHOLDS.pcieBusyLinkPercent.value) / 100 : Infinity, THRESHOLDS.pcieBusyBytesPerSecond.value);
  return share(pcieRates(g), (r) => r >= limit);
}

export interface MainFeeds {
  util: number;
  rxBytesPerSecond: number;
  main: MainThread;
}

/**
 * The job has no loader workers, its main thread is at a full core, the GPU mostly waits, and
 * batches flow host→device (not a bus-bound copy loop): the main process prepares the data while
 * the GPU waits — input-bound with num_workers=0, even when the steps are shorter than the driver's
 * 1/6 s samples and so show no saw-tooth. Null otherwise.
 */
export function mainFeeds(ctx: AnalysisContext, g: GpuSeries): MainFeeds | null {
  const tree = ctx.tree;
  if (!tree || (max(tree.workerCount) ?? 0) > 0) return null;
  const util = mean(g.util);
  const rx = mean(g.pcieRx);
  const main = mainThread(ctx, g);
  if (util === null || rx === null || !main?.full) return null;
  if (util >= THRESHOLDS.busyUtilPercent.value || rx < THRESHOLDS.hostFeedBytesPerSecond.value) return null;
  if ((pcieBusyShare(g) ?? 0) >= 0.5) return null;
  return { util, rxBytesPerSecond: rx, main };
}
