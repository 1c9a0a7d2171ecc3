// The fix commands for each RPM system, against NVIDIA's CUDA and driver installation guides for
// Linux: RHEL 7 / CentOS 7 have yum, the Optional repository and the rhel7 repository (a real
// pytorch#43058 paste got dnf and codeready-builder-for-rhel-7 before); RHEL 8/9, Rocky, Oracle
// Linux and Amazon Linux 2023 pick a driver stream with `dnf module`; RHEL 10 has none; Amazon
// Linux 2 has no NVIDIA repository at all.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { parseTargetOs, reportForTarget, resolveTargetGpu } from '../from/target.js';
import { readPaste, runDoctorOnPaste } from '../from/run-from.js';
import { buildGuide, renderGuideText, type Guide } from '../index.js';
import { renderDoctorText } from '../report/render-text.js';
import type { FixStep } from '../types.js';
import { containerToolkitSteps } from './containers.js';
import { toolkitInstallSteps } from './cuda.js';
import { driverInstallSteps, type DriverChoice } from './driver.js';
import type { FixTarget } from './target.js';

const NOW = () => new Date('2026-12-01T00:00:00Z');
const PASTE_43058 = fileURLToPath(new URL('../../../test/fixtures/import/collect-env_pytorch-43058_torch-1.6.0_cuda-10.2-build_driver-418.67_2x-v100.txt', import.meta.url));
const plain = pc.createColors(false);

const target = (distroId: string, versionId: string, family: FixTarget['family'] = 'rhel'): FixTarget => ({
  family,
  distroId,
  versionId,
  prettyName: `${distroId} ${versionId}`,
  wsl: false,
  container: null,
  arch: 'x64',
});
const commands = (steps: FixStep[]) => steps.flatMap((s) => s.commands);
const OPEN_580: DriverChoice = { branch: 580, openModule: true };
const PROPRIETARY_580: DriverChoice = { branch: 580, openModule: false };
const REPO = 'https://developer.download.nvidia.com/compute/cuda/repos';

