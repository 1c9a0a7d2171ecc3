// Which backends exist and in what order they are tried. Each is imported only when the chain
// reaches it: on a working NVIDIA machine `gpuwise info` loads NVML's code and nothing else.

import type { BackendDriver, BackendId } from '../core/backend.js';

export interface BackendRegistryOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** nvidia-smi's per-call timeout. */
  commandTimeoutMs?: number;
  /**
   * Where a driver lacks NVML's PCIe byte counters, measure PCIe throughput in the background
   * (nvmlDeviceGetPcieThroughput: 20 ms of sampling per call on real GPUs). Default true.
   */
  pcieThroughput?: boolean;
  /**
   * Read NVML in a worker thread with a deadline per read (see nvml/isolated.ts): for
   * long-running commands, so a hung GPU cannot freeze them. Costs ~80 ms and ~16 MiB at start.
   * Without it NVML is read through koffi's async calls under one deadline per read
   * (nvml/deadline.ts): what one-shot commands use.
   */
  isolateNvml?: boolean;
  /** The deadline for one whole read of every GPU. Default 5 s in the worker, 3 s otherwise. */
  nvmlReadTimeoutMs?: number;
  /** Fill each reading's `samples` with the driver's sub-second samples (the sampler). */
  subSecondSamples?: boolean;
  /** Read GPM activity on Hopper and newer (default true). */
  gpm?: boolean;
}

/** The default order: the fastest and most complete first, the bus scan as the last word. */
export const DEFAULT_CHAIN: readonly BackendId[] = ['nvml', 'nvidia-smi', 'pci'];

export function backendDriver(id: BackendId, options: BackendRegistryOptions = {}): BackendDriver {
  const open = async () => {
    switch (id) {
      case 'nvml': {
        if (options.isolateNvml) {
          const { createIsolatedNvmlDriver } = await import('./nvml/isolated.js');
          return createIsolatedNvmlDriver({ ...options, readTimeoutMs: options.nvmlReadTimeoutMs }).open();
        }
        const { createNvmlDeadlineDriver } = await import('./nvml/deadline.js');
        return createNvmlDeadlineDriver({ ...options, readTimeoutMs: options.nvmlReadTimeoutMs }).open();
      }
      case 'nvidia-smi': {
        const { createNvidiaSmiDriver } = await import('./nvidia-smi/index.js');
        return createNvidiaSmiDriver({ env: options.env, platform: options.platform, timeoutMs: options.commandTimeoutMs }).open();
      }
      case 'pci': {
        const { createPciDriver } = await import('./pci/index.js');
        return createPciDriver({ platform: options.platform }).open();
      }
      case 'static': {
        const { createStaticDriver } = await import('./static/index.js');
        const path = (options.env ?? process.env).GPUWISE_REPLAY;
        return createStaticDriver(path ? { path } : {}).open();
      }
    }
  };
  return { id, open };
}

/** The drivers to try: just `pinned` when the user named one, else the default chain. */
export function backendDrivers(options: BackendRegistryOptions & { pinned?: BackendId } = {}): BackendDriver[] {
  const ids = options.pinned ? [options.pinned] : DEFAULT_CHAIN;
  return ids.map((id) => backendDriver(id, options));
}

/**
 * How many native calls are still running on other threads (a GPU call past its deadline, a
 * worker inside the driver). Node's own exit waits for each of them, so while this is above 0
 * the CLI should end with `exitWithoutWaitingForDrivers` once its output is written.
 */
export { nativeCallsInFlight } from './nvml/in-flight.js';

/** Ends the process now, without waiting for threads stuck in a GPU driver (for the CLI only). */
export async function exitWithoutWaitingForDrivers(code: number): Promise<never> {
  const { exitWithoutWaiting } = await import('./nvml/hard-exit.js');
  return exitWithoutWaiting(code);
}
