// Small statistics over series with gaps: every helper skips nulls (a missing value is not 0) and
// says null when nothing is left, so "no data" never reads as "idle".

export type Series = readonly (number | null)[];

export function present(series: Series): number[] {
  return series.filter((v): v is number => v !== null);
}

// Plain loops: these run over every sample of every GPU for every rule, and a filtered copy per
// call was most of diagnose's garbage on long traces.
export function mean(series: Series): number | null {
  let sum = 0;
  let n = 0;
  for (const v of series) {
    if (v === null) continue;
    sum += v;
    n += 1;
  }
  return n === 0 ? null : sum / n;
}

export function max(series: Series): number | null {
  let best: number | null = null;
  for (const v of series) if (v !== null && (best === null || v > best)) best = v;
  return best;
}

export function min(series: Series): number | null {
  let best: number | null = null;
  for (const v of series) if (v !== null && (best === null || v < best)) best = v;
  return best;
}

/** Share (0–1) of the present values that pass `test`; null when none is present. */
export function share(series: Series, test: (value: number) => boolean): number | null {
  let hits = 0;
  let n = 0;
  for (const v of series) {
    if (v === null) continue;
    n += 1;
    if (test(v)) hits += 1;
  }
  return n === 0 ? null : hits / n;
}

/** A finite number within [lo, hi], else null: NaN, ±Infinity, negatives and absurd values are not data. */
export function clean(value: number | null | undefined, lo: number, hi: number): number | null {
  if (value === null || value === undefined || typeof value !== 'number' || !Number.isFinite(value)) return null;
  if (value < lo || value > hi) return null;
  return value;
}

/** A percentage: 0–100, with a rounding tolerance of half a point. */
export function percent(value: number | null | undefined): number | null {
  const v = clean(value, 0, 100.5);
  return v === null ? null : Math.min(v, 100);
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
