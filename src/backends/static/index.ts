// The static backend: serves recorded readings instead of reading GPUs — for replays, imports,
// demos, and the tests of top and serve. A recording is what `gpuwise info --json` printed: one
// snapshot, an array of them, or the NDJSON of `info --json --watch`. Reads step through the
// recording and stay on the last reading at its end (or start over, with `loop`).

import { readFileSync } from 'node:fs';
import type { Backend, BackendCapabilities, BackendDriver, BackendOpenResult, BackendReading } from '../../core/backend.js';
import { parseRecording } from './recording.js';

export const STATIC_BACKEND_ID = 'static';

export interface StaticBackendOptions {
  /** The readings to serve, in order. */
  readings?: readonly BackendReading[];
  /** Or a recording file (JSON or NDJSON of snapshots). */
  path?: string;
  /** Start over after the last reading (default: stay on it). */
  loop?: boolean;
  capabilities?: BackendCapabilities;
}

export function createStaticDriver(options: StaticBackendOptions): BackendDriver {
  return { id: STATIC_BACKEND_ID, open: async () => openStatic(options) };
}

function openStatic(options: StaticBackendOptions): BackendOpenResult {
  let readings: readonly BackendReading[];
  let capabilities = options.capabilities ?? { metrics: true, processes: true };
  if (options.readings) readings = options.readings;
  else if (options.path) {
    let text: string;
    try {
      text = readFileSync(options.path, 'utf8');
    } catch (error) {
      return { ok: false, unavailable: { code: 'library-not-found', detail: `${options.path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` } };
    }
    const parsed = parseRecording(text);
    if (!parsed.ok) return { ok: false, unavailable: { code: 'error', detail: `${options.path}: ${parsed.detail}` } };
    readings = parsed.readings;
    capabilities = options.capabilities ?? parsed.capabilities ?? capabilities;
  } else {
    return { ok: false, unavailable: { code: 'error', detail: 'no recording given (set GPUWISE_REPLAY to a file from `gpuwise info --json`)' } };
  }
  if (readings.length === 0) return { ok: false, unavailable: { code: 'error', detail: 'the recording holds no reading' } };

  let next = 0;
  let closed = false;
  const backend: Backend = {
    id: STATIC_BACKEND_ID,
    capabilities,
    read: async () => {
      if (closed) throw new Error('static backend is closed');
      const reading = readings[next]!;
      next = next + 1 < readings.length ? next + 1 : options.loop ? 0 : next;
      // A fresh copy each time: consumers (the range check) may change what they are given.
      return structuredClone(reading);
    },
    close: async () => {
      closed = true;
    },
  };
  return { ok: true, backend };
}
