// nvidia-smi's CSV queries: when NVML cannot be loaded through FFI.

import type { BackendDefinition } from '../../core/backend.js';
import type { BackendRegistryOptions } from '../registry.js';

export const definition: BackendDefinition<'nvidia-smi', BackendRegistryOptions> = {
  id: 'nvidia-smi',
  platforms: ['linux', 'win32'],
  capabilities: { metrics: true, processes: true },
  chainOrder: 20,
  async load(options) {
    const { createNvidiaSmiDriver } = await import('./driver.js');
    return createNvidiaSmiDriver({ env: options.env, platform: options.platform, timeoutMs: options.commandTimeoutMs });
  },
};
