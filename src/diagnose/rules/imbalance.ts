// Imbalance across the job's GPUs: one GPU well busier than another of the same job — a straggler
// that the others wait for (synchronous data parallel), or uneven shards; or, with GPM, all busy by
// GPU-Util while one computes and the others keep few SMs active (variant 'compute'). Only within one watched
// job: two unrelated jobs on two GPUs are not "imbalanced". Waiting ranks can still read as busy
// (NCCL's kernels spin while they wait), so the text names the least-busy GPU as the one whose
// work arrives late, and says to look at its host side first.

import type { AnalysisContext, GpuSeries } from '../analyze/context.js';
import { evidence, makeFinding } from '../analyze/finding.js';
import { mean } from '../analyze/stats.js';
import { THRESHOLDS, used } from '../thresholds.js';
import type { Finding } from '../types.js';
import { fix } from './fixes.js';
import { treeGpus } from './common.js';
import type { Rule } from './index.js';

export const imbalance: Rule = (ctx) => judge(ctx);

function judge(ctx: AnalysisContext): Finding[] {
  const gpus = treeGpus(ctx)
    .map((g) => ({ g, util: mean(g.util), sm: mean(g.smActive) }))
    .filter((x): x is { g: typeof x.g; util: number; sm: number | null } => x.util !== null);
  if (gpus.length < 2) return [];
  const sorted = [...gpus].sort((a, b) => b.util - a.util);
  const busiest = sorted[0]!;
  const slowest = sorted[sorted.length - 1]!;
  const gap = busiest.util - slowest.util;
  if (gap < THRESHOLDS.imbalanceGapPercent.value) return computeStraggler(ctx, gpus);
  if (busiest.util < THRESHOLDS.busyUtilPercent.value) return [];
  const tree = ctx.tree!;
  const pids = slowest.g.holders.filter((h) => tree.pids.has(h.pid)).map((h) => h.pid);
  return [
    makeFinding(ctx, {
      rule: 'imbalance',
      severity: gap >= 50 ? 'high' : 'medium',
      confidence: 0.7,
      timeShare: gap / 100,
      gpuIndices: sorted.map((x) => x.g.index),
      pids,
      title: { key: 'diagnose.imbalance.title' },
      summary: { key: 'diagnose.imbalance.summary', params: { slow: slowest.g.index, slowPercent: Math.round(slowest.util), busy: busiest.g.index, busyPercent: Math.round(busiest.util), pids: pids.join(', ') || '?' } },
      evidence: sorted.map((x) => evidence('diagnose.evidence.perGpuUtil', x.util, '%', { gpu: x.g.index, percent: Math.round(x.util), sm: x.sm === null ? '—' : Math.round(x.sm) })),
      thresholds: used('imbalanceGapPercent', 'busyUtilPercent'),
      fixes: [fix('balanceRanks'), fix('loaderWorkers')],
    }),
  ];
}

/**
 * All GPUs of the job "busy" by GPU-Util, but one computes while the others keep few SMs active:
 * in synchronous training the others spin in communication kernels (NCCL) waiting for it. That
 * one is the straggler — it has more work. Needs SM activity (GPM); less sure than a GPU-Util gap.
 */
function computeStraggler(ctx: AnalysisContext, gpus: { g: GpuSeries; util: number; sm: number | null }[]): Finding[] {
  const withSm = gpus.filter((x): x is { g: GpuSeries; util: number; sm: number } => x.sm !== null);
  if (withSm.length < 2 || withSm.length !== gpus.length) return [];
  if (withSm.some((x) => x.util < THRESHOLDS.smallModelUtilPercent.value)) return [];
  const sorted = [...withSm].sort((a, b) => b.sm - a.sm);
  const straggler = sorted[0]!;
  const waiting = sorted[sorted.length - 1]!;
  const gap = straggler.sm - waiting.sm;
  if (gap < THRESHOLDS.imbalanceGapPercent.value) return [];
  const tree = ctx.tree!;
  const pids = straggler.g.holders.filter((h) => tree.pids.has(h.pid)).map((h) => h.pid);
  return [
    makeFinding(ctx, {
      rule: 'imbalance',
      variant: 'compute',
      severity: gap >= 50 ? 'high' : 'medium',
      confidence: 0.55,
      timeShare: gap / 100,
      gpuIndices: sorted.map((x) => x.g.index),
      pids,
      title: { key: 'diagnose.imbalance.title' },
      summary: { key: 'diagnose.imbalance.summaryCompute', params: { slow: straggler.g.index, slowSm: Math.round(straggler.sm), busy: waiting.g.index, busySm: Math.round(waiting.sm), pids: pids.join(', ') || '?' } },
      evidence: sorted.map((x) => evidence('diagnose.evidence.perGpuUtil', x.sm, '%', { gpu: x.g.index, percent: Math.round(x.util), sm: Math.round(x.sm) })),
      thresholds: used('imbalanceGapPercent', 'smallModelUtilPercent'),
      fixes: [fix('balanceRanks')],
    }),
  ];
}
