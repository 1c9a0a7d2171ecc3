// Rates and shares of time from two readings of a cumulative counter. The reader keeps the last
// reading of each counter per GPU, keyed by UUID (an index can change across a reset), so the
// first reading of a GPU has no rate: null with reason `first-sample`, never 0.

import type { UnavailableReason } from '../../core/unavailable.js';
import type { CounterPoint } from './read-counters.js';

export type RateResult = { ok: true; value: number } | { ok: false; reason: UnavailableReason };

/** Below this the counters' own update period (tens of ms) makes a rate noise, not a figure. */
export const MIN_RATE_INTERVAL_MS = 10;
const TWO_POW_32 = 0x1_0000_0000;

/** Seconds between two points: the driver's timestamps where both have one, else our clock. */
export function secondsBetween(previous: CounterPoint, next: CounterPoint): number | null {
  const ms =
    previous.driverUs > 0 && next.driverUs > 0 ? (next.driverUs - previous.driverUs) / 1000 : next.localMs - previous.localMs;
  return ms >= MIN_RATE_INTERVAL_MS ? ms / 1000 : null;
}

/** next − previous, exact for any delta below 2^53; null when a 64-bit counter went backwards. */
export function counterDelta(previous: CounterPoint, next: CounterPoint): number | null {
  let delta = (next.hi - previous.hi) * TWO_POW_32 + (next.lo - previous.lo);
  // A 32-bit counter wraps within hours at PCIe speeds; a 64-bit one going back was reset
  // (driver reload), and the gap says nothing.
  if (delta < 0 && !previous.wide && !next.wide) delta += TWO_POW_32;
  return delta < 0 ? null : delta;
}

/**
 * One counter's slot: remembers the last point and turns the next into a rate per second
 * (times `scale`). A point too close to the last keeps the older one as the baseline, so the
 * next reading spans a usable interval.
 */
export class CounterSlot {
  private last: CounterPoint | null = null;

  rate(next: CounterPoint, scale = 1): RateResult {
    const previous = this.last;
    if (!previous) {
      this.last = next;
      return { ok: false, reason: 'first-sample' };
    }
    const seconds = secondsBetween(previous, next);
    if (seconds === null) return { ok: false, reason: 'first-sample' };
    this.last = next;
    const delta = counterDelta(previous, next);
    if (delta === null) return { ok: false, reason: 'first-sample' };
    return { ok: true, value: (delta * scale) / seconds };
  }

  /** Remember a point without computing (prime). */
  set(next: CounterPoint): void {
    const previous = this.last;
    if (!previous || secondsBetween(previous, next) !== null) this.last = next;
  }
}
