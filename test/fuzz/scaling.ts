// A time bound in the test's own terms: the same input scaled ×4 must not take more than ×8 as
// long. No absolute milliseconds, so a slow or busy machine cannot fail it; a quadratic parser
// (×16) or worse does. ×4 rather than ×2: between a linear ×2 and a quadratic ×4 a bound of ×3
// left a noisy machine a margin of 1.5, and a linear parser read ×3.01 in a clean CI run; between
// ×4 and ×16 the bound of ×8 leaves both sides a factor of 2. Each side is timed in CPU time a few times, the sizes taking turns, and the
// fastest kept, which drops GC pauses and the scheduler's noise; a call too fast to time is
// repeated until it is not.

import { expect } from 'vitest';

const RUNS = 3;
/** How much larger the second input is, and the most its time may grow (see the top). */
export const SCALE = 4;
export const BOUND = 8;
/**
 * Long enough for the CPU clock to be precise and for a scavenge or two to be spread over many
 * calls: at 5 ms, one collection landing in the larger side's runs made a linear XML parser read
 * ×4.2 at 16 → 32 KiB in a clean CI run (×2.5–4.9 at 64 KiB, ×1.9–2.1 from 256 KiB on). A
 * measurement, not a bound.
 */
const MEASURABLE_MS = 20;

/**
 * CPU time of this process in ms, not wall time: the other programs on a busy machine (CI runners,
 * parallel test files) then slow neither side.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function timeMs(call: () => void, repeats: number): number {
  const started = cpuMs();
  for (let i = 0; i < repeats; i++) call();
  return cpuMs() - started;
}

/** How many calls on the small input take long enough to time. */
function repeatsFor(call: () => void): number {
  for (let repeats = 1; ; repeats *= 4) {
    if (timeMs(call, repeats) >= MEASURABLE_MS || repeats >= 1 << 16) return repeats;
  }
}

/** time(make(SCALE·n)) / time(make(n)) for `parse`: the fastest of a few runs each, the sizes taking turns. */
export function scalingRatio<T>(make: (size: number) => T, parse: (input: T) => unknown, size: number): number {
  const small = make(size);
  const large = make(size * SCALE);
  const repeats = repeatsFor(() => parse(small));
  parse(large); // warm the large path too (JIT, string flattening)
  let smallMs = Number.POSITIVE_INFINITY;
  let largeMs = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    smallMs = Math.min(smallMs, timeMs(() => parse(small), repeats));
    largeMs = Math.min(largeMs, timeMs(() => parse(large), repeats));
  }
  return largeMs / Math.max(smallMs, Number.MIN_VALUE);
}

/**
 * Measurements per size before a ratio above BOUND counts: a busy machine can spoil one, not a
 * quadratic parser (×16 every time). Five, not three: a parser that builds one node per line holds
 * its whole output until it returns, and where that output outgrows V8's young generation the
 * collector's copying comes and goes — linear parsers read ×4.6–7.8 (`-q` text at 256 KiB → 1 MiB)
 * and ×5.1–8.8 (XML at 64 → 256 KiB) in six measurements each, one in three over ×8 for the XML.
 */
const ATTEMPTS = 5;

/**
 * `parse` is linear on `make`'s inputs: first from 8 to 32 KiB (where a quadratic pattern
 * already shows and still ends within a second), then from `size` / 4 to `size` (2 MiB). Not
 * larger: past the CPU's caches a run of spaces makes the timing a measure of memory, not of the
 * parser — /etc/passwd's parser, linear, read ×3–6 at 5 → 10 and 10 → 20 MiB with a second test
 * file running beside it (×1.6–2.1 at 1 → 2 MiB), and failed a clean CI run at ×5.4; at 512 KiB → 2 MiB it read ×6.7–9.0 on an idle machine whose
 * cores have 2 MiB of L2 each (×3.4–3.5 at 128 → 512 KiB). Nor across
 * V8's 128 KiB large-object limit: a string or array past it gets pages of its own, and JSON.parse
 * of a 256 KiB document took 16× as long as of a 64 KiB one (then 2.8× to 1 MiB), a measure of the
 * allocator. Choose `size` so that `size` / 4 and `size` sit on one side of it (the default does).
 */
export function expectLinear<T>(make: (size: number) => T, parse: (input: T) => unknown, size = 2 * 2 ** 20): void {
  for (const at of [8 * 2 ** 10, size / SCALE]) {
    let ratio = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < ATTEMPTS && ratio > BOUND; attempt++) ratio = Math.min(ratio, scalingRatio(make, parse, at));
    expect(ratio, `×${SCALE} input (${at} → ${at * SCALE}) took ×${ratio.toFixed(2)} as long`).toBeLessThanOrEqual(BOUND);
  }
}
