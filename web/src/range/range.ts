// Which stretch of time a history view shows, and what to ask the server for it. Pure functions:
// the GPU page, its zoom and the events page's links all go through here.
//
// A preset (5 min … 30 days) is asked relative to the server's clock (`from=-1h&to=now`), so a
// browser whose clock is off still sees the newest samples; a zoomed or linked range is absolute.

export const PRESETS = ['5m', '1h', '6h', '24h', '7d', '30d'] as const;
export type Preset = (typeof PRESETS)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const PRESET_MS: Readonly<Record<Preset, number>> = {
  '5m': 5 * MINUTE_MS, '1h': HOUR_MS, '6h': 6 * HOUR_MS, '24h': DAY_MS, '7d': 7 * DAY_MS, '30d': 30 * DAY_MS,
};

/** The server's relative-time form for each preset (docs/api.md, "Times"). */
const PRESET_FROM: Readonly<Record<Preset, string>> = { '5m': '-5m', '1h': '-1h', '6h': '-6h', '24h': '-24h', '7d': '-7d', '30d': '-30d' };

export type TimeRange = { kind: 'preset'; preset: Preset } | { kind: 'custom'; fromMs: number; toMs: number };

export const DEFAULT_RANGE: TimeRange = { kind: 'preset', preset: '1h' };

/** A zoom narrower than this shows only a sample or two; the longest span is the longest preset. */
export const MIN_SPAN_MS = 10_000;
export const MAX_SPAN_MS = PRESET_MS['30d'];

/** The server's cap (MAX_HISTORY_POINTS); more would be refused. */
export const SERVER_MAX_POINTS = 5000;
/** A chart wider than this gains nothing from more points (a line of 2000 px is already dense). */
export const MAX_POINTS = 2000;

export function isPreset(value: string): value is Preset {
  return (PRESETS as readonly string[]).includes(value);
}

export function spanMs(range: TimeRange): number {
  return range.kind === 'preset' ? PRESET_MS[range.preset] : range.toMs - range.fromMs;
}

/** The range in absolute ms by the browser's clock (for labels and links; the server's answer has the exact one). */
export function resolveRange(range: TimeRange, nowMs: number): { fromMs: number; toMs: number } {
  return range.kind === 'preset' ? { fromMs: nowMs - PRESET_MS[range.preset], toMs: nowMs } : { fromMs: range.fromMs, toMs: range.toMs };
}

/**
 * A zoomed range, kept within sense: at least MIN_SPAN_MS (widened around its middle), at most
 * MAX_SPAN_MS, never reaching past `nowMs` (there is nothing there yet). Null for numbers that
 * are not times (a drag of zero width gives from === to, which widens rather than fails).
 */
export function customRange(fromMs: number, toMs: number, nowMs: number): TimeRange | null {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || !Number.isFinite(nowMs)) return null;
  let from = Math.min(fromMs, toMs);
  let to = Math.max(fromMs, toMs);
  if (to - from < MIN_SPAN_MS) {
    const middle = (from + to) / 2;
    from = middle - MIN_SPAN_MS / 2;
    to = middle + MIN_SPAN_MS / 2;
  }
  if (to - from > MAX_SPAN_MS) from = to - MAX_SPAN_MS;
  if (to > nowMs) {
    from -= to - nowMs;
    to = nowMs;
  }
  return { kind: 'custom', fromMs: Math.round(from), toMs: Math.round(to) };
}

export interface PointsOptions {
  /** The sampler's interval (health's sampler.intervalMs); 1000 when unknown. */
  intervalMs?: number;
  maxPoints?: number;
}

/**
 * How many points to ask for: one per pixel of the plot, capped — and never so many that a bucket
 * is narrower than the samples are apart. The raw tier buckets by the millisecond, so 1000 points
 * over 5 minutes of 1 s samples would be 700 empty buckets, i.e. a line broken into dots. Buckets
 * of 1.5 intervals always hold a sample while the sampler runs, even with its jitter; an empty one
 * then means a real gap.
 */
export function pointsFor(span: number, pixelWidth: number, options: PointsOptions = {}): number {
  const intervalMs = options.intervalMs !== undefined && options.intervalMs > 0 ? options.intervalMs : 1000;
  const cap = Math.min(options.maxPoints ?? MAX_POINTS, SERVER_MAX_POINTS);
  const bySamples = Math.floor(span / (1.5 * intervalMs));
  const byPixels = Number.isFinite(pixelWidth) ? Math.floor(pixelWidth) : 0;
  return Math.max(1, Math.min(cap, byPixels, bySamples));
}

export interface HistoryWindow {
  from: number | string;
  to: number | string;
  points: number;
}

/** from/to/points of a history (or events, processes) request for this range and plot width. */
export function historyWindow(range: TimeRange, pixelWidth: number, options: PointsOptions = {}): HistoryWindow {
  const points = pointsFor(spanMs(range), pixelWidth, options);
  if (range.kind === 'preset') return { from: PRESET_FROM[range.preset], to: 'now', points };
  return { from: range.fromMs, to: range.toMs, points };
}

/** The tier the store will read for this span and point count (src/store/query.ts's rule, before its fallbacks). */
export function expectedTier(span: number, points: number): 'raw' | 'minute' | 'hour' {
  const wantedMs = Math.ceil((span + 1) / Math.max(1, points));
  return wantedMs >= HOUR_MS ? 'hour' : wantedMs >= MINUTE_MS ? 'minute' : 'raw';
}

/**
 * The range a GPU page opens with when the link names none: the shortest preset that holds all
 * the history there is (a server started two minutes ago shows 5 minutes, not a sliver at the
 * right edge of an hour), at most DEFAULT_RANGE.
 */
export function openingRange(firstSeenMs: number | null | undefined, nowMs: number): TimeRange {
  if (typeof firstSeenMs !== 'number' || !Number.isFinite(firstSeenMs)) return DEFAULT_RANGE;
  const age = nowMs - firstSeenMs;
  const limit = PRESET_MS[DEFAULT_RANGE.kind === 'preset' ? DEFAULT_RANGE.preset : '1h'];
  const preset = PRESETS.find((p) => PRESET_MS[p] >= age && PRESET_MS[p] <= limit);
  return preset ? { kind: 'preset', preset } : DEFAULT_RANGE;
}
