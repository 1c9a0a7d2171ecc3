// Hostile toolkit paths through the whole fix path: the doctor finds the toolkit, writes the fix
// script, and the script runs in a sandbox (fake HOME, stub commands only). Nothing in a path may
// run, and ~/.bashrc must give back exactly the path.

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { isSafeText } from '../../core/safe-text.js';
import { createTranslator } from '../../i18n/index.js';
import { buildGuide, GUIDE_TOPICS, NO_INPUTS, renderDoctorText, renderFixScript, runDoctor, type DoctorInputs } from '../index.js';
import { makeGpuDevice } from '../testing/devices.js';
import { loadFixtureEnv } from '../testing/fixture-env.js';
import { createMemoryEnv } from '../testing/memory-env.js';
import { appendLineCommand, psQuote, shQuote } from './shell-quote.js';
import { toolkitPathSteps } from './cuda.js';

const HOSTILE = [
  '/opt/cuda 12.4',
  "/opt/it's",
  '/opt/say "hi"',
  '/opt/a b;touch PWNED;c',
  '/opt/$(touch PWNED)',
  '/opt/`touch PWNED`',
  '/opt/x\ntouch PWNED\n',
  "/opt/'; touch PWNED; '",
  '/opt/"; touch PWNED; "',
  "/opt/\\'$(touch PWNED)\\",
  '/opt/${HOME}$PATH!!',
  '/opt/\u001b]0;pwned\u0007\u001b[2J',
  '/opt/a\u202eb\u200b\u0085c',
  '/opt/\t\r|&<>*?[a]~#',
];

const which = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
const touch = which('touch');
const hasBash = which('bash') !== '' && touch !== '';

async function reportFor(root: string) {
  const env = createMemoryEnv({
    files: { [`${root}/version.json`]: '{"cuda":{"version":"12.4.1"}}', [`${root}/bin/nvcc`]: '' },
    links: { '/usr/local/cuda': root },
  });
  return runDoctor(env, NO_INPUTS, { only: ['cuda.toolkits'] });
}

/** A folder with a fake HOME and a PATH of stubs: only `nvcc` (records what it sees) and `touch`. */
function sandbox() {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-sandbox-'));
  const home = join(dir, 'home');
  const bin = join(dir, 'bin');
  const work = join(dir, 'work');
  for (const d of [home, bin, work]) mkdirSync(d);
  writeFileSync(join(bin, 'nvcc'), '#!/bin/sh\nprintf %s "$CUDA_HOME" > "$HOME/nvcc-saw"\n');
  chmodSync(join(bin, 'nvcc'), 0o755);
  // The real touch, so an injected `touch PWNED` would work and be caught.
  symlinkSync(touch, join(bin, 'touch'));
  return { dir, home, work, env: { HOME: home, PATH: bin, LC_ALL: 'C' } };
}

describe('quoting', () => {
  it.runIf(hasBash)('shQuote gives bash back every hostile value exactly, as one control-free word', () => {
    for (const value of [...HOSTILE, '', '-n', '=x', 'plain/path-1.2']) {
      const quoted = shQuote(value);
      expect(isSafeText(quoted)).toBe(true);
      const out = execFileSync('bash', ['--norc', '-c', `printf %s ${quoted}`], { encoding: 'utf8', env: { LC_ALL: 'C' } });
      expect(out).toBe(value);
    }
  });

  it('psQuote writes one PowerShell word: single quotes doubled, controls as [char] codes', () => {
    expect(psQuote('C:\\Python311\\python.exe')).toBe('C:\\Python311\\python.exe');
    expect(psQuote('C:\\Program Files\\Python\\python.exe')).toBe("'C:\\Program Files\\Python\\python.exe'");
    expect(psQuote("it's \u2019here")).toBe("'it''s \u2019\u2019here'");
    expect(psQuote('a,b')).toBe("'a,b'");
    expect(psQuote('@x')).toBe("'@x'");
    expect(psQuote('a\nb$c`"')).toBe('"a$([char]0x000a)b`$c```""');
    for (const value of HOSTILE) expect(isSafeText(psQuote(value))).toBe(true);
  });
});

