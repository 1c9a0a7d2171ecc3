// The driver's sample cursors are CPU timestamps (µs since 1970, nvml.h): NVML gives the samples
// newer than the cursor passed. Set the wall clock back (an NTP step, a VM's clock set) and every
// new sample is older than the cursor, so a reader that kept it would get no sub-second samples
// and no per-process utilisation until the clock caught up — an hour, for an hour's step.

/** A cursor further ahead of the wall clock than this (µs) means the clock went back. */
const CURSOR_AHEAD_US = 2_000_000;

/** `cursorUs`, or 0 (everything the driver still holds) when the wall clock went back past it. */
export function cursorAfterClockStep(cursorUs: number, nowMs: number = Date.now()): number {
  return cursorUs > nowMs * 1000 + CURSOR_AHEAD_US ? 0 : cursorUs;
}
