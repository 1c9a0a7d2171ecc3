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
    if (!g.smActive.some((v) => v !== null)) notes.push({ key: 'diagnose.note.noGpm', params: { gpu, name: g.name ?? '?' } });
    if (g.subUtil.length === 0 && anyUtil) notes.push({ key: 'diagnose.note.noSubSamples', params: { gpu } });
    if (!g.pcieRx.some((v) => v !== null) && !g.pcieTx.some((v) => v !== null)) notes.push({ key: 'diagnose.note.noPcie', params: { gpu } });
    if (!g.throttle.some((v) => v !== null) && !g.reasons.some((v) => v !== null)) notes.push({ key: 'diagnose.note.noThrottle', params: { gpu } });
  }
  notes.push(...unreadNotes(ctx));
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

const GPU_NOT_READ = 'diagnose.note.gpuNotRead';
const UNDERUSED_NO_CAUSE = 'diagnose.note.underusedNoCause';
const UNDERUSED_NO_CAUSE_NO_GPM = 'diagnose.note.underusedNoCauseNoGpm';

const gpusNoted = (report: { notes: readonly Text[] }, keys: readonly string[]) =>
  report.notes.filter((n) => keys.includes(n.key)).map((n) => Number(n.params?.['gpu'])).filter(Number.isInteger);

/** The GPUs a report's notes call used little with no cause found: a "healthy" verdict that is not. */
function unexplainedGpuIndices(report: { notes: readonly Text[] }): number[] {
  return gpusNoted(report, [UNDERUSED_NO_CAUSE, UNDERUSED_NO_CAUSE_NO_GPM]);
}

/** The GPUs of the window that gave no reading at all, so were not judged. */
function unreadGpuIndices(report: { notes: readonly Text[] }): number[] {
  return gpusNoted(report, [GPU_NOT_READ]);
}

/**
 * What a `healthy` verdict may be headlined as: healthy; or, where no rule fired but a GPU was
 * used little with no cause found, or gave no reading at all, that instead (with those GPUs).
 * The terminal, the HTML page and `run`'s report all say it from here.
 */
export type HealthyHeadline = { kind: 'healthy' } | { kind: 'no-cause' | 'unread'; gpus: number[] };

export function healthyHeadline(report: { notes: readonly Text[] }): HealthyHeadline {
  const unexplained = unexplainedGpuIndices(report);
  if (unexplained.length > 0) return { kind: 'no-cause', gpus: unexplained };
  const unread = unreadGpuIndices(report);
  return unread.length > 0 ? { kind: 'unread', gpus: unread } : { kind: 'healthy' };
}

/**
 * A GPU used little for which no rule found a cause: said plainly rather than passed as "fine" —
 * the job may wait on something not visible from outside (the network, a lock, a sleep).
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
    return [sm === null
      ? { key: UNDERUSED_NO_CAUSE_NO_GPM, params: { gpu: g.index, utilPercent } }
      : { key: UNDERUSED_NO_CAUSE, params: { gpu: g.index, utilPercent, smPercent: Math.round(sm) } }];
  });
}
