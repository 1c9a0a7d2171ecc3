// The sampler: the one continuous reader under info --watch, top, serve, diagnose and run. It owns
// one session, reads on an interval without ever overlapping reads (a slow read delays the next
// tick; ticks never stack), keeps bounded per-GPU history keyed by UUID, and hands every sample
// to any number of subscribers.

import type { Snapshot } from '../core/snapshot.js';
import { openSession, type SessionOptions, type SnapshotSession } from '../snapshot/session.js';
import type { DeviceColumnName } from './columns.js';
import { SampleHistory, type HistoryWindow } from './history.js';
import { checkSamplerOptions, SamplerStoppedError } from './sampler-options.js';

export { SamplerStoppedError, type SamplerStoppedWhen } from './sampler-options.js';

export interface SamplerOptions {
  /** Time between the starts of two reads. Default 1000; at least 50, at most a day. */
  intervalMs?: number;
  /** An open session to read through (the sampler then does not close it); else one is opened. */
  session?: SnapshotSession;
  /**
   * Options for the session the sampler opens. NVML is read through koffi's async calls with one
   * deadline per read (not the worker thread, `isolateNvml`): a GPU hung in the driver then
   * holds one pool thread and is shown as not answering, while every other GPU keeps updating.
   * In the worker, one hung call stops every GPU's reading until it returns. A GPU that has
   * answered promptly gets only a probe on the pool and its other calls made directly
   * (`syncAfterProbe`, ../backends/nvml/sync-trust.ts: the risk it leaves is in docs/sampler.md).
   * Measured on the 8x-h100-real-costs fake with 200 processes at 1 Hz: 1.2–1.3 % of a core,
   * 0.31 of it the modelled driver's own spins (round two: 0.8 % more with every call on the
   * pool); npm run bench:sampler, docs/benchmarks.md ("Round eight").
   */
  sessionOptions?: SessionOptions;
  /**
   * How long the GPU processes' host details (CPU %, RSS, command, tree) are reused between full
   * reads of /proc, while no new GPU process appears (src/host/details-reuse.ts); the snapshot's
   * `processDetailsAt` says when they were read. Default DEFAULT_PROCESS_DETAILS_MAX_AGE_MS; 0
   * reads them on every tick (`top` does: its process table is watched second by second).
   * Only for a session the sampler opens; `sessionOptions.hostOptions` may set it too.
   */
  processDetailsMaxAgeMs?: number;
  /** Rows of history per GPU: a whole number, 1 or more (default 900: 15 min at 1 Hz). */
  historyRows?: number;
  /** Start reading at once (default true); false waits for `start()`. */
  autoStart?: boolean;
  /** Monotonic clock in ms (default performance.now). */
  monotonicNow?: () => number;
  /** Told when a subscriber throws; the sampler and the other subscribers carry on. */
  onSubscriberError?: (error: unknown) => void;
}

export interface Sample {
  /** 1, 2, 3 … for this sampler. */
  seq: number;
  /** Wall clock of the snapshot (ms since the epoch; same instant as snapshot.at). */
  wallMs: number;
  /** Monotonic clock at the start of the read (ms): the instant of `wallMs`. */
  monotonicMs: number;
  /** Monotonic ms since the previous sample's read started; null for the first. */
  coversMs: number | null;
  /** How long the backend's read took, and the host part (ms). */
  backendMs: number;
  hostMs: number;
  /**
   * The session's warm-up before its first read (ms; 0 after): the counters' baseline, a quick
   * read and the host's CPU windows, so that the first sample has rates. A GPU that does not
   * answer makes it as long as the read deadline. Absent in samples made outside a sampler.
   */
  warmUpMs?: number;
  snapshot: Snapshot;
}

export type SampleListener = (sample: Sample) => void;

