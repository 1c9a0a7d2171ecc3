// NVML, NVIDIA's management library through FFI: first in the chain on Linux and Windows.

import type { BackendDefinition } from '../../core/backend.js';
import type { BackendRegistryOptions } from '../registry.js';

export const definition: BackendDefinition<'nvml', BackendRegistryOptions> = {
  id: 'nvml',
  platforms: ['linux', 'win32'],
  capabilities: { metrics: true, processes: true, intervalRates: true, subSecondSamples: true },
  chainOrder: 10,
  async load(options) {
    if (options.isolateNvml) {
      // Long-running commands: a worker thread, so a GPU hung in the driver cannot freeze them.
      const { createIsolatedNvmlDriver } = await import('./isolated.js');
      return createIsolatedNvmlDriver({ ...options, readTimeoutMs: options.nvmlReadTimeoutMs });
    }
    // One-shot commands: koffi's async calls under one deadline for the whole read.
    const { createNvmlDeadlineDriver } = await import('./deadline.js');
    return createNvmlDeadlineDriver({ ...options, readTimeoutMs: options.nvmlReadTimeoutMs });
  },
};
