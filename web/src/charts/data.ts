// History answers → the arrays uPlot draws. Pure, so the rules a reader relies on are tested:
// a bucket without a value stays null (uPlot breaks the line there: a gap, never a dip to 0), every
// series is put on one time axis even if the server's buckets differ, and a metric this GPU does
// not have (all null: tensor activity before Hopper) is left out rather than drawn as an empty line.

import type { HistoryAnswer, HistoryPoint, HistorySeries } from '../api/types.js';

/** uPlot's AlignedData: x (ms) first, then one array per drawn series. */
export type Columns = [number[], ...(number | null)[][]];

export interface ShapedMetric {
  metric: string;
  unit: string;
  /** Indices into ShapedChart.data (1-based, as uPlot's series). */
  minIndex: number;
  avgIndex: number;
  maxIndex: number;
}

export interface ShapedChart {
  data: Columns;
  metrics: ShapedMetric[];
  /** Metrics asked for that had no value anywhere in the range. */
  absent: string[];
}

const finite = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function hasValues(series: HistorySeries): boolean {
  return series.points.some((point) => finite(point.avg) !== null || finite(point.min) !== null || finite(point.max) !== null);
}

/**
 * The charts' columns for `metrics` (in that order) from one answer. The time axis is the union
 * of every series' bucket starts, sorted; a series without a bucket at some t has null there.
 */
export function shapeChart(answer: HistoryAnswer, metrics: readonly string[]): ShapedChart {
  const wanted = metrics.map((metric) => answer.series.find((series) => series.metric === metric)).filter((s): s is HistorySeries => s !== undefined);
  const present = wanted.filter(hasValues);
  const absent = metrics.filter((metric) => !present.some((series) => series.metric === metric));
  const times = [...new Set(present.flatMap((series) => series.points.map((point) => point.t)))].filter(Number.isFinite).sort((a, b) => a - b);
  const position = new Map(times.map((t, i) => [t, i]));
  const data: Columns = [times];
  const shaped: ShapedMetric[] = [];
  for (const series of present) {
    const columns = (['min', 'avg', 'max'] as const).map(() => new Array<number | null>(times.length).fill(null));
    for (const point of series.points) {
      const at = position.get(point.t);
      if (at === undefined) continue;
      columns[0]![at] = finite(point.min);
      columns[1]![at] = finite(point.avg);
      columns[2]![at] = finite(point.max);
    }
    const base = data.length;
    data.push(...columns);
    shaped.push({ metric: series.metric, unit: series.unit, minIndex: base, avgIndex: base + 1, maxIndex: base + 2 });
  }
  return { data, metrics: shaped, absent };
}

export interface MetricSummary {
  metric: string;
  /** The lowest min, the mean of the buckets' averages, the highest max; null when no value. */
  min: number | null;
  avg: number | null;
  max: number | null;
  /** The newest bucket's average that has one. */
  last: number | null;
  lastAtMs: number | null;
  /** Buckets with no value (gaps in the line). */
  gaps: number;
  points: number;
}

/** What a chart shows, in numbers: the visually-hidden summary screen readers get. */
export function summarise(series: HistorySeries): MetricSummary {
  let min: number | null = null;
  let max: number | null = null;
  let sum = 0;
  let n = 0;
  let gaps = 0;
  let last: HistoryPoint | null = null;
  for (const point of series.points) {
    const avg = finite(point.avg);
    const lo = finite(point.min) ?? avg;
    const hi = finite(point.max) ?? avg;
    if (avg === null && lo === null) {
      gaps += 1;
      continue;
    }
    if (lo !== null) min = min === null ? lo : Math.min(min, lo);
    if (hi !== null) max = max === null ? hi : Math.max(max, hi);
    if (avg !== null) {
      sum += avg;
      n += 1;
      if (last === null || point.t >= last.t) last = point;
    }
  }
  return {
    metric: series.metric, min, max, avg: n > 0 ? sum / n : null,
    last: last === null ? null : finite(last.avg), lastAtMs: last?.t ?? null, gaps, points: series.points.length,
  };
}
