// `gpuwise serve` as a library: the sampler, the history store and its recorder, the HTTP app,
// one listening socket. Start and stop in one place, in the order that loses nothing: on close
// the socket stops accepting and live streams end first, then the sampler stops, the recorder
// flushes what it holds, and the database closes last.
//
// Sampling never blocks the server: the sampler reads NVML asynchronously with a deadline per
// read (src/monitor/sampler.ts), so a GPU hung in the driver delays samples, not requests.

import { createServer, maxHeaderSize, type IncomingMessage, type Server } from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { KnownBackendId } from '../backends/registry.js';
import { createPrometheusClient, type PrometheusClientOptions } from '../fleet/client.js';
import { createSampler, type Sampler } from '../monitor/sampler.js';
import type { SessionOptions } from '../snapshot/session.js';
import type { HistoryStore, RetentionOptions } from '../store/types.js';
import { isLoopbackHost } from './bind-policy.js';
import { answerClientError } from './client-error.js';
import { loopbackAllowedHosts } from './options.js';
import { createRecordingHealth, type RecordingHealth } from './recording-health.js';
import { unreadableRequestAnswer } from './unreadable-request.js';
import { defaultWebRoot } from './web-root.js';
import type { XidAvailability } from '../host/kernel-log.js';
import { loadServiceParts, type MetricsRenderer, type ServiceApp, type ServiceEventSource, type ServiceParts, type ServiceRecorder } from './service-parts.js';

/**
 * Outside the Prometheus exporters' range (9100–9999, every port of it allocated, dcgm-exporter
 * on 9400 and node_exporter on 9100 among them) and away from common development ports.
 */
export const DEFAULT_SERVE_PORT = 8478;
export const DEFAULT_SERVE_HOST = '127.0.0.1';
/** How often the recorder writes its batch (one transaction each). */
export const RECORDER_FLUSH_MS = 5000;
/** Open connections (a stream, a keep-alive) get this long to finish before they are cut. */
const CLOSE_GRACE_MS = 1000;

export interface ServiceOptions {
  host?: string;
  /** 0 picks a free port (the answer's `port` says which). */
  port?: number;
  intervalMs?: number;
  /** Required on every request when set; null or absent: no auth (the CLI decides, bind-policy.ts). */
  token?: string | null;
  /** /metrics without the token (Prometheus often scrapes without auth). */
  metricsOpen?: boolean;
  /** Per-process series on /metrics. */
  processMetrics?: boolean;
  /** Where to record; null runs without a store (--no-record). */
  history?: { path: string; retention?: Partial<RetentionOptions> } | null;
  backend?: KnownBackendId;
  /** Replaces the session the sampler opens (tests). */
  sessionOptions?: SessionOptions;
  /** Replaces the parts (tests); the default loads the real ones. */
  parts?: Partial<ServiceParts>;
  /** gpuwise's version, for /api/v1/health. */
  version?: string;
  /** The built dashboard's folder; absent: the package's dist/web (web-root.ts); null: none. */
  webRoot?: string | null;
  /** The fleet view: /api/v1/fleet/* read this Prometheus (docs/fleet.md); absent: no fleet routes. */
  prometheus?: PrometheusClientOptions;
  /** Told of trouble that does not stop the service (a flush that failed …). */
  onWarning?: (warning: ServiceWarning) => void;
}

export interface ServiceWarning {
  kind: 'record-failed' | 'request-failed';
  error: unknown;
}

export interface Service {
  /** http://host:port/ (IPv6 hosts in brackets). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly sampler: Sampler;
  /** null with --no-record. */
  readonly store: HistoryStore | null;
  readonly historyPath: string | null;
  /** Whether Xid errors are recorded now, and if not why (read when asked); null without a store. */
  readonly xid: XidAvailability | null;
  /** Stops everything in order; idempotent; resolves when the database is closed, with what could not be written. */
  close(): Promise<ServiceStopResult>;
}

