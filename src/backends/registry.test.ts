import { describe, expect, it } from 'vitest';
import { BACKEND_DEFINITIONS, BACKEND_IDS, backendDefinition, backendDriver, DEFAULT_CHAIN, isBackendId } from './registry.js';

describe('backend registry', () => {
  it('derives the default chain from the definitions: NVML, nvidia-smi, the AMD tools, sysfs, Windows, macOS, then the bus scan; static only when pinned', () => {
    expect(DEFAULT_CHAIN).toEqual(['nvml', 'nvidia-smi', 'amd-smi', 'rocm-smi', 'drm-sysfs', 'windows', 'macos', 'pci']);
    expect(BACKEND_IDS).toEqual(['nvml', 'nvidia-smi', 'amd-smi', 'rocm-smi', 'drm-sysfs', 'windows', 'macos', 'pci', 'static']);
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
    // Windows: NVML (nvml.dll) and nvidia-smi.exe first, then every adapter through PowerShell.
    expect(backendDefinition('nvml').platforms).toContain('win32');
    expect(backendDefinition('nvidia-smi').platforms).toContain('win32');
    expect(await backendDriver('windows', { platform: 'linux' }).open()).toMatchObject({ ok: false, unavailable: { code: 'unsupported-platform' } });
    expect(await backendDriver('macos', { platform: 'win32' }).open()).toMatchObject({ ok: false, unavailable: { code: 'unsupported-platform' } });
    const pci = await backendDriver('pci', { platform: 'win32' }).open();
    expect(pci).toMatchObject({ ok: false, unavailable: { code: 'unsupported-platform' } });
  });

  it('an unknown backend is a TypeError naming the backends, not an attempt that failed on undefined', () => {
    expect(() => backendDriver('bogus' as never)).toThrow(TypeError);
    expect(() => backendDriver('bogus' as never)).toThrow('unknown backend "bogus": the backends are nvml, nvidia-smi, amd-smi, rocm-smi, drm-sysfs, windows, macos, pci, static');
  });

  it('a read deadline or command timeout that is not a positive number of ms is a RangeError naming the option', () => {
    for (const value of [0, -1, Number.NaN, Infinity]) {
      expect(() => backendDriver('nvml', { nvmlReadTimeoutMs: value })).toThrow(RangeError);
    }
    expect(() => backendDriver('nvml', { nvmlReadTimeoutMs: -1 })).toThrow('nvmlReadTimeoutMs must be a positive number of milliseconds; got -1');
    expect(() => backendDriver('nvidia-smi', { commandTimeoutMs: '100' as never })).toThrow('commandTimeoutMs must be a positive number of milliseconds; got "100"');
    expect(backendDriver('nvml', { nvmlReadTimeoutMs: 250 }).id).toBe('nvml');
  });
});
