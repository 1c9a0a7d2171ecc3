// The kernel-module check on machines whose /proc says little (a sandbox with no /proc/modules),
// and what the doctor says of the system in both languages: no Node error text, no English word
// in a Chinese line unless it is marked as the system's own words (docker's).

import { fileURLToPath } from 'node:url';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { findCheck, runDoctor } from '../index.js';
import type { DoctorInputs } from '../inputs.js';
import { renderDoctorText } from '../report/render-text.js';
import { makeGpuDevice } from '../testing/devices.js';
import { loadFixtureEnv } from '../testing/fixture-env.js';
import { createMemoryEnv } from '../testing/memory-env.js';
import { driverInstallSteps } from '../fixes/driver.js';
import type { FixTarget } from '../fixes/target.js';

const DEBIAN_12 = 'ID=debian\nVERSION_ID="12"\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n';
const plain = pc.createColors(false);

const nvmlOk: DoctorInputs['gpu'] = {
  attempts: [{ id: 'nvml', ok: true, unavailable: null, durationMs: 1 }],
  openedBackend: 'nvml',
  reading: { driver: { driverVersion: '550.90.07', cudaDriverVersion: '12.4', nvmlVersion: null, unavailable: {} }, devices: [makeGpuDevice({ index: 0, name: 'NVIDIA H100 80GB HBM3', computeCapability: '9.0' })] },
  readError: null,
};
const pci: DoctorInputs['pci'] = { ok: true, devices: [{ address: '0000:01:00.0', vendor: 'nvidia', vendorId: '10de', deviceId: '2330', name: 'GH100 [H100 SXM5 80GB]', kernelDriver: 'nvidia' }] };

async function run(files: Record<string, string>, gpu: DoctorInputs['gpu']) {
  const env = createMemoryEnv({ files: { '/etc/os-release': DEBIAN_12, '/proc/version': 'Linux version 6.1.0-25-amd64', ...files } });
  return runDoctor(env, { gpu, pci, host: null });
}

describe('driver.kernel-module', () => {
  it('with no /proc/modules to read, a driver that answers through NVML is a loaded module, not “not installed”', async () => {
    const report = await run({}, nvmlOk);
    const module = findCheck(report, 'driver.kernel-module')!;
    expect(module.status).toBe('ok');
    expect(module.summary).toEqual({ key: 'doctor.driver.module.loadedPerNvml', params: { version: '550.90.07' } });
    expect(module.fix ?? null).toBeNull();
  });

  it('with no /proc/modules and no NVML binding, a working nvidia-smi is a loaded module too, in both languages', async () => {
    const nvidiaSmiOk: DoctorInputs['gpu'] = {
      ...nvmlOk!,
      attempts: [
        { id: 'nvml', ok: false, unavailable: { code: 'library-not-found', detail: 'libnvidia-ml.so.1: cannot open shared object file' }, durationMs: 1 },
        { id: 'nvidia-smi', ok: true, unavailable: null, durationMs: 1 },
      ],
      openedBackend: 'nvidia-smi',
    };
    const report = await run({}, nvidiaSmiOk);
    const module = findCheck(report, 'driver.kernel-module')!;
    expect(module.status).toBe('ok');
    expect(module.fix ?? null).toBeNull();
    const en = renderDoctorText(report, { t: createTranslator('en'), color: plain, verbose: false });
    expect(en).toContain('Loaded: the driver answers through nvidia-smi (550.90.07), so its kernel module is in.');
    expect(en).not.toContain('No NVIDIA driver is installed');
    const zh = renderDoctorText(report, { t: createTranslator('zh-CN'), color: plain, verbose: false });
    expect(zh).toContain('已加载：驱动通过 nvidia-smi 正常响应（550.90.07）');
  });

  it.each([
    ['en', '/proc/modules: not there to read', 'Loaded: the driver answers through NVML (550.90.07)'],
    ['zh-CN', '/proc/modules：不存在，无从读取', '已加载：驱动通过 NVML 正常响应（550.90.07）'],
  ] as const)('%s: the unreadable file is said in the language, without the system’s ENOENT text', async (locale, evidence, summary) => {
    const text = renderDoctorText(await run({}, nvmlOk), { t: createTranslator(locale), color: plain, verbose: true });
    expect(text).toContain(evidence);
    expect(text).toContain(summary);
    expect(text.split('\n').filter((line) => /ENOENT|no such file/.test(line))).toEqual([]);
  });

  it.each([
    ['NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  570.86.15  Release Build\n', '已加载：570.86.15（开源模块）。'],
    ['NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 2024\n', '已加载：550.90.07（闭源模块）。'],
  ])('the module’s flavor is a Chinese word in Chinese (%#)', async (version, said) => {
    const report = await run({ '/proc/modules': 'nvidia 1 0 - Live 0x0\n', '/proc/driver/nvidia/version': version }, nvmlOk);
    const summary = findCheck(report, 'driver.kernel-module')!.summary;
    expect(createTranslator('zh-CN')(summary.key, summary.params)).toBe(said);
  });

  it('a step for the container’s host says so in full-width brackets in Chinese, in ASCII ones in English', async () => {
    const report = await run({ '/.dockerenv': '' }, { attempts: [{ id: 'nvml', ok: false, unavailable: { code: 'library-not-found', detail: 'libnvidia-ml.so.1' }, durationMs: 1 }], openedBackend: null, reading: null, readError: null });
    const zh = renderDoctorText(report, { t: createTranslator('zh-CN'), color: plain, verbose: false });
    expect(zh).toContain('（在运行本容器的宿主机上执行）');
    expect(zh).not.toContain(' (在运行');
    expect(renderDoctorText(report, { t: createTranslator('en'), color: plain, verbose: false })).toContain(' (on the machine that runs this container)');
  });
});

