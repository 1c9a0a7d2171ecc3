// glibc, loaded once through koffi for the few calls gpuwise makes into it (malloc_trim for a long
// session's memory, clock_gettime for the per-call timer). Linux with glibc only: musl names its
// C library differently, and elsewhere there is none to load; callers then do without.

import koffi from './koffi.js';

type Library = ReturnType<typeof koffi.load>;

let libc: Library | null | undefined;

/** glibc's handle, or null where there is none (not Linux, or not glibc). */
export function loadLibc(platform: string = process.platform): Library | null {
  if (platform !== 'linux') return null;
  if (libc === undefined) {
    try {
      libc = koffi.load('libc.so.6');
    } catch {
      libc = null;
    }
  }
  return libc;
}
