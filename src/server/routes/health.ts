// /api/v1/health: is the sampler alive, how old is its newest sample, what backend reads, and
// the store's state. Without the token (when one is set) it answers only the status, for
// liveness probes; the details (paths, backends, counts) need the token.

import type { Hono } from 'hono';
import { isStoreError } from '../../store/errors.js';
import type { StoreStats } from '../../store/types.js';
import { jsonAnswer } from '../errors.js';
import type { ServerAppOptions, ServerEnv } from '../options.js';
import { parseQuery } from '../query.js';
import type { StreamHub } from '../stream.js';

export type HealthStatus = 'ok' | 'starting' | 'stalled';

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
    const status: HealthStatus =
      latest === null ? (nowMs - startedMs < STARTUP_GRACE_MS ? 'starting' : 'stalled') : ageMs! > staleAfterMs(options.sampler.intervalMs) ? 'stalled' : 'ok';
    const code = status === 'stalled' ? 503 : 200;
    if (!c.var.authenticated) return jsonAnswer(c, { status }, code);
    let store: { stats: StoreStats } | { error: string } | null = null;
    if (options.store !== null) {
      try {
        store = { stats: options.store.stats() };
      } catch (error) {
        store = { error: isStoreError(error) ? c.var.t(error.key, error.params) : error instanceof Error ? error.message : String(error) };
      }
    }
    return jsonAnswer(c, {
      status,
      version: options.version,
      uptimeMs: nowMs - startedMs,
      sampler: {
        alive: status === 'ok',
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
