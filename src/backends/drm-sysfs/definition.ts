// AMD (amdgpu) and Intel (i915, xe) GPUs read from sysfs and DRM fdinfo: no ROCm, no root.

import type { BackendDefinition } from '../../core/backend.js';
import type { BackendRegistryOptions } from '../registry.js';

export const definition: BackendDefinition<'drm-sysfs', BackendRegistryOptions> = {
  id: 'drm-sysfs',
  platforms: ['linux'],
  capabilities: { metrics: true, processes: true },
  chainOrder: 40,
  async load(options) {
    const { createDrmSysfsDriver } = await import('./index.js');
    return createDrmSysfsDriver({ platform: options.platform });
  },
};
