// V8 flags the CLI sets for itself at start (scripts/build.mjs puts applyCliV8Flags at the top of
// dist/cli.mjs; bench/sampler.mjs applies it to what it measures). V8 reads both while it runs,
// so v8.setFlagsFromString works without NODE_OPTIONS or a re-exec. Figures: docs/benchmarks.md.
//
// --semi-space-growth-factor=1: V8 doubles the young generation whenever enough has survived
//   scavenges, up to 16 MiB semi-spaces (32 MiB resident); a sampler that holds its latest
//   snapshot gets there within a minute. Kept at 1 MiB, what lives longer is promoted and
//   collected with the old space. (As a command-line flag it would be raised to V8's minimum of 2
//   when the heap is configured; set afterwards it holds.)
// --interrupt-budget=…, --max-bytecode-size-for-early-opt=0: 16× V8's default before a function
//   is optimised, and no exception for small ones. A one-shot command is over before TurboFan
//   starts (its code and zone memory cost ~3.5 MiB of `info --json`'s peak RSS); a long-running
//   one still optimises what stays hot (never optimising, --max-opt=1, would save the sampler
//   another ~3.5 MiB but costs it 20–40 % more CPU).
// --optimize-for-size: V8's heap grows in smaller steps and is collected more eagerly. Measured
//   side by side over 8 GPUs and 200 processes: a sampler's RSS −2.8 MiB at 1 Hz and −4.9 MiB at
//   10 Hz after 60 s, −4.7 MiB after 25 min, for +0.1 points of a core at 1 Hz (2.37 against
//   2.23 %) and +0.5 at 10 Hz (13.8 against 13.4 %); a one-shot `info --json` peaks the same.
//   (--single-threaded-gc, set this way at run time, crashes V8: a check in concurrent marking.)

// startHeapCompaction (long-running commands too, but set up by every CLI start: its timer is
//   unref'd, so a one-shot command is over before it first fires): every 15 s (30 s until round four:
//   an hour side by side ended 1.8 MiB lower, CPU within noise; docs/benchmarks.md), when the old
//   generation holds more than 1.25× what it used after the last collection, one full, compacting
//   collection (1.5× until round four; docs/benchmarks.md has the hour with each). V8's own memory reducer leaves a sampler's ~6 MiB of live objects spread over
//   11–12 MiB of old-space pages for good; a forced major GC moves them together and gives the
//   empty pages back (−4 MiB RSS after 150 s at 1 Hz, measured; a few ms of CPU per collection).
//   `gc` is taken from a fresh vm context, so the CLI's own global scope gets no `gc`; that context
//   is made when the timer first fires, not at start (a context and node:vm cost a one-shot
//   command ~2 ms and 0.2 MiB for nothing).

import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { createRequire } from 'node:module';

export const CLI_V8_FLAGS = ['--semi-space-growth-factor=1', `--interrupt-budget=${16 * 66 * 1024}`, '--max-bytecode-size-for-early-opt=0', '--optimize-for-size'];

export function applyCliV8Flags(flags = CLI_V8_FLAGS) {
  const apply = () => {
    for (const flag of flags) setFlagsFromString(flag);
  };
  apply();
  // Every new isolate (the NVML worker thread) configures its heap and thereby resets the growth
  // factor to 2 for the whole process: set the flags again once a worker runs.
  process.on('worker', (worker) => worker.once('online', apply));
}

export const HEAP_COMPACTION_INTERVAL_MS = 15_000;
export const HEAP_COMPACTION_GROWTH = 1.25;

/** See the top of this file. Returns the function that stops it. */
export function startHeapCompaction(intervalMs = HEAP_COMPACTION_INTERVAL_MS, growth = HEAP_COMPACTION_GROWTH) {
  setFlagsFromString('--expose-gc');
  let collect = null;
  const old = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
  let usedAfterLast = 0;
  const timer = setInterval(() => {
    const space = old();
    if (space && usedAfterLast > 0 && space.space_size <= growth * usedAfterLast) return;
    collect ??= createRequire(import.meta.url)('node:vm').runInNewContext('gc');
    collect();
    usedAfterLast = old()?.space_used_size ?? 0;
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
