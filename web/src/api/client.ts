// A typed client for /api/v1 (docs/api.md). Same origin only: paths are relative to the page's
// origin and nothing here can name another host. Every failure is an ApiError; a 401 sends the
// browser to the server's /login with this page as `next`, once, and still rejects so callers stop.

import { ApiError, badAnswer, errorFromBody, errorFromResponse, networkError } from './errors.js';
import type {
  ApiTime, DevicesAnswer, EventsAnswer, EventsRequest, HealthAnswer, HistoryAnswer, HistoryRequest,
  ProcessesNowAnswer, ProcessesRangeAnswer, RangeRequest, SnapshotAnswer,
} from './types.js';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Defaults to the global fetch (tests pass a stub). */
  fetch?: FetchLike;
  /** The language for the server's messages (`lang=`); read on every call, so a switch applies at once. */
  lang?: () => string | null;
  /** What a 401 does; defaults to going to /login?next=<this page>. */
  onUnauthorized?: (error: ApiError) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
}

type Params = Record<string, string | number | undefined>;

export const API_BASE = '/api/v1';

/** The query string of a call; undefined values are left out (the server refuses unknown or repeated ones). */
export function apiPath(endpoint: string, params: Params = {}, lang: string | null = null): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  if (lang) search.set('lang', lang);
  const query = search.toString();
  return `${API_BASE}/${endpoint}${query ? `?${query}` : ''}`;
}

function timeParam(value: ApiTime | undefined): string | number | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? Math.round(value) : value;
}

/** Where a 401 sends the browser: the server's login form, coming back to this very page (hash route included). */
export function loginUrl(here: { pathname: string; search: string; hash: string }): string {
  return `/login?next=${encodeURIComponent(`${here.pathname}${here.search}${here.hash}`)}`;
}

let redirecting = false;
function goToLogin(): void {
  if (redirecting || typeof location === 'undefined') return;
  redirecting = true;
  location.assign(loginUrl(location));
}

export interface ApiClient {
  devices(options?: CallOptions): Promise<DevicesAnswer>;
  snapshot(options?: CallOptions): Promise<SnapshotAnswer>;
  history(request: HistoryRequest, options?: CallOptions): Promise<HistoryAnswer>;
  /** The processes on the GPUs now (latest sample). */
  processesNow(device?: string | number, options?: CallOptions): Promise<ProcessesNowAnswer>;
  /** Every process seen in a range, from the history (give from and/or to). */
  processesRange(request: RangeRequest, options?: CallOptions): Promise<ProcessesRangeAnswer>;
  events(request?: EventsRequest, options?: CallOptions): Promise<EventsAnswer>;
  /** Health answers 503 when stalled with the same body: it is returned, not thrown. */
  health(options?: CallOptions): Promise<HealthAnswer>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const onUnauthorized = options.onUnauthorized ?? goToLogin;

  async function get<T>(endpoint: string, params: Params, call: CallOptions = {}, okStatuses: readonly number[] = []): Promise<T> {
    const url = apiPath(endpoint, params, options.lang?.() ?? null);
    let response: Response;
    try {
      response = await fetchImpl(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: call.signal });
    } catch (cause) {
      throw networkError(cause);
    }
    if (!response.ok && !okStatuses.includes(response.status)) {
      const error = await errorFromResponse(response);
      if (error.unauthorized) onUnauthorized(error);
      throw error;
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw badAnswer(response.status, `not JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badAnswer(response.status, 'not a JSON object');
    // A status let through (health's 503 "stalled") may still carry an error instead of the answer.
    const error = response.ok ? null : errorFromBody(response.status, response.headers, body);
    if (error) throw error;
    return body as T;
  }

  return {
    devices: (call) => get<DevicesAnswer>('devices', {}, call),
    snapshot: (call) => get<SnapshotAnswer>('snapshot', {}, call),
    history: (request, call) =>
      get<HistoryAnswer>('history', {
        device: String(request.device),
        metric: request.metrics.join(','),
        from: timeParam(request.from),
        to: timeParam(request.to),
        points: request.points === undefined ? undefined : Math.round(request.points),
      }, call),
    processesNow: (device, call) => get<ProcessesNowAnswer>('processes', { device: device === undefined ? undefined : String(device) }, call),
    processesRange: (request, call) => {
      // Without from or to the server answers the live list, a different shape: ask for a range always.
      const from = timeParam(request.from) ?? (request.to === undefined ? '-1h' : undefined);
      return get<ProcessesRangeAnswer>('processes', {
        from, to: timeParam(request.to), device: request.device === undefined ? undefined : String(request.device),
      }, call);
    },
    events: (request = {}, call) =>
      get<EventsAnswer>('events', {
        from: timeParam(request.from),
        to: timeParam(request.to),
        device: request.device === undefined ? undefined : String(request.device),
        kind: request.kinds && request.kinds.length > 0 ? request.kinds.join(',') : undefined,
        limit: request.limit,
      }, call),
    health: (call) => get<HealthAnswer>('health', {}, call, [503]),
  };
}

/** The page's one client (the server's messages follow the page's language via `lang`). */
let shared: ApiClient | null = null;
export function apiClient(): ApiClient {
  shared ??= createApiClient({ lang: () => (typeof document !== 'undefined' ? document.documentElement.lang || null : null) });
  return shared;
}
