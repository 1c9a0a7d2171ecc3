// Memory nearly full / OOM risk: the window's peak against the GPU's total. It costs no time now —
// it is the risk that the next longer sequence or new shape fails — so it ranks by a fixed small
// time share and never hides the cause of a slow job. Frameworks that reserve memory up front
// (TensorFlow grows to almost all of it, JAX preallocates 75 %) look full without being at risk:
// the text says so. A GPU in MIG mode is judged per slice: a job sees its slice's memory, never
// the whole GPU's, so a full 10 GB slice on a half-empty 40 GB GPU is the risk.

import type { AnalysisContext, GpuSeries, MigSliceSeries } from '../analyze/context.js';
import { evidence, makeFinding } from '../analyze/finding.js';
import { max, share, type Series } from '../analyze/stats.js';
import { THRESHOLDS, used } from '../thresholds.js';
import type { Finding } from '../types.js';
import { fix } from './fixes.js';
import { jobGpus, jobSlices, pct } from './common.js';
import type { Rule } from './index.js';

/** Ranking weight: a risk, not time lost (see the file comment). */
const RISK_TIME_SHARE = 0.1;
const MIB = 2 ** 20;

export const memoryNearlyFull: Rule = (ctx) => jobGpus(ctx).flatMap((g) => {
  const slices = jobSlices(ctx, g);
  return slices.length > 0 ? slices.flatMap((s) => judge(ctx, g, s.memUsed, s.totalBytes, s)) : judge(ctx, g, g.memUsed, g.totalBytes, null);
});

/** "2g.10gb (GI 3)": the profile from the slice's name, and its GPU instance. */
function sliceLabel(s: MigSliceSeries): string {
  const profile = /MIG\s+(\S+)/.exec(s.name ?? '')?.[1];
  return profile ? `${profile} (GI ${s.gpuInstanceId})` : `GI ${s.gpuInstanceId}`;
}

function judge(ctx: AnalysisContext, g: GpuSeries, memUsed: Series, total: number | null, slice: MigSliceSeries | null): Finding[] {
  const peak = max(memUsed);
  if (total === null || peak === null) return [];
  const peakPercent = (peak / total) * 100;
  if (peakPercent < THRESHOLDS.memoryNearlyFullPercent.value) return [];
  const above = share(memUsed, (v) => (v / total) * 100 >= THRESHOLDS.memoryNearlyFullPercent.value) ?? 0;
  const oom = peakPercent >= THRESHOLDS.memoryOomRiskPercent.value;
  const base = slice ? 'diagnose.memoryFull.summaryMig' : 'diagnose.memoryFull.summary';
  const label: Record<string, string> = slice ? { slice: sliceLabel(slice) } : {};
  const holders = slice ? g.holders.filter((h) => h.gpuInstanceId === slice.gpuInstanceId) : g.holders;
  return [
    makeFinding(ctx, {
      rule: 'memory-nearly-full',
      variant: slice ? 'mig' : null,
      severity: oom ? 'high' : 'medium',
      confidence: 0.8,
      timeShare: RISK_TIME_SHARE,
      gpuIndices: [g.index],
      pids: holders.map((h) => h.pid),
      title: { key: slice ? 'diagnose.memoryFull.titleMig' : 'diagnose.memoryFull.title', params: { gpu: g.index, ...label } },
      summary: { key: oom ? `${base}Oom` : base, params: { gpu: g.index, percent: Math.round(peakPercent * 10) / 10, freeMib: Math.round((total - peak) / MIB), ...label } },
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
