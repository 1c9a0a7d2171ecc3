// History graphs from the sampler's rings: the driver's sub-second samples where it gives them
// (GPU-Util and power, ~6 a second), else one point per refresh. Time runs left to right over
// the chosen span; each cell is the mean of the samples in its slice of time, and a slice with
// no sample is left blank — a gap says "no data", never 0.

import { Line } from './line.js';
import { loadStyle, type Style, type Theme } from './theme.js';

export interface Series {
  timesMs: readonly number[];
  values: readonly (number | null)[];
}

let sums: number[] = [];
let counts: number[] = [];

/**
 * `series` averaged into `cells` slices of [endMs - spanMs, endMs), each as a fraction of `full`
 * (clamped to 0–1), or null where the slice has no value.
 */
export function bucketize(series: Series, endMs: number, spanMs: number, cells: number, full: number): (number | null)[] {
  // Scratch sums and counts shared by every call (24 a frame; nothing here is re-entered), plain
  // arrays: a typed array this size gets a backing store outside the heap.
  if (sums.length < cells) {
    sums = new Array<number>(cells).fill(0);
    counts = new Array<number>(cells).fill(0);
  }
  for (let c = 0; c < cells; c++) {
    sums[c] = 0;
    counts[c] = 0;
  }
  const startMs = endMs - spanMs;
  const { timesMs, values } = series;
  for (let i = 0; i < timesMs.length; i++) {
    const t = timesMs[i]!;
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v) || t < startMs || t > endMs) continue;
    const cell = Math.min(cells - 1, Math.floor(((t - startMs) / spanMs) * cells));
    sums[cell] = sums[cell]! + v;
    counts[cell] = counts[cell]! + 1;
  }
  const out: (number | null)[] = new Array(cells);
  for (let c = 0; c < cells; c++) {
    const n = counts[c]!;
    out[c] = n === 0 || !(full > 0) ? null : Math.min(1, Math.max(0, sums[c]! / n / full));
  }
  return out;
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
