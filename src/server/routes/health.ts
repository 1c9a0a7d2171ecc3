// /api/v1/health: is the sampler alive, how old is its newest sample, what backend reads, and
// the store's state, with whether the recorder's writes land (a full disk is `degraded`). Without
// the token (when one is set) it answers only the status, for liveness probes; the details
// (paths, backends, counts) need the token.

import type { Hono } from 'hono';
import type { Translate } from '../../i18n/index.js';
import { isStoreError } from '../../store/errors.js';
import type { StoreStats } from '../../store/types.js';
import { jsonAnswer } from '../errors.js';
import type { ServerAppOptions, ServerEnv } from '../options.js';
import { parseQuery } from '../query.js';
import type { RecordingState } from '../recording-health.js';
import type { StreamHub } from '../stream.js';

/** `degraded`: sampling is alive and the API answers, but the history is not being written. */
export type HealthStatus = 'ok' | 'degraded' | 'starting' | 'stalled';

/** Before the first sample the server is starting for this long; then it is stalled. */
export const STARTUP_GRACE_MS = 30_000;

/** A sample older than this many intervals (and at least 5 s) means the sampler has stopped. */
export function staleAfterMs(intervalMs: number): number {
  return Math.max(3 * intervalMs, 5000);
}

export function healthRoutes(app: Hono<ServerEnv>, options: ServerAppOptions, streams: StreamHub): void {
  const now = options.now ?? Date.now;
  const startedMs = now();

  app.get('/api/v1/health', (c) => {
    parseQuery(new URL(c.req.url), {});
    const nowMs = now();
    const latest = options.sampler.latest();
    const ageMs = latest === null ? null : Math.max(0, nowMs - latest.wallMs);
    const recording = options.recording?.state() ?? null;
    const sampling: HealthStatus =
      latest === null ? (nowMs - startedMs < STARTUP_GRACE_MS ? 'starting' : 'stalled') : ageMs! > staleAfterMs(options.sampler.intervalMs) ? 'stalled' : 'ok';
    const status: HealthStatus = sampling === 'ok' && recording?.failingSinceMs != null ? 'degraded' : sampling;
    // Degraded still answers 200: live data serves, and a liveness probe must not restart a server for a full disk.
    const code = status === 'stalled' ? 503 : 200;
    if (!c.var.authenticated) return jsonAnswer(c, { status }, code);
    let store: ({ stats: StoreStats } | { error: string }) & { recording?: RecordingAnswer } | null = null;
    if (options.store !== null) {
      try {
        store = { stats: options.store.stats() };
      } catch (error) {
        store = { error: isStoreError(error) ? c.var.t(error.key, error.params) : error instanceof Error ? error.message : String(error) };
      }
      if (recording) store.recording = recordingAnswer(recording, c.var.t);
    }
    return jsonAnswer(c, {
      status,
      version: options.version,
      uptimeMs: nowMs - startedMs,
      sampler: {
        alive: sampling === 'ok',
        intervalMs: options.sampler.intervalMs,
        lastSampleAgeMs: ageMs,
        lastSampleAtMs: latest?.wallMs ?? null,
        seq: latest?.seq ?? null,
        lastBackendMs: latest?.backendMs ?? null,
      },
      backend: latest?.snapshot.backend ?? null,
      backendAttempts: latest?.snapshot.backendAttempts ?? [],
      gpus: latest?.snapshot.devices.length ?? null,
      store,
      streams: { clients: streams.clients().length, max: streams.maxClients },
    }, code);
  });
}

export interface RecordingAnswer extends Omit<RecordingState, 'lastFailure'> {
  ok: boolean;
  /** The latest failure while failing, in the request's language; null while writes land. */
  error: { code: string | null; key: string | null; message: string } | null;
}

function recordingAnswer(state: RecordingState, t: Translate): RecordingAnswer {
  const { lastFailure, ...rest } = state;
  const error = lastFailure && { code: lastFailure.code, key: lastFailure.key, message: lastFailure.key ? t(lastFailure.key, lastFailure.params) : lastFailure.message };
  return { ok: state.failingSinceMs === null, ...rest, error };
}
