// The notes every report carries: what GPU-Util does and does not say, and what this window could
// not observe and why — so a "healthy" verdict is read with the blind spots it has.

import { THRESHOLDS } from '../thresholds.js';
import type { Finding, Text } from '../types.js';
import type { AnalysisContext } from './context.js';
import { mean } from './stats.js';

export function observabilityNotes(ctx: AnalysisContext): Text[] {
  const notes: Text[] = [];
  const anyUtil = ctx.gpus.some((g) => g.util.some((v) => v !== null));
  if (anyUtil) notes.push({ key: 'diagnose.note.gpuUtil' });
  for (const g of ctx.gpus) {
    const gpu = g.index;
    // Without GPU-Util (MIG mode) a quiet report is not a healthy one: said, and the GPM note,
    // which speaks of judging from GPU-Util, would mislead.
    if (!g.util.some((v) => v !== null)) notes.push({ key: g.migMode ? NO_UTIL_MIG : NO_UTIL, params: { gpu } });
    else if (!g.smActive.some((v) => v !== null)) notes.push({ key: 'diagnose.note.noGpm', params: { gpu, name: g.name ?? '?' } });
    if (g.subUtil.length === 0 && anyUtil) notes.push({ key: 'diagnose.note.noSubSamples', params: { gpu } });
    if (!g.pcieRx.some((v) => v !== null) && !g.pcieTx.some((v) => v !== null)) notes.push({ key: 'diagnose.note.noPcie', params: { gpu } });
    if (!g.throttle.some((v) => v !== null) && !g.reasons.some((v) => v !== null)) notes.push({ key: 'diagnose.note.noThrottle', params: { gpu } });
  }
  notes.push(...unreadNotes(ctx), ...lostNotes(ctx));
  if (ctx.tree === null) notes.push({ key: ctx.observation.rootPid === null ? 'diagnose.note.noTree' : 'diagnose.note.treeUnread' });
  else if (!ctx.tree.mainThreadCpu.some((v) => v !== null)) notes.push({ key: 'diagnose.note.noThreads' });
  if (ctx.iowait.every((v) => v === null)) notes.push({ key: 'diagnose.note.noIowait' });
  if (ctx.gpus.length > 0 && ctx.gpus.every((g) => g.holders.length === 0)) notes.push({ key: 'diagnose.note.noProcesses' });
  return notes;
}

/**
 * GPUs in the window that never gave a reading (hung, fallen off the bus): not judged, and said —
 * else a report of the GPUs that answered reads "healthy" for a machine with a GPU not answering.
 */
function unreadNotes(ctx: AnalysisContext): Text[] {
  const read = new Set(ctx.gpus.map((g) => g.index));
  const unread = new Set<number>();
  for (const sample of ctx.observation.samples) for (const d of sample.devices) if (Number.isInteger(d.index) && d.index >= 0 && !read.has(d.index)) unread.add(d.index);
  return [...unread].sort((a, b) => a - b).map((gpu) => ({ key: GPU_NOT_READ, params: { gpu } }));
}

/**
 * GPUs that answered, then stopped (fell off the bus): their means and findings cover only the
 * time before, which the GPU table alone does not show.
 */
function lostNotes(ctx: AnalysisContext): Text[] {
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return ctx.gpus.flatMap((g): Text[] => g.lostAtMs === null || g.lastReadMs === null ? [] : [{
    key: 'diagnose.note.gpuLost',
    params: { gpu: g.index, atSeconds: round1((g.lastReadMs - ctx.fromMs) / 1000), seconds: round1(ctx.seconds) },
  }]);
}

const GPU_NOT_READ = 'diagnose.note.gpuNotRead';
const NO_UTIL = 'diagnose.note.noUtil';
const NO_UTIL_MIG = 'diagnose.note.noUtilMig';
const UNDERUSED_NO_CAUSE = 'diagnose.note.underusedNoCause';
const UNDERUSED_NO_CAUSE_NO_GPM = 'diagnose.note.underusedNoCauseNoGpm';
const UNDERUSED_BUSY_KERNELS = 'diagnose.note.underusedBusyKernels';
const TREE_USED_NO_GPU = 'diagnose.insufficient.treeUsedNoGpu';

