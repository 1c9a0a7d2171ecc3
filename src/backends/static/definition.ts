// A recording played back (GPUWISE_REPLAY): never tried by itself, only when pinned.

import type { BackendDefinition } from '../../core/backend.js';
import type { BackendRegistryOptions } from '../registry.js';

export const definition: BackendDefinition<'static', BackendRegistryOptions> = {
  id: 'static',
  platforms: 'all',
  capabilities: { metrics: true, processes: true },
  chainOrder: null,
  async load(options) {
    const { createStaticDriver } = await import('./index.js');
    const path = (options.env ?? process.env).GPUWISE_REPLAY;
    return createStaticDriver(path ? { path } : {});
  },
};
