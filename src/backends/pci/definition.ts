// The PCI bus scan: the last word of the chain, GPUs found with the kernel driver bound to each.

import type { BackendDefinition } from '../../core/backend.js';
import type { BackendRegistryOptions } from '../registry.js';

export const definition: BackendDefinition<'pci', BackendRegistryOptions> = {
  id: 'pci',
  platforms: ['linux'],
  capabilities: { metrics: false, processes: false },
  chainOrder: 90,
  async load(options) {
    const { createPciDriver } = await import('./index.js');
    return createPciDriver({ platform: options.platform });
  },
};
