// Input-pipeline bound: the GPU runs in bursts with gaps (a saw-tooth in the driver's 1/6 s
// samples) while the host side cannot feed it — loader workers at a full core each, the main
// process loading by itself (num_workers=0), iowait or storage reads high. Gaps share of time is
// judged as TensorBoard's analyzer judges "step time in input": < 5 % fine, ≥ 20 % highly bound.

import type { AnalysisContext, GpuSeries } from '../analyze/context.js';
import { evidence, makeFinding } from '../analyze/finding.js';
import { max, mean } from '../analyze/stats.js';
import { THRESHOLDS, used } from '../thresholds.js';
import type { Evidence, Finding } from '../types.js';
import { fix } from './fixes.js';
import { gaps, isSawTooth, jobGpus, mainEvidence, mainFeeds, mainThread, pct, runnableShare } from './common.js';
import type { Rule } from './index.js';

interface HostSignals {
  evidence: Evidence[];
  count: number;
  observed: boolean;
  /** The tree was read and the job has no loader workers: it loads in its main process. */
  noWorkers: boolean;
  mainPid: number | null;
}

export const inputBound: Rule = (ctx) => jobGpus(ctx).flatMap((g) => judge(ctx, g));

function judge(ctx: AnalysisContext, g: GpuSeries): Finding[] {
  const fromGaps = judgeGaps(ctx, g);
  return fromGaps.length > 0 ? fromGaps : judgeMainFeeds(ctx, g);
}

/** No saw-tooth to see (steps shorter than the driver's ticks), but the main process feeds the GPU itself. */
function judgeMainFeeds(ctx: AnalysisContext, g: GpuSeries): Finding[] {
  const feed = mainFeeds(ctx, g);
  if (!feed) return [];
  const waiting = 1 - feed.util / 100;
  return [
    makeFinding(ctx, {
      rule: 'input-bound',
      variant: 'main-process',
      severity: feed.util < 25 ? 'high' : 'medium',
      confidence: 0.6,
      timeShare: waiting,
      gpuIndices: [g.index],
      pids: [feed.main.pid],
      title: { key: 'diagnose.inputBound.title', params: { gpu: g.index } },
      summary: { key: 'diagnose.inputBound.summaryMainFeeds', params: { gpu: g.index, utilPercent: Math.round(feed.util), pid: feed.main.pid } },
      evidence: [
        evidence('diagnose.evidence.gpuUtilMean', feed.util, '%', { percent: Math.round(feed.util) }),
        evidence('diagnose.evidence.noWorkers', null, null, { pid: feed.main.pid }),
        mainEvidence('diagnose.evidence.mainLoads', feed.main),
        evidence('diagnose.evidence.hostToDevice', feed.rxBytesPerSecond, 'B/s', { mibPerSecond: Math.round(feed.rxBytesPerSecond / 2 ** 20) }),
      ],
      thresholds: used('busyUtilPercent', 'mainThreadFullCorePercent', 'runnableSharePercent', 'hostFeedBytesPerSecond', 'pcieBusyLinkPercent', 'pcieBusyBytesPerSecond'),
      fixes: [fix('loaderWorkers'), fix('fasterDecode'), fix('cacheData')],
    }),
  ];
}

