// The GPU page's charts: which metrics each draws, in what unit, on what scale. One history
// request asks for all of them (the server takes up to 32 metrics), so the charts share buckets
// and their linked cursors line up exactly.
import type { WebMessageKey } from '../../app/i18n.js';

export interface ChartSpec {
  id: 'util' | 'memory' | 'power' | 'temperature' | 'clocks' | 'pcie' | 'nvlink';
  title: WebMessageKey;
  metrics: readonly string[];
  unit: 'percent' | 'bytes' | 'watts' | 'celsius' | 'mhz' | 'bytes-per-second';
  yMode: 'percent' | 'zero' | 'auto';
  /** Drawn as a dashed limit line without a band. */
  lineOnly?: readonly string[];
  /** Left out entirely when none of its metrics has a value (NVLink on a PCIe card). */
  optional?: boolean;
}

export const GPU_CHARTS: readonly ChartSpec[] = [
  { id: 'util', title: 'web.history.chart.util', metrics: ['gpuUtilPercent', 'memoryUtilPercent', 'smActivePercent', 'tensorActivePercent'], unit: 'percent', yMode: 'percent' },
  { id: 'memory', title: 'web.history.chart.memory', metrics: ['memoryUsedBytes'], unit: 'bytes', yMode: 'zero' },
  { id: 'power', title: 'web.history.chart.power', metrics: ['powerDrawWatts', 'powerLimitWatts'], unit: 'watts', yMode: 'zero', lineOnly: ['powerLimitWatts'] },
  { id: 'temperature', title: 'web.history.chart.temperature', metrics: ['temperatureCelsius'], unit: 'celsius', yMode: 'auto' },
  { id: 'clocks', title: 'web.history.chart.clocks', metrics: ['smClockMhz', 'memoryClockMhz'], unit: 'mhz', yMode: 'zero' },
  { id: 'pcie', title: 'web.history.chart.pcie', metrics: ['pcieRxBytesPerSecond', 'pcieTxBytesPerSecond'], unit: 'bytes-per-second', yMode: 'zero' },
  { id: 'nvlink', title: 'web.history.chart.nvlink', metrics: ['nvlinkRxBytesPerSecond', 'nvlinkTxBytesPerSecond'], unit: 'bytes-per-second', yMode: 'zero', optional: true },
];

export const GPU_METRICS: readonly string[] = [...new Set(GPU_CHARTS.flatMap((chart) => chart.metrics))];

/** How often a live range asks again: about a sixtieth of the span, between 5 s and a minute. */
export function refreshMsFor(spanMs: number): number {
  return Math.min(60_000, Math.max(5_000, Math.round(spanMs / 60)));
}
