// Small batch / launch bound: the SMs are mostly idle (SM activity < 50 %, DCGM's "ineffective"),
// little memory is used, and the job's main thread is at a full core — the CPU launching kernels
// sets the pace. Its variant "model too small": kernels run nearly all the time (GPU-Util high)
// yet fill few SMs, so the GPU is busy doing little. Launch gaps last microseconds, below the
// driver's 1/6 s sampling: a saw-tooth of whole idle ticks is the input pipeline's, not this.

import type { AnalysisContext, GpuSeries } from '../analyze/context.js';
import { evidence, makeFinding } from '../analyze/finding.js';
import { mean } from '../analyze/stats.js';
import { THRESHOLDS, used } from '../thresholds.js';
import type { Finding } from '../types.js';
import { fix } from './fixes.js';
import { gaps, isSawTooth, jobGpus, mainEvidence, mainFeeds, mainThread, pcieBusyShare, peakMemoryPercent } from './common.js';
import type { Rule } from './index.js';

export const launchBound: Rule = (ctx) => (ctx.tree ? jobGpus(ctx).flatMap((g) => judge(ctx, g)) : []);

function judge(ctx: AnalysisContext, g: GpuSeries): Finding[] {
  const util = mean(g.util);
  const sm = mean(g.smActive);
  if (util === null) return [];
  const gap = gaps(g);
  // A saw-tooth (long gaps with bursts between) is the input's pattern; uniformly low is not.
  if (gap && isSawTooth(gap, THRESHOLDS.inputHighPercent.value)) return [];
  // A loop that copies a lot is busy copying, not launching: transfer-bound's to judge.
  if ((pcieBusyShare(g) ?? 0) >= 0.5) return [];
  // The main thread preparing batches (no workers, data flowing in) is input-bound's to judge.
  if (mainFeeds(ctx, g)) return [];
  const memPercent = peakMemoryPercent(g);
  if (memPercent !== null && memPercent >= THRESHOLDS.lowMemoryUsePercent.value) return [];
  const main = mainThread(ctx, g);
  const mainFull = main?.full === true;
  const lowSm = sm !== null && sm < THRESHOLDS.smActiveIneffectivePercent.value;
  const smallModel = lowSm && util >= THRESHOLDS.smallModelUtilPercent.value;
  const launch = mainFull && !smallModel && (sm !== null ? lowSm : util < THRESHOLDS.busyUtilPercent.value);
  if (!smallModel && !launch) return [];
  const activity = sm ?? util;
  const confidence = Math.min(0.9, (smallModel ? 0.6 : 0.5) + (sm !== null ? 0.15 : 0) + (main?.fromThreads ? 0.1 : 0) + (memPercent !== null ? 0.05 : 0));
  const variant = smallModel ? 'small-model' : null;
  const base = smallModel ? 'diagnose.smallModel' : 'diagnose.launchBound';
  const ev = [
    evidence('diagnose.evidence.gpuUtilMean', util, '%', { percent: Math.round(util) }),
    sm === null ? evidence('diagnose.evidence.smActiveUnknown', null, null, { gpu: g.index }) : evidence('diagnose.evidence.smActiveMean', sm, '%', { percent: Math.round(sm), threshold: THRESHOLDS.smActiveIneffectivePercent.value }),
    memPercent === null ? evidence('diagnose.evidence.memoryUnknown', null, null) : evidence('diagnose.evidence.memoryUse', memPercent, '%', { percent: Math.round(memPercent) }),
  ];
  if (main) ev.push(mainEvidence(main.fromThreads ? 'diagnose.evidence.mainThread' : 'diagnose.evidence.mainProcess', main));
  return [
    makeFinding(ctx, {
      rule: 'launch-bound',
      variant,
      severity: activity < 25 ? 'high' : 'medium',
      confidence,
      timeShare: 1 - activity / 100,
      gpuIndices: [g.index],
      pids: main ? [main.pid] : ctx.tree ? [ctx.tree.rootPid] : [],
      title: { key: `${base}.title`, params: { gpu: g.index } },
      summary: { key: `${base}.summary`, params: { gpu: g.index, utilPercent: Math.round(util), activityPercent: Math.round(activity) } },
      evidence: ev,
      thresholds: used('smActiveIneffectivePercent', 'smActiveEffectivePercent', 'lowMemoryUsePercent', 'mainThreadFullCorePercent', 'runnableSharePercent', 'busyUtilPercent', 'smallModelUtilPercent', 'inputHighPercent', 'sawToothBusySharePercent', 'sawToothMinGaps', 'sawToothLongestGapPercent', 'pcieBusyLinkPercent', 'pcieBusyBytesPerSecond', 'hostFeedBytesPerSecond'),
      fixes: smallModel ? [fix('largerBatch'), fix('mixedPrecision'), fix('compileGraphs')] : [fix('largerBatch'), fix('compileGraphs'), fix('mixedPrecision'), fix('fewerSyncs')],
    }),
  ];
}
