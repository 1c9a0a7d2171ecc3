// The --fix-script renderer over every recorded machine: valid shell, strict mode, commands only
// for this machine, a stop at the first reboot, nothing executed by gpuwise.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../core/text-width.js';
import { createTranslator } from '../../i18n/index.js';
import { renderFixScript, runDoctor } from '../index.js';
import { readPaste, runDoctorOnPaste } from '../from/run-from.js';
import { loadFixtureEnv } from '../testing/fixture-env.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/doctor/', import.meta.url));
const NAMES = readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

async function scriptFor(name: string, locale: 'en' | 'zh-CN' = 'en', includeWarnings = false) {
  const fixture = loadFixtureEnv(join(FIXTURES, name));
  const report = await runDoctor(fixture.env, fixture.inputs);
  return { script: renderFixScript(report, createTranslator(locale), { includeWarnings }), ran: fixture.ran };
}

function hasBash(): boolean {
  try {
    execFileSync('bash', ['-c', 'true']);
    return true;
  } catch {
    return false;
  }
}

describe('fix scripts', () => {
  it.runIf(hasBash()).each(NAMES)('%s: a shell script that bash accepts, in both languages', async (name) => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const { script } = await scriptFor(name, locale, true);
      if (script.shell !== 'sh') continue;
      const file = join(mkdtempSync(join(tmpdir(), 'gpuwise-fix-')), script.fileName);
      writeFileSync(file, script.content);
      expect(() => execFileSync('bash', ['-n', file])).not.toThrow();
      expect(script.content.startsWith('#!/usr/bin/env bash\n')).toBe(true);
      expect(script.content).toContain('\nset -euo pipefail\n');
    }
  });

  it('runs nothing itself: doctor only reads (no sudo, no package manager, no pip)', async () => {
    for (const name of NAMES) {
      const { ran } = await scriptFor(name, 'en', true);
      for (const command of ran) expect(command).not.toMatch(/^(sudo|apt|apt-get|dnf|yum|pip|ubuntu-drivers|modprobe|rmmod)\b/);
    }
  });

  it('stops at the first reboot and leaves the rest for the next doctor run', async () => {
    const { script } = await scriptFor('ubuntu2404-nouveau');
    const lines = script.content.split('\n');
    const exitAt = lines.indexOf('exit 0');
    expect(exitAt).toBeGreaterThan(0);
    expect(lines).toContain('#   sudo reboot');
    expect(lines.indexOf('sudo update-initramfs -u')).toBeLessThan(exitAt);
    expect(lines.indexOf('sudo apt-get install -y nvidia-driver-580-open')).toBeLessThan(exitAt);
    // Nothing runnable after the exit.
    expect(lines.slice(exitAt + 1).every((line) => line === '' || line.startsWith('#'))).toBe(true);
    // The driver install appears once, not once per failing check.
    expect(lines.filter((line) => line === 'sudo apt-get install -y nvidia-driver-580-open')).toHaveLength(1);
  });

  it('writes steps for another machine as comments only', async () => {
    const wsl = (await scriptFor('wsl2-ubuntu2204')).script;
    expect(wsl.runnableSteps).toBe(0);
    expect(wsl.content).toContain('#   wsl --update');
    expect(wsl.content).not.toMatch(/^wsl /m);
    const container = (await scriptFor('container-no-runtime')).script;
    expect(container.content).toContain('#   docker run --rm --gpus all <image> nvidia-smi');
    expect(container.content).not.toMatch(/^sudo /m);
  });

  it('writes PowerShell for Windows, runs the WSL install, then asks for a restart', async () => {
    const { script } = await scriptFor('windows-tf215');
    expect(script.shell).toBe('powershell');
    expect(script.fileName).toBe('fix-gpu.ps1');
    expect(script.content).toContain("$ErrorActionPreference = 'Stop'");
    expect(script.content).toContain('#Requires -RunAsAdministrator');
    const lines = script.content.split('\n');
    expect(lines).toContain('wsl --install -d Ubuntu-24.04');
    expect(lines.indexOf('exit')).toBeGreaterThan(lines.indexOf('wsl --install -d Ubuntu-24.04'));
  });

  it('says there is nothing to fix on a ready machine', async () => {
    const { script } = await scriptFor('ubuntu2204-driver535-torch-cu121');
    expect(script.runnableSteps).toBe(0);
    expect(script.content).toContain('# Nothing to fix: no check failed.');
    const withWarnings = (await scriptFor('ubuntu2204-driver535-torch-cu121', 'en', true)).script;
    expect(withWarnings.content).toContain('sudo apt-get install -y nvidia-driver-580-open');
  });

  it('its "run with" line names the file it was written to (--fix-script fix.sh), quoted when it needs to be', async () => {
    const fixture = loadFixtureEnv(join(FIXTURES, 'cpu-torch-on-gpu'));
    const report = await runDoctor(fixture.env, fixture.inputs);
    for (const locale of ['en', 'zh-CN'] as const) {
      const t = createTranslator(locale);
      const plain = renderFixScript(report, t, { fileName: 'fix.sh' }).content;
      expect(plain).toContain('bash fix.sh');
      expect(plain).not.toContain('bash fix-gpu.sh');
      expect(renderFixScript(report, t, { fileName: 'my fixes/run it.sh' }).content).toContain("bash 'my fixes/run it.sh'");
    }
    expect(renderFixScript(report, createTranslator('en')).content).toContain('bash fix-gpu.sh');
  });

  it.each(['en', 'zh-CN'] as const)('%s: comment lines fit in 96 terminal columns (a Chinese character is two)', async (locale) => {
    // The RHEL 7 paste's driver step explains itself at length (about 200 columns in Chinese).
    const paste = readFileSync(fileURLToPath(new URL('../../../test/fixtures/import/collect-env_pytorch-43058_torch-1.6.0_cuda-10.2-build_driver-418.67_2x-v100.txt', import.meta.url)), 'utf8');
    const script = renderFixScript(await runDoctorOnPaste(readPaste(paste)), createTranslator(locale), { includeWarnings: true });
    expect(script.content).toContain('rhel-7-workstation-optional-rpms');
    // Commands left commented out ("#   sudo …") are commands, kept whole.
    const comments = script.content.split('\n').filter((line) => line.startsWith('# ') && !line.startsWith('#   '));
    expect(comments.length).toBeGreaterThan(3);
    for (const line of comments) {
      if (!/\S{60,}/.test(line)) expect(displayWidth(line), line).toBeLessThanOrEqual(96);
    }
  });
});