function judgeGaps(ctx: AnalysisContext, g: GpuSeries): Finding[] {
  const gap = gaps(g);
  if (!gap) return [];
  // Gaps under 5 % of the time are TensorBoard's "not input-bound"; a GPU that never runs is idle,
  // not starved; and one long pause is a checkpoint or an evaluation, not a wait before each step.
  if (!isSawTooth(gap, THRESHOLDS.inputModeratePercent.value)) return [];
  const host = hostSignals(ctx, g);
  const high = gap.share * 100 >= THRESHOLDS.inputHighPercent.value;
  let confidence: number;
  let summary = host.observed ? 'diagnose.inputBound.summary' : 'diagnose.inputBound.summaryNoHost';
  if (!host.observed) confidence = 0.35;
  else if (host.count > 0) confidence = Math.min(0.9, 0.6 + 0.1 * (host.count - 1) + (high ? 0.1 : 0) + (gap.source === 'driver-samples' ? 0.05 : 0));
  else if (host.noWorkers && high) {
    // No loader workers and long gaps: the main process loads between steps, even if it waits
    // (storage, the network, a slow decoder's locks) rather than computes. Less sure.
    confidence = 0.45;
    summary = 'diagnose.inputBound.summaryNoWorkers';
    host.evidence.push(evidence('diagnose.evidence.noWorkers', null, null, { pid: host.mainPid ?? 0 }));
  } else return [];
  return [
    makeFinding(ctx, {
      rule: 'input-bound',
      severity: high ? 'high' : 'medium',
      confidence,
      timeShare: gap.share,
      gpuIndices: [g.index],
      pids: host.mainPid !== null ? [host.mainPid] : [],
      title: { key: 'diagnose.inputBound.title', params: { gpu: g.index } },
      summary: { key: summary, params: { gpu: g.index, gapPercent: pct(gap.share) } },
      evidence: [
        evidence(gap.source === 'driver-samples' ? 'diagnose.evidence.gapsDriver' : 'diagnose.evidence.gapsInterval', pct(gap.share), '%', { percent: pct(gap.share), samples: gap.count, utilPercent: THRESHOLDS.gapUtilPercent.value }),
        evidence('diagnose.evidence.busyTicks', pct(gap.busyShare), '%', { percent: pct(gap.busyShare) }),
        evidence('diagnose.evidence.gapRuns', gap.runs, null, { count: gap.runs, percent: pct(gap.longestRunShare) }),
        ...host.evidence,
      ],
      thresholds: used('inputModeratePercent', 'inputHighPercent', 'gapUtilPercent', 'sawToothBusySharePercent', 'sawToothMinGaps', 'sawToothLongestGapPercent', 'workerSaturatedPercent', 'runnableSharePercent', 'mainThreadFullCorePercent', 'iowaitHighPercent', 'diskReadHighBytesPerSecond'),
      fixes: [fix('loaderWorkers'), fix('fasterDecode'), fix('cacheData')],
    }),
  ];
}

/**
 * What the host side shows. Only a watched tree makes it "observed": the system's iowait is read on
 * every Linux host, and alone it says nothing about this job (another process may be reading).
 */
function hostSignals(ctx: AnalysisContext, g: GpuSeries): HostSignals {
  const out: HostSignals = { evidence: [], count: 0, observed: false, noWorkers: false, mainPid: null };
  const tree = ctx.tree;
  const iowait = mean(ctx.iowait);
  if (iowait !== null && iowait >= THRESHOLDS.iowaitHighPercent.value) {
    out.count += 1;
    out.evidence.push(evidence('diagnose.evidence.iowait', iowait, '%', { percent: Math.round(iowait * 10) / 10 }));
  }
  if (!tree) return out;
  out.observed = true;
  const workers = max(tree.workerCount) ?? 0;
  const perSample = tree.workerCpu.map((cpus) => (cpus.length === 0 ? null : cpus.reduce((a, b) => a + b, 0) / cpus.length));
  const workerMean = mean(perSample);
  const workerRunnable = runnableShare(tree.workerStates.flat());
  if (workers > 0 && workerMean !== null && workerMean >= THRESHOLDS.workerSaturatedPercent.value) {
    out.count += 1;
    out.evidence.push(evidence('diagnose.evidence.workersSaturated', workerMean, '% of one core', { workers, percent: Math.round(workerMean) }));
  } else if (workers > 0 && workerRunnable !== null && workerRunnable * 100 >= THRESHOLDS.runnableSharePercent.value) {
    out.count += 1;
    out.evidence.push(evidence('diagnose.evidence.workersRunnable', pct(workerRunnable), '% of samples', { workers, percent: pct(workerRunnable), cpuPercent: workerMean === null ? '?' : Math.round(workerMean) }));
  }
  const main = mainThread(ctx, g);
  out.noWorkers = workers === 0;
  out.mainPid = main?.pid ?? tree.rootPid;
  if (workers === 0 && main?.full) {
    out.count += 1;
    out.evidence.push(mainEvidence('diagnose.evidence.mainLoads', main));
  }
  const disk = mean(tree.diskRead);
  if (disk !== null && disk >= THRESHOLDS.diskReadHighBytesPerSecond.value) {
    out.count += 1;
    out.evidence.push(evidence('diagnose.evidence.diskReads', disk, 'B/s', { mibPerSecond: Math.round(disk / 2 ** 20) }));
  }
  return out;
}
