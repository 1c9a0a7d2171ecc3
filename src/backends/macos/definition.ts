// macOS: every GPU through system_profiler, live figures from ioreg; CUDA absent, MPS instead.

import type { BackendDefinition } from '../../core/backend.js';
import type { BackendRegistryOptions } from '../registry.js';

export const definition: BackendDefinition<'macos', BackendRegistryOptions> = {
  id: 'macos',
  platforms: ['darwin'],
  capabilities: { metrics: true, processes: false },
  chainOrder: 50,
  async load(options) {
    const { createMacDriver } = await import('./index.js');
    return createMacDriver({ env: options.env, platform: options.platform, timeoutMs: options.commandTimeoutMs });
  },
};
