// Where a pasted listing came from, as far as the listing itself says.

import type { BackendReading } from '../core/backend.js';

/**
 * The OS a pasted listing came from, where the listing itself says: Windows' driver models appear
 * only in Windows output; an Apple GPU, or system_profiler's no-CUDA note, only in a Mac's.
 */
export function pastedPlatformOf(reading: BackendReading): 'win32' | 'darwin' | 'unknown' {
  if (reading.devices.some((d) => d.driverModel === 'WDDM' || d.driverModel === 'TCC' || d.driverModel === 'MCDM')) return 'win32';
  if (reading.devices.some((d) => d.vendor === 'apple') || (reading.problems ?? []).some((p) => p.code === 'no-cuda')) return 'darwin';
  return 'unknown';
}
