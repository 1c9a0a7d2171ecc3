// The parts `serve` puts together, as the service sees them: the store and its recorder
// (src/store), the event deriver (src/events), the HTTP app (./app.ts) and the /metrics renderer
// (./metrics). Loaded lazily, so that the CLI pays for SQLite and hono only when it serves; tests
// replace any of them.

import type { GpuEvent } from '../events/types.js';
import type { Sample, Sampler } from '../monitor/sampler.js';
import type { XidAvailability } from '../host/kernel-log.js';
import type { HistoryStore, RetentionOptions } from '../store/types.js';
import type { CollectorResult } from './metrics/index.js';
import type { ServerAppOptions } from './options.js';
import type { RecorderCounts } from './recording-health.js';

export interface ServiceRecorder {
  /** Writes what it holds now (one transaction). */
  flush(): unknown;
  /** Stops listening to the sampler and writes what is left; false when that write failed. */
  stop(): boolean | void;
  /** What it holds and has dropped (absent: it does not say). */
  stats?(): { pending: number; droppedSamples: number; lastError: unknown };
}

export interface ServiceRecorderOptions {
  sampler: Sampler;
  store: HistoryStore;
  deriveEvents?: (sample: Sample) => GpuEvent[];
  flushEveryMs: number;
  /** A write that failed (or events that could not be derived), with what the recorder holds then. */
  onError?: (error: unknown, counts?: RecorderCounts) => void;
  /** A write that committed. */
  onFlush?: () => void;
}

export interface ServiceEventSource {
  deriveEvents: (sample: Sample) => GpuEvent[];
  /** Whether Xid errors can be read, and if not why (a message key and its values). */
  xid: XidAvailability | null;
  /** The last Xid seen per GPU key since start, for /metrics; absent: not tracked. */
  lastXid?: ReadonlyMap<string, number>;
  close(): void;
}

export interface ServiceApp {
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  /** Ends the live streams (they never end by themselves). */
  closeStreams?: () => void;
}

export type MetricsRenderer = (input: {
  sample: Sample | null;
  hostname: string;
  perProcess: boolean;
  /** The last Xid per GPU key; null: not readable (no DCGM_FI_DEV_XID_ERRORS series). */
  lastXid?: ReadonlyMap<string, number> | null;
  /** Collectors besides the sampler's (the recorder). */
  collectors?: readonly CollectorResult[];
}) => string | Uint8Array<ArrayBuffer>;

export interface ServiceParts {
  openStore(options: { path: string; retention?: Partial<RetentionOptions> }): HistoryStore | Promise<HistoryStore>;
  createRecorder(options: ServiceRecorderOptions): ServiceRecorder;
  /** The recorder's events: derived from samples, plus Xid errors where the kernel log is readable. */
  createEventSource(): Promise<ServiceEventSource>;
  createApp(options: ServerAppOptions): ServiceApp;
  /** Absent: /metrics answers 404. */
  renderMetrics?: MetricsRenderer;
  /** Where the history goes without --db (its folder is created, private). */
  defaultHistoryPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string;
  /** The store's retention when no flag changes it. */
  defaultRetention: RetentionOptions;
}

export async function loadServiceParts(): Promise<ServiceParts> {
  const [{ createServerApp }, { renderMetricsBytes, createLastXidTracker }, events, { createXidWatcher }, store] = await Promise.all([
    import('./app.js'),
    import('./metrics/index.js'),
    import('../events/index.js'),
    import('../host/kernel-log.js'),
    loadStoreParts(),
  ]);
  return {
    ...store,
    async createEventSource() {
      const watcher = await createXidWatcher();
      const derive = events.sampleEvents(events.createEventDeriver(), watcher);
      const xids = createLastXidTracker();
      return {
        deriveEvents: (sample) => {
          const derived = derive(sample);
          xids.seen(derived);
          return derived;
        },
        lastXid: xids.last,
        // Asked each time: a journal follower that ends later changes the answer.
        get xid() {
          return watcher.availability();
        },
        close: () => watcher.close(),
      };
    },
    createApp: (options) => createServerApp(options),
    // Bytes: the body of one sample is encoded once, not on every scrape (bench:metrics: 2× the throughput).
    renderMetrics: (input) => renderMetricsBytes(input),
  };
}

type StoreParts = Pick<ServiceParts, 'openStore' | 'createRecorder' | 'defaultHistoryPath' | 'defaultRetention'>;

async function loadStoreParts(): Promise<StoreParts> {
  const { openHistoryStore, createRecorder, defaultHistoryPath, DEFAULT_RETENTION } = await import('../store/index.js');
  return {
    // serve records: a second serve on the same file is refused (src/store/lock.ts).
    openStore: (options) => openHistoryStore({ ...options, lockForRecording: true }),
    createRecorder: (options) => createRecorder(options),
    defaultHistoryPath: (env, platform) => defaultHistoryPath(env, platform),
    defaultRetention: DEFAULT_RETENTION,
  };
}
