// The fallback chain: try each backend in order, keep the first that opens, and remember why
// every other one did not — `info` tells the user, `doctor` builds on it.

import type { Backend, BackendDriver, BackendId, BackendUnavailable } from '../core/backend.js';
import { singleFlight } from './single-flight.js';

export interface BackendAttempt {
  id: BackendId;
  ok: boolean;
  /** Set when `ok` is false. */
  unavailable: BackendUnavailable | null;
  durationMs: number;
}

export interface ChainResult {
  /** The first backend that opened (single-flight: see ./single-flight.ts), or null when none did. */
  backend: Backend | null;
  /** Every backend tried, in order, up to and including the one chosen. */
  attempts: BackendAttempt[];
}

export async function openFirstBackend(drivers: readonly BackendDriver[]): Promise<ChainResult> {
  const attempts: BackendAttempt[] = [];
  for (const driver of drivers) {
    const started = performance.now();
    let result;
    try {
      result = await driver.open();
    } catch (error) {
      // A driver should report absence as a value; an exception here is a bug, but it must not
      // hide the backends after it.
      result = { ok: false as const, unavailable: { code: 'error' as const, detail: String(error) } };
    }
    const durationMs = performance.now() - started;
    if (result.ok) {
      attempts.push({ id: driver.id, ok: true, unavailable: null, durationMs });
      return { backend: singleFlight(result.backend), attempts };
    }
    attempts.push({ id: driver.id, ok: false, unavailable: result.unavailable, durationMs });
  }
  return { backend: null, attempts };
}
