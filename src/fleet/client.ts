// A small Prometheus HTTP API client (/api/v1/query, /query_range, /alerts) with optional basic
// auth (given, or the URL's user:password@) or a bearer token and a timeout on every request. Failures are FleetError with a message
// key and parameters (src/i18n/messages/fleet.ts): the caller words them; library code prints
// nothing.

import { FleetError } from './errors.js';
import { MAX_BODY_BYTES, readJsonBody } from './read-body.js';
import { alertsOf, matrixOf, vectorOf } from './shape.js';
import { maskedUrl, parsePrometheusUrl } from './url.js';

export { FleetError, type FleetErrorKey } from './errors.js';

export interface PrometheusAuth {
  bearerToken?: string;
  basic?: { user: string; password: string };
}

export interface PrometheusClientOptions extends PrometheusAuth {
  url: string;
  /** Per request; default 10 s. Also sent to Prometheus as its query timeout. */
  timeoutMs?: number;
  /** The largest answer read (default 64 MiB); a bigger one is an error, not gigabytes held. */
  maxBodyBytes?: number;
  fetch?: typeof fetch;
}

export interface Sample {
  metric: Record<string, string>;
  value: number | null;
}
export interface RangeSeries {
  metric: Record<string, string>;
  values: [number, number | null][];
}

export interface PrometheusClient {
  readonly url: string;
  query(expr: string, timeSeconds?: number): Promise<Sample[]>;
  queryRange(expr: string, start: number, end: number, stepSeconds: number): Promise<RangeSeries[]>;
  alerts(): Promise<RawAlert[]>;
  /** The rule groups Prometheus evaluates (/api/v1/rules): GPU-hours need their interval. Optional for stand-ins. */
  rules?(): Promise<RawRuleGroup[]>;
}

export interface RawRuleGroup {
  name: string;
  /** Seconds between evaluations. */
  interval: number;
  rules: { name: string; type: string }[];
}

export interface RawAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: string;
  activeAt?: string;
  value?: string;
}

/** Prometheus writes values as strings: "NaN", "+Inf" are not readings. */
const number = (text: unknown): number | null => {
  const value = typeof text === 'string' ? Number(text) : NaN;
  return Number.isFinite(value) ? value : null;
};

export function createPrometheusClient(options: PrometheusClientOptions): PrometheusClient {
  // A user:password@ in the URL becomes basic auth; `shown` is what every error names (no credentials).
  const { base, shown, auth } = parsePrometheusUrl(options.url, options);
  const root = base.href.endsWith('/') ? base.href : `${base.href}/`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (auth.bearerToken) headers.authorization = `Bearer ${auth.bearerToken}`;
  else if (auth.basic) headers.authorization = `Basic ${Buffer.from(`${auth.basic.user}:${auth.basic.password}`).toString('base64')}`;

  async function get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(path, root);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    let response: Response;
    try {
      // Not followed: a redirect is a login page or a proxy's, and credentials must not travel on.
      response = await doFetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new FleetError('fleet.error.timeout', { url: shown, seconds: timeoutMs / 1000 });
      const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
      throw new FleetError('fleet.error.unreachable', { url: shown, detail: cause?.code ?? cause?.message ?? String((error as Error)?.message ?? error) });
    }
    if (response.status === 401 || response.status === 403) throw new FleetError('fleet.error.auth', { url: shown, status: response.status });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new FleetError('fleet.error.redirect', { url: shown, status: response.status, location: maskedUrl((response.headers.get('location') ?? '-').replace(/[?#][^]*$/, '')).slice(0, 200) });
    }
    const parsed = await readJsonBody(response, { url: shown, maxBytes: options.maxBodyBytes ?? MAX_BODY_BYTES, timeoutSeconds: timeoutMs / 1000 });
    if (parsed === null || typeof parsed !== 'object') throw new FleetError(response.ok ? 'fleet.error.notPrometheus' : 'fleet.error.http', { url: shown, status: response.status });
    const body = parsed as { status?: unknown; data?: unknown; error?: unknown; errorType?: unknown };
    if (body.status === 'error') throw new FleetError('fleet.error.query', { url: shown, detail: `${String(body.errorType ?? '')}: ${String(body.error ?? '')}`.slice(0, 500) });
    if (!response.ok) throw new FleetError('fleet.error.http', { url: shown, status: response.status });
    if (body.status !== 'success' || body.data === null || typeof body.data !== 'object') throw new FleetError('fleet.error.notPrometheus', { url: shown, status: response.status });
    return body.data as T;
  }

  const promTimeout = `${Math.max(1, Math.floor(timeoutMs / 1000))}s`;
  return {
    url: shown,
    async query(expr, timeSeconds) {
      const data = await get<{ resultType?: unknown; result?: unknown }>('api/v1/query', {
        query: expr, timeout: promTimeout, ...(timeSeconds === undefined ? {} : { time: String(timeSeconds) }),
      });
      if (data.resultType === 'scalar') return [{ metric: {}, value: number(Array.isArray(data.result) ? data.result[1] : undefined) }];
      const result = data.resultType === 'vector' ? vectorOf(data.result) : null;
      if (!result) throw new FleetError('fleet.error.notPrometheus', { url: shown, status: 200 });
      return result.map((r) => ({ metric: r.metric, value: number(r.value) }));
    },
    async queryRange(expr, start, end, stepSeconds) {
      const data = await get<{ resultType?: unknown; result?: unknown }>('api/v1/query_range', {
        query: expr, start: String(start), end: String(end), step: String(stepSeconds), timeout: promTimeout,
      });
      const result = data.resultType === 'matrix' ? matrixOf(data.result) : null;
      if (!result) throw new FleetError('fleet.error.notPrometheus', { url: shown, status: 200 });
      return result.map((r) => ({ metric: r.metric, values: r.values.map(([t, v]) => [t, number(v)] as [number, number | null]) }));
    },
    async alerts() {
      const data = await get<{ alerts?: unknown }>('api/v1/alerts', {});
      return alertsOf(data.alerts);
    },
    async rules() {
      const data = await get<{ groups?: unknown[] }>('api/v1/rules', { type: 'record' });
      const groups = Array.isArray(data.groups) ? data.groups : [];
      return groups.flatMap((g) => {
        const group = g as { name?: unknown; interval?: unknown; rules?: unknown };
        if (typeof group.interval !== 'number' || !(group.interval > 0) || !Array.isArray(group.rules)) return [];
        const rules = (group.rules as { name?: unknown; type?: unknown }[]).filter((r) => typeof r?.name === 'string').map((r) => ({ name: r.name as string, type: String(r.type) }));
        return [{ name: String(group.name ?? ''), interval: group.interval, rules }];
      });
    },
  };
}