describe.runIf(hasBash)('the toolkit PATH fix with hostile paths', () => {
  it.each(HOSTILE)('%j: valid bash, runs nothing from the path, and ~/.bashrc sets CUDA_HOME to it', async (root) => {
    const report = await reportFor(root);
    const script = renderFixScript(report, createTranslator('en'), { includeWarnings: true });
    expect(script.runnableSteps).toBe(1);
    const box = sandbox();
    const file = join(box.dir, script.fileName);
    writeFileSync(file, script.content);
    expect(() => execFileSync('bash', ['-n', file])).not.toThrow();

    const run = spawnSync('/bin/bash', [file], { cwd: box.work, env: box.env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    // The export in the script itself reached the command after it.
    expect(readFileSync(join(box.home, 'nvcc-saw'), 'utf8')).toBe(root);

    const sourced = spawnSync('/bin/bash', ['--norc', '--noprofile', '-c', '. "$HOME/.bashrc"; printf %s "$CUDA_HOME"'], { cwd: box.work, env: box.env, encoding: 'utf8' });
    expect(sourced.stderr).toBe('');
    expect(sourced.stdout).toBe(root);
    for (const dir of [box.work, box.home, box.dir]) expect(existsSync(join(dir, 'PWNED'))).toBe(false);
  });

  it('writes every command as one line with no control character, on screen and in the script', async () => {
    for (const root of HOSTILE) {
      for (const command of toolkitPathSteps(root)[0]?.commands ?? []) {
        expect(isSafeText(command)).toBe(true);
        expect(() => execFileSync('bash', ['-n', '-c', command])).not.toThrow();
      }
      const report = await reportFor(root);
      const shown = renderDoctorText(report, { t: createTranslator('en'), color: pc.createColors(false) });
      expect(isSafeText(shown.replace(/\n/g, ''))).toBe(true);
      const script = renderFixScript(report, createTranslator('zh-CN'), { includeWarnings: true }).content;
      expect(isSafeText(script.replace(/\n/g, ''))).toBe(true);
    }
  });

  it('appends a line with printf, never with nested echo quotes', () => {
    expect(appendLineCommand("export A='x'", '~/.bashrc')).toBe("printf '%s\\n' 'export A='\\''x'\\''' >> ~/.bashrc");
    expect(toolkitPathSteps('/usr/local/cuda-12.8')[0]?.commands).toEqual([
      "printf '%s\\n' 'export CUDA_HOME=/usr/local/cuda-12.8' >> ~/.bashrc",
      `printf '%s\\n' 'export PATH="$CUDA_HOME/bin:$PATH"' >> ~/.bashrc`,
      `printf '%s\\n' 'export LD_LIBRARY_PATH="$CUDA_HOME/lib64\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"' >> ~/.bashrc`,
      'export CUDA_HOME=/usr/local/cuda-12.8',
      'export PATH="$CUDA_HOME/bin:$PATH"',
      'nvcc --version',
    ]);
  });
});

describe('values from the machine in other commands', () => {
  it('builds no repository URL from a VERSION_ID that is not a number', async () => {
    const env = createMemoryEnv({
      files: { '/etc/os-release': 'ID=ubuntu\nVERSION_ID="24.04;touch PWNED"\nPRETTY_NAME="Ubuntu \u001b[2J"\n', '/proc/version': 'Linux version 6.8.0-45-generic' },
    });
    const report = await runDoctor(env, NO_INPUTS);
    const commands = report.layers.flatMap((l) => l.checks).flatMap((c) => c.fix?.steps ?? []).flatMap((s) => s.commands);
    expect(report.machine.target.versionId).toBeNull();
    for (const command of commands) {
      expect(command).not.toContain('PWNED');
      expect(isSafeText(command)).toBe(true);
    }
    expect(renderDoctorText(report, { t: createTranslator('en'), color: pc.createColors(false) })).toContain('Ubuntu \\e[2J');
  });

  it('quotes the WSL distribution name for PowerShell', async () => {
    const distro = "Ubuntu'; Remove-Item -Recurse C:\\; '";
    const env = createMemoryEnv({
      files: { '/etc/os-release': 'ID=ubuntu\nVERSION_ID="22.04"\n', '/proc/version': 'Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com)' },
      env: { PATH: '/usr/bin', WSL_DISTRO_NAME: distro },
    });
    const report = await runDoctor(env, NO_INPUTS, { only: ['os.wsl'] });
    const steps = report.layers.flatMap((l) => l.checks).flatMap((c) => c.fix?.steps ?? []);
    expect(steps[0]?.commands).toEqual([`wsl --set-version ${psQuote(distro)} 2`]);
    expect(steps[0]?.commands[0]).toBe("wsl --set-version 'Ubuntu''; Remove-Item -Recurse C:\\; ''' 2");
  });
});

/** One NVIDIA GPU on driver 570 (CUDA 12.8): a CPU-only torch there gets the pip reinstall fix. */
const ONE_GPU: DoctorInputs = {
  gpu: {
    attempts: [{ id: 'nvml', ok: true, unavailable: null, durationMs: 1 }],
    openedBackend: 'nvml',
    reading: { driver: { driverVersion: '570.133.20', cudaDriverVersion: '12.8', nvmlVersion: null, unavailable: {} }, devices: [makeGpuDevice({ index: 0, name: 'NVIDIA RTX A6000', computeCapability: '8.6' })] },
    readError: null,
  },
  pci: null,
  host: null,
};

describe.runIf(hasBash)('pip commands for a Python in a hostile folder', () => {
  it.each(HOSTILE)('%j: the commands run that Python with exactly the pip arguments, nothing else', async (name) => {
    const box = sandbox();
    // A real stub Python in a folder of that name, recording its arguments one per line.
    const folder = join(box.dir, name.replace(/^\/opt\//, '').replace(/\//g, '_'), 'bin');
    mkdirSync(folder, { recursive: true });
    const python = join(folder, 'python3');
    writeFileSync(python, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done >> "$HOME/pip-saw"\n`);
    chmodSync(python, 0o755);
    const env = createMemoryEnv({
      files: { [python]: '', '/etc/os-release': 'ID=ubuntu\nVERSION_ID="24.04"\n' },
      env: { PATH: folder },
      commands: [{ file: python, args: ['-c', '*'], probe: {
        python: { version: '3.11.9', executable: python, prefix: folder, platform: 'linux' },
        torch: { installed: true, version: '2.5.1+cpu', cudaBuild: null, hipBuild: null, gpuAvailable: false, deviceCount: 0 },
        tensorflow: { installed: false },
        jax: { installed: false },
      } }],
    });
    const report = await runDoctor(env, ONE_GPU, { only: ['frameworks.pytorch'] });
    const commands = report.layers.flatMap((l) => l.checks).flatMap((c) => c.fix?.steps ?? []).flatMap((s) => s.commands);
    expect(commands.length).toBe(2);
    for (const command of commands) {
      const run = spawnSync('/bin/bash', ['--norc', '-c', command], { cwd: box.work, env: box.env, encoding: 'utf8' });
      expect(run.stderr).toBe('');
    }
    const saw = readFileSync(join(box.home, 'pip-saw'), 'utf8').trimEnd().split('\n');
    expect(saw.slice(0, 5)).toEqual(['-m', 'pip', 'uninstall', '-y', 'torch']);
    expect(saw.slice(5, 8)).toEqual(['-m', 'pip', 'install']);
    expect(saw).toContain('--index-url');
    for (const dir of [box.work, box.home, box.dir]) expect(existsSync(join(dir, 'PWNED'))).toBe(false);
  });

  it('every guide for every recorded machine: one-line commands that bash accepts', async () => {
    const fixtures = fileURLToPath(new URL('../../../test/fixtures/doctor/', import.meta.url));
    for (const name of readdirSync(fixtures)) {
      const fixture = loadFixtureEnv(join(fixtures, name));
      const report = await runDoctor(fixture.env, fixture.inputs);
      for (const topic of GUIDE_TOPICS) {
        const guide = buildGuide(topic, report);
        const steps = [...guide.steps.flatMap((s) => s.actions), ...guide.verify];
        for (const step of steps) {
          for (const command of step.commands) {
            expect(isSafeText(command)).toBe(true);
            if (step.shell === 'sh') expect(() => execFileSync('bash', ['-n', '-c', command]), `${name} ${topic}: ${command}`).not.toThrow();
          }
        }
      }
    }
  });
});
