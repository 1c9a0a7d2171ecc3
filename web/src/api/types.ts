// The shapes /api/v1 answers (docs/api.md). The snapshot and event models come straight from the
// core's pure type modules (type-only imports: they vanish at build time, so nothing server-side
// is bundled). The store's, sampler's and routes' answer types live in files whose imports reach
// Node-only code, which the browser's typecheck cannot load; those few are mirrored here and
// test/web/api-wire.types.ts makes the root typecheck fail if a mirror drifts from its original.

import type { BackendAttemptSummary, DeviceState, GpuProcess, Snapshot } from '../../../src/core/snapshot.js';
import type { FieldKind } from '../../../src/core/fields.js';
import type { EventKind, GpuEvent } from '../../../src/events/types.js';

export type { BackendAttemptSummary, DeviceState, GpuDevice, GpuProcess, HostSummary, Snapshot } from '../../../src/core/snapshot.js';
export type { EventKind, EventSeverity, GpuEvent } from '../../../src/events/types.js';

/** A time the server accepts: ms since the epoch, ISO 8601 with a zone, `-15m`, `now` … */
export type ApiTime = number | string;

// --- mirrors (checked against src/store/types.ts, src/monitor/sampler.ts, src/server/routes/) ---

export type HistoryTier = 'raw' | 'minute' | 'hour';

export interface HistoryPoint {
  t: number;
  /** null: no sample in the bucket had a value — a gap, never 0. */
  min: number | null;
  avg: number | null;
  max: number | null;
  delta?: number | null;
}

export interface HistorySeries {
  metric: string;
  unit: string;
  kind?: FieldKind;
  points: HistoryPoint[];
}

export interface HistoryAnswer {
  device: string;
  tier: HistoryTier;
  stepMs: number;
  fromMs: number;
  toMs: number;
  series: HistorySeries[];
}

export interface StoredProcess {
  deviceKey: string;
  gpuIndex: number;
  pid: number;
  name: string | null;
  command: string | null;
  user: string | null;
  firstSeenMs: number;
  lastSeenMs: number;
  maxUsedMemoryBytes: number | null;
  lastUsedMemoryBytes: number | null;
  startedAt?: string | null;
}

export interface StoreStats {
  path: string;
  fileBytes: number;
  schemaVersion: number;
  rows: { raw: number; minute: number; hour: number; events: number; processes: number };
  oldestMs: { raw: number | null; minute: number | null; hour: number | null };
}

export interface DeviceEntry {
  key: string;
  index: number;
  uuid: string | null;
  name: string | null;
  pciBusId: string | null;
  memoryTotalBytes: number | null;
  live: boolean;
  state: DeviceState | null;
  firstSeenMs: number | null;
  lastSeenMs: number | null;
}

/** `degraded`: sampling and the API work, but the history is not being written (health's store.recording says why). */
export type HealthStatus = 'ok' | 'degraded' | 'starting' | 'stalled';

/** One sample: the sampler's bookkeeping and the snapshot (what /snapshot and each stream event carry). */
export interface SampleAnswer {
  seq: number;
  wallMs: number;
  /** In /snapshot only. */
  monotonicMs?: number;
  coversMs: number | null;
  backendMs: number;
  hostMs: number;
  snapshot: Snapshot;
}

// --- answers ---

/** What the chain tried when no GPU was found (devices and snapshot answers). */
export interface NoGpuNotice {
  key: 'serve.api.noGpu';
  message: string;
  backendAttempts: BackendAttemptSummary[];
}

export interface DevicesAnswer {
  atMs: number;
  backend: Snapshot['backend'];
  devices: DeviceEntry[];
  noGpu?: NoGpuNotice;
}

export interface SnapshotAnswer extends SampleAnswer {
  noGpu?: NoGpuNotice;
}

/** A process on a GPU now: the snapshot's process with its GPU's key (null if the GPU is gone). */
export type LiveProcess = GpuProcess & { deviceKey: string | null };

export interface ProcessesNowAnswer {
  atMs: number;
  processes: LiveProcess[];
}

export interface ProcessesRangeAnswer {
  fromMs: number;
  toMs: number;
  processes: StoredProcess[];
}

/** An event with its text rendered by the server in the asked language (null: a key it does not know). */
export type ApiEvent = GpuEvent & { message: string | null };

export interface EventsAnswer {
  fromMs: number;
  toMs: number;
  events: ApiEvent[];
}

export interface HealthSampler {
  alive: boolean;
  intervalMs: number;
  lastSampleAgeMs: number | null;
  lastSampleAtMs: number | null;
  seq: number | null;
  lastBackendMs: number | null;
}

/** Without the token (when one is set) only `status` is there. */
export interface HealthAnswer {
  status: HealthStatus;
  version?: string;
  uptimeMs?: number;
  sampler?: HealthSampler;
  backend?: Snapshot['backend'];
  backendAttempts?: BackendAttemptSummary[];
  gpus?: number | null;
  store?: (({ stats: StoreStats } | { error: string }) & { recording?: HealthRecording }) | null;
  streams?: { clients: number; max: number };
}

/** Whether samples reach the history (src/server/routes/health.ts's RecordingAnswer). */
export interface HealthRecording {
  ok: boolean;
  failingSinceMs: number | null;
  lastFailureAtMs: number | null;
  failures: number;
  lastWriteAtMs: number | null;
  pendingSamples?: number;
  droppedSamples?: number;
  error: { code: string | null; key: string | null; message: string } | null;
}

// --- requests ---

export interface HistoryRequest {
  /** A device key, a GPU index, or 'host'. */
  device: string | number;
  /** Column names (DEVICE_COLUMNS / HOST_COLUMNS), at most 32. */
  metrics: readonly string[];
  from?: ApiTime;
  to?: ApiTime;
  /** 1–5000: the most points per metric (a chart's pixel width). */
  points?: number;
}

export interface RangeRequest {
  from?: ApiTime;
  to?: ApiTime;
  device?: string | number;
}

export interface EventsRequest extends RangeRequest {
  kinds?: readonly EventKind[];
  /** 1–10000, default 1000. */
  limit?: number;
}
