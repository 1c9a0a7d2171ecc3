// CUDA_VISIBLE_DEVICES that selects no GPU: the framework's "no GPU" is blamed on it — with a
// step to unset it — not on the install (a reinstall changes nothing); its value is shown escaped.

import { fileURLToPath } from 'node:url';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { findCheck, renderDoctorText, renderFixScript, runDoctor } from '../index.js';
import { PROBE_MARKER } from '../probes/framework-probe.js';
import { loadFixtureEnv } from '../testing/fixture-env.js';
import { hidesEveryGpu } from './visible-devices.js';

const FIXTURE = fileURLToPath(new URL('../../../test/fixtures/doctor/ubuntu2204-driver535-torch-cu121/', import.meta.url));
const plain = pc.createColors(false);

/** The recorded 2-GPU machine, its torch (cu121) seeing no GPU, with CUDA_VISIBLE_DEVICES as given. */
async function doctor(visible: string | undefined) {
  const fixture = loadFixtureEnv(FIXTURE);
  if (visible !== undefined) fixture.env.env = { ...fixture.env.env, CUDA_VISIBLE_DEVICES: visible };
  const probe = structuredClone(fixture.manifest.commands.find((c) => c.probe !== undefined)?.probe) as { torch: Record<string, unknown> };
  Object.assign(probe.torch, { gpuAvailable: false, deviceCount: 0, devices: [], initError: 'RuntimeError: No CUDA GPUs are available' });
  delete probe.torch.kernelTest;
  const exec = fixture.env.exec;
  fixture.env.exec = async (file, args, options) =>
    file.endsWith('python3') ? { kind: 'exited', exitCode: 0, stdout: `${PROBE_MARKER}${JSON.stringify(probe)}\n`, stderr: '', truncated: false, durationMs: 1 } : exec(file, args, options);
  const report = await runDoctor(fixture.env, fixture.inputs);
  return { report, torch: findCheck(report, 'frameworks.pytorch')! };
}

describe('hidesEveryGpu', () => {
  it.each([
    ['', 2, true],
    ['-1', 2, true],
    ['none', 2, true],
    ['2', 2, true],
    ['2,0', 2, true],
    ['1', 2, false],
    ['0,1', 2, false],
    ['GPU-6d2a9f40', 2, false],
    ['3', 0, false],
  ])('%j on %i GPUs → %s', (value, count, hides) => {
    expect(hidesEveryGpu(value, count)).toBe(hides);
  });
});

describe('a framework that sees no GPU under CUDA_VISIBLE_DEVICES', () => {
  it('without the variable the fix is still the reinstall (the control)', async () => {
    const { torch } = await doctor(undefined);
    expect(torch.summary.key).toBe('doctor.frameworks.torch.notAvailable');
  });

  it.each(['', '-1', '7'])('%j: blamed on the variable, with no reinstall, in both languages', async (value) => {
    const { torch, report } = await doctor(value);
    expect(torch.status).toBe('fail');
    expect(torch.summary).toMatchObject({ key: 'doctor.frameworks.hiddenByVisibleDevices', params: { value, framework: 'PyTorch' } });
    expect(torch.fix?.steps.map((s) => s.explain.key)).toEqual(['doctor.fix.step.unsetVisibleDevices']);
    const en = renderDoctorText(report, { t: createTranslator('en'), color: plain });
    expect(en).toContain(`PyTorch in /usr/bin/python3 sees no GPU because CUDA_VISIBLE_DEVICES="${value}" selects none.`);
    expect(en).toContain('run `unset CUDA_VISIBLE_DEVICES`');
    expect(en).not.toContain('pip uninstall');
    expect(renderDoctorText(report, { t: createTranslator('zh-CN'), color: plain })).toContain(`CUDA_VISIBLE_DEVICES="${value}" 没有选中任何 GPU`);
    // A script cannot unset a variable in the shell that runs it: the step is a manual one.
    expect(renderFixScript(report, createTranslator('en')).content).not.toMatch(/^unset /m);
  });

  it('shows a hostile value escaped', async () => {
    const { report } = await doctor('-1\u001b]0;pwned\u0007\u202e');
    const text = renderDoctorText(report, { t: createTranslator('en'), color: plain, verbose: true });
    expect(text).toContain('CUDA_VISIBLE_DEVICES="-1\\e]0;pwned\\x07\\u202e" selects none');
    expect(text).not.toContain('\u001b');
  });
});
