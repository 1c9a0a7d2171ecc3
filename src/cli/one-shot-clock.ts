// performance.now() in the CLI's bundle (scripts/build.mjs injects this for it): for a one-shot
// command, process.uptime() in ms — the same monotonic clock (libuv's hrtime) from the process's
// start, a few ms before performance's origin — because the global `performance` loads perf_hooks
// and nine internal modules (−0.5 MiB of `info --json`'s peak RSS, docs/benchmarks.md, "Levers
// tried after 19:30"). Every use in src/ is a difference of two readings or a deadline.
// Long-running commands read performance.now() as before.

import { isOneShot } from './one-shot.js';

/** The clock for a start with this argv. */
export function clockFor(argv: readonly string[]): () => number {
  // globalThis.performance: the bundle's `performance.now` is this module's export.
  return isOneShot(argv) ? () => process.uptime() * 1000 : () => globalThis.performance.now();
}

export const cliNow = clockFor(process.argv);

export { cliNow as 'performance.now' };
