// History graphs from the sampler's rings: the driver's sub-second samples where it gives them
// (GPU-Util and power, ~6 a second), else one point per refresh. Time runs left to right over
// the chosen span; each cell is the mean of the samples in its slice of time. A slice with no
// sample is left blank — a gap says "no data", never 0 — unless it lies between two readings at
// most `bridgeMs` apart (two intervals): on a wide terminal a slice is narrower than the interval,
// so many hold no reading though none was missed; those are drawn on the line between the two
// readings, and only real gaps (a GPU not answering, a stalled read) stay blank.

import { Line } from './line.js';
import { loadStyle, type Style, type Theme } from './theme.js';

export interface Series {
  timesMs: readonly number[];
  values: readonly (number | null)[];
}

/** Readings up to this many intervals apart are one line; further apart, a gap between them. */
export const BRIDGE_INTERVALS = 2;

// Scratch per cell, shared by every call (24 a frame; nothing here is re-entered), plain arrays:
// a typed array this size gets a backing store outside the heap.
let sums: number[] = [];
let counts: number[] = [];
/** The cell's first and last reading (time, value), for the lines across empty cells. */
let firstMs: number[] = [];
let firstValue: number[] = [];
let lastMs: number[] = [];
let lastValue: number[] = [];

function grow(cells: number): void {
  if (sums.length >= cells) return;
  sums = new Array<number>(cells).fill(0);
  counts = new Array<number>(cells).fill(0);
  firstMs = new Array<number>(cells).fill(0);
  firstValue = new Array<number>(cells).fill(0);
  lastMs = new Array<number>(cells).fill(0);
  lastValue = new Array<number>(cells).fill(0);
}

/**
 * `series` averaged into `cells` slices of [endMs - spanMs, endMs), each as a fraction of `full`
 * (clamped to 0–1), or null where the slice has no value (see the top of this file for `bridgeMs`;
 * 0: no slice without a sample is drawn).
 */
export function bucketize(series: Series, endMs: number, spanMs: number, cells: number, full: number, bridgeMs = 0): (number | null)[] {
  grow(cells);
  for (let c = 0; c < cells; c++) {
    sums[c] = 0;
    counts[c] = 0;
  }
  const startMs = endMs - spanMs;
  const { timesMs, values } = series;
  // The newest reading before the window: the line into the window's first cells starts there.
  let beforeMs = Number.NEGATIVE_INFINITY;
  let beforeValue = 0;
  for (let i = 0; i < timesMs.length; i++) {
    const t = timesMs[i]!;
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v) || t > endMs) continue;
    if (t < startMs) {
      if (t > beforeMs) {
        beforeMs = t;
        beforeValue = v;
      }
      continue;
    }
    const cell = Math.min(cells - 1, Math.floor(((t - startMs) / spanMs) * cells));
    if (counts[cell] === 0) {
      firstMs[cell] = t;
      firstValue[cell] = v;
    }
    lastMs[cell] = t;
    lastValue[cell] = v;
    sums[cell] = sums[cell]! + v;
    counts[cell] = counts[cell]! + 1;
  }
  const fraction = (value: number) => (!(full > 0) ? null : Math.min(1, Math.max(0, value / full)));
  const out: (number | null)[] = new Array(cells);
  for (let c = 0; c < cells; c++) out[c] = counts[c] === 0 ? null : fraction(sums[c]! / counts[c]!);
  if (bridgeMs > 0) bridge(out, cells, startMs, spanMs / cells, bridgeMs, beforeMs, beforeValue, fraction);
  return out;
}

/** Fills each run of empty cells whose readings either side are at most `bridgeMs` apart, on the line between them. */
function bridge(out: (number | null)[], cells: number, startMs: number, cellMs: number, bridgeMs: number, beforeMs: number, beforeValue: number, fraction: (value: number) => number | null): void {
  let prevMs = beforeMs;
  let prevValue = beforeValue;
  let c = 0;
  while (c < cells) {
    if (counts[c] !== 0) {
      prevMs = lastMs[c]!;
      prevValue = lastValue[c]!;
      c++;
      continue;
    }
    let next = c;
    while (next < cells && counts[next] === 0) next++;
    if (next < cells && firstMs[next]! - prevMs <= bridgeMs) {
      const nextMs = firstMs[next]!;
      const nextValue = firstValue[next]!;
      for (let e = c; e < next; e++) {
        const share = Math.min(1, Math.max(0, (startMs + (e + 0.5) * cellMs - prevMs) / (nextMs - prevMs)));
        out[e] = fraction(prevValue + (nextValue - prevValue) * share);
      }
    }
    c = next;
  }
}

/**
 * One or more rows of block cells (bottom row last) for `fractions`; `styleOf` colours a cell by
 * its fraction (runs of one colour share one escape sequence).
 */
export function chartRows(fractions: readonly (number | null)[], height: number, theme: Theme, styleOf: (fraction: number) => Style): Line[] {
  const levels = theme.glyphs.levels;
  const rows: Line[] = [];
  for (let r = height - 1; r >= 0; r--) {
    const line = new Line();
    let run = '';
    let runStyle: Style | null = null;
    const flush = () => {
      if (run !== '') line.add(run, runStyle ?? undefined);
      run = '';
    };
    for (let i = 0; i < fractions.length; i++) {
      const fraction = fractions[i]!;
      let char = ' ';
      let style: Style | null = null;
      if (fraction !== null) {
        // A value above 0 shows at least the lowest mark on the bottom row: 0 % and "no data" differ.
        const eighths = Math.max(fraction > 0 ? 1 : 0, Math.round(fraction * height * 8));
        const level = Math.min(8, Math.max(0, eighths - r * 8));
        char = r === 0 && level === 0 ? levels[1]! : levels[level]!;
        style = r === 0 && level === 0 ? theme.dim : styleOf(fraction);
        if (char === ' ') style = null;
      }
      if (style !== runStyle) {
        flush();
        runStyle = style;
      }
      run += char;
    }
    flush();
    rows.push(line);
  }
  return rows;
}

/** Colour for a utilisation-like fraction. */
export function loadFractionStyle(theme: Theme): (fraction: number) => Style {
  return (fraction) => loadStyle(theme, fraction * 100);
}

/** A bar of `width` cells filled to `percent` (eighths in Unicode, whole cells in ASCII). */
export function barText(percent: number, width: number, theme: Theme): { filled: string; empty: string } {
  const { barFull, barEmpty, barPartials } = theme.glyphs;
  const clamped = Math.min(100, Math.max(0, percent));
  if (barPartials.length === 0) {
    const full = Math.round((clamped / 100) * width);
    return { filled: barFull.repeat(full), empty: barEmpty.repeat(width - full) };
  }
  const eighths = Math.round((clamped / 100) * width * 8);
  const full = Math.floor(eighths / 8);
  const partial = eighths % 8;
  const filled = barFull.repeat(full) + (partial > 0 ? barPartials[partial - 1]! : '');
  return { filled, empty: barEmpty.repeat(Math.max(0, width - full - (partial > 0 ? 1 : 0))) };
}

/** A bar as a Line: the filled part in `style`, the rest dim; a missing value is an all-dim bar. */
export function barLine(percent: number | null, width: number, theme: Theme, style: Style): Line {
  if (percent === null) return new Line().add(theme.glyphs.barEmpty.repeat(width), theme.dim);
  const { filled, empty } = barText(percent, width, theme);
  return new Line().add(filled, style).add(empty, theme.dim);
}
