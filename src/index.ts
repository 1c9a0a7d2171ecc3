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

export { createSampler, DEFAULT_INTERVAL_MS, MIN_INTERVAL_MS } from './monitor/index.js';
export type { DeviceHistoryWindow, HistoryWindow, Sample, SampleListener, Sampler, SamplerOptions } from './monitor/index.js';

export { getGpu, listGpus, loadGpuCatalog, matchGpuName } from './catalog/index.js';
export { getServer, listServers, loadServerCatalog, serversThatHold } from './catalog/servers.js';
export { compareGpus, estimateCost, estimateMemory, recommend } from './advisor/index.js';

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
