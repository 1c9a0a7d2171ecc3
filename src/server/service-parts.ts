// The parts `serve` puts together, as the service sees them: the store and its recorder
// (src/store), the event deriver (src/events), the HTTP app (./app.ts) and the /metrics renderer
// (./metrics). Loaded lazily, so that the CLI pays for SQLite and hono only when it serves; tests
// replace any of them.

import type { GpuEvent } from '../events/types.js';
import type { Sample, Sampler } from '../monitor/sampler.js';
import type { HistoryStore, RetentionOptions } from '../store/types.js';
import type { ServerAppOptions } from './options.js';

export interface ServiceRecorder {
  /** Writes what it holds now (one transaction). */
  flush(): void | Promise<void>;
  /** Stops listening to the sampler and writes what is left. */
  stop(): void | Promise<void>;
}

export interface ServiceRecorderOptions {
  sampler: Sampler;
  store: HistoryStore;
  deriveEvents?: (sample: Sample) => GpuEvent[];
  flushEveryMs: number;
  onError?: (error: unknown) => void;
}

export interface ServiceApp {
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  /** Ends the live streams (they never end by themselves). */
  closeStreams?: () => void;
}

export type MetricsRenderer = (input: { sample: Sample | null; hostname: string; perProcess: boolean }) => string;

export interface ServiceParts {
  openStore(options: { path: string; retention?: Partial<RetentionOptions> }): HistoryStore | Promise<HistoryStore>;
  createRecorder(options: ServiceRecorderOptions): ServiceRecorder;
  createEventDeriver(): { next(sample: Sample): GpuEvent[] };
  createApp(options: ServerAppOptions): ServiceApp;
  /** Absent: /metrics answers 404. */
  renderMetrics?: MetricsRenderer;
  /** Where the history goes without --db. */
  defaultHistoryPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string;
}

export async function loadServiceParts(): Promise<ServiceParts> {
  const [{ createServerApp }, { renderMetrics }, { createEventDeriver }, store] = await Promise.all([
    import('./app.js'),
    import('./metrics/index.js'),
    import('../events/derive.js'),
    loadStoreParts(),
  ]);
  return {
    ...store,
    createEventDeriver: () => createEventDeriver(),
    createApp: (options) => createServerApp(options),
    renderMetrics: (input) => renderMetrics(input),
  };
}

type StoreParts = Pick<ServiceParts, 'openStore' | 'createRecorder' | 'defaultHistoryPath'>;

async function loadStoreParts(): Promise<StoreParts> {
  const missing = (): never => {
    throw new Error('the history store is not part of this build yet: run with --no-record');
  };
  return { openStore: missing, createRecorder: missing, defaultHistoryPath: () => missing() };
}
