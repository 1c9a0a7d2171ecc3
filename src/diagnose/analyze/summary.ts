// Per-GPU figures over the window (GpuWindowSummary): what the report's table and charts show.

import type { GpuWindowSummary } from '../types.js';
import type { AnalysisContext } from './context.js';
import { max, mean, round } from './stats.js';

export function summarise(ctx: AnalysisContext): GpuWindowSummary[] {
  const r = (v: number | null, digits = 1) => (v === null ? null : round(v, digits));
  return ctx.gpus.map((g) => ({
    index: g.index,
    uuid: g.uuid,
    name: g.name,
    gpuUtilMeanPercent: r(mean(g.util)),
    smActiveMeanPercent: r(mean(g.smActive)),
    tensorActiveMeanPercent: r(mean(g.tensorActive)),
    memoryUsedPeakBytes: max(g.memUsed),
    memoryTotalBytes: g.totalBytes,
    powerMeanWatts: r(mean(g.power)),
    pcieRxMeanBytesPerSecond: r(mean(g.pcieRx), 0),
    pcieTxMeanBytesPerSecond: r(mean(g.pcieTx), 0),
  }));
}
