import { describe, expect, it } from 'vitest';
import type { Column } from './columns.js';
import { ColumnRing, SampleRing } from './ring.js';

interface Row { a: number | null; b: number | null }
const meta = { kind: 'gauge', unit: 'percent', min: 0, max: 100 } as const;
const COLUMNS: Column<Row>[] = [
  { name: 'a', meta, wide: false, read: (r) => r.a },
  { name: 'b', meta: { ...meta, unit: 'bytes' }, wide: true, read: (r) => r.b },
];

describe('ColumnRing', () => {
  it('wraps around, keeping the newest rows oldest-first', () => {
    const ring = new ColumnRing(COLUMNS, 3);
    for (let i = 1; i <= 5; i++) ring.push(i * 1000, { a: i, b: i * 2 ** 40 + 1 });
    const w = ring.window();
    expect(w.timesMs).toEqual([3000, 4000, 5000]);
    expect(w.columns.a).toEqual([3, 4, 5]);
    // wide columns keep every digit of large byte counts
    expect(w.columns.b).toEqual([3 * 2 ** 40 + 1, 4 * 2 ** 40 + 1, 5 * 2 ** 40 + 1]);
    expect(ring.size).toBe(3);
    expect(ring.lastTimeMs).toBe(5000);
  });

  it('keeps missing as null, not zero, and NaN/Infinity as missing', () => {
    const ring = new ColumnRing(COLUMNS, 4);
    ring.push(1, { a: null, b: 0 });
    ring.push(2, { a: Number.NaN, b: Infinity });
    ring.push(3, { a: 0, b: null });
    expect(ring.window().columns).toEqual({ a: [null, null, 0], b: [0, null, null] });
  });

  it('windows by time and by column', () => {
    const ring = new ColumnRing(COLUMNS, 10);
    for (let i = 0; i < 10; i++) ring.push(i * 100, { a: i, b: i });
    const w = ring.window(650, ['a']);
    expect(w.timesMs).toEqual([700, 800, 900]);
    expect(Object.keys(w.columns)).toEqual(['a']);
    expect(ring.window(10_000).timesMs).toEqual([]);
  });

  it('has a fixed size known up front: float32 for narrow columns, float64 for wide, no validity mask (missing is NaN)', () => {
    const ring = new ColumnRing(COLUMNS, 100);
    const before = ring.byteLength;
    expect(before).toBe(100 * 8 + 100 * 4 + 100 * 8);
    for (let i = 0; i < 1000; i++) ring.push(i, { a: 1, b: 1 });
    expect(ring.byteLength).toBe(before);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new ColumnRing(COLUMNS, 0)).toThrow(RangeError);
    expect(() => new SampleRing(1.5)).toThrow(RangeError);
  });
});

describe('SampleRing', () => {
  it('appends only samples newer than the last, so overlapping buffers never duplicate', () => {
    const ring = new SampleRing(8);
    expect(ring.append([100, 200, 300], [1, 2, 3])).toBe(3);
    expect(ring.append([200, 300, 400, 500], [2, 3, 4, 5])).toBe(2);
    expect(ring.append([450], [9])).toBe(0);
    expect(ring.window()).toEqual({ timesMs: [100, 200, 300, 400, 500], values: [1, 2, 3, 4, 5] });
    expect(ring.window(350).timesMs).toEqual([400, 500]);
  });

  it('wraps and skips non-finite values', () => {
    const ring = new SampleRing(2);
    ring.append([1, 2, 3, 4], [1, Number.NaN, 3, 4]);
    expect(ring.window()).toEqual({ timesMs: [3, 4], values: [3, 4] });
  });

  it('a window from any time, the ring wrapped or not, holds exactly the samples at or after it', () => {
    for (const appended of [5, 7, 13, 30]) {
      const ring = new SampleRing(7);
      const times = Array.from({ length: appended }, (_, i) => 1000 + i * 10);
      ring.append(times, times.map((t) => t % 100));
      const kept = times.slice(-7);
      for (let since = 990; since <= 1000 + appended * 10 + 10; since += 5) {
        const expected = kept.filter((t) => t >= since);
        expect(ring.window(since)).toEqual({ timesMs: expected, values: expected.map((t) => t % 100) });
      }
    }
  });
});

