// /api/v1/fleet/*: the fleet view of `serve --prometheus URL` (docs/fleet.md) — the summary,
// the heatmap and the alerts, read from the Prometheus that scrapes every node. Prometheus's
// answer is cached for a few seconds: a dashboard polling from several browsers asks it once.
// Without --prometheus these routes answer 404 with why.

import type { Hono } from 'hono';
import { z } from 'zod';
import { FleetError, type PrometheusClient } from '../../fleet/client.js';
import { fleetHeatmap } from '../../fleet/heatmap.js';
import { fleetSummary, toAlerts } from '../../fleet/summary.js';
import { ApiError, jsonAnswer } from '../errors.js';
import type { ServerEnv } from '../options.js';
import { integerParam, parseQuery, refuse } from '../query.js';

export interface FleetRouteOptions {
  client: PrometheusClient;
  /** How long one answer is reused (default 5 s). */
  cacheMs?: number;
  now?: () => number;
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
/** 30s … 90d, one number and a unit ("7d", "6h"). */
const durationParam = (maxSeconds: number) =>
  z.string().transform((value, ctx) => {
    const match = /^(\d{1,6})([smhdw])$/.exec(value.trim());
    const seconds = match ? Number(match[1]) * UNITS[match[2]!]! : NaN;
    return seconds >= 10 && seconds <= maxSeconds ? seconds : refuse(ctx, 'webFleet.api.badDuration', { max: `${maxSeconds / 86_400}d` });
  });

const SUMMARY_QUERY = { range: durationParam(90 * 86_400).optional(), idle: durationParam(7 * 86_400).optional(), top: integerParam(1, 100).optional() };
const HEATMAP_QUERY = { range: durationParam(30 * 86_400).optional() };

export function fleetRoutes(app: Hono<ServerEnv>, options: FleetRouteOptions | null): void {
  const cache = new Map<string, { atMs: number; value: Promise<unknown> }>();
  const now = options?.now ?? Date.now;
  const cached = (key: string, load: () => Promise<unknown>): Promise<unknown> => {
    const hit = cache.get(key);
    if (hit && now() - hit.atMs < (options?.cacheMs ?? 5000)) return hit.value;
    const value = load();
    // A failure is not kept: the next request asks again.
    value.catch(() => cache.delete(key));
    if (cache.size > 32) cache.clear();
    cache.set(key, { atMs: now(), value });
    return value;
  };
  const answer = async (load: () => Promise<unknown>, key: string) => {
    if (options === null) throw new ApiError(404, 'webFleet.api.notConfigured');
    try {
      return await cached(key, load);
    } catch (error) {
      // Prometheus's trouble is a bad gateway, worded as `gpuwise fleet` words it.
      if (error instanceof FleetError) throw new ApiError(502, error.key, error.params, { prometheus: options.client.url });
      throw error;
    }
  };

  app.get('/api/v1/fleet/summary', async (c) => {
    const q = parseQuery(new URL(c.req.url), SUMMARY_QUERY);
    const value = await answer(() => fleetSummary(options!.client, { rangeSeconds: q.range, idleWindowSeconds: q.idle, top: q.top }), `summary ${q.range} ${q.idle} ${q.top}`);
    return jsonAnswer(c, value);
  });
  app.get('/api/v1/fleet/heatmap', async (c) => {
    const q = parseQuery(new URL(c.req.url), HEATMAP_QUERY);
    return jsonAnswer(c, await answer(() => fleetHeatmap(options!.client, { rangeSeconds: q.range }), `heatmap ${q.range}`));
  });
  app.get('/api/v1/fleet/alerts', async (c) => {
    parseQuery(new URL(c.req.url), {});
    return jsonAnswer(c, { alerts: await answer(async () => toAlerts(await options!.client.alerts()), 'alerts') });
  });
}