const gpusNoted = (report: { notes: readonly Text[] }, keys: readonly string[]) =>
  report.notes.filter((n) => keys.includes(n.key)).map((n) => Number(n.params?.['gpu'])).filter(Number.isInteger);

/** The GPUs a report's notes call used little with no cause found: a "healthy" verdict that is not. */
function unexplainedGpuIndices(report: { notes: readonly Text[] }): number[] {
  return gpusNoted(report, [UNDERUSED_NO_CAUSE, UNDERUSED_NO_CAUSE_NO_GPM, UNDERUSED_BUSY_KERNELS]);
}

/**
 * The GPUs that gave no GPU-Util at all (MIG mode): a healthy verdict for them means only that
 * their memory, clocks and copies were fine. The headline says so rather than "healthy".
 */
export function utilUnavailableGpuIndices(report: { notes: readonly Text[] }): number[] {
  return gpusNoted(report, [NO_UTIL, NO_UTIL_MIG]);
}

/** An `insufficient` verdict because the watched tree used no GPU (others did). */
export function treeUsedNoGpu(report: { notes: readonly Text[] }): boolean {
  return report.notes.some((n) => n.key === TREE_USED_NO_GPU);
}

/** The GPUs of the window that gave no reading at all, so were not judged. */
function unreadGpuIndices(report: { notes: readonly Text[] }): number[] {
  return gpusNoted(report, [GPU_NOT_READ]);
}

/**
 * What a `healthy` verdict may be headlined as: healthy; or, where no rule fired but a GPU was
 * used little with no cause found, gave no reading at all, or gave no GPU-Util (MIG mode: judged
 * by its memory, clocks and copies only), that instead (with those GPUs). The terminal, the HTML
 * page and `run`'s report all say it from here.
 */
export type HealthyHeadline = { kind: 'healthy' } | { kind: 'no-cause' | 'unread' | 'no-util'; gpus: number[] };

export function healthyHeadline(report: { notes: readonly Text[] }): HealthyHeadline {
  const unexplained = unexplainedGpuIndices(report);
  if (unexplained.length > 0) return { kind: 'no-cause', gpus: unexplained };
  const unread = unreadGpuIndices(report);
  if (unread.length > 0) return { kind: 'unread', gpus: unread };
  const noUtil = utilUnavailableGpuIndices(report);
  return noUtil.length > 0 ? { kind: 'no-util', gpus: noUtil } : { kind: 'healthy' };
}

/**
 * A GPU used little for which no rule found a cause: said plainly rather than passed as "fine" —
 * the job may wait on something not visible from outside (the network, a lock, a sleep). Except
 * where kernels ran nearly all the time on few SMs: that GPU did not wait, its kernels are small
 * or memory-bound, and the note says to profile them instead.
 */
export function unexplainedNotes(ctx: AnalysisContext, findings: Finding[]): Text[] {
  return ctx.gpus.flatMap((g): Text[] => {
    if (findings.some((f) => f.gpuIndices.includes(g.index))) return [];
    const util = mean(g.util);
    const sm = mean(g.smActive);
    const low = (util !== null && util > THRESHOLDS.idleUtilPercent.value && util < THRESHOLDS.busyUtilPercent.value) || (sm !== null && sm < THRESHOLDS.smActiveIneffectivePercent.value && (util ?? 0) > THRESHOLDS.idleUtilPercent.value);
    if (!low) return [];
    // `low` needs a GPU-Util figure whenever SM activity is missing, so only SM activity can be.
    const utilPercent = Math.round(util ?? 0);
    if (sm !== null && util !== null && util >= THRESHOLDS.smallModelUtilPercent.value) {
      return [{ key: UNDERUSED_BUSY_KERNELS, params: { gpu: g.index, utilPercent, smPercent: Math.round(sm) } }];
    }
    return [sm === null
      ? { key: UNDERUSED_NO_CAUSE_NO_GPM, params: { gpu: g.index, utilPercent } }
      : { key: UNDERUSED_NO_CAUSE, params: { gpu: g.index, utilPercent, smPercent: Math.round(sm) } }];
  });
}
