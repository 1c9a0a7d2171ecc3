// Issue 16's guide items on recorded machines and on targets: Docker is done only when its daemon
// answers, verify lists each check once, topics in any case, a target machine's steps (--for),
// mirrors for China, and ROCm.

import { fileURLToPath } from 'node:url';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { parseTargetOs, reportForTarget, resolveTargetGpu } from '../from/target.js';
import { buildGuide, renderGuideText, runDoctor, type Guide } from '../index.js';
import type { DoctorReport } from '../report/report.js';
import { loadFixtureEnv } from '../testing/fixture-env.js';
import { msg } from '../types.js';
import { parseGuideTopic } from './types.js';

const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/doctor/', import.meta.url));
const NOW = () => new Date('2026-12-01T00:00:00Z');
const reportOf = async (name: string) => {
  const fixture = loadFixtureEnv(`${FIXTURES}${name}`);
  return runDoctor(fixture.env, fixture.inputs);
};
const stepOf = (guide: Guide, key: string) => guide.steps.find((s) => s.title.key === key);
const commands = (guide: Guide) => guide.steps.flatMap((s) => s.actions.flatMap((a) => a.commands));

async function target(os: string, gpu?: string): Promise<DoctorReport> {
  const resolved = gpu ? resolveTargetGpu(gpu) : null;
  if (resolved && !resolved.ok) throw new Error(`no GPU ${gpu}`);
  return reportForTarget(parseTargetOs(os)!, resolved, NOW);
}

describe('guide docker', () => {
  it('an installed Docker whose daemon does not answer is a step to do, with how to start it', async () => {
    const report = structuredClone(await reportOf('ubuntu2204-driver535-torch-cu121'));
    const docker = report.layers.flatMap((l) => l.checks).find((c) => c.id === 'containers.docker')!;
    docker.status = 'warn';
    docker.summary = msg('doctor.containers.docker.daemon.unreachable');
    report.machine.docker.daemon = 'unreachable';
    const step = stepOf(buildGuide('docker', report), 'doctor.guide.step.docker')!;
    expect(step.state).toBe('todo');
    expect(step.actions.flatMap((a) => a.commands)).toContain('sudo systemctl enable --now docker');
  });
});

describe('guide verify', () => {
  it('lists nvidia-smi once although the driver and CUDA guides both end with it', async () => {
    const guide = buildGuide('verify', await reportOf('ubuntu2204-driver535-torch-cu121'));
    expect(guide.verify.flatMap((v) => v.commands).filter((c) => c === 'nvidia-smi')).toHaveLength(1);
  });
});

describe('guide topics', () => {
  it.each([['PyTorch', 'pytorch'], [' ROCM ', 'rocm'], ['Driver', 'driver'], ['nosuch', null]])('%s → %s', (typed, topic) => {
    expect(parseGuideTopic(typed)).toBe(topic);
  });
});

describe('guide --for', () => {
  it.each([
    ['ubuntu-22.04', 'ubuntu', '22.04'],
    ['Ubuntu 24.04', 'ubuntu', '24.04'],
    ['rhel9', 'rhel', '9'],
    ['rocky-9.4', 'rhel', '9.4'],
    ['debian-12', 'debian', '12'],
    ['windows-11', 'windows', '11'],
  ])('%s is a %s %s target', async (spec, family, version) => {
    const report = await target(spec, 'rtx-4090');
    expect(report.machine.target.family).toBe(family);
    expect(report.machine.target.versionId).toBe(version);
  });

  it('an unknown system is no target', () => {
    expect(parseTargetOs('plan9')).toBeNull();
    expect(parseTargetOs('ubuntu')).toBeNull();
  });

  it('the driver guide for an Ubuntu 22.04 machine with an RTX 4090 has its install commands, its notes say so', async () => {
    const guide = buildGuide('driver', await target('ubuntu-22.04', 'rtx-4090'), { notes: [msg('guide.target.note', { os: 'Ubuntu 22.04' })] });
    expect(stepOf(guide, 'doctor.guide.step.gpu')?.state).toBe('done');
    expect(commands(guide)).toContain('sudo apt-get install -y nvidia-driver-580-open');
    expect(renderGuideText(guide, createTranslator('en'), pc.createColors(false))).toContain('not this machine');
  });

  it('a target\'s driver guide reports none of this machine\'s state: what to check there instead, the driver "for that machine"', async () => {
    const guide = buildGuide('driver', await target('ubuntu-22.04', 'rtx-4090'), { elsewhere: true });
    const secureBoot = stepOf(guide, 'doctor.guide.step.secureBoot')!;
    expect(secureBoot.detail.map((d) => d.key)).toEqual(['guide.target.secureBoot']);
    expect(secureBoot.actions.flatMap((a) => a.commands)).toEqual(['mokutil --sb-state']);
    expect(stepOf(guide, 'doctor.guide.step.nouveau')!.actions.flatMap((a) => a.commands)).toContain('lsmod | grep nouveau');
    expect(stepOf(guide, 'doctor.guide.step.installDriver')!.detail[0]?.key).toBe('guide.target.driverBranchOpen');
    for (const locale of ['en', 'zh-CN'] as const) {
      const text = renderGuideText(guide, createTranslator(locale), pc.createColors(false));
      expect(text).not.toContain(locale === 'en' ? 'Could not read the Secure Boot state' : '无法读取安全启动状态');
      expect(text).not.toContain(locale === 'en' ? 'Driver for this machine' : '适合这台机器的驱动');
      expect(text).toContain(locale === 'en' ? 'Driver for that machine: R580' : '适合那台机器的驱动：R580');
    }
    // This machine's own guide still says what was found here.
    const here = buildGuide('driver', await target('ubuntu-22.04', 'rtx-4090'));
    expect(stepOf(here, 'doctor.guide.step.secureBoot')!.detail[0]?.key).toBe('doctor.os.secureBoot.unknown');
    expect(stepOf(here, 'doctor.guide.step.installDriver')!.detail[0]?.key).toBe('doctor.guide.driverBranchOpen');
  });

  it('a target\'s framework guide does not say no Python was found: it was not looked for', async () => {
    const guide = buildGuide('pytorch', await target('ubuntu-22.04', 'rtx-4090'), { elsewhere: true });
    expect(stepOf(guide, 'doctor.guide.step.pythonEnv')!.detail.map((d) => d.key)).toEqual(['guide.target.pythonEnv']);
  });

  it('a target without a driver yet does not count the driver as ready', async () => {
    const guide = buildGuide('pytorch', await target('ubuntu-22.04', 'a100'));
    expect(stepOf(guide, 'doctor.guide.step.driverReady')?.state).toBe('todo');
  });

  it('a GPU the catalog does not know offers the closest names', () => {
    const gpu = resolveTargetGpu('rtx5080');
    expect(gpu.ok).toBe(false);
    if (!gpu.ok) expect(gpu.suggestions).toContain('rtx-5090');
  });
});

