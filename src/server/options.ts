// What createServerApp is given, and the per-request values its middleware hands to the routes.

import type { Locale, Translate } from '../i18n/index.js';
import type { Sampler } from '../monitor/sampler.js';
import type { HistoryStore } from '../store/types.js';
import type { RecordingHealth } from './recording-health.js';
import type { DoctorRouteOptions } from './routes/doctor.js';
import type { FleetRouteOptions } from './routes/fleet.js';

export interface ServerAuthOptions {
  /** The shared secret; null turns authentication off (loopback without --token, or --insecure-no-auth). */
  token: string | null;
  /** Serve /metrics without the token (Prometheus often scrapes without credentials). */
  metricsOpen: boolean;
}

export interface StreamLimits {
  /** Concurrent /api/v1/stream clients; the next one gets 503 (default 16). */
  maxClients: number;
  /** A comment line this often keeps proxies from closing an idle stream (default 15 000 ms). */
  heartbeatMs: number;
}

export interface ServerAppOptions {
  /** The only source of live data: routes read `sampler.latest()` and never call NVML. */
  sampler: Sampler;
  /** The recorded history; null when recording is off (history, ranges and events then answer 503). */
  store: HistoryStore | null;
  /** Whether the recorder's writes land (serve's recorder tells it); absent or null: not known, not said. */
  recording?: Pick<RecordingHealth, 'state'> | null;
  auth: ServerAuthOptions;
  /**
   * Host header values accepted (DNS-rebinding guard): `name:port` matches exactly, a bare
   * `name` matches on any port; case-insensitive. null accepts any Host (a public bind, where
   * the token is the guard). See `loopbackAllowedHosts`.
   */
  allowedHosts: readonly string[] | null;
  /** The Prometheus body (engineer D's renderer, wired by `serve`); /metrics answers 404 without it. */
  /** Bytes let a scrape skip encoding the ~135 KiB body again (the renderer encodes it once per sample). */
  metrics?: () => string | Uint8Array<ArrayBuffer>;
  /** The built dashboard (dist/web); without an index.html there, GET / is a page listing the API. */
  webRoot?: string;
  /** gpuwise's version, for /api/v1/health and the index page. */
  version: string;
  /** Wall clock in ms (default Date.now): relative times, ages. */
  now?: () => number;
  stream?: Partial<StreamLimits>;
  /** How /api/v1/doctor runs the doctor (tests give a recorded machine); default: the real one. */
  doctor?: DoctorRouteOptions;
  /** The fleet view (/api/v1/fleet/*) over this Prometheus client; absent: those routes answer 404. */
  fleet?: FleetRouteOptions;
  /** Told of an error no route expected (the client gets a 500 JSON without its details); `serve` logs it. */
  onError?: (error: unknown) => void;
}

export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxClients: 16, heartbeatMs: 15_000 };
/** Request bodies (only POST /login has one) past this are refused with 413. */
export const MAX_BODY_BYTES = 8 * 1024;
/** Request targets (path + query) past this are refused with 414. */
export const MAX_URL_BYTES = 4 * 1024;

/** What the middleware sets on each request's context. */
export interface ServerVariables {
  locale: Locale;
  t: Translate;
  /** True when the request carried the token (or no token is set). */
  authenticated: boolean;
}

export interface ServerEnv {
  Variables: ServerVariables;
}

/** The loopback names a browser on this machine uses, with the port (and without it on port 80). */
export function loopbackAllowedHosts(port: number): string[] {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  const withPort = names.map((name) => `${name}:${port}`);
  // Browsers leave ":80" out of the Host header; a bare name matches it (and any port).
  return port === 80 ? [...withPort, ...names] : withPort;
}
