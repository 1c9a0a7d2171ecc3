// Guides built from recorded machines: done steps say so, to-do steps carry this OS's commands,
// WSL2 never gets a Linux driver, and every guide ends with verification commands.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import pc from 'picocolors';
import { createTranslator } from '../../i18n/index.js';
import { buildGuide, GUIDE_TOPICS, renderGuideText, runDoctor, type Guide } from '../index.js';
import { loadFixtureEnv } from '../testing/fixture-env.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/doctor/', import.meta.url));
const en = createTranslator('en');

async function reportOf(name: string) {
  const fixture = loadFixtureEnv(`${FIXTURES}${name}`);
  return runDoctor(fixture.env, fixture.inputs);
}

function step(guide: Guide, key: string) {
  const found = guide.steps.find((s) => s.title.key === key);
  if (!found) throw new Error(`no step ${key} in ${guide.topic}`);
  return { ...found, commands: found.actions.flatMap((a) => a.commands) };
}

describe('guides', () => {
  it('driver on a nouveau machine: blacklist, then install R580, then verify with nvidia-smi', async () => {
    const guide = buildGuide('driver', await reportOf('ubuntu2404-nouveau'));
    expect(step(guide, 'doctor.guide.step.gpu').state).toBe('done');
    const nouveau = step(guide, 'doctor.guide.step.nouveau');
    expect(nouveau.state).toBe('todo');
    expect(nouveau.commands).toEqual([
      "printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | sudo tee /etc/modprobe.d/blacklist-nouveau.conf",
      'sudo update-initramfs -u',
    ]);
    const install = step(guide, 'doctor.guide.step.installDriver');
    expect(install.state).toBe('todo');
    expect(install.commands).toContain('sudo apt-get install -y nvidia-driver-580-open');
    expect(guide.verify.flatMap((v) => v.commands)).toContain('nvidia-smi');
  });

  it('driver on a ready machine: every step already done, nothing to run', async () => {
    const guide = buildGuide('driver', await reportOf('ubuntu2204-driver535-torch-cu121'));
    for (const s of guide.steps.filter((s) => s.state !== 'info')) {
      expect(s.state).toBe('done');
      expect(s.actions).toEqual([]);
    }
    expect(en(step(guide, 'doctor.guide.step.installDriver').detail[0]?.key ?? 'common.notAvailable', step(guide, 'doctor.guide.step.installDriver').detail[0]?.params)).toBe(
      'Loaded: 535.183.01 (proprietary module).',
    );
  });

  it('driver in WSL2: the Windows driver, and a warning never to install a Linux one', async () => {
    const guide = buildGuide('driver', await reportOf('wsl2-ubuntu2204'));
    expect(guide.steps.map((s) => s.title.key)).toEqual(['doctor.guide.step.gpu', 'doctor.guide.step.windowsDriver', 'doctor.guide.step.wslNoLinuxDriver']);
    expect(guide.steps.flatMap((s) => s.actions).every((a) => a.where === 'windows-host')).toBe(true);
  });

  it('pytorch on a CPU-only wheel: the reinstall into the virtualenv, verified with torch.cuda.is_available()', async () => {
    const guide = buildGuide('pytorch', await reportOf('cpu-torch-on-gpu'));
    expect(step(guide, 'doctor.guide.step.driverReady').state).toBe('done');
    expect(step(guide, 'doctor.guide.step.pythonEnv').state).toBe('done');
    const install = step(guide, 'doctor.guide.step.installTorch');
    expect(install.state).toBe('todo');
    expect(install.commands).toContain('/home/ml/venv/bin/python -m pip install --upgrade torch==2.6.0 --index-url https://download.pytorch.org/whl/cu124');
    expect(guide.verify[0]?.commands[0]).toContain('torch.cuda.is_available()');
    expect(guide.verify[0]?.commands[0]).toMatch(/^\/home\/ml\/venv\/bin\/python -c /);
  });

  it('tensorflow on Windows: the WSL2 way, verified with tf.config.list_physical_devices', async () => {
    const guide = buildGuide('tensorflow', await reportOf('windows-tf215'));
    expect(step(guide, 'doctor.guide.step.tfWsl').commands[0]).toBe('wsl --install -d Ubuntu-24.04');
    expect(guide.verify[0]?.commands[0]).toContain('tf.config.list_physical_devices()');
    // Windows PowerShell 5.1 would pass a `"` inside to wsl.exe unescaped and split the command.
    expect(guide.verify[0]?.commands[0]).not.toContain('"');
    expect(guide.verify[0]?.commands[0]).not.toContain('is_gpu_available');
  });

  it('cuda with a 535 driver: the toolkit the driver supports, not the newest', async () => {
    const guide = buildGuide('cuda', await reportOf('cuda13-driver535'));
    const install = step(guide, 'doctor.guide.step.installToolkit');
    expect(install.state).toBe('todo');
    expect(install.commands).toContain('sudo apt-get install -y cuda-toolkit-12-2');
    expect(guide.verify.flatMap((v) => v.commands)).toContain('nvcc --version');
  });

  it('docker: toolkit installed and configured is done', async () => {
    const guide = buildGuide('docker', await reportOf('ubuntu2204-driver535-torch-cu121'));
    expect(guide.steps.map((s) => s.state)).toEqual(['done', 'done', 'done']);
    expect(guide.verify[0]?.commands).toEqual(['docker run --rm --gpus all ubuntu nvidia-smi']);
  });

  it('every topic renders in both languages on every kind of machine', async () => {
    for (const name of ['ubuntu2404-nouveau', 'windows-tf215', 'container-no-runtime']) {
      const report = await reportOf(name);
      for (const topic of GUIDE_TOPICS) {
        const guide = buildGuide(topic, report);
        for (const locale of ['en', 'zh-CN'] as const) {
          const text = renderGuideText(guide, createTranslator(locale), pc.createColors(false));
          expect(text.length).toBeGreaterThan(20);
          expect(text).not.toMatch(/\{\w+\}/);
        }
      }
    }
  });

  it('verify lists the checks for what is installed', async () => {
    const guide = buildGuide('verify', await reportOf('ubuntu2204-driver535-torch-cu121'));
    const commands = guide.verify.flatMap((v) => v.commands);
    expect(commands).toContain('nvidia-smi');
    expect(commands).toContain('nvcc --version');
    expect(commands.some((c) => c.includes('torch.cuda.is_available()'))).toBe(true);
    expect(commands).toContain('docker run --rm --gpus all ubuntu nvidia-smi');
    expect(commands.some((c) => c.includes('tensorflow'))).toBe(false);
  });
});
