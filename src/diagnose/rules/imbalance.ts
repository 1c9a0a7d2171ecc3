// Imbalance across the job's GPUs: one GPU well busier than another of the same job — a straggler
// that the others wait for (synchronous data parallel), or uneven shards. Only within one watched
// job: two unrelated jobs on two GPUs are not "imbalanced". Waiting ranks can still read as busy
// (NCCL's kernels spin while they wait), so the text names the least-busy GPU as the one whose
// work arrives late, and says to look at its host side first.

import type { AnalysisContext } from '../analyze/context.js';
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
  if (gap < THRESHOLDS.imbalanceGapPercent.value || busiest.util < THRESHOLDS.busyUtilPercent.value) return [];
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
