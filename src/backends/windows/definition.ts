// Windows: every display adapter through PowerShell (CIM, the registry, performance counters).

import type { BackendDefinition } from '../../core/backend.js';
import type { BackendRegistryOptions } from '../registry.js';

export const definition: BackendDefinition<'windows', BackendRegistryOptions> = {
  id: 'windows',
  platforms: ['win32'],
  capabilities: { metrics: true, processes: true },
  chainOrder: 50,
  async load(options) {
    const { createWindowsDriver } = await import('./index.js');
    return createWindowsDriver({ env: options.env, platform: options.platform, timeoutMs: options.commandTimeoutMs });
  },
};
