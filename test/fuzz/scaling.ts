// A time bound in the test's own terms: the same input scaled ×2 must not take more than ×3 as
// long. No absolute milliseconds, so a slow or busy machine cannot fail it; a quadratic parser
// (×4) or worse does. Each side is timed a few times and the fastest kept, which drops GC pauses
// and the scheduler's noise; a call too fast to time is repeated until it is not.

import { expect } from 'vitest';

const RUNS = 3;
/** Enough for performance.now() to be precise: measurement, not a bound. */
const MEASURABLE_MS = 5;

function fastestMs(call: () => void, repeats: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    for (let i = 0; i < repeats; i++) call();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** How many calls on the small input take long enough to time. */
function repeatsFor(call: () => void): number {
  let repeats = 1;
  for (;;) {
    const started = performance.now();
    for (let i = 0; i < repeats; i++) call();
    if (performance.now() - started >= MEASURABLE_MS || repeats >= 1 << 16) return repeats;
    repeats *= 4;
  }
}

/** time(make(2n)) / time(make(n)) for `parse`. */
export function scalingRatio<T>(make: (size: number) => T, parse: (input: T) => unknown, size: number): number {
  const small = make(size);
  const large = make(size * 2);
  const repeats = repeatsFor(() => parse(small));
  parse(large); // warm the large path too (JIT, string flattening)
  return fastestMs(() => parse(large), repeats) / fastestMs(() => parse(small), repeats);
}

/** Measurements per size before a ratio above ×3 counts: a busy machine can spoil one, not a quadratic parser (×4 every time). */
const ATTEMPTS = 3;

/**
 * `parse` is linear on `make`'s inputs: first from 16 to 32 KiB (where a quadratic pattern
 * already shows and still ends within a second), then from `size` / 2 to `size` (10 MiB).
 */
export function expectLinear<T>(make: (size: number) => T, parse: (input: T) => unknown, size = 10 * 2 ** 20): void {
  for (const at of [16 * 2 ** 10, size / 2]) {
    let ratio = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < ATTEMPTS && ratio > 3; attempt++) ratio = Math.min(ratio, scalingRatio(make, parse, at));
    expect(ratio, `×2 input (${at} → ${at * 2}) took ×${ratio.toFixed(2)} as long`).toBeLessThanOrEqual(3);
  }
}