export interface Sampler {
  readonly session: SnapshotSession;
  /** The interval now (see setInterval). */
  readonly intervalMs: number;
  /**
   * Changes the time between reads while running (`top`'s + and − keys); at least 50 ms. The next
   * read is due `ms` after the start of the previous one — at once if that is past — and a read
   * in flight is not interrupted. Returns the interval set.
   */
  setInterval(ms: number): number;
  /** The newest sample, or null before the first read is done. */
  latest(): Sample | null;
  /** Resolves with the first sample (at once when there is one); rejects once stopped without one. */
  first(): Promise<Sample>;
  /** Hears every sample from now on; returns the function that stops it. */
  subscribe(listener: SampleListener): () => void;
  /**
   * History of the last `seconds` (by wall clock of the newest sample; Infinity: all of it), per
   * GPU and host; with `columns`, only those GPU columns and sub-second sample metrics. A step of
   * the wall clock back moves the rows kept back with it (./history.ts). A column not kept
   * (`columns` naming none of DEVICE_COLUMNS) is a RangeError.
   */
  window(seconds: number, columns?: readonly DeviceColumnName[]): HistoryWindow;
  /**
   * A read now, outside the interval; joins the read in flight if there is one. Rejects with
   * SamplerStoppedError once the sampler is stopped, or when it was stopped during the read.
   * Works before `start()`.
   */
  refresh(): Promise<Sample>;
  start(): void;
  /**
   * Stops the loop, closes an owned session (a read in flight then answers at once, its answer
   * dropped) and waits for that read to settle, at most STOP_READ_WAIT_MS: a call stuck in a
   * driver is not waited for (docs/sampler.md says how a program exits then). Idempotent.
   */
  stop(): Promise<void>;
  /** Bytes the history rings hold (fixed per GPU). */
  historyBytes(): number;
}

export const DEFAULT_INTERVAL_MS = 1000;
export const MIN_INTERVAL_MS = 50;
/** A day. Past 2^31 − 1 ms Node's setTimeout fires at once (and warns): a read as fast as it goes. */
export const MAX_INTERVAL_MS = 86_400_000;

export const DEFAULT_HISTORY_ROWS = 900;
/**
 * The longest stop() waits for a read in flight. Closing an owned session makes its read answer
 * within milliseconds (NVML's deadline passes at once; the worker answers "closed during the
 * read"); a read through a session someone else owns runs on to its deadline (3 s, 5 s in the
 * worker), which Ctrl-C in `top` must not wait out.
 */
export const STOP_READ_WAIT_MS = 1000;
/**
 * 5 s: on 8 GPUs with 200 processes the per-process /proc reads are ~0.7 % of a core at 1 Hz read
 * every second, ~0.15 % read every fifth (docs/benchmarks.md, "Round five"), and a CPU % over 5 s
 * is what a history, /metrics or diagnose's evidence needs.
 */
export const DEFAULT_PROCESS_DETAILS_MAX_AGE_MS = 5000;

export async function createSampler(options: SamplerOptions = {}): Promise<Sampler> {
  // Before the session opens: a session opened for a sampler that then throws stays open.
  checkSamplerOptions(options);
  const sessionOptions = options.sessionOptions ?? {};
  const hostOptions = { processDetailsMaxAgeMs: options.processDetailsMaxAgeMs ?? DEFAULT_PROCESS_DETAILS_MAX_AGE_MS, ...sessionOptions.hostOptions };
  const owned = options.session === undefined;
  const session = options.session ?? (await openSession({ subSecondSamples: true, ...sessionOptions, hostOptions }));
  let sampler: Sampler;
  try {
    sampler = samplerOver(session, options, owned);
  } catch (error) {
    if (owned) await session.close();
    throw error;
  }
  if (options.autoStart !== false) sampler.start();
  return sampler;
}

/** Resolves once `promise` settles, or after `ms`, whichever is first; never rejects. */
function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}

