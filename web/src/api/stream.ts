// Live samples over SSE (/api/v1/stream). One EventSource per page, shared by every view that
// listens (the server allows 16 streams in all, so tabs × views must not multiply them), opened
// with the first listener and closed with the last.
//
// Reconnecting: while the connection drops and comes back the browser retries by itself (the
// server's `retry: 2000`). When the server answers with an error instead (401, 503 too many
// streams) the browser gives up for good (readyState CLOSED); then we ask a cheap endpoint what is
// wrong — a 401 there goes to the login page and ends the stream — and otherwise open again after
// a growing, jittered delay, so a restarting server is not hammered by every open tab at once.

import { apiClient } from './client.js';
import { isApiError, type ApiError } from './errors.js';
import type { SampleAnswer } from './types.js';

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface StreamStatus {
  state: StreamState;
  /** Reconnections since the last open. */
  attempt: number;
  /** When reconnecting on our own schedule, in how long. */
  retryInMs: number | null;
  /** What the probe said, when it said something. */
  error: ApiError | null;
}

export interface SampleInfo {
  /** Samples the server skipped for this client (it was slow) or that fell in a reconnection. */
  missed: number;
}

export interface StreamListener {
  sample?(sample: SampleAnswer, info: SampleInfo): void;
  status?(status: StreamStatus): void;
}

/** The part of EventSource used here, so tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: 'sample', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface SampleStreamOptions {
  url?: string;
  open?: (url: string) => EventSourceLike;
  /** Asked after the server refused the stream; a 401 rejection stops reconnecting. */
  probe?: () => Promise<unknown>;
  baseDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface SampleStream {
  subscribe(listener: StreamListener): () => void;
  readonly status: StreamStatus;
  /** The newest sample seen, for a view that subscribes late. */
  readonly latest: SampleAnswer | null;
}

const CLOSED = 2;

/** Exponential from baseMs, capped at maxMs, with "equal jitter" (half fixed, half random). */
export function backoffDelayMs(attempt: number, baseMs = 1000, maxMs = 30_000, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempt, 20)));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** A sample from one event's data, or null for data that is not one (never throws into the page). */
export function parseSample(data: string): SampleAnswer | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const sample = value as Partial<SampleAnswer>;
    if (typeof sample.seq !== 'number' || typeof sample.wallMs !== 'number' || typeof sample.snapshot !== 'object' || sample.snapshot === null) return null;
    return sample as SampleAnswer;
  } catch {
    return null;
  }
}

export function createSampleStream(options: SampleStreamOptions = {}): SampleStream {
  const url = options.url ?? '/api/v1/stream';
  const open = options.open ?? ((target: string) => new EventSource(target) as unknown as EventSourceLike);
  const probe = options.probe ?? (() => apiClient().devices());
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const listeners = new Set<StreamListener>();
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let lastSeq: number | null = null;
  let latest: SampleAnswer | null = null;
  let status: StreamStatus = { state: 'closed', attempt: 0, retryInMs: null, error: null };
  let generation = 0;

  function setStatus(next: Partial<StreamStatus>): void {
    status = { ...status, ...next };
    for (const listener of listeners) listener.status?.(status);
  }

  function onSample(event: MessageEvent<string>): void {
    const sample = parseSample(event.data);
    if (sample === null) return;
    // After a reconnection the server sends its latest sample again: the same seq is no news. A
    // lower seq is a restarted server counting from 1 again: news.
    if (lastSeq !== null && sample.seq === lastSeq) return;
    const missed = lastSeq !== null && sample.seq > lastSeq ? sample.seq - lastSeq - 1 : 0;
    lastSeq = sample.seq;
    latest = sample;
    for (const listener of listeners) listener.sample?.(sample, { missed });
  }

  function connect(): void {
    const mine = ++generation;
    const es = open(url);
    source = es;
    es.addEventListener('sample', onSample);
    es.onopen = () => {
      if (mine === generation) setStatus({ state: 'open', attempt: 0, retryInMs: null, error: null });
    };
    es.onerror = () => {
      if (mine !== generation) return;
      if (es.readyState !== CLOSED) {
        setStatus({ state: 'reconnecting', attempt: status.attempt + 1, retryInMs: null });
        return;
      }
      es.close();
      source = null;
      void retry(mine);
    };
  }

  async function retry(mine: number): Promise<void> {
    let error: ApiError | null = null;
    try {
      await probe();
    } catch (cause) {
      error = isApiError(cause) ? cause : null;
    }
    if (mine !== generation || listeners.size === 0) return;
    if (error?.unauthorized) {
      setStatus({ state: 'closed', retryInMs: null, error });
      return;
    }
    const attempt = status.attempt + 1;
    const retryAfterMs = error?.retryAfterS != null ? error.retryAfterS * 1000 : 0;
    const delay = Math.max(retryAfterMs, backoffDelayMs(attempt - 1, options.baseDelayMs, options.maxDelayMs, options.random));
    setStatus({ state: 'reconnecting', attempt, retryInMs: delay, error });
    timer = setTimer(() => {
      timer = null;
      if (mine === generation && listeners.size > 0) connect();
    }, delay);
  }

  function stop(): void {
    generation++;
    source?.close();
    source = null;
    if (timer !== null) clearTimer(timer);
    timer = null;
    setStatus({ state: 'closed', attempt: 0, retryInMs: null, error: null });
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (source === null && timer === null && status.state === 'closed') {
        setStatus({ state: 'connecting', attempt: 0, retryInMs: null, error: null });
        connect();
      } else {
        listener.status?.(status);
      }
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) stop();
      };
    },
    get status() {
      return status;
    },
    get latest() {
      return latest;
    },
  };
}

let shared: SampleStream | null = null;

/** Listens to the page's one live stream; returns the unsubscribe. */
export function subscribeSamples(listener: StreamListener): () => void {
  shared ??= createSampleStream();
  return shared.subscribe(listener);
}

/** The page's shared stream (its latest sample and status). */
export function sampleStream(): SampleStream {
  shared ??= createSampleStream();
  return shared;
}
