// A snapshot session: open the first backend that works (or the one the user pinned), then take
// snapshots — each one a single instant of GPUs, their processes with host details, and the host.

import type { Backend, BackendDriver, BackendId, BackendReading } from '../core/backend.js';
import { SNAPSHOT_SCHEMA_VERSION, type BackendAttemptSummary, type Snapshot, type SnapshotProblem } from '../core/snapshot.js';
import { openFirstBackend, type BackendAttempt } from '../backends/chain.js';
import { backendDrivers, type BackendRegistryOptions } from '../backends/registry.js';
import { createHostReader, type HostReader, type HostReaderOptions } from '../host/index.js';
import { validateReading } from '../core/validate.js';

export interface SessionOptions extends BackendRegistryOptions {
  /** Use only this backend. */
  backend?: BackendId;
  /** Replace the registry's drivers (tests, embedding). */
  drivers?: BackendDriver[];
  host?: HostReader;
  hostOptions?: HostReaderOptions;
  /** Wall clock for the snapshot's timestamp. */
  now?: () => Date;
  /** Carry the backend's sub-second samples on each snapshot (`Snapshot.samples`); for the sampler. */
  subSecondSamples?: boolean;
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
    const at = now().toISOString();
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
    return { snapshot, backendMs, hostMs };
  };

  // Two consumers asking at once (a /metrics scrape during a sampler tick) share one read:
  // two reads in flight would jam a backend that serves one at a time.
  let inFlight: Promise<TimedSnapshot> | null = null;
  const takeTimed = (): Promise<TimedSnapshot> => {
    inFlight ??= takeOnce().finally(() => {
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
