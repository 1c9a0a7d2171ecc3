// Why NVML did not open, said in the reader's language: the backends' codes (library-not-found)
// and English details are not words of the report; the code stays a field of --json.

import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import type { BackendAttempt } from '../../backends/chain.js';
import { createTranslator } from '../../i18n/index.js';
import { findCheck, runDoctor } from '../index.js';
import type { DoctorInputs } from '../inputs.js';
import { localizeReport } from '../report/localize.js';
import { renderDoctorText } from '../report/render-text.js';
import { createMemoryEnv } from '../testing/memory-env.js';

const plain = pc.createColors(false);
const DEBIAN_12 = 'ID=debian\nVERSION_ID="12"\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n';
const DETAIL = 'libnvidia-ml.so.1: cannot open shared object file: No such file or directory';
const pci: DoctorInputs['pci'] = { ok: true, devices: [{ address: '0000:01:00.0', vendor: 'nvidia', vendorId: '10de', deviceId: '2330', name: 'GH100', kernelDriver: null }] };

async function nvmlCheck(attempts: BackendAttempt[], files: Record<string, string> = {}) {
  const env = createMemoryEnv({ files: { '/etc/os-release': DEBIAN_12, '/proc/version': 'Linux version 6.1.0-25-amd64', ...files } });
  const opened = attempts.find((a) => a.ok)?.id ?? null;
  const report = await runDoctor(env, { gpu: { attempts, openedBackend: opened, reading: null, readError: null }, pci, host: null }, { only: ['driver.nvml'] });
  const said = (locale: 'en' | 'zh-CN') => renderDoctorText(report, { t: createTranslator(locale), color: plain, verbose: true });
  return { report, said, check: findCheck(report, 'driver.nvml')! };
}

const NVIDIA_LOADED = { '/proc/modules': 'nvidia 1 0 - Live 0x0\n' };
const nvmlMissing: BackendAttempt = { id: 'nvml', ok: false, unavailable: { code: 'library-not-found', detail: DETAIL }, durationMs: 1 };

describe('driver.nvml says why NVML did not open in the reader’s language', () => {
  it('zh-CN: the reason is Chinese, the code nowhere, the detail only as the backend’s own words', async () => {
    const { said } = await nvmlCheck([nvmlMissing, { id: 'nvidia-smi', ok: false, unavailable: { code: 'command-not-found', detail: 'nvidia-smi' }, durationMs: 1 }]);
    const zh = said('zh-CN');
    expect(zh).toContain('NVML 也就无法加载（找不到 NVML 库（是否安装了 NVIDIA 驱动？））');
    expect(zh).toContain('后端 nvml：找不到 NVML 库（是否安装了 NVIDIA 驱动？）');
    expect(zh).toContain('后端 nvidia-smi：PATH 中没有 nvidia-smi');
    expect(zh).toContain(`nvml 的原话：${DETAIL}`);
    expect(zh).not.toMatch(/library-not-found|command-not-found/);
    expect(zh.split('\n').filter((line) => line.includes('cannot open shared object') && !line.includes('的原话：'))).toEqual([]);
    expect(said('en')).toContain('NVML cannot load (NVML library not found (is the NVIDIA driver installed?)) while');
  });

  it.each([
    ['bindingOnly', [nvmlMissing, { id: 'nvidia-smi', ok: true, unavailable: null, durationMs: 1 }], {}, 'gpuwise 无法直接调用 NVML（找不到 NVML 库（是否安装了 NVIDIA 驱动？）），'],
    ['becauseModule', [{ ...nvmlMissing, unavailable: { code: 'driver-not-loaded', detail: 'NVML_ERROR_DRIVER_NOT_LOADED' } }], { '/proc/modules': 'snd 1 0 - Live 0x0\n' }, 'NVML 也就无法加载（NVIDIA 内核驱动未加载）'],
    ['failed', [{ ...nvmlMissing, unavailable: { code: 'init-failed', detail: 'NVML_ERROR_UNKNOWN' } }], NVIDIA_LOADED, 'NVML 无法打开：找到了 NVML，但初始化失败。'],
  ] as const)('%s: no raw code in the Chinese summary', async (key, attempts, files, zh) => {
    const { check, said } = await nvmlCheck([...attempts], files);
    expect(check.summary.key).toBe(`doctor.driver.nvml.${key}`);
    expect(said('zh-CN')).toContain(zh);
    expect(said('zh-CN')).not.toMatch(/library-not-found|driver-not-loaded|init-failed/);
  });

  it('--json keeps the raw code as a field next to the translated text', async () => {
    const { report } = await nvmlCheck([nvmlMissing]);
    const check = localizeReport(report, createTranslator('zh-CN'), 'zh-CN').layers.flatMap((l) => l.checks).find((c) => c.id === 'driver.nvml')!;
    expect(check.summary.params).toMatchObject({ code: 'library-not-found' });
    expect(check.summary.text).not.toContain('library-not-found');
    expect(check.evidence[0]).toMatchObject({ key: 'doctor.ev.backendFailed', params: { backend: 'nvml', code: 'library-not-found', detail: DETAIL } });
  });

  it('a code the chain did not name (a recorded snapshot’s) reads as a failure, not as the code', async () => {
    const { said } = await nvmlCheck([{ ...nvmlMissing, unavailable: { code: 'unknown' as 'error', detail: '' } }], NVIDIA_LOADED);
    expect(said('zh-CN')).toContain('NVML 无法打开：失败。');
    expect(said('zh-CN')).not.toContain('unknown');
  });
});
