// Routes answered from the history store: history, processes seen in a range, events.

import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { eventText } from '../../events/text.js';
import type { EventKind, GpuEvent } from '../../events/types.js';
import { isMessageKey, type Translate } from '../../i18n/index.js';
import { DEVICE_COLUMNS, HOST_COLUMNS } from '../../monitor/columns.js';
import { ApiError, jsonAnswer } from '../errors.js';
import type { ServerAppOptions, ServerEnv } from '../options.js';
import { integerParam, listParam, parseQuery, pickNames, timeParam, timeRange } from '../query.js';
import { deviceEntries, fromStore, resolveDevice, storedDevices } from './devices.js';

const HOUR_MS = 3_600_000;
export const MAX_HISTORY_POINTS = 5000;
export const DEFAULT_HISTORY_POINTS = 1000;

/** Every EventKind, at run time (the type alone is erased); the check below fails to compile if one is missing. */
export const EVENT_KINDS = [
  'throttle-start', 'throttle-change', 'throttle-end', 'gpu-lost', 'gpu-back', 'gpu-appeared', 'ecc-rising', 'process-start', 'process-end',
  'memory-nearly-full', 'memory-ok', 'temperature-high', 'temperature-ok', 'xid',
] as const satisfies readonly EventKind[];
const everyKindListed: Exclude<EventKind, (typeof EVENT_KINDS)[number]> extends never ? true : never = true;
void everyKindListed;

const DEVICE_METRICS = DEVICE_COLUMNS.map((column) => column.name);
const HOST_METRICS = HOST_COLUMNS.map((column) => column.name);

function knownDevices(options: ServerAppOptions) {
  return deviceEntries(options.sampler.latest(), storedDevices(options.store));
}

export function recordedRoutes(app: Hono<ServerEnv>, options: ServerAppOptions): void {
  const now = options.now ?? Date.now;

  app.get('/api/v1/history', (c) => {
    const query = parseQuery(new URL(c.req.url), {
      device: z.string(),
      metric: z.string(),
      from: timeParam(now).optional(),
      to: timeParam(now).optional(),
      points: integerParam(1, MAX_HISTORY_POINTS).optional(),
    });
    const { fromMs, toMs } = timeRange(query, now(), HOUR_MS);
    const store = fromStore(c, options.store, (s) => s);
    const device = resolveDevice(query.device, knownDevices(options), true);
    const picked = pickNames(query.metric, device === 'host' ? HOST_METRICS : DEVICE_METRICS, 'serve.api.badMetric', 32);
    if (!('names' in picked)) throw new ApiError(400, picked.key, { parameter: 'metric', ...picked.params }, { parameter: 'metric', ...picked.params, ...picked.details });
    const points = query.points ?? DEFAULT_HISTORY_POINTS;
    return jsonAnswer(c, fromStore(c, store, (s) => s.history({ device, metrics: picked.names, fromMs, toMs, points })));
  });

  app.get('/api/v1/events', (c) => {
    const query = parseQuery(new URL(c.req.url), {
      from: timeParam(now).optional(),
      to: timeParam(now).optional(),
      device: z.string().optional(),
      kind: listParam(EVENT_KINDS, 'serve.api.badKind').optional(),
      limit: integerParam(1, 10_000).optional(),
    });
    const { fromMs, toMs } = timeRange(query, now(), 24 * HOUR_MS);
    const store = fromStore(c, options.store, (s) => s);
    const device = query.device === undefined ? undefined : resolveDevice(query.device, knownDevices(options), false);
    const events = fromStore(c, store, (s) => s.events({ fromMs, toMs, device, kinds: query.kind as EventKind[] | undefined, limit: query.limit ?? 1000 }));
    return jsonAnswer(c, { fromMs, toMs, events: events.map((event) => ({ ...event, message: eventMessage(event, c.var.t) })) });
  });
}

/**
 * An event's text in the client's language, as the dashboard, info and top say it (clock reasons
 * named, outside text escaped); null for a key this build does not know (a newer store).
 */
function eventMessage(event: Pick<GpuEvent, 'key' | 'params'>, t: Translate): string | null {
  if (!isMessageKey(event.key)) return null;
  try {
    return eventText(event, t);
  } catch {
    // Params a newer store wrote differently: the event still answers, without its sentence.
    return null;
  }
}

export function rangeProcesses(c: Context<ServerEnv>, options: ServerAppOptions): Response {
  const now = options.now ?? Date.now;
  const query = parseQuery(new URL(c.req.url), { from: timeParam(now).optional(), to: timeParam(now).optional(), device: z.string().optional() });
  const { fromMs, toMs } = timeRange(query, now(), HOUR_MS);
  const store = fromStore(c, options.store, (s) => s);
  const device = query.device === undefined ? undefined : resolveDevice(query.device, knownDevices(options), false);
  return jsonAnswer(c, { fromMs, toMs, processes: fromStore(c, store, (s) => s.processes({ fromMs, toMs, device })) });
}
