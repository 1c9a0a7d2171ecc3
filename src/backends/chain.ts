// The fallback chain: try each backend in order, keep the first that opens and finds GPUs, and
// remember why every other one was not used — `info` tells the user, `doctor` builds on it.

import type { Backend, BackendDriver, BackendId, BackendOpenResult, BackendUnavailable } from '../core/backend.js';
import { noGpuAtOpen } from './no-gpu.js';
import { singleFlight } from './single-flight.js';

export interface BackendAttempt {
  id: BackendId;
  ok: boolean;
  /** Set when `ok` is false. */
  unavailable: BackendUnavailable | null;
  durationMs: number;
}

export interface ChainResult {
  /**
   * The first backend that opened and found GPUs (single-flight: see ./single-flight.ts); else
   * the first that opened with none; null when none opened.
   */
  backend: Backend | null;
  /**
   * Every backend tried, in order, up to and including the one chosen — or every one, when the
   * one chosen lists no GPU. A backend that opened with no GPU and was passed over for a later
   * one is `ok: false`, with the reason it gave (./no-gpu.ts).
   */
  attempts: BackendAttempt[];
}

/** The first backend that opened with no GPU: the answer only if no later backend finds one. */
interface EmptyCandidate {
  backend: Backend;
  attempt: BackendAttempt;
  passedOver: BackendUnavailable;
}

async function openSafely(driver: BackendDriver): Promise<BackendOpenResult> {
  try {
    return await driver.open();
  } catch (error) {
    // A driver should report absence as a value; an exception here is a bug, but it must not
    // hide the backends after it.
    return { ok: false, unavailable: { code: 'error', detail: String(error) } };
  }
}

async function closeQuietly(backend: Backend): Promise<void> {
  try {
    await backend.close();
  } catch {
    // Closing a backend that found nothing must not cost the one that did.
  }
}

export async function openFirstBackend(drivers: readonly BackendDriver[]): Promise<ChainResult> {
  const attempts: BackendAttempt[] = [];
  let empty: EmptyCandidate | null = null;
  for (const driver of drivers) {
    const started = performance.now();
    const result = await openSafely(driver);
    const durationMs = performance.now() - started;
    if (!result.ok) {
      attempts.push({ id: driver.id, ok: false, unavailable: result.unavailable, durationMs });
      continue;
    }
    const passedOver = noGpuAtOpen(result.backend);
    if (passedOver === null) {
      if (empty) {
        await closeQuietly(empty.backend);
        Object.assign(empty.attempt, { ok: false, unavailable: empty.passedOver });
      }
      attempts.push({ id: driver.id, ok: true, unavailable: null, durationMs });
      return { backend: singleFlight(result.backend), attempts };
    }
    if (empty) {
      // A second backend with no GPU adds nothing to the first: its reason is recorded.
      await closeQuietly(result.backend);
      attempts.push({ id: driver.id, ok: false, unavailable: passedOver, durationMs });
      continue;
    }
    const attempt: BackendAttempt = { id: driver.id, ok: true, unavailable: null, durationMs };
    attempts.push(attempt);
    empty = { backend: result.backend, attempt, passedOver };
  }
  return { backend: empty ? singleFlight(empty.backend) : null, attempts };
}
