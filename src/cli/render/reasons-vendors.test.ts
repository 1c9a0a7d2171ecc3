import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { reasonText } from './reasons.js';

describe('why a backend could not open, for the AMD, Windows and macOS backends', () => {
  const en = createTranslator('en');
  const zh = createTranslator('zh-CN');

  it('names the missing tool instead of nvidia-smi, and the DRM drivers instead of NVIDIA\'s', () => {
    expect(reasonText('command-not-found', en, 'amd-smi')).toBe('amd-smi is not installed (not on PATH)');
    expect(reasonText('command-not-found', zh, 'rocm-smi')).toBe('未安装 rocm-smi（PATH 中找不到）');
    expect(reasonText('driver-not-loaded', en, 'drm-sysfs')).toBe('no GPU bound to amdgpu, i915 or xe in /sys/class/drm');
  });

  it('leaves the NVIDIA backends\' wording as it was', () => {
    expect(reasonText('command-not-found', en, 'nvidia-smi')).toBe('nvidia-smi is not on PATH');
    expect(reasonText('command-not-found', en)).toBe('nvidia-smi is not on PATH');
    expect(reasonText('timeout', en, 'amd-smi')).toBe('timed out');
  });
});
