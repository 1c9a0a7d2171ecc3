import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { device, gpuProcess, snapshot } from './__fixtures__/snapshot.js';
import { renderInfoText, shortenCommand } from './info-text.js';

const color = pc.createColors(false);
const options = (locale: 'en' | 'zh-CN') => ({ t: createTranslator(locale), color, width: 120 });

describe('info text', () => {
  it('names an imported copy\'s host in the reader\'s language', () => {
    const imported = snapshot([device({})]);
    imported.host = { ...imported.host, hostname: '(imported)' };
    expect(renderInfoText(imported, options('zh-CN')).split('\n')[0]).toMatch(/^（导入）  /);
    expect(renderInfoText(imported, options('en')).split('\n')[0]).toMatch(/^\(imported\)  /);
  });

  it('-v says why a Windows desktop GPU\'s process memory is N/A (WDDM), in both languages', () => {
    const wddm = snapshot([device({ name: 'NVIDIA GeForce RTX 2080 SUPER', driverModel: 'WDDM' })], { processes: [gpuProcess({ pid: 2140, gpuIndex: 0, usedMemoryBytes: null })] });
    expect(renderInfoText(wddm, { ...options('en'), detail: true })).toMatch(/process memory\s+N\/A per process: under WDDM, Windows manages GPU memory/);
    expect(renderInfoText(wddm, { ...options('zh-CN'), detail: true })).toContain('WDDM 模式下显存由 Windows 管理');
    expect(renderInfoText(snapshot([device({ driverModel: 'TCC' })]), { ...options('en'), detail: true })).not.toContain('process memory');
  });

  it('prints N/A for what the GPU does not report, never a made-up 0', () => {
    const text = renderInfoText(snapshot([device({ name: 'Tesla P100-PCIE-16GB', memoryTotalBytes: 2 ** 34, memoryUsedBytes: 2 ** 30 })]), options('en'));
    expect(text).toContain('[0] Tesla P100-PCIE-16GB');
    // No bar next to N/A (an empty one reads as 0 %), but its room kept so the columns align.
    expect(text).toMatch(/GPU {12,}N\/A/);
    expect(text).not.toMatch(/░+\s+N\/A/);
    expect(text).toContain('1.0/16.0 GiB');
    expect(text).not.toContain('0°C');
  });

  it('says why clocks are held back and shows uncorrectable ECC errors', () => {
    const text = renderInfoText(
      snapshot([device({ name: 'A100', clockEventReasons: ['sw-power-cap', 'gpu-idle'], eccErrors: { correctedVolatile: 0, uncorrectedVolatile: 3, correctedAggregate: 0, uncorrectedAggregate: 3 } })]),
      options('zh-CN'),
    );
    expect(text).toContain('频率受限：功率上限');
    expect(text).not.toContain('空闲');
    expect(text).toContain('开机以来不可纠正的 ECC 错误：3');
  });

  it('marks a GPU that fell off the bus', () => {
    const text = renderInfoText(snapshot([device({ name: 'RTX 3090', state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST' })]), options('en'));
    expect(text).toContain('not responding — fell off the bus? (ERROR_GPU_IS_LOST)');
  });

  it('with no working backend, lists what was tried and points at doctor', () => {
    const text = renderInfoText(
      snapshot([], {
        backend: null,
        backendAttempts: [{ backend: 'nvml', ok: false, code: 'driver-not-loaded', detail: 'nvmlInit: ERROR_DRIVER_NOT_LOADED' }],
      }),
      options('zh-CN'),
    );
    expect(text).toContain('没有发现驱动可用的 GPU');
    expect(text).toContain('nvml: NVIDIA 内核驱动未加载');
    expect(text).toContain('gpuwise doctor');
  });

  it('a process’s memory and age read in the reader’s language', () => {
    const startedAt = new Date(Date.now() - (13 * 60 + 24) * 1000 - 500).toISOString();
    const snap = snapshot([device({ name: 'RTX 4090' })], { processes: [gpuProcess({ pid: 77, user: 'alice', rssBytes: 2 ** 31, cpuPercent: 12, startedAt, command: 'python3 train.py' })] });
    const line = (locale: 'en' | 'zh-CN') => renderInfoText(snap, { ...options(locale), locale }).split('\n').find((l) => l.includes(' 77 '))!;
    expect(line('en')).toMatch(/RSS 2\.0 GiB {2}13m24s {2}python3 train\.py/);
    expect(line('zh-CN')).toMatch(/内存 2\.0 GiB {2}13 分 24 秒 {2}python3 train\.py/);
    expect(line('zh-CN')).not.toContain('RSS');
  });

  it('shortens the program path of a command, not its arguments', () => {
    expect(shortenCommand('/root/.pyenv/versions/3.11.7/bin/python3 train.py --lr 3e-4')).toBe('python3 train.py --lr 3e-4');
    expect(shortenCommand('/usr/bin/sleep')).toBe('sleep');
    expect(shortenCommand('python train.py /data/imagenet')).toBe('python train.py /data/imagenet');
    expect(shortenCommand('[kworker/0:1]')).toBe('[kworker/0:1]');
  });
});
