// Bounded, columnar history: one typed array per column, written in a circle. A missing value is
// stored as NaN (a value kept is always finite), so no validity mask is needed: 900 rows × 33
// columns × 8 GPUs is 0.23 MiB less than with a byte per flag. Memory is fixed at construction
// (capacity × columns × 4 or 8 bytes), whatever runs for how long, and a window is read out
// without touching the rest.

import type { Column } from './columns.js';
import { RingTimes } from './ring-times.js';

export interface RingWindow {
  /** Wall-clock ms of each row, ascending. */
  timesMs: number[];
  /** Each column's values in the same order; null where the row had no value. */
  columns: Record<string, (number | null)[]>;
}

export class ColumnRing<Row> {
  private readonly times: Float64Array;
  private readonly values: (Float32Array | Float64Array)[];
  /** Index of the next row to write. */
  private head = 0;
  private count = 0;

  constructor(
    private readonly columns: readonly Column<Row>[],
    readonly capacity: number,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`ring capacity must be a positive integer, got ${capacity}`);
    this.times = new Float64Array(capacity);
    this.values = columns.map((c) => (c.wide ? new Float64Array(capacity) : new Float32Array(capacity)));
  }

  get size(): number {
    return this.count;
  }

  /** Time of the newest row, or null when empty. */
  get lastTimeMs(): number | null {
    return this.count === 0 ? null : (this.times[(this.head + this.capacity - 1) % this.capacity] ?? null);
  }

  /** Bytes held by the arrays: what this ring costs, fixed from the start. */
  get byteLength(): number {
    let bytes = this.times.byteLength;
    for (let i = 0; i < this.values.length; i++) bytes += this.values[i]?.byteLength ?? 0;
    return bytes;
  }

  push(timeMs: number, row: Row): void {
    const at = this.head;
    this.times[at] = timeMs;
    for (let i = 0; i < this.columns.length; i++) {
      const value = this.columns[i]!.read(row);
      // NaN marks missing; ±Infinity (and NaN given) are missing too.
      this.values[i]![at] = value !== null && Number.isFinite(value) ? value : Number.NaN;
    }
    this.head = (at + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  /** Moves every row's time by `deltaMs` (the wall clock stepped: ./history.ts). */
  shift(deltaMs: number): void {
    for (let i = 0; i < this.times.length; i++) this.times[i]! += deltaMs;
  }

  /** Rows with time ≥ `sinceMs` (all rows when omitted), oldest first. */
  window(sinceMs = -Infinity, names?: readonly string[]): RingWindow {
    const start = (this.head + this.capacity - this.count) % this.capacity;
    // Rows are in time order, so the first row inside the window starts a contiguous run.
    let skip = 0;
    while (skip < this.count && (this.times[(start + skip) % this.capacity] ?? 0) < sinceMs) skip++;
    const length = this.count - skip;
    const timesMs = new Array<number>(length);
    const wanted = names ? new Set(names) : null;
    const columns: Record<string, (number | null)[]> = {};
    const picked: number[] = [];
    this.columns.forEach((c, i) => {
      if (!wanted || wanted.has(c.name)) {
        picked.push(i);
        columns[c.name] = new Array<number | null>(length);
      }
    });
    for (let r = 0; r < length; r++) {
      const at = (start + skip + r) % this.capacity;
      timesMs[r] = this.times[at] ?? 0;
      // Indexed: a for-of allocates a result a step until V8 optimises this (top: every frame).
      for (let k = 0; k < picked.length; k++) {
        const i = picked[k]!;
        const column = this.columns[i]!;
        const value = this.values[i]![at] ?? Number.NaN;
        columns[column.name]![r] = Number.isNaN(value) ? null : column.wide ? value : fromFloat32(value);
      }
    }
    return { timesMs, columns };
  }
}

/**
 * A float32 read back as the short decimal it stood for (12.3, not 12.300000190734863): narrow
 * columns hold percent, °C, W and MHz, where three decimals are more than any reading has.
 */
function fromFloat32(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * One metric's sub-second samples (the driver's own buffer, ~6 per second): time and value,
 * appended only when newer than the last, so overlapping reads never duplicate a sample.
 */
export class SampleRing {
  /** Whole µs as Uint32 offsets (ring-times.ts): 9,000 rows × 3 metrics × 8 GPUs is 0.8 MiB less. */
  private readonly times: RingTimes;
  /**
   * `small`: a byte a sample while every value is a whole number 0–255 (the driver's utilisation
   * samples are whole percents: 0.4 MiB less for 8 GPUs), moving to float32 for good at the first
   * that is not; otherwise float32 from the start.
   */
  private values: Uint8Array | Float32Array;
  private head = 0;
  private count = 0;

  constructor(
    readonly capacity: number,
    { small = false }: { small?: boolean } = {},
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`ring capacity must be a positive integer, got ${capacity}`);
    this.times = new RingTimes(capacity);
    this.values = small ? new Uint8Array(capacity) : new Float32Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  get byteLength(): number {
    return this.times.byteLength + this.values.byteLength;
  }

  get lastTimeMs(): number | null {
    return this.count === 0 ? null : this.times.get((this.head + this.capacity - 1) % this.capacity);
  }

  /** Moves every sample's time by `deltaMs` (the wall clock stepped: ./history.ts). */
  shift(deltaMs: number): void {
    this.times.shift(deltaMs);
  }

  /** Appends the samples newer than the last one kept; returns how many were new. */
  append(timesMs: readonly number[], values: readonly number[]): number {
    let added = 0;
    let last = this.lastTimeMs ?? -Infinity;
    const n = Math.min(timesMs.length, values.length);
    for (let i = 0; i < n; i++) {
      const t = timesMs[i]!;
      const v = values[i]!;
      if (!(t > last) || !Number.isFinite(v)) continue;
      // The rows that stay: all when not yet full, else all but the one this overwrites.
      const kept = this.count < this.capacity ? this.count : this.capacity - 1;
      const oldest = (this.head + this.capacity - kept) % this.capacity;
      this.times.set(this.head, t, oldest, kept);
      if (this.values instanceof Uint8Array && !(Number.isInteger(v) && v >= 0 && v <= 255)) this.values = Float32Array.from(this.values);
      this.values[this.head] = v;
      this.head = (this.head + 1) % this.capacity;
      if (this.count < this.capacity) this.count++;
      last = t;
      added++;
    }
    return added;
  }

  window(sinceMs = -Infinity): { timesMs: number[]; values: number[] } {
    const start = (this.head + this.capacity - this.count) % this.capacity;
    // Times only ascend (append keeps newer ones): the window's first sample by binary search, so
    // a window costs what it holds — top reads a minute of a ring of ten on every frame.
    let skip = 0;
    for (let hi = this.count; skip < hi; ) {
      const mid = (skip + hi) >>> 1;
      if (this.times.get((start + mid) % this.capacity) < sinceMs) skip = mid + 1;
      else hi = mid;
    }
    const length = this.count - skip;
    const timesMs = new Array<number>(length);
    const values = new Array<number>(length);
    const small = this.values instanceof Uint8Array;
    for (let r = 0; r < length; r++) {
      const at = (start + skip + r) % this.capacity;
      timesMs[r] = this.times.get(at);
      const value = this.values[at] ?? 0;
      values[r] = small ? value : fromFloat32(value);
    }
    return { timesMs, values };
  }
}
