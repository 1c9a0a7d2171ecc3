// gpuwise as a library: everything the CLI does is a function here with a typed result.
// `gpuwise info --json` prints what `openSession().take()` returns.
//
// Importing this module loads no native code: koffi (NVML's FFI) is loaded on the first NVML
// call, so `import { listGpus } from 'gpuwise'` costs what the catalog costs and nothing more
// (test/e2e/library-entry.e2e.test.ts checks the process's shared objects).

export type {
  BackendAttemptSummary,
  ComputeMode,
  DeviceState,
  DriverInfo,
  EccErrorCounts,
  GpuDevice,
  GpuProcess,
  HostResolution,
  HostSummary,
  MigDevice,
  Snapshot,
  SnapshotProblem,
} from './core/snapshot.js';
export { SNAPSHOT_SCHEMA_VERSION } from './core/snapshot.js';
export type { Backend, BackendDefinition, BackendDriver, BackendId, BackendReading, BackendUnavailable } from './core/backend.js';
export type { UnavailableReason } from './core/unavailable.js';
export { decodeClockEventReasons, type ClockEventReason } from './core/clock-events.js';

export { openSession, type SessionOptions, type SnapshotSession } from './snapshot/session.js';
export { openFirstBackend, type BackendAttempt, type ChainResult } from './backends/chain.js';
export { BACKEND_DEFINITIONS, BACKEND_IDS, backendDriver, backendDrivers, DEFAULT_CHAIN, isBackendId, type KnownBackendId } from './backends/registry.js';
export { createStaticDriver, type StaticBackendOptions } from './backends/static/index.js';
export { createNvmlDriver, openNvml } from './backends/nvml/index.js';
export { createIsolatedNvmlDriver } from './backends/nvml/isolated.js';
export { createNvidiaSmiDriver } from './backends/nvidia-smi/index.js';
export { createPciDriver, scanPciDisplayDevices } from './backends/pci/index.js';
export { createHostReader, type HostReader } from './host/index.js';

export { createSampler, DEFAULT_INTERVAL_MS, MAX_INTERVAL_MS, MIN_INTERVAL_MS, SamplerStoppedError } from './monitor/index.js';
export type { DeviceHistoryWindow, HistoryWindow, Sample, SampleListener, Sampler, SamplerOptions } from './monitor/index.js';
export { formatVisibleDevices, pickFreeGpus, pickGpus, openClaims, ClaimsFolderError, PICK_CLAIM_MS } from './pick/index.js';
export type { PickedGpu, PickFreeOptions, PickFreeResult, PickOptions, PickResult, RejectedGpu, ClaimStore, ClaimResult, GpuClaim } from './pick/index.js';

export { getGpu, listGpus, loadGpuCatalog, matchGpuName } from './catalog/index.js';
export { getServer, listServers, loadServerCatalog, serversThatHold } from './catalog/servers.js';
export { compareGpus, estimateCost, estimateMemory, recommend } from './advisor/index.js';

// Events are pure logic over samples (no native code).
export { createEventDeriver, eventText, EVENT_DERIVER_DEFAULTS, type EventDeriver, type EventDeriverOptions } from './events/index.js';
export type { EventKind, EventSeverity, GpuEvent } from './events/types.js';
export { createRecorder, type Recorder, type RecorderOptions, type RecorderStats } from './store/recorder.js';
export type { HistoryAnswer, HistoryPoint, HistoryQuery, HistorySeries, HistoryStore, HistoryTier, RetentionOptions, StoredDevice, StoredProcess, StoreStats } from './store/types.js';
export { renderMetrics, renderMetricsBytes, type RenderMetricsInput } from './server/metrics/index.js';
export type { ServerAppOptions } from './server/options.js';
export type { Service, ServiceOptions } from './server/service.js';

// SQLite (a native addon) and hono load only when asked for: the catalog alone stays light.
/** Opens (or creates) the SQLite history: see docs/store.md. */
export async function openHistoryStore(options: import('./store/sqlite-store.js').HistoryStoreOptions): Promise<import('./store/sqlite-store.js').SqliteHistoryStore> {
  const store = await import('./store/sqlite-store.js');
  return store.openHistoryStore(options);
}

/** The HTTP app `serve` runs (REST, SSE, /metrics), to mount or to call with `app.request`: see docs/api.md. */
export async function createServerApp(options: import('./server/options.js').ServerAppOptions): Promise<import('./server/app.js').ServerApp> {
  const server = await import('./server/app.js');
  return server.createServerApp(options);
}

/** `gpuwise serve` as a function: sampler, history, events, the app and a listening server. */
export async function startService(options?: import('./server/service.js').ServiceOptions): Promise<import('./server/service.js').Service> {
  const service = await import('./server/service.js');
  return service.startService(options);
}

// diagnose: the analysis is pure (loaded with the entry); watching and trace files load when asked.
export { diagnose } from './diagnose/analyze.js';
export type { DiagnoseOptions, DiagnoseReport, Finding, Observation, ObservationSample, ObservationTarget } from './diagnose/types.js';
export type { ObserveOptions, ObserveProgress } from './diagnose/observe.js';

/** Watches a job, a process tree or GPUs for a while: see docs/diagnose.md. */
export async function observe(options: import('./diagnose/observe.js').ObserveOptions): Promise<import('./diagnose/types.js').Observation> {
  const observing = await import('./diagnose/observe.js');
  return observing.observe(options);
}

/** Reads a `diagnose --record` trace (NDJSON) back into an Observation. */
export async function readTrace(path: string): Promise<import('./diagnose/types.js').Observation> {
  const trace = await import('./diagnose/trace.js');
  return trace.readTrace(path);
}

/** Saves an Observation as a trace file that `diagnose --from` and readTrace read. */
export async function writeTrace(path: string, observation: import('./diagnose/types.js').Observation): Promise<void> {
  const trace = await import('./diagnose/trace.js');
  return trace.writeTrace(path, observation);
}

/** Takes one snapshot with the default backend chain and closes everything. */
export async function takeSnapshot(options: import('./snapshot/session.js').SessionOptions = {}) {
  const { openSession } = await import('./snapshot/session.js');
  const session = await openSession(options);
  try {
    return await session.take();
  } finally {
    await session.close();
  }
}

// run: a supervised job. The restart policy and the failure recognisers are pure (loaded with the
// entry); the supervisor, its sampler and the report load when a job is run.
export { createRestartPolicy, backoffDelay } from './supervise/policy.js';
export { createRecognizer } from './supervise/failures/recognize.js';
export { parseCudaOom } from './supervise/failures/cuda-oom.js';
export type { RunJob, RunJobOptions, RunJobResult, RunReport, RunOutcome, Failure, FailureKind, RestartPolicyOptions, SupervisorEvent } from './supervise/index.js';

/** `gpuwise run` as a function: starts the job under supervision; see docs/run.md. */
export async function runJob(options: import('./supervise/run-job.js').RunJobOptions): Promise<import('./supervise/run-job.js').RunJob> {
  const running = await import('./supervise/run-job.js');
  return running.runJob(options);
}

export { ImportError, type ImportFormat } from './import/types.js';
/** `--from` as a function: pasted tool output (nvidia-smi's XML, -q, table, CSV, lspci, info --json …) → its format and reading; see docs/import.md. */
export async function importToolOutput(text: string): Promise<import('./import/index.js').ImportedReading> {
  const { importText } = await import('./import/index.js');
  return importText(text);
}
