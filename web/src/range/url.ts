// A range in the hash's query (#/gpu/<key>?range=6h, …?from=<ms>&to=<ms>), so a zoom, a bookmark
// and an event's link all open the same view. Anything that does not read as a range is the
// default, never an error page: these links are typed and pasted by people.

import { customRange, DEFAULT_RANGE, isPreset, type TimeRange } from './range.js';

function msParam(text: string | null): number | null {
  if (text === null || !/^\d{1,15}$/.test(text.trim())) return null;
  return Number(text.trim());
}

export function rangeFromQuery(query: URLSearchParams, nowMs: number): TimeRange {
  const from = msParam(query.get('from'));
  const to = msParam(query.get('to'));
  if (from !== null && to !== null) return customRange(from, to, nowMs) ?? DEFAULT_RANGE;
  const preset = query.get('range');
  return preset !== null && isPreset(preset) ? { kind: 'preset', preset } : DEFAULT_RANGE;
}

/** The query for a range, merged into `base` (the page's other state is kept; the old range goes). */
export function rangeToQuery(range: TimeRange, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const query = new URLSearchParams(base);
  for (const name of ['range', 'from', 'to']) query.delete(name);
  if (range.kind === 'preset') query.set('range', range.preset);
  else {
    query.set('from', String(Math.round(range.fromMs)));
    query.set('to', String(Math.round(range.toMs)));
  }
  return query;
}

/** Half an hour either side of a moment (an event), or less where that would reach past now. */
export function rangeAround(atMs: number, nowMs: number, halfSpanMs = 15 * 60_000): TimeRange {
  const to = Math.min(nowMs, atMs + halfSpanMs);
  return customRange(Math.min(atMs - halfSpanMs, to - 2 * halfSpanMs), to, nowMs) ?? DEFAULT_RANGE;
}
