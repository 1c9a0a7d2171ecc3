// amd-smi (ROCm 6.1 and newer): AMD GPUs with every figure AMD's library gives.

import type { BackendDefinition } from '../../core/backend.js';
import type { BackendRegistryOptions } from '../registry.js';

export const definition: BackendDefinition<'amd-smi', BackendRegistryOptions> = {
  id: 'amd-smi',
  platforms: ['linux'],
  capabilities: { metrics: true, processes: true },
  chainOrder: 30,
  async load(options) {
    const { createAmdSmiDriver } = await import('./index.js');
    return createAmdSmiDriver({ env: options.env, platform: options.platform, timeoutMs: options.commandTimeoutMs });
  },
};
