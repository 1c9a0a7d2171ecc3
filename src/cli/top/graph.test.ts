import { describe, expect, it } from 'vitest';
import { barText, bucketize, chartRows } from './graph.js';
import { createTheme } from './theme.js';

const unicode = createTheme({ color: false, ascii: false });
const ascii = createTheme({ color: false, ascii: true });

describe('history graphs', () => {
  it('averages the samples of each slice of time and leaves a slice without any blank, not 0', () => {
    const series = { timesMs: [0, 100, 250, 900], values: [100, 50, 0, 40] };
    // 4 cells over [0, 1000): 0–249, 250–499, 500–749, 750–999
    expect(bucketize(series, 1000, 1000, 4, 100)).toEqual([0.75, 0, null, 0.4]);
  });

  it('one call leaves nothing behind for the next (wider, narrower, another series)', () => {
    const busy = { timesMs: [0, 100, 250, 900], values: [100, 50, 0, 40] };
    const idle = { timesMs: [600], values: [20] };
    expect(bucketize(busy, 1000, 1000, 8, 100)).toEqual([0.75, null, 0, null, null, null, null, 0.4]);
    expect(bucketize(idle, 1000, 1000, 4, 100)).toEqual([null, null, 0.2, null]);
    expect(bucketize(busy, 1000, 1000, 4, 100)).toEqual([0.75, 0, null, 0.4]);
    expect(bucketize(idle, 1000, 1000, 8, 100)).toEqual([null, null, null, null, 0.2, null, null, null]);
  });

  it('draws the slices between two readings up to two intervals apart (cells narrower than the interval), and keeps a real gap blank', () => {
    // Readings every 1000 ms; 10 cells of 500 ms: every other cell holds no reading.
    const steady = { timesMs: [0, 1000, 2000, 3000, 4000], values: [0, 100, 100, 100, 100] };
    expect(bucketize(steady, 5000, 5000, 10, 100)).toEqual([0, null, 1, null, 1, null, 1, null, 1, null]);
    // Bridged on the line between the two readings, at each slice's middle; after the last one nothing is known yet.
    expect(bucketize(steady, 5000, 5000, 10, 100, 2000)).toEqual([0, 0.75, 1, 1, 1, 1, 1, 1, 1, null]);
    // A GPU that did not answer for 3 s: the slices of that gap stay blank.
    const outage = { timesMs: [0, 1000, 4000, 5000], values: [50, 50, 50, 50] };
    expect(bucketize(outage, 6000, 6000, 12, 100, 2000)).toEqual([0.5, 0.5, 0.5, null, null, null, null, null, 0.5, 0.5, 0.5, null]);
    // The reading just before the window carries the line into its first slice.
    expect(bucketize({ timesMs: [900, 2000], values: [40, 40] }, 3000, 2000, 4, 100, 2000)).toEqual([0.4, 0.4, 0.4, null]);
  });

  it('skips missing values and samples outside the window, and clamps to 0–1', () => {
    const series = { timesMs: [-50, 10, 20, 600], values: [100, null, 250, Number.NaN] };
    expect(bucketize(series, 1000, 1000, 2, 100)).toEqual([1, null]);
    expect(bucketize(series, 1000, 1000, 2, 0)).toEqual([null, null]);
  });

  it('draws 0 % as the lowest mark and no data as a gap', () => {
    const [row] = chartRows([0, null, 1, 0.5], 1, unicode, () => unicode.plain);
    expect(row!.render(4)).toBe('▁ █▄');
  });

  it('stacks a taller graph in eighths, bottom row last', () => {
    const rows = chartRows([1, 0.5, 0.25], 2, unicode, () => unicode.plain).map((line) => line.render(3));
    expect(rows).toEqual(['█  ', '██▄']);
  });

  it('uses only ASCII in ASCII mode', () => {
    const rows = chartRows([1, 0.5, 0.1, 0], 2, ascii, () => ascii.plain).map((line) => line.render(4));
    expect(rows.join('')).toMatch(/^[\x20-\x7e]+$/);
    const bar = barText(55, 10, ascii);
    expect(bar.filled + bar.empty).toBe('######....');
  });

  it('fills bars in eighths in Unicode mode', () => {
    const bar = barText(55, 10, unicode);
    expect(bar.filled).toBe('█████▌');
    expect(bar.filled.length + bar.empty.length).toBe(10);
  });
});