describe('driver install commands per RPM system', () => {
  it('RHEL 7: yum, the Optional repository, EPEL by URL, yum-config-manager and the latest-dkms flavor', () => {
    expect(commands(driverInstallSteps(target('rhel', '7.6'), PROPRIETARY_580))).toEqual([
      'sudo subscription-manager repos --enable=rhel-7-server-optional-rpms',
      'sudo yum install -y https://dl.fedoraproject.org/pub/epel/epel-release-latest-7.noarch.rpm',
      'sudo yum install -y yum-utils',
      `sudo yum-config-manager --add-repo ${REPO}/rhel7/x86_64/cuda-rhel7.repo`,
      'sudo yum clean expire-cache',
      'sudo yum install -y kernel-devel-$(uname -r) kernel-headers-$(uname -r) dkms',
      'sudo yum install -y nvidia-driver-latest-dkms',
      'sudo reboot',
    ]);
  });

  it('CentOS 7: no subscription-manager, EPEL from its extras', () => {
    const all = commands(driverInstallSteps(target('centos', '7'), OPEN_580));
    expect(all.slice(0, 2)).toEqual(['sudo yum install -y epel-release', 'sudo yum install -y yum-utils']);
    expect(all.join('\n')).not.toMatch(/subscription-manager|codeready|dnf/);
    expect(all).toContain('sudo yum install -y nvidia-driver-latest-dkms');
  });

  it.each([
    ['rhel', '8.10', ['sudo subscription-manager repos --enable codeready-builder-for-rhel-8-$(arch)-rpms', 'sudo dnf install -y https://dl.fedoraproject.org/pub/epel/epel-release-latest-8.noarch.rpm']],
    ['rocky', '8.9', ['sudo dnf config-manager --set-enabled powertools', 'sudo dnf install -y epel-release']],
    ['almalinux', '9.4', ['sudo dnf config-manager --set-enabled crb', 'sudo dnf install -y epel-release']],
    ['ol', '9.4', ['sudo dnf config-manager --set-enabled ol9_codeready_builder', 'sudo dnf install -y oracle-epel-release-el9']],
  ])('%s %s: EPEL and what it builds on, the rhel repository, a module stream', (id, version, epel) => {
    const major = version.split('.')[0];
    expect(commands(driverInstallSteps(target(id, version), OPEN_580))).toEqual([
      ...epel,
      `sudo dnf config-manager --add-repo ${REPO}/rhel${major}/x86_64/cuda-rhel${major}.repo`,
      'sudo dnf install -y kernel-devel-$(uname -r) kernel-headers-$(uname -r) dkms',
      'sudo dnf module enable -y nvidia-driver:580-open',
      'sudo dnf install -y nvidia-open',
      'sudo reboot',
    ]);
  });

  it('the module streams are the guide’s names: XXX-dkms, latest-dkms, open-dkms (there is no latest-open)', () => {
    const rocky9 = target('rocky', '9.4');
    expect(commands(driverInstallSteps(rocky9, PROPRIETARY_580))).toEqual(expect.arrayContaining(['sudo dnf module enable -y nvidia-driver:580-dkms', 'sudo dnf install -y cuda-drivers']));
    expect(commands(driverInstallSteps(rocky9, { branch: null, openModule: false }))).toContain('sudo dnf module enable -y nvidia-driver:latest-dkms');
    expect(commands(driverInstallSteps(rocky9, { branch: null, openModule: true }))).toContain('sudo dnf module enable -y nvidia-driver:open-dkms');
    // With no branch to name, the step does not say "R".
    expect(driverInstallSteps(rocky9, { branch: null, openModule: true }).map((st) => st.explain.key)).toContain('doctor.fix.step.dnfDriverLatest');
  });

  it('RHEL 10: no driver modules; a branch is held with versionlock', () => {
    const all = commands(driverInstallSteps(target('rhel', '10.0'), OPEN_580));
    expect(all).not.toContain(expect.stringContaining('module'));
    expect(all.slice(-4)).toEqual(['sudo dnf install -y python3-dnf-plugin-versionlock', "sudo dnf versionlock add '*nvidia*580*'", 'sudo dnf install -y nvidia-open', 'sudo reboot']);
  });

  it('Amazon Linux 2023: its own NVIDIA repository, no EPEL; Amazon Linux 2: yum and the .run installer', () => {
    expect(commands(driverInstallSteps(target('amzn', '2023'), OPEN_580))).toEqual([
      `sudo dnf config-manager --add-repo ${REPO}/amzn2023/x86_64/cuda-amzn2023.repo`,
      'sudo dnf install -y kernel-devel-$(uname -r) kernel-headers-$(uname -r) kernel-modules-extra-$(uname -r)',
      'sudo dnf module enable -y nvidia-driver:580-open',
      'sudo dnf install -y nvidia-open',
      'sudo reboot',
    ]);
    const al2 = driverInstallSteps(target('amzn', '2'), OPEN_580);
    expect(commands(al2)).toEqual(['sudo yum install -y gcc kernel-devel-$(uname -r)', 'sudo reboot']);
    expect(al2.map((s) => s.explain.key)).toContain('doctor.fix.step.runfile');
  });
});

describe('toolkit and container commands per RPM system', () => {
  it('RHEL 7 stops at CUDA 12.4, and says why', () => {
    const steps = toolkitInstallSteps(target('centos', '7'), '13.0');
    expect(commands(steps)).toContain('sudo yum install -y cuda-toolkit-12-4');
    expect(steps.find((s) => s.explain.key === 'doctor.fix.step.toolkitEl7')?.explain.params).toEqual({ version: '12.4', wanted: '13.0' });
    expect(commands(steps)).toContain('export CUDA_HOME=/usr/local/cuda-12.4');
    expect(commands(toolkitInstallSteps(target('rhel', '9.4'), '13.0'))).toContain('sudo dnf install -y cuda-toolkit-13-0');
  });

  it('Fedora: dnf5’s addrepo from 41 on, dnf 4’s --add-repo before', () => {
    expect(commands(toolkitInstallSteps(target('fedora', '42', 'fedora'), '12.9'))[0]).toBe(`sudo dnf config-manager addrepo --from-repofile=${REPO}/fedora42/x86_64/cuda-fedora42.repo`);
    expect(commands(toolkitInstallSteps(target('fedora', '39', 'fedora'), '12.9'))[0]).toBe(`sudo dnf config-manager --add-repo ${REPO}/fedora39/x86_64/cuda-fedora39.repo`);
  });

  it('Amazon Linux 2 has no NVIDIA repository: the toolkit comes from NVIDIA’s installer', () => {
    expect(toolkitInstallSteps(target('amzn', '2'), '12.9').map((s) => s.explain.key)).toEqual(['doctor.fix.step.toolkitManual']);
  });

  it.each([
    ['rhel', '7.9', 'yum'],
    ['amzn', '2', 'yum'],
    ['rocky', '9.4', 'dnf'],
    ['amzn', '2023', 'dnf'],
  ])('the container toolkit on %s %s is installed with %s', (id, version, pm) => {
    expect(commands(containerToolkitSteps(target(id, version)))).toContain(`sudo ${pm} install -y nvidia-container-toolkit`);
  });
});

