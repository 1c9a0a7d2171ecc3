// A ring's times at half the bytes of a Float64Array: whole microseconds as Uint32 offsets from a
// base. The driver's sample times are whole microseconds (nvmlSample_t.timeStamp), so each reads
// back as the very number it was (`(base + offset) / 1000` is the division the reader made).
// A Uint32 spans 71 minutes of µs; when the rows kept outgrow half of that, or a time is not a
// safe integer of µs, the ring moves to Float64 for good (a rare, sparse ring; never a wrong time).

const MAX_OFFSET_US = 0xffff_ffff;

export class RingTimes {
  private offsets: Uint32Array | null;
  private wide: Float64Array | null = null;
  private baseUs = 0;

  constructor(private readonly capacity: number) {
    this.offsets = new Uint32Array(capacity);
  }

  get byteLength(): number {
    return (this.wide ?? this.offsets)?.byteLength ?? 0;
  }

  get(at: number): number {
    if (this.wide) return this.wide[at] ?? 0;
    return (this.baseUs + (this.offsets?.[at] ?? 0)) / 1000;
  }

  /** Moves every time by `deltaMs`, to the whole µs (the times kept are whole µs). */
  shift(deltaMs: number): void {
    if (this.wide) {
      for (let i = 0; i < this.wide.length; i++) this.wide[i]! += deltaMs;
      return;
    }
    this.baseUs += Math.round(deltaMs * 1000);
  }

  /**
   * Writes `timeMs` at `at`. `oldest` and `kept`: the rows that stay besides it (in time order from
   * `oldest`, none of them `at`), which a move of the base must carry along.
   */
  set(at: number, timeMs: number, oldest: number, kept: number): void {
    const offsets = this.offsets;
    if (!offsets) {
      this.wide![at] = timeMs;
      return;
    }
    const us = Math.round(timeMs * 1000);
    if (!Number.isSafeInteger(us) || us / 1000 !== timeMs) return this.widen(at, timeMs, oldest, kept);
    if (kept === 0) this.baseUs = us;
    let offset = us - this.baseUs;
    if (offset < 0 || offset > MAX_OFFSET_US) {
      const base = this.baseUs + (offsets[oldest] ?? 0);
      const shift = base - this.baseUs;
      offset = us - base;
      if (shift < 0 || offset < 0 || offset > MAX_OFFSET_US / 2) return this.widen(at, timeMs, oldest, kept);
      for (let r = 0; r < kept; r++) {
        const i = (oldest + r) % this.capacity;
        offsets[i] = (offsets[i] ?? 0) - shift;
      }
      this.baseUs = base;
    }
    offsets[at] = offset;
  }

  private widen(at: number, timeMs: number, oldest: number, kept: number): void {
    const wide = new Float64Array(this.capacity);
    for (let r = 0; r < kept; r++) {
      const i = (oldest + r) % this.capacity;
      wide[i] = this.get(i);
    }
    wide[at] = timeMs;
    this.wide = wide;
    this.offsets = null;
  }
}
