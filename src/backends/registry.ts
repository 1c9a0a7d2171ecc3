// Which backends exist and in what order they are tried. Each is imported only when the chain
// reaches it: on a working NVIDIA machine `gpuwise info` loads NVML's code and nothing else.

import type { BackendDriver, BackendId } from '../core/backend.js';

export interface BackendRegistryOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** nvidia-smi's per-call timeout. */
  commandTimeoutMs?: number;
  /** Read PCIe throughput through NVML (20 ms of sampling per call on real GPUs). */
  pcieThroughput?: boolean;
  /**
   * Read NVML in a worker thread with a deadline per read (see nvml/isolated.ts): for
   * long-running commands, so a hung GPU cannot freeze them. Costs ~50–100 ms at start.
   */
  isolateNvml?: boolean;
  nvmlReadTimeoutMs?: number;
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
        const { createNvmlDriver } = await import('./nvml/index.js');
        return createNvmlDriver(options).open();
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
