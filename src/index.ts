// gpuwise as a library: everything the CLI does is a function here with a typed result.
// `gpuwise info --json` prints what `openSession().take()` returns.

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
export type { Backend, BackendDriver, BackendId, BackendReading, BackendUnavailable } from './core/backend.js';
export { BACKEND_IDS } from './core/backend.js';
export type { UnavailableReason } from './core/unavailable.js';
export { decodeClockEventReasons, type ClockEventReason } from './core/clock-events.js';

export { openSession, type SessionOptions, type SnapshotSession } from './snapshot/session.js';
export { openFirstBackend, type BackendAttempt, type ChainResult } from './backends/chain.js';
export { backendDriver, backendDrivers, DEFAULT_CHAIN } from './backends/registry.js';
export { createNvmlDriver, openNvml } from './backends/nvml/index.js';
export { createIsolatedNvmlDriver } from './backends/nvml/isolated.js';
export { createNvidiaSmiDriver } from './backends/nvidia-smi/index.js';
export { createPciDriver, scanPciDisplayDevices } from './backends/pci/index.js';
export { createHostReader, type HostReader } from './host/index.js';

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