describe('guide mirrors', () => {
  it('pip, PyTorch wheels with the install step’s own CUDA tag, and conda — sourced and dated, before the install', async () => {
    const guide = buildGuide('pytorch', await target('ubuntu-22.04', 'rtx-4090'), { mirror: 'cn' });
    const keys = guide.steps.map((s) => s.title.key);
    expect(keys.indexOf('guide.mirror.step')).toBe(keys.indexOf('doctor.guide.step.installTorch') - 1);
    const all = commands(guide);
    const tag = /download\.pytorch\.org\/whl\/(cu\d+)/.exec(all.join('\n'))?.[1];
    expect(all).toContain(`python3 -m pip install --upgrade torch -f https://mirrors.aliyun.com/pytorch-wheels/${tag}/`);
    expect(all).toContain('python3 -m pip config set global.index-url https://pypi.tuna.tsinghua.edu.cn/simple');
    const sources = stepOf(guide, 'guide.mirror.step')!.detail.filter((d) => d.key === 'guide.source');
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const s of sources) expect(s.params?.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('NVIDIA’s repository through Aliyun’s copy, for apt and dnf; none where there is no repository', async () => {
    expect(commands(buildGuide('cuda', await target('ubuntu-22.04'), { mirror: 'cn' })).join('\n')).toContain("sudo sed -i 's#https://developer.download.nvidia.com/compute/cuda/repos#https://mirrors.aliyun.com/nvidia-cuda#g' /etc/apt/sources.list.d/cuda*.list");
    expect(commands(buildGuide('driver', await target('rhel-9'), { mirror: 'cn' })).join('\n')).toContain('/etc/yum.repos.d/cuda*.repo');
    expect(stepOf(buildGuide('driver', await target('windows-11'), { mirror: 'cn' }), 'guide.mirror.step')).toBeUndefined();
  });

  it('no mirror step unless asked', async () => {
    expect(stepOf(buildGuide('pytorch', await target('ubuntu-22.04')), 'guide.mirror.step')).toBeUndefined();
  });
});

describe('guide rocm', () => {
  it('on Ubuntu 24.04 with an MI300X: AMD’s ROCm 6.4 installer, the groups, PyTorch’s ROCm wheel', async () => {
    const guide = buildGuide('rocm', await target('ubuntu-24.04', 'mi300x'));
    expect(stepOf(guide, 'guide.rocm.step.gpu')?.state).toBe('done');
    const all = commands(guide);
    expect(all).toContain('wget https://repo.radeon.com/amdgpu-install/6.4/ubuntu/noble/amdgpu-install_6.4.60400-1_all.deb');
    expect(all).toContain('sudo usermod -a -G render,video $LOGNAME');
    expect(all).toContain('python3 -m pip install --upgrade torch --index-url https://download.pytorch.org/whl/rocm6.4');
  });

  it('on RHEL 9.4: the el9 package; on Windows: WSL2, no Linux commands', async () => {
    expect(commands(buildGuide('rocm', await target('rhel-9.4', 'mi300x')))).toContain('sudo dnf install -y https://repo.radeon.com/amdgpu-install/6.4/el/9.4/amdgpu-install-6.4.60400-1.el9.noarch.rpm');
    const windows = buildGuide('rocm', await target('windows-11', 'rx-7900-xtx'));
    expect(commands(windows)).toEqual([]);
    expect(stepOf(windows, 'guide.rocm.step.windows')).toBeDefined();
  });

  it('renders in both languages without a placeholder left', async () => {
    const guide = buildGuide('rocm', await target('ubuntu-22.04', 'mi300x'), { mirror: 'cn' });
    for (const locale of ['en', 'zh-CN'] as const) expect(renderGuideText(guide, createTranslator(locale), pc.createColors(false))).not.toMatch(/\{\w+\}/);
  });
});
