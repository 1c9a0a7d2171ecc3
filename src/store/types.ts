// The history store's contract, shared by the recorder, the HTTP API, `serve`, the dashboard and
// diagnose. The SQLite implementation lives beside it (./sqlite-store.ts and friends).

import type { FieldKind } from '../core/fields.js';
import type { GpuEvent, EventKind } from '../events/types.js';
import type { Sample } from '../monitor/sampler.js';

/** Which table a history answer came from: raw samples, per-minute or per-hour rollups. */
export type HistoryTier = 'raw' | 'minute' | 'hour';

export interface RetentionOptions {
  /** Raw samples are kept this long (default 24 h), and always until their minute is rolled up. */
  rawMs: number;
  /** Per-minute rollups (default 30 days), and always until their hour is rolled up. */
  minuteMs: number;
  /** Per-hour rollups (default 365 days). */
  hourMs: number;
  /** Bound on the database file; past it the oldest raw rows go first, then minutes, hours last (default 1 GiB). */
  maxBytes: number;
}

export interface HistoryQuery {
  /** Device history key (UUID …) or 'host' for the host's columns. */
  device: string;
  /** Column names from monitor/columns.ts (DEVICE_COLUMNS / HOST_COLUMNS), e.g. gpuUtilPercent. */
  metrics: readonly string[];
  fromMs: number;
  toMs: number;
  /** How many points a chart can show; the answer has at most this many per metric. */
  points: number;
}

export interface HistoryPoint {
  /** Start of the bucket (ms since the epoch). */
  t: number;
  /** null where no sample in the bucket had a value (never 0 for "missing"). */
  min: number | null;
  avg: number | null;
  max: number | null;
  /**
   * Counters only (energyConsumedJoules …): how much the counter rose within the bucket, from
   * per-sample increases (a reset counts from zero; a gap over 5 min is not counted). min/avg/max
   * are then of the counter's running value.
   */
  delta?: number | null;
}

export interface HistorySeries {
  metric: string;
  unit: string;
  /** The field table's kind: 'counter' series carry `delta` in their points. */
  kind?: FieldKind;
  points: HistoryPoint[];
}

export interface HistoryAnswer {
  device: string;
  tier: HistoryTier;
  /** Bucket width in ms. */
  stepMs: number;
  fromMs: number;
  toMs: number;
  series: HistorySeries[];
}

export interface StoredDevice {
  key: string;
  uuid: string | null;
  index: number;
  name: string | null;
  pciBusId: string | null;
  memoryTotalBytes: number | null;
  firstSeenMs: number;
  lastSeenMs: number;
}

/** One process's use of one GPU, merged over the samples it appeared in. */
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
  /** When the process started (ISO 8601), where the host said; tells a reused PID apart. */
  startedAt?: string | null;
}

export interface EventQuery {
  fromMs: number;
  toMs: number;
  device?: string;
  kinds?: readonly EventKind[];
  /** Newest first, at most this many (default 1000). */
  limit?: number;
}

export interface StoreStats {
  path: string;
  fileBytes: number;
  schemaVersion: number;
  rows: { raw: number; minute: number; hour: number; events: number; processes: number };
  oldestMs: { raw: number | null; minute: number | null; hour: number | null };
}

export interface HistoryStore {
  /** Writes samples (devices, host, processes) in one transaction, and rolls up finished buckets. */
  append(samples: readonly Sample[], events?: readonly GpuEvent[]): void;
  history(query: HistoryQuery): HistoryAnswer;
  devices(): StoredDevice[];
  /** Processes seen in the range, oldest first; at most `limit` (default 10,000). */
  processes(query: { fromMs: number; toMs: number; device?: string; limit?: number }): StoredProcess[];
  events(query: EventQuery): GpuEvent[];
  /** Retention and the size bound, applied now (append also applies them now and then). */
  prune(nowMs: number): void;
  stats(): StoreStats;
  /** SQLite's integrity_check; 'ok' when sound. */
  integrityCheck(): string;
  close(): void;
}