function samplerOver(session: SnapshotSession, options: SamplerOptions, ownsSession: boolean): Sampler {
  const clampInterval = (ms: number) => (Number.isFinite(ms) ? Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, ms)) : DEFAULT_INTERVAL_MS);
  let intervalMs = clampInterval(options.intervalMs ?? DEFAULT_INTERVAL_MS);
  const now = options.monotonicNow ?? (() => performance.now());
  const history = new SampleHistory(options.historyRows ?? DEFAULT_HISTORY_ROWS);
  const listeners = new Set<SampleListener>();
  let latest: Sample | null = null;
  let seq = 0;
  let inFlight: Promise<Sample> | null = null;
  let running = false;
  let stopped = false;
  let stopping: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  /** Monotonic start of the tick whose follow-up `timer` is; for rescheduling on setInterval. */
  let lastTickStart = 0;
  let firstWaiters: { resolve: (sample: Sample) => void; reject: (error: Error) => void }[] = [];

  const publish = (sample: Sample) => {
    latest = sample;
    history.add(sample.wallMs, sample.monotonicMs, sample.snapshot);
    const waiters = firstWaiters;
    firstWaiters = [];
    for (const waiter of waiters) waiter.resolve(sample);
    for (const listener of [...listeners]) {
      // One that an earlier listener unsubscribed is not called: none after its unsubscribe returned.
      if (!listeners.has(listener)) continue;
      try {
        listener(sample);
      } catch (error) {
        options.onSubscriberError?.(error);
      }
    }
  };

  const read = (): Promise<Sample> => {
    if (stopped) return Promise.reject(new SamplerStoppedError('afterStop'));
    inFlight ??= (async () => {
      const startedMs = now();
      const taken = await session.takeTimed();
      // The read itself began after the warm-up (the first read's): the instant of its snapshot.
      const monotonicMs = startedMs + taken.warmUpMs;
      const previous = latest;
      const sample: Sample = {
        seq: ++seq,
        wallMs: Date.parse(taken.snapshot.at),
        monotonicMs,
        coversMs: previous ? monotonicMs - previous.monotonicMs : null,
        backendMs: taken.backendMs,
        hostMs: taken.hostMs,
        warmUpMs: taken.warmUpMs,
        snapshot: taken.snapshot,
      };
      // Stopped meanwhile: the session was closed under the read, so what it says ("did not
      // answer", "closed during the read") is about the close, not the GPUs.
      if (stopped) throw new SamplerStoppedError('duringRead');
      publish(sample);
      return sample;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  // Each tick is scheduled from the start of the previous read: a 1 s interval stays 1 s apart
  // while reads are quick, and a read slower than the interval is followed at once by the next —
  // one read at a time, never a queue of them.
  const tick = async () => {
    timer = null;
    if (stopped) return;
    const started = now();
    lastTickStart = started;
    try {
      await read();
    } catch (error) {
      // takeTimed does not throw (backends' failures are problems); this is a bug, not a GPU
      // error: tell whoever listens for errors, and keep sampling. A stop during the read is none.
      if (!(error instanceof SamplerStoppedError)) options.onSubscriberError?.(error);
    }
    if (stopped) return;
    const delay = Math.max(0, intervalMs - (now() - started));
    timer = setTimeout(() => void tick(), delay);
  };

  return {
    session,
    get intervalMs() {
      return intervalMs;
    },
    setInterval(ms) {
      intervalMs = clampInterval(ms);
      // Only a tick that is waiting is moved; one in flight schedules its follow-up with the new value.
      if (timer && !stopped) {
        clearTimeout(timer);
        const delay = Math.max(0, intervalMs - (now() - lastTickStart));
        timer = setTimeout(() => void tick(), delay);
      }
      return intervalMs;
    },
    latest: () => latest,
    first: () => {
      if (latest) return Promise.resolve(latest);
      if (stopped) return Promise.reject(new SamplerStoppedError('beforeFirstSample'));
      return new Promise<Sample>((resolve, reject) => firstWaiters.push({ resolve, reject }));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    window: (seconds, columns) => history.window(seconds, columns),
    refresh: read,
    start() {
      if (running || stopped) return;
      running = true;
      void tick();
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        timer = null;
        listeners.clear();
        // A caller awaiting the first sample is not left waiting for ever.
        const waiters = firstWaiters;
        firstWaiters = [];
        for (const waiter of waiters) waiter.reject(new SamplerStoppedError('beforeFirstSample'));
        const reading = inFlight;
        // The session is closed first, so that a read in flight answers at once (its answer is
        // dropped: see read) instead of after a hung GPU's deadline: Ctrl-C must end `top` at
        // once. Closing also ends a stuck worker; a call stuck in the driver is not waited for.
        if (ownsSession) await session.close();
        if (reading) await settledWithin(reading, STOP_READ_WAIT_MS);
      })();
      return stopping;
    },
    historyBytes: () => history.byteLength,
  };
}