const guideCommands = (guide: Guide) => guide.steps.flatMap((s) => s.actions.flatMap((a) => a.commands));
const guideFor = async (os: string, topic: Parameters<typeof buildGuide>[0], options: Parameters<typeof buildGuide>[2] = {}) => {
  const gpu = resolveTargetGpu('v100');
  if (!gpu.ok) throw new Error('no V100 in the catalog');
  return buildGuide(topic, await reportForTarget(parseTargetOs(os)!, gpu, NOW), options);
};

describe('guide --for an RPM system uses its package manager in every topic', () => {
  it.each([
    ['centos-7', 'yum', /\bdnf\b/],
    ['amzn-2', 'yum', /\bdnf\b/],
    ['rhel-9', 'dnf', /\byum /],
    ['amzn-2023', 'dnf', /\byum /],
    ['fedora-42', 'dnf', /\byum /],
  ])('%s: %s only', async (os, pm, other) => {
    const all: string[] = [];
    for (const topic of ['driver', 'cuda', 'cudnn', 'docker'] as const) all.push(...guideCommands(await guideFor(os, topic, { mirror: 'cn' })));
    const installs = all.filter((c) => / install -y /.test(c) && c.startsWith('sudo '));
    expect(installs.length).toBeGreaterThan(0);
    for (const c of installs) expect(c).toMatch(new RegExp(`^sudo (${pm}|rpm) `));
    expect(all.join('\n')).not.toMatch(other);
  });

  it('cuDNN on Amazon Linux 2 (no NVIDIA repository) is a download, not a package that does not exist', async () => {
    const guide = await guideFor('amzn-2', 'cudnn');
    expect(guideCommands(guide).join('\n')).not.toContain('cudnn9');
    expect(guide.steps.flatMap((s) => s.actions.map((a) => a.explain.key))).toContain('doctor.guide.action.cudnnManual');
  });

  it('the CentOS 7 CUDA guide installs 12.4 and renders in both languages', async () => {
    const guide = await guideFor('centos-7', 'cuda');
    expect(guideCommands(guide)).toContain('sudo yum install -y cuda-toolkit-12-4');
    expect(renderGuideText(guide, createTranslator('en'), plain)).toContain('CUDA toolkit 12.4');
    const zh = renderGuideText(guide, createTranslator('zh-CN'), plain);
    expect(zh).toContain('安装 CUDA 工具包 12.4');
    expect(zh).toContain('$ sudo yum-config-manager --add-repo');
  });
});

describe('doctor --from the pytorch#43058 paste (RHEL Server 7.6)', () => {
  it.each([
    ['en', 'Enable RHEL 7’s Optional repository and EPEL', 'cannot pin a branch with DKMS'],
    ['zh-CN', '启用 RHEL 7 的 Optional 仓库和 EPEL', '无法用 DKMS 锁定驱动分支'],
  ] as const)('prints yum and rhel-7-server-optional-rpms, never dnf or CodeReady, in %s', async (locale, epel, driver) => {
    const report = await runDoctorOnPaste(readPaste(readFileSync(PASTE_43058, 'utf8')), NOW);
    const text = renderDoctorText(report, { t: createTranslator(locale), color: plain, verbose: false });
    const shown = text.split('\n').filter((line) => line.trimStart().startsWith('$ ')).map((line) => line.trim().slice(2));
    expect(shown).toContain('sudo subscription-manager repos --enable=rhel-7-server-optional-rpms');
    expect(shown).toContain(`sudo yum-config-manager --add-repo ${REPO}/rhel7/x86_64/cuda-rhel7.repo`);
    expect(shown).toContain('sudo yum install -y nvidia-driver-latest-dkms');
    expect(shown.join('\n')).not.toMatch(/\bdnf\b|codeready/);
    expect(text).toContain(epel);
    expect(text).toContain(driver);
  });
});
