// Memory nearly full / OOM risk: the window's peak against the GPU's total. It costs no time now —
// it is the risk that the next longer sequence or new shape fails — so it ranks by a fixed small
// time share and never hides the cause of a slow job. Frameworks that reserve memory up front
// (TensorFlow grows to almost all of it, JAX preallocates 75 %) look full without being at risk:
// the text says so.

import type { AnalysisContext, GpuSeries } from '../analyze/context.js';
import { evidence, makeFinding } from '../analyze/finding.js';
import { max, share } from '../analyze/stats.js';
import { THRESHOLDS, used } from '../thresholds.js';
import type { Finding } from '../types.js';
import { fix } from './fixes.js';
import { jobGpus, pct, peakMemoryPercent } from './common.js';
import type { Rule } from './index.js';

/** Ranking weight: a risk, not time lost (see the file comment). */
const RISK_TIME_SHARE = 0.1;
const MIB = 2 ** 20;

export const memoryNearlyFull: Rule = (ctx) => jobGpus(ctx).flatMap((g) => judge(ctx, g));

function judge(ctx: AnalysisContext, g: GpuSeries): Finding[] {
  const peakPercent = peakMemoryPercent(g);
  const total = g.totalBytes;
  const peak = max(g.memUsed);
  if (peakPercent === null || total === null || peak === null || peakPercent < THRESHOLDS.memoryNearlyFullPercent.value) return [];
  const above = share(g.memUsed, (v) => (v / total) * 100 >= THRESHOLDS.memoryNearlyFullPercent.value) ?? 0;
  const oom = peakPercent >= THRESHOLDS.memoryOomRiskPercent.value;
  return [
    makeFinding(ctx, {
      rule: 'memory-nearly-full',
      severity: oom ? 'high' : 'medium',
      confidence: 0.8,
      timeShare: RISK_TIME_SHARE,
      gpuIndices: [g.index],
      pids: g.holders.map((h) => h.pid),
      title: { key: 'diagnose.memoryFull.title', params: { gpu: g.index } },
      summary: { key: oom ? 'diagnose.memoryFull.summaryOom' : 'diagnose.memoryFull.summary', params: { gpu: g.index, percent: Math.round(peakPercent * 10) / 10, freeMib: Math.round((total - peak) / MIB) } },
      evidence: [
        evidence('diagnose.evidence.memoryPeak', peak, 'B', { mib: Math.round(peak / MIB), totalMib: Math.round(total / MIB), percent: Math.round(peakPercent * 10) / 10 }),
        evidence('diagnose.evidence.memoryAboveShare', pct(above), '%', { percent: pct(above), threshold: THRESHOLDS.memoryNearlyFullPercent.value }),
        evidence('diagnose.evidence.memoryReservedHint', null, null),
      ],
      thresholds: used('memoryNearlyFullPercent', 'memoryOomRiskPercent'),
      fixes: [fix('reduceMemory')],
    }),
  ];
}
