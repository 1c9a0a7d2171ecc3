// The notes every report carries: what GPU-Util does and does not say, and what this window could
// not observe and why — so a "healthy" verdict is read with the blind spots it has.

import type { Text } from '../types.js';
import type { AnalysisContext } from './context.js';

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
