import { describe, expect, it } from 'vitest';
import { expectLinear } from '../../../test/fuzz/scaling.js';
import { appendPoint, fromHistory, mergeHistory, sparkPaths, sparkRange, SPARK_WINDOW_MS, type SparkPoint } from './spark-buffer.js';

const T0 = 1_796_130_000_000;
const at = (seconds: number, v: number | null): SparkPoint => ({ t: T0 + seconds * 1000, v });

describe('sparkline buffer', () => {
  it('takes the history buckets’ averages and keeps their gaps', () => {
    expect(fromHistory([{ t: 1, min: 1, avg: 2, max: 3 }, { t: 2, min: null, avg: null, max: null }])).toEqual([{ t: 1, v: 2 }, { t: 2, v: null }]);
  });

  it('appends live samples and forgets what left the 5-minute window', () => {
    let buffer: SparkPoint[] = [];
    for (let s = 0; s <= 400; s++) buffer = appendPoint(buffer, at(s, s % 100));
    expect(buffer[0]!.t).toBe(T0 + 100_000);
    expect(buffer.at(-1)!.t - buffer[0]!.t).toBe(SPARK_WINDOW_MS);
    expect(buffer).toHaveLength(301);
  });

  it('drops a repeated or older sample (the stream resends its latest on reconnect)', () => {
    const buffer = appendPoint(appendPoint([], at(1, 10)), at(2, 20));
    expect(appendPoint(buffer, at(2, 99))).toEqual(buffer);
    expect(appendPoint(buffer, at(1, 99))).toEqual(buffer);
    expect(appendPoint(buffer, { t: Number.NaN, v: 5 })).toEqual(buffer);
  });

  it('stores a broken value as a gap, not as 0', () => {
    const buffer = appendPoint(appendPoint([], at(1, Number.NaN)), at(2, null));
    expect(buffer.map((p) => p.v)).toEqual([null, null]);
  });

  it('puts history that arrives late in front of the live samples, without doubling any', () => {
    const live = [at(10, 50), at(11, 51)];
    const history = [at(11, 1), at(9, 49), at(8, 48), at(-400, 5)];
    expect(mergeHistory(live, history, T0 + 11_000)).toEqual([at(8, 48), at(9, 49), at(10, 50), at(11, 51)]);
    expect(mergeHistory([], history, T0 + 11_000)).toEqual([at(8, 48), at(9, 49), at(11, 1)]);
  });

  it('drops the history’s empty buckets at its end (not yet written), keeping gaps inside it', () => {
    const history = [at(1, 10), at(2, null), at(3, 30), at(4, null), at(5, null)];
    expect(mergeHistory([at(6, 60)], history, T0 + 6000)).toEqual([at(1, 10), at(2, null), at(3, 30), at(6, 60)]);
  });
});

describe('sparkline path', () => {
  const geometry = { fromMs: T0, toMs: T0 + 100_000, width: 100, height: 20, max: 100 };

  it('maps time to x and value to y, 100 % at the top', () => {
    const { line } = sparkPaths([at(0, 0), at(50, 50), at(100, 100)], { ...geometry, gapMs: 60_000 });
    expect(line).toBe('M0 20L50 10L100 0');
  });

  it('breaks the line at a missing value and at a long silence, never drawing a 0', () => {
    const { line, area } = sparkPaths([at(0, 40), at(1, 40), at(2, null), at(3, 60), at(4, 60), at(60, 80), at(61, 80)], geometry);
    expect(line.match(/M/g)).toHaveLength(3);
    expect(line).not.toContain(' 20L');
    expect(area.match(/Z/g)).toHaveLength(3);
  });

  it('clamps impossible values into the box and draws a lone point', () => {
    expect(sparkPaths([at(10, 250)], geometry).line).toBe('M10 0L11 0');
    expect(sparkPaths([at(10, -5)], geometry).line).toBe('M10 20L11 20');
    expect(sparkPaths([], geometry)).toEqual({ line: '', area: '' });
  });

  it('costs linear time in the points (the shared bound: ×4 points, at most ×8 the CPU time)', () => {
    // Was ×2 points against ×3 wall time, which a busy machine broke (test/fuzz/scaling.ts says why).
    const make = (n: number) => Array.from({ length: n }, (_, i) => ({ t: T0 + i * 10, v: i % 100 }));
    expectLinear(make, (points) => sparkPaths(points, { ...geometry, toMs: T0 + points.length * 10 }), 2 ** 16);
  });

  it('reports the range of the known values', () => {
    expect(sparkRange([at(0, null), at(1, 30), at(2, 70)])).toEqual({ min: 30, max: 70 });
    expect(sparkRange([at(0, null)])).toBeNull();
  });
});