/** What the last write on the way out left behind (a full disk): all 0 and null when everything landed. */
export interface ServiceStopResult {
  /** Samples the recorder still held when the last write failed: they are lost. */
  unwrittenSamples: number;
  /** Samples dropped earlier, while writes kept failing past the recorder's cap. */
  droppedSamples: number;
  /** Why the last write failed (the store's StoreError); null when it landed. */
  error: unknown;
}

export type ServiceStartFailure = 'port-in-use' | 'address-unavailable' | 'permission-denied' | 'host-not-found' | 'store-failed' | 'listen-failed';

/** Why startService could not start; `cause` keeps the system's own error. */
export class ServiceStartError extends Error {
  constructor(
    readonly failure: ServiceStartFailure,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${failure}: ${detail}`, options);
    this.name = 'ServiceStartError';
  }
}

export function serviceUrl(host: string, port: number): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return `http://${bare.includes(':') ? `[${bare}]` : bare}:${port}/`;
}

export async function startService(options: ServiceOptions = {}): Promise<Service> {
  const parts: ServiceParts = { ...(await loadServiceParts()), ...options.parts };
  const host = options.host ?? DEFAULT_SERVE_HOST;
  const history = options.history ?? null;
  let store: HistoryStore | null = null;
  if (history) {
    try {
      store = await parts.openStore({ path: history.path, retention: history.retention });
    } catch (error) {
      throw new ServiceStartError('store-failed', error instanceof Error ? error.message : String(error), { cause: error });
    }
  }
  const running: RunningParts = { app: null, server: null, sampler: null, recorder: null, events: null, store };
  // The log says a failed write once a minute at most; health and /metrics say it while it lasts.
  const recording = store ? createRecordingHealth() : null;
  try {
    const sampler = await createSampler({
      intervalMs: options.intervalMs,
      sessionOptions: { backend: options.backend, ...options.sessionOptions },
      onSubscriberError: (error) => options.onWarning?.({ kind: 'record-failed', error }),
    });
    running.sampler = sampler;
    if (store) {
      const events = await parts.createEventSource();
      running.events = events;
      running.recorder = parts.createRecorder({
        sampler,
        store,
        deriveEvents: events.deriveEvents,
        flushEveryMs: RECORDER_FLUSH_MS,
        onError: (error, counts) => {
          recording?.failed(error, counts);
          options.onWarning?.({ kind: 'record-failed', error });
        },
        onFlush: () => recording?.wrote(),
      });
    }
    // The Host check needs the port, known only once listening (port 0): the app is made then,
    // before the first request can be read.
    const makeApp = (port: number): ServiceApp =>
      parts.createApp({
        sampler,
        store,
        recording,
        auth: { token: options.token ?? null, metricsOpen: options.metricsOpen === true },
        allowedHosts: isLoopbackHost(host) ? allowedLoopbackHosts(host, port) : null,
        metrics: parts.renderMetrics ? metricsBody(parts.renderMetrics, sampler, options.processMetrics === true, running.events, recording) : undefined,
        version: options.version ?? '0.0.0',
        webRoot: (options.webRoot === undefined ? defaultWebRoot() : options.webRoot) ?? undefined,
        ...(options.prometheus ? { fleet: { client: createPrometheusClient(options.prometheus) } } : {}),
        onError: (error) => options.onWarning?.({ kind: 'request-failed', error }),
      });
    running.server = await listen(host, options.port ?? DEFAULT_SERVE_PORT, (port) => (running.app = makeApp(port)), (error) => options.onWarning?.({ kind: 'request-failed', error }));
  } catch (error) {
    await stopParts(running);
    throw error;
  }
  const { sampler, server } = running;
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<ServiceStopResult> | null = null;
  return {
    url: serviceUrl(host, port),
    host,
    port,
    sampler,
    store,
    historyPath: history?.path ?? null,
    get xid() {
      return running.events?.xid ?? null;
    },
    close: () => (closing ??= stopParts(running)),
  };
}

/** The loopback names a browser uses, and the address given when it is another 127.x. */
function allowedLoopbackHosts(host: string, port: number): string[] {
  const names = loopbackAllowedHosts(port);
  const given = serviceUrl(host, port).slice('http://'.length, -1).toLowerCase();
  return names.includes(given) ? names : [...names, given];
}

function metricsBody(
  render: MetricsRenderer,
  sampler: Sampler,
  perProcess: boolean,
  events: ServiceEventSource | null,
  recording: RecordingHealth | null,
): () => string | Uint8Array<ArrayBuffer> {
  const hostname = os.hostname();
  // DCGM_FI_DEV_XID_ERRORS only while the kernel log can be read: a 0 would otherwise claim "no error".
  const lastXid = () => (events?.lastXid && events.xid?.available ? events.lastXid : null);
  // Without a store there is no recorder, and no series that would claim one.
  const collectors = () => (recording ? [{ collector: 'recorder', success: recording.state().failingSinceMs === null, durationSeconds: null }] : []);
  return () => render({ sample: sampler.latest(), hostname, perProcess, lastXid: lastXid(), collectors: collectors() });
}

function listen(host: string, port: number, appFor: (port: number) => ServiceApp, onError: (error: unknown) => void): Promise<Server> {
  let app: ServiceApp | null = null;
  // The adapter calls errorHandler for a request it cannot read before its first await, so the
  // request being read is known then (for the answer's language); later calls get none.
  let reading: IncomingMessage | null = null;
  // No default hostname: a request without Host is refused (through errorHandler), not read as ours.
  const listener = getRequestListener((request, env) => (app ? app.fetch(request, env) : new Response(null, { status: 503 })), {
    errorHandler: (error) => unreadableRequestAnswer(error, reading, onError),
  });
  // A request without Host is left to the adapter, which refuses it in the API's shape (Node's
  // own refusal is a bare 400).
  const server = createServer({ requireHostHeader: false }, (incoming, outgoing) => {
    reading = incoming;
    try {
      void listener(incoming, outgoing);
    } finally {
      reading = null;
    }
  });
  // Slow or idle clients cannot hold sockets open for long; streams are long responses, which
  // these limits do not cut (they bound the request, and idle keep-alive between requests).
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5000;
  // Past Node's header limit the app never runs: answer those in the API's shape, not a bare 431.
  server.on('clientError', (error: Error, socket) => answerClientError(error, socket, maxHeaderSize));
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(listenFailure(error, host, port));
    };
    const onListening = () => {
      server.off('error', onError);
      app = appFor((server.address() as AddressInfo).port);
      resolve(server);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function listenFailure(error: NodeJS.ErrnoException, host: string, port: number): ServiceStartError {
  const where = `${host}:${port}`;
  const failure: ServiceStartFailure =
    error.code === 'EADDRINUSE'
      ? 'port-in-use'
      : error.code === 'EADDRNOTAVAIL'
        ? 'address-unavailable'
        : error.code === 'EACCES' || error.code === 'EPERM'
          ? 'permission-denied'
          : error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EAI_NONAME'
            ? 'host-not-found'
            : 'listen-failed';
  return new ServiceStartError(failure, `${where} (${error.code ?? error.message})`, { cause: error });
}

interface RunningParts {
  app: ServiceApp | null;
  server: Server | null;
  sampler: Sampler | null;
  recorder: ServiceRecorder | null;
  events: ServiceEventSource | null;
  store: HistoryStore | null;
}

async function stopParts(running: RunningParts): Promise<ServiceStopResult> {
  const { server, sampler, recorder, events, store } = running;
  if (server) {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Streams never end by themselves: let other requests finish, then cut what is left open.
    running.app?.closeStreams?.();
    server.closeIdleConnections();
    const grace = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    await closed;
    clearTimeout(grace);
  }
  await sampler?.stop();
  let written = true;
  try {
    written = (await recorder?.stop()) !== false;
  } finally {
    events?.close();
    store?.close();
  }
  const stats = recorder?.stats?.();
  return { unwrittenSamples: written ? 0 : (stats?.pending ?? 0), droppedSamples: stats?.droppedSamples ?? 0, error: written ? null : (stats?.lastError ?? null) };
}
