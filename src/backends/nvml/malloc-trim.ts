// glibc's malloc keeps what it was given back: every thread that allocates gets an arena of its
// own (V8's compiler and GC threads, libuv's pool running koffi's async calls), and the free pages
// inside an arena, or under the main heap's top, stay resident. In a sampler after 40 minutes at
// 1 Hz over 8 GPUs and 200 processes, five thread arenas held 4.9 MiB of RSS and the main heap
// 5.9 MiB for 2.5 MiB of history rings (docs/benchmarks.md, round four). malloc_trim(0) hands
// the free pages of every arena back to the kernel. A long-running NVML session calls it every
// 30 s; the timer is unref'd, so a one-shot command is over before it first fires. Linux with
// glibc only: elsewhere (musl, Windows) there is no such call and nothing is done.

import { loadLibc } from './libc.js';

export const MALLOC_TRIM_INTERVAL_MS = 30_000;

let bound: (() => number) | null | undefined;

/** Calls glibc's malloc_trim(0); false where there is none (not glibc, or not Linux). */
export function mallocTrim(platform: string = process.platform): boolean {
  if (platform !== 'linux') return false;
  bound ??= bindMallocTrim(platform);
  if (bound === null) return false;
  bound();
  return true;
}

function bindMallocTrim(platform: string): (() => number) | null {
  try {
    const trim = loadLibc(platform)?.func('int malloc_trim(size_t pad)') as ((pad: number) => number) | undefined;
    return trim ? () => trim(0) : null;
  } catch {
    // A C library without malloc_trim.
    return null;
  }
}

/** Trims every `intervalMs` until the returned function is called. */
export function startMallocTrim(platform: string = process.platform, intervalMs = MALLOC_TRIM_INTERVAL_MS): () => void {
  if (platform !== 'linux') return () => {};
  const timer = setInterval(() => {
    if (!mallocTrim(platform)) clearInterval(timer);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
