// Transfer bound: PCIe traffic near the link's rate (generation × width) for a good part of the
// window while the GPU is not saturated — steps wait on host↔device copies — or, as copies from
// pageable memory do, 15 % of it most of the time while the GPU mostly waits (variant
// 'pageable'). A busy GPU that also streams data overlaps its copies with compute: left alone.

import type { AnalysisContext, GpuSeries } from '../analyze/context.js';
import { evidence, makeFinding } from '../analyze/finding.js';
import { max, mean, share } from '../analyze/stats.js';
import { pcieLinkBytesPerSecond, THRESHOLDS, used } from '../thresholds.js';
import type { Finding } from '../types.js';
import { fix } from './fixes.js';
import { jobGpus, pcieBusyShare, pct } from './common.js';
import type { Rule } from './index.js';

export const transferBound: Rule = (ctx) => jobGpus(ctx).flatMap((g) => judge(ctx, g));

function judge(ctx: AnalysisContext, g: GpuSeries): Finding[] {
  const link = pcieLinkBytesPerSecond(g.linkGeneration, g.linkWidth);
  if (!link) return [];
  const ratios = g.pcieRx.map((rx, i) => {
    const tx = g.pcieTx[i] ?? null;
    if (rx === null && tx === null) return null;
    return Math.max(rx ?? 0, tx ?? 0) / link.bytesPerSecond;
  });
  const near = share(ratios, (r) => r * 100 >= THRESHOLDS.pcieNearLinkPercent.value);
  const busy = pcieBusyShare(g);
  if (near === null || busy === null) return [];
  const util = mean(g.util);
  const sm = mean(g.smActive);
  const saturated = util !== null && util >= THRESHOLDS.gpuSaturatedUtilPercent.value && (sm === null || sm >= THRESHOLDS.smActiveIneffectivePercent.value);
  if (saturated) return [];
  const nearLink = near * 100 >= THRESHOLDS.transferSharePercent.value;
  // Pageable copies never come near the line rate: a busy bus most of the time while the GPU
  // mostly waits (copies are not kernels: GPU-Util does not count them) is the same cause.
  const pageable = !nearLink && busy >= 0.5 && util !== null && util < THRESHOLDS.busyUtilPercent.value;
  if (!nearLink && !pageable) return [];
  const rxMean = mean(g.pcieRx);
  const txMean = mean(g.pcieTx);
  const peak = max(ratios) ?? 0;
  const gb = (v: number) => Math.round((v / 1e9) * 10) / 10;
  return [
    makeFinding(ctx, {
      rule: 'transfer-bound',
      variant: pageable ? 'pageable' : null,
      severity: (pageable ? busy : near) >= 0.5 ? 'high' : 'medium',
      confidence: Math.min(0.85, (pageable ? 0.45 : 0.6) + (util !== null ? 0.1 : 0) + (sm !== null && sm < THRESHOLDS.smActiveIneffectivePercent.value ? 0.1 : 0)),
      timeShare: pageable ? busy : near,
      gpuIndices: [g.index],
      pids: ctx.tree ? [ctx.tree.rootPid] : [],
      title: { key: 'diagnose.transferBound.title', params: { gpu: g.index } },
      summary: { key: pageable ? 'diagnose.transferBound.summaryPageable' : 'diagnose.transferBound.summary', params: { gpu: g.index, percent: pct(pageable ? busy : near), linkGBps: gb(link.bytesPerSecond), generation: g.linkGeneration ?? 0, width: g.linkWidth ?? 0 } },
      evidence: [
        pageable
          ? evidence('diagnose.evidence.pcieBusy', pct(busy), '%', { percent: pct(busy), threshold: THRESHOLDS.pcieBusyLinkPercent.value, gibPerSecond: THRESHOLDS.pcieBusyBytesPerSecond.value / 2 ** 30 })
          : evidence('diagnose.evidence.pcieNearLink', pct(near), '%', { percent: pct(near), threshold: THRESHOLDS.pcieNearLinkPercent.value }),
        evidence('diagnose.evidence.pcieMean', Math.max(rxMean ?? 0, txMean ?? 0), 'B/s', { rxGBps: gb(rxMean ?? 0), txGBps: gb(txMean ?? 0), peakPercent: Math.round(peak * 100) }),
        evidence('diagnose.evidence.pcieLink', link.bytesPerSecond, 'B/s', { generation: g.linkGeneration ?? 0, width: g.linkWidth ?? 0, linkGBps: gb(link.bytesPerSecond) }),
        ...(util === null ? [] : [evidence('diagnose.evidence.gpuUtilMean', util, '%', { percent: Math.round(util) })]),
      ],
      thresholds: used('pcieNearLinkPercent', 'transferSharePercent', 'pcieBusyLinkPercent', 'pcieBusyBytesPerSecond', 'busyUtilPercent', 'gpuSaturatedUtilPercent', link.threshold),
      fixes: [fix('keepOnGpu'), fix('pinnedNonBlocking'), fix('fewerSyncs')],
    }),
  ];
}
