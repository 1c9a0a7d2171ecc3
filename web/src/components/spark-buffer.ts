// The overview's 5-minute sparklines: first the history (/api/v1/history), then each live sample
// appended, trimmed to the window. A missing value is a gap in the line, never a drop to 0.
import type { HistoryPoint } from '../api/index.js';

export interface SparkPoint {
  t: number;
  v: number | null;
}

export const SPARK_WINDOW_MS = 5 * 60_000;
/** Samples further apart than this are not joined (the server was down, the GPU gone a while). */
export const SPARK_GAP_MS = 15_000;

/** The buckets' averages: the line a person expects from "utilisation over 5 minutes". */
export function fromHistory(points: readonly HistoryPoint[]): SparkPoint[] {
  return points.map((point) => ({ t: point.t, v: point.avg }));
}

function trim(points: SparkPoint[], nowMs: number, windowMs: number): SparkPoint[] {
  const from = nowMs - windowMs;
  let start = 0;
  while (start < points.length && points[start]!.t < from) start++;
  return start === 0 ? points : points.slice(start);
}

/** Adds a live sample; one at or before the last time is a repeat (a reconnection) and is dropped. */
export function appendPoint(buffer: readonly SparkPoint[], point: SparkPoint, windowMs = SPARK_WINDOW_MS): SparkPoint[] {
  const last = buffer.at(-1);
  if (!Number.isFinite(point.t)) return buffer.slice();
  if (last && point.t <= last.t) return buffer.slice();
  const value = point.v !== null && Number.isFinite(point.v) ? point.v : null;
  return trim([...buffer, { t: point.t, v: value }], point.t, windowMs);
}

/** History that arrived after live samples: its points before the first live one go in front. */
export function mergeHistory(live: readonly SparkPoint[], history: readonly SparkPoint[], nowMs: number, windowMs = SPARK_WINDOW_MS): SparkPoint[] {
  const firstLive = live[0]?.t ?? Number.POSITIVE_INFINITY;
  const before = history.filter((point) => point.t < firstLive && Number.isFinite(point.t)).sort((a, b) => a.t - b.t);
  // Empty buckets at the end are seconds the recorder has not written yet (it flushes every few
  // seconds), not a silence of the GPU: the live line continues from the last written value.
  while (before.length > 0 && before.at(-1)!.v === null) before.pop();
  return trim([...before, ...live], nowMs, windowMs);
}

export interface SparkGeometry {
  fromMs: number;
  toMs: number;
  width: number;
  height: number;
  /** The value at the top edge (100 for percent). */
  max: number;
  gapMs?: number;
}

export interface SparkPaths {
  /** SVG path of the line: one "M…L…" run per stretch without a gap. */
  line: string;
  /** The same runs closed down to the baseline, for the fill. */
  area: string;
}

const round = (value: number) => Math.round(value * 10) / 10;

export function sparkPaths(points: readonly SparkPoint[], geometry: SparkGeometry): SparkPaths {
  const { fromMs, toMs, width, height, max } = geometry;
  const gapMs = geometry.gapMs ?? SPARK_GAP_MS;
  const span = Math.max(1, toMs - fromMs);
  const x = (t: number) => round(((t - fromMs) / span) * width);
  const y = (v: number) => round(height - (Math.min(max, Math.max(0, v)) / max) * height);
  const runs: { t: number; v: number }[][] = [];
  let run: { t: number; v: number }[] = [];
  let previousT = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    if (point.t < fromMs || point.t > toMs) continue;
    if (point.v === null || point.t - previousT > gapMs) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (point.v !== null) run.push({ t: point.t, v: point.v });
    previousT = point.t;
  }
  if (run.length > 0) runs.push(run);
  let line = '';
  let area = '';
  for (const stretch of runs) {
    // A lone point still shows: a short flat tick rather than nothing.
    const drawn = stretch.length === 1 ? [stretch[0]!, { t: stretch[0]!.t + span / width, v: stretch[0]!.v }] : stretch;
    const segment = drawn.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t)} ${y(p.v)}`).join('');
    line += segment;
    area += `${segment}L${x(drawn.at(-1)!.t)} ${height}L${x(drawn[0]!.t)} ${height}Z`;
  }
  return { line, area };
}

/** Lowest and highest value in the buffer, for the sparkline's label; null when it has none. */
export function sparkRange(points: readonly SparkPoint[]): { min: number; max: number } | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    if (point.v === null) continue;
    min = Math.min(min, point.v);
    max = Math.max(max, point.v);
  }
  return min === Number.POSITIVE_INFINITY ? null : { min, max };
}