describe('containers.docker', () => {
  it('docker’s own error is shown as a quote, introduced in the reader’s language', async () => {
    const docker = { file: '/usr/bin/docker', result: { kind: 'exited' as const, exitCode: 0, stdout: 'Docker version 27.3.1, build ce12230\n', stderr: '', truncated: false, durationMs: 1 } };
    const refused = 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?';
    const env = createMemoryEnv({
      files: { '/etc/os-release': DEBIAN_12, '/usr/bin/docker': '' },
      env: { PATH: '/usr/bin' },
      commands: [
        { ...docker, args: ['--version'] },
        { ...docker, args: ['info', '--format', '{{json .Runtimes}}|{{.DefaultRuntime}}'], result: { ...docker.result, exitCode: 1, stdout: '', stderr: `${refused}\n` } },
      ],
    });
    const report = await runDoctor(env, { gpu: null, pci: null, host: null }, { only: ['containers.docker'] });
    const zh = renderDoctorText(report, { t: createTranslator('zh-CN'), color: plain, verbose: false });
    expect(zh).toContain(`· docker 的原话：${refused}`);
    expect(renderDoctorText(report, { t: createTranslator('en'), color: plain, verbose: false })).toContain(`· docker says: ${refused}`);
  });
});

describe('os.secure-boot', () => {
  it('with the module loaded, the Secure Boot state is a phrase of the language, not the state’s id', async () => {
    const report = await run({ '/proc/modules': 'nvidia 1 0 - Live 0x0\n' }, nvmlOk);
    const check = findCheck(report, 'os.secure-boot')!;
    expect(check.summary.key).toBe('doctor.os.secureBoot.moduleLoaded.not-uefi');
    const zh = renderDoctorText(report, { t: createTranslator('zh-CN'), color: plain, verbose: true });
    expect(zh).toContain('NVIDIA 模块已加载；这台机器不是以 UEFI 方式启动，没有安全启动。');
    expect(zh).toContain('没有 /sys/firmware/efi：不是以 UEFI 方式启动。');
    expect(zh).not.toMatch(/not-uefi|absent/);
  });
});

describe('evidence words', () => {
  it('persistence mode and where an interpreter was found read in the language (no on/off, no source id)', async () => {
    const gpu = structuredClone(nvmlOk)!;
    gpu.reading!.devices[0]!.persistenceMode = true;
    const zh = renderDoctorText(await run({ '/proc/modules': 'nvidia 1 0 - Live 0x0\n' }, gpu), { t: createTranslator('zh-CN'), color: plain, verbose: true });
    expect(zh).toContain('GPU 0：持久模式已开启');
    const fixture = loadFixtureEnv(fileURLToPath(new URL('../../../test/fixtures/doctor/cpu-torch-on-gpu', import.meta.url)));
    const python = renderDoctorText(await runDoctor(fixture.env, fixture.inputs), { t: createTranslator('zh-CN'), color: plain, verbose: true });
    expect(python).toMatch(/（经 (PATH|VIRTUAL_ENV|CONDA_PREFIX) 找到）：Python [\d.]+，前缀 /);
    expect(python).not.toMatch(/（(path|virtualenv|conda)）|prefix /);
  });
});

describe('driver steps with no branch to recommend', () => {
  it.each([
    [{ family: 'windows' as const, wsl: false, container: null }],
    [{ family: 'ubuntu' as const, wsl: true, container: null }],
    [{ family: 'ubuntu' as const, wsl: false, container: { engine: 'docker', evidence: ['/.dockerenv'] } }],
  ])('never say “R or newer” (%#)', (change) => {
    const target = { distroId: 'ubuntu', versionId: '24.04', prettyName: null, arch: 'x64', ...change } as FixTarget;
    for (const locale of ['en', 'zh-CN'] as const) {
      const t = createTranslator(locale);
      const said = driverInstallSteps(target, { branch: null, openModule: true }).map((s) => t(s.explain.key, s.explain.params));
      expect(said.join('\n')).not.toMatch(/\bR(?= or newer| 或更新)|R（|\(R\)/);
      expect(said.length).toBeGreaterThan(0);
    }
  });
});
