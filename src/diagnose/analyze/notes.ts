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
  if (ctx.tree === null) notes.push({ key: ctx.observation.rootPid === null ? 'diagnose.note.noTree' : 'diagnose.note.treeUnread' });
  else if (!ctx.tree.mainThreadCpu.some((v) => v !== null)) notes.push({ key: 'diagnose.note.noThreads' });
  if (ctx.iowait.every((v) => v === null)) notes.push({ key: 'diagnose.note.noIowait' });
  if (ctx.gpus.length > 0 && ctx.gpus.every((g) => g.holders.length === 0)) notes.push({ key: 'diagnose.note.noProcesses' });
  return notes;
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
    return [{ key: 'diagnose.note.underusedNoCause', params: { gpu: g.index, utilPercent: util === null ? '?' : Math.round(util), smPercent: sm === null ? '?' : Math.round(sm) } }];
  });
}