describe('float32 columns', () => {
  it('read back as the decimal that was written', () => {
    const ring = new ColumnRing(COLUMNS, 2);
    ring.push(1, { a: 12.3, b: null });
    expect(ring.window().columns.a).toEqual([12.3]);
    const samples = new SampleRing(2);
    samples.append([1], [71.45]);
    expect(samples.window().values).toEqual([71.45]);
  });
});

describe('SampleRing times (whole µs in Uint32 offsets)', () => {
  const HOUR_MS = 3_600_000;

  it('reads the driver’s µs timestamps back as the very numbers given', () => {
    const ring = new SampleRing(4);
    const us = [1_764_547_200_123_456, 1_764_547_200_290_123, 1_764_547_200_456_789];
    const times = us.map((t) => t / 1000);
    ring.append(times, [1, 2, 3]);
    expect(ring.window().timesMs).toEqual(times);
    expect(ring.lastTimeMs).toBe(times[2]);
    expect(ring.byteLength).toBe(4 * 4 + 4 * 4);
  });

  it('keeps every time right across a span longer than a Uint32 of µs (71 minutes), wrapping', () => {
    const ring = new SampleRing(3);
    // 40 minutes apart: the base moves up with the oldest row, then the span outgrows the offsets
    const times = [0, 1, 2, 3, 4, 5].map((i) => 1_764_547_200_000 + i * 40 * 60_000 + 0.001 * i);
    for (const t of times) ring.append([t], [1]);
    expect(ring.window().timesMs).toEqual(times.slice(3));
    const sparse = new SampleRing(2);
    sparse.append([1000, 1000 + 3 * HOUR_MS], [1, 2]);
    expect(sparse.window().timesMs).toEqual([1000, 1000 + 3 * HOUR_MS]);
    sparse.append([1000 + 4 * HOUR_MS], [3]);
    expect(sparse.window()).toEqual({ timesMs: [1000 + 3 * HOUR_MS, 1000 + 4 * HOUR_MS], values: [2, 3] });
  });

  it('holds whole percents in a byte each, and moves to float32 for good at the first value that is not one', () => {
    const ring = new SampleRing(4, { small: true });
    ring.append([1, 2, 3], [0, 100, 255]);
    expect(ring.byteLength).toBe(4 * 4 + 4);
    expect(ring.window().values).toEqual([0, 100, 255]);
    ring.append([4, 5], [12.3, 256]);
    expect(ring.byteLength).toBe(4 * 4 + 4 * 4);
    expect(ring.window()).toEqual({ timesMs: [2, 3, 4, 5], values: [100, 255, 12.3, 256] });
    const negative = new SampleRing(2, { small: true });
    negative.append([1, 2], [5, -1]);
    expect(negative.window().values).toEqual([5, -1]);
  });

  it('keeps times that are not whole µs exactly too', () => {
    const ring = new SampleRing(3);
    ring.append([0.0001, 1.23456789, 2 ** 60], [1, 2, 3]);
    expect(ring.window().timesMs).toEqual([0.0001, 1.23456789, 2 ** 60]);
  });

  it('moves its base with the oldest row kept, so a long 1 Hz run never falls back', () => {
    const ring = new SampleRing(9000);
    let us = 1_764_547_200_000_500;
    for (let i = 0; i < 30_000; i++) ring.append([(us += 166_667) / 1000], [i % 100]);
    const t = us / 1000;
    expect(ring.byteLength).toBe(9000 * 8);
    const w = ring.window();
    expect(w.timesMs).toHaveLength(9000);
    expect(w.timesMs[8999]).toBe(t);
    expect(w.values[8999]).toBe(29_999 % 100);
  });
});
