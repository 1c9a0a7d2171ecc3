// rocm-smi: AMD GPUs on ROCm installs older than amd-smi (and Hygon DCUs, whose fork keeps it).

import type { BackendDefinition } from '../../core/backend.js';
import type { BackendRegistryOptions } from '../registry.js';

export const definition: BackendDefinition<'rocm-smi', BackendRegistryOptions> = {
  id: 'rocm-smi',
  platforms: ['linux'],
  capabilities: { metrics: true, processes: true },
  chainOrder: 35,
  async load(options) {
    const { createRocmSmiDriver } = await import('./index.js');
    return createRocmSmiDriver({ env: options.env, platform: options.platform, timeoutMs: options.commandTimeoutMs });
  },
};
