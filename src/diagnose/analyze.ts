// `diagnose(observation)`: the analysis half of `gpuwise diagnose`. Pure and synchronous — the
// same observation (a live window or a replayed trace) always gives the same report.

import { buildContext, type AnalysisContext } from './analyze/context.js';
import { rank } from './analyze/finding.js';
import { observabilityNotes, unexplainedNotes } from './analyze/notes.js';
import { summarise } from './analyze/summary.js';
import { adviseBatch } from './batch-advice.js';
import { gpusHeldOutsideTree } from './rules/common.js';
import { RULES } from './rules/index.js';
import { throttleNotes } from './rules/throttled.js';
import { THRESHOLDS } from './thresholds.js';
import type { DiagnoseOptions, DiagnoseReport, Finding, Observation, Text } from './types.js';

export function diagnose(observation: Observation, options: DiagnoseOptions = {}): DiagnoseReport {
  const ctx = buildContext(observation);
  const notes: Text[] = [];
  const insufficient = insufficientReason(ctx);
  let findings: Finding[] = [];
  if (insufficient) notes.push(insufficient);
  else {
    findings = rank(RULES.flatMap((rule) => rule(ctx)));
    notes.push(...unexplainedNotes(ctx, findings), ...throttleNotes(ctx));
  }
  notes.push(...observabilityNotes(ctx));
  return {
    version: 1,
    target: observation.target,
    rootPid: observation.rootPid,
    startedAt: observation.startedAt,
    endedAt: observation.endedAt,
    seconds: Math.round(ctx.seconds * 10) / 10,
    sampleCount: ctx.sampleCount,
    verdict: insufficient ? 'insufficient' : findings.length > 0 ? 'findings' : 'healthy',
    findings,
    gpus: summarise(ctx),
    batchAdvice: insufficient ? [] : adviseBatch(ctx, options),
    notes,
  };
}

/**
 * Why nothing can be said, or null: too short a window, no GPU figure at all, or a watched tree
 * that used no GPU. Never a guess.
 */
function insufficientReason(ctx: AnalysisContext): Text | null {
  if (ctx.gpus.length === 0) return { key: 'diagnose.insufficient.noGpu' };
  if (!ctx.gpus.some((g) => g.util.some((v) => v !== null) || g.memUsed.some((v) => v !== null))) {
    return { key: 'diagnose.insufficient.noGpuData' };
  }
  if (ctx.sampleCount < THRESHOLDS.minSamples.value || ctx.seconds < THRESHOLDS.minWindowSeconds.value) {
    return {
      key: 'diagnose.insufficient.tooShort',
      params: { samples: ctx.sampleCount, seconds: Math.round(ctx.seconds * 10) / 10, minSamples: THRESHOLDS.minSamples.value, minSeconds: THRESHOLDS.minWindowSeconds.value },
    };
  }
  // The tree used no GPU while processes of this namespace did: its CPU is no evidence about them.
  const others = gpusHeldOutsideTree(ctx);
  if (others.length > 0) {
    const tree = ctx.tree!;
    const holders = [...new Set(others.flatMap((g) => g.holders.filter((h) => h.visibleHere && !tree.pids.has(h.pid)).map((h) => `${h.pid} (${h.name ?? '?'})`)))];
    return { key: 'diagnose.insufficient.treeUsedNoGpu', params: { gpus: others.map((g) => g.index).join(', '), count: others.length, holders: holders.slice(0, 8).join(', ') } };
  }
  return null;
}
