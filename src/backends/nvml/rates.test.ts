// Rates from two readings of a counter: exact past 2^53, wraps of 32-bit counters, resets, and
// the first reading (or one too soon after the last) without a rate — never a 0.

import { describe, expect, it } from 'vitest';
import { counterDelta, CounterSlot, MIN_RATE_INTERVAL_MS, secondsBetween } from './rates.js';
import type { CounterPoint } from './read-counters.js';

const TWO_32 = 0x1_0000_0000;

function point(value: number, atUs: number, options: { wide?: boolean; localMs?: number } = {}): CounterPoint {
  return { hi: Math.floor(value / TWO_32), lo: value % TWO_32, wide: options.wide ?? true, driverUs: atUs, localMs: options.localMs ?? 0 };
}

describe('counter rates', () => {
  it('has no rate on the first reading, then bytes per second from the driver timestamps', () => {
    const slot = new CounterSlot();
    expect(slot.rate(point(1_000, 5_000_000))).toEqual({ ok: false, reason: 'first-sample' });
    expect(slot.rate(point(3_000, 5_500_000))).toEqual({ ok: true, value: 4_000 });
    expect(slot.rate(point(3_000, 6_500_000))).toEqual({ ok: true, value: 0 });
  });

  it('stays exact for counters past 2^53 (a busy NVLink for a few hours)', () => {
    const start = 2 ** 60 + 12_345;
    const previous = { hi: Math.floor(start / TWO_32), lo: 12_345, wide: true, driverUs: 1, localMs: 0 };
    const next = { ...previous, lo: previous.lo + 777, driverUs: 1_000_001 };
    expect(counterDelta(previous, next)).toBe(777);
  });

  it('unwraps a 32-bit counter that went round, and gives no rate for a 64-bit one that was reset', () => {
    expect(counterDelta(point(TWO_32 - 10, 0, { wide: false }), point(5, 1, { wide: false }))).toBe(15);
    const slot = new CounterSlot();
    slot.rate(point(9_000_000, 1_000_000));
    expect(slot.rate(point(100, 2_000_000))).toEqual({ ok: false, reason: 'first-sample' });
    // The reset value is the new baseline.
    expect(slot.rate(point(1_100, 3_000_000))).toEqual({ ok: true, value: 1_000 });
  });

  it('keeps the older baseline when a reading comes too soon to time, so the next spans a real interval', () => {
    const slot = new CounterSlot();
    slot.rate(point(0, 1_000_000));
    expect(slot.rate(point(10, 1_000_000 + 1_000 * (MIN_RATE_INTERVAL_MS - 1)))).toEqual({ ok: false, reason: 'first-sample' });
    expect(slot.rate(point(2_000, 2_000_000))).toEqual({ ok: true, value: 2_000 });
  });

  it('times the interval by our clock when the driver gives no timestamp', () => {
    expect(secondsBetween(point(0, 0, { localMs: 100 }), point(0, 0, { localMs: 600 }))).toBe(0.5);
    expect(secondsBetween(point(0, 0, { localMs: 100 }), point(0, 0, { localMs: 101 }))).toBeNull();
  });

  it('priming sets the baseline without a rate', () => {
    const slot = new CounterSlot();
    slot.set(point(500, 1_000_000));
    expect(slot.rate(point(1_500, 3_000_000), 1 / 1000)).toEqual({ ok: true, value: 0.5 });
  });
});
