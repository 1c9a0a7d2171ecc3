// A snapshot session: open the first backend that works (or the one the user pinned), then take
// snapshots — each one a single instant of GPUs, their processes with host details, and the host.

import type { Backend, BackendDriver, BackendId, BackendReading } from '../core/backend.js';
import { SNAPSHOT_SCHEMA_VERSION, type BackendAttemptSummary, type Snapshot, type SnapshotProblem } from '../core/snapshot.js';
import { openFirstBackend, type BackendAttempt } from '../backends/chain.js';
import { backendDrivers, type BackendRegistryOptions, type KnownBackendId } from '../backends/registry.js';
import { createHostReader, DEFAULT_FIRST_SAMPLE_WINDOW_MS, type HostReader, type HostReaderOptions } from '../host/index.js';
import { validateReading } from '../core/validate.js';
import { isoTime } from '../core/iso-time.js';

export interface SessionOptions extends BackendRegistryOptions {
  /** Use only this backend. */
  backend?: KnownBackendId;
  /** Replace the registry's drivers (tests, embedding). */
  drivers?: BackendDriver[];
  host?: HostReader;
  hostOptions?: HostReaderOptions;
  /** Wall clock for the snapshot's timestamp. */
  now?: () => Date;
  /** Carry the backend's sub-second samples on each snapshot (`Snapshot.samples`); for the sampler. */
  subSecondSamples?: boolean;
  /**
   * Make the first snapshot a complete one: prime the backend's counters, let the host's first
   * CPU windows run, and only then take the reading, so its rates (PCIe, NVLink, average power,
   * throttle time, GPM) cover that window instead of being null. Default: on when the host has a
   * first window (`hostOptions.firstSampleWindowMs` > 0, the default 100 ms) and the backend can
   * prime; off for a caller-supplied host.
   */
  completeFirstSnapshot?: boolean;
}

export interface SnapshotSession {
  /** The backend in use, or null when none opened. */
  readonly backend: Backend | null;
  readonly attempts: readonly BackendAttempt[];
  /** One snapshot. Single-flight: a call while one is being taken joins it. */
  take(): Promise<Snapshot>;
  /** `take`, with how long the backend and the host parts took (the sampler records both). */
  takeTimed(): Promise<TimedSnapshot>;
  close(): Promise<void>;
}

export interface TimedSnapshot {
  snapshot: Snapshot;
  /** Wall time of the backend's read (ms). */
  backendMs: number;
  /** Wall time of the host summary and process enrichment (ms); overlaps the backend's read. */
  hostMs: number;
  /** The warm-up this read waited for first (ms): the first read's (see warmUpOnce), else 0. */
  warmUpMs: number;
}

const EMPTY_READING: BackendReading = {
  driver: { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} },
  devices: [],
  processes: [],
  problems: [],
};

export async function openSession(options: SessionOptions = {}): Promise<SnapshotSession> {
  const drivers = options.drivers ?? backendDrivers({ ...options, pinned: options.backend });
  const host = options.host ?? createHostReader({ platform: options.platform, ...options.hostOptions });
  const now = options.now ?? (() => new Date());
  const { backend, attempts } = await openFirstBackend(drivers);
  const attemptSummaries: BackendAttemptSummary[] = attempts.map((a) => ({
    backend: a.id,
    ok: a.ok,
    code: a.unavailable?.code ?? null,
    detail: a.unavailable?.detail ?? null,
  }));

  const takeOnce = async (): Promise<TimedSnapshot> => {
    const atDate = now();
    const at = isoTime(atDate);
    const started = performance.now();
    let backendMs = 0;
    let summaryMs = 0;
    const timed = <T>(promise: Promise<T>, record: (ms: number) => void) =>
      promise.then((value) => {
        record(performance.now() - started);
        return value;
      });
    // The host summary's first CPU window runs during the backend's read, the processes' right
    // after it: the two overlap, so a first snapshot waits about one window, not two.
    const summaryRead = timed(host.readSummary(), (ms) => (summaryMs = ms));
    summaryRead.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    const reading = await timed(readSafely(backend), (ms) => (backendMs = ms));
    const enrichStarted = performance.now();
    let enrichMs = 0;
    const enriching = host.enrichProcesses(reading.processes).then((value) => {
      enrichMs = performance.now() - enrichStarted;
      return value;
    });
    const [summary, enriched] = await Promise.all([summaryRead, enriching]);
    const hostMs = summaryMs + enrichMs;
    const problems: SnapshotProblem[] = [...reading.problems, ...summary.problems, ...enriched.problems];
    const snapshot: Snapshot = {
      schemaVersion: SNAPSHOT_SCHEMA_VERSION,
      at,
      backend: backend?.id ?? null,
      capabilities: backend?.capabilities ?? null,
      backendAttempts: attemptSummaries,
      driver: reading.driver,
      host: summary.summary,
      devices: reading.devices,
      processes: enriched.processes,
      problems,
    };
    if (options.subSecondSamples && reading.samples) snapshot.samples = reading.samples;
    if (enriched.detailsAgeMs !== undefined) snapshot.processDetailsAt = isoTime(new Date(atDate.getTime() - enriched.detailsAgeMs));
    return { snapshot, backendMs, hostMs, warmUpMs: 0 };
  };

  const windowMs = options.hostOptions?.firstSampleWindowMs ?? DEFAULT_FIRST_SAMPLE_WINDOW_MS;
  let warmUp = (options.completeFirstSnapshot ?? (options.host === undefined && windowMs > 0)) && backend?.prime !== undefined;
  /**
   * Before the first snapshot: the counters' baseline, then one quick read for the PIDs, then the
   * host's CPU windows for the summary and those PIDs side by side. The reading taken after it has
   * rates over the window, and the host reads after it return at once (their baselines are set).
   * No sleep is added: the window is the one the CPU figures need anyway.
   */
  const warmUpOnce = async (): Promise<void> => {
    warmUp = false;
    try {
      await backend!.prime!();
      const early = await readSafely(backend);
      await Promise.all([host.readSummary(), host.enrichProcesses(early.processes)]);
    } catch {
      // A failed warm-up costs only the rates of the first snapshot: they stay first-sample.
    }
  };

  const warmedUp = async (): Promise<TimedSnapshot> => {
    const started = performance.now();
    await warmUpOnce();
    const warmUpMs = performance.now() - started;
    return { ...(await takeOnce()), warmUpMs };
  };

  // Two consumers asking at once (a /metrics scrape during a sampler tick) share one read:
  // two reads in flight would jam a backend that serves one at a time.
  let inFlight: Promise<TimedSnapshot> | null = null;
  const takeTimed = (): Promise<TimedSnapshot> => {
    inFlight ??= (warmUp ? warmedUp() : takeOnce()).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    backend,
    attempts,
    takeTimed,
    take: async () => (await takeTimed()).snapshot,
    close: async () => {
      if (options.host === undefined) host.close?.(); // the /proc files it holds open
      await backend?.close();
    },
  };
}

/** A backend whose read throws (a bug, a closed handle) yields an empty reading and a problem. */
async function readSafely(backend: Backend | null): Promise<BackendReading> {
  if (!backend) return EMPTY_READING;
  try {
    return validateReading(await backend.read());
  } catch (error) {
    return {
      ...EMPTY_READING,
      problems: [{ scope: 'backend', code: 'read-failed', message: error instanceof Error ? error.message : String(error) }],
    };
  }
}
