// Lists in a message (GPU models, versions, runtimes) are kept as items and joined in the reader's
// language: "a, b" in English, "a、b" in Chinese; --json keeps the items and the joined text.

import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { findCheck, renderDoctorJson, renderDoctorText, runDoctor } from '../index.js';
import { makeGpuDevice } from '../testing/devices.js';
import { createMemoryEnv } from '../testing/memory-env.js';

async function twoModels() {
  const env = createMemoryEnv({ files: { '/etc/os-release': 'ID=ubuntu\nVERSION_ID="22.04"\n' } });
  const devices = [makeGpuDevice({ index: 0, name: 'NVIDIA A100-SXM4-80GB' }), makeGpuDevice({ index: 1, name: 'NVIDIA H100 80GB HBM3' })];
  const gpu = { attempts: [], openedBackend: 'nvml', reading: { driver: { driverVersion: '550.127.05', cudaDriverVersion: '12.4', nvmlVersion: null, unavailable: {} }, devices }, readError: null };
  return runDoctor(env, { gpu, pci: null, host: null }, { only: ['hardware.gpus'] });
}

describe('lists in messages', () => {
  it('are joined with 、 in Chinese and with a comma in English', async () => {
    const report = await twoModels();
    const said = (locale: 'en' | 'zh-CN') => renderDoctorText(report, { t: createTranslator(locale), color: pc.createColors(false) });
    expect(said('en')).toContain('2 NVIDIA GPUs: NVIDIA A100-SXM4-80GB, NVIDIA H100 80GB HBM3.');
    expect(said('zh-CN')).toContain('NVIDIA A100-SXM4-80GB、NVIDIA H100 80GB HBM3');
  });

  it('keep their items in --json next to the text', async () => {
    const report = await twoModels();
    expect(findCheck(report, 'hardware.gpus')?.summary.lists).toEqual({ names: ['NVIDIA A100-SXM4-80GB', 'NVIDIA H100 80GB HBM3'] });
    const json = JSON.parse(renderDoctorJson(report, createTranslator('zh-CN'), 'zh-CN')) as { layers: { checks: { id: string; summary: { lists?: unknown; text: string } }[] }[] };
    const summary = json.layers.flatMap((l) => l.checks).find((c) => c.id === 'hardware.gpus')?.summary;
    expect(summary?.lists).toEqual({ names: ['NVIDIA A100-SXM4-80GB', 'NVIDIA H100 80GB HBM3'] });
    expect(summary?.text).toContain('NVIDIA A100-SXM4-80GB、NVIDIA H100 80GB HBM3');
  });
});
