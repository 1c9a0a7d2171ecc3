import { describe, expect, it } from 'vitest';
import { BACKEND_DEFINITIONS, BACKEND_IDS, backendDriver, DEFAULT_CHAIN, isBackendId } from './registry.js';

describe('backend registry', () => {
  it('derives the default chain from the definitions: NVML, nvidia-smi, the AMD tools, sysfs, then the bus scan; static only when pinned', () => {
    expect(DEFAULT_CHAIN).toEqual(['nvml', 'nvidia-smi', 'amd-smi', 'rocm-smi', 'drm-sysfs', 'pci']);
    expect(BACKEND_IDS).toEqual(['nvml', 'nvidia-smi', 'amd-smi', 'rocm-smi', 'drm-sysfs', 'pci', 'static']);
    expect(isBackendId('static')).toBe(true);
    expect(isBackendId('cuda')).toBe(false);
  });

  it('every definition names its id, platforms and capabilities, and ids are unique', () => {
    expect(new Set(BACKEND_DEFINITIONS.map((d) => d.id)).size).toBe(BACKEND_DEFINITIONS.length);
    for (const d of BACKEND_DEFINITIONS) {
      expect(d.platforms === 'all' || d.platforms.length > 0).toBe(true);
      expect(typeof d.capabilities.metrics).toBe('boolean');
    }
  });

  it('a backend is not loaded on a platform it does not run on: the attempt says so', async () => {
    const result = await backendDriver('nvml', { platform: 'darwin' }).open();
    expect(result).toMatchObject({ ok: false, unavailable: { code: 'unsupported-platform' } });
    if (!result.ok) expect(result.unavailable.detail).toContain('darwin');
    const pci = await backendDriver('pci', { platform: 'win32' }).open();
    expect(pci).toMatchObject({ ok: false, unavailable: { code: 'unsupported-platform' } });
  });
});
