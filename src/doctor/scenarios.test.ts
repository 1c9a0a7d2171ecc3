// Recorded machines (test/fixtures/doctor/<name>: files + recorded command outputs + gpuwise's own
// inputs) through the whole doctor: what each check says, the verdict, the exit code, and the
// exact fix commands for that system.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../i18n/index.js';
import { allChecks, findCheck, localizeReport, renderDoctorText, runDoctor, verdictText, type DoctorReport } from './index.js';
import { text } from './report/render-text.js';
import { loadFixtureEnv } from './testing/fixture-env.js';
import type { CheckStatus } from './types.js';
import pc from 'picocolors';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/doctor/', import.meta.url));
const en = createTranslator('en');
const zh = createTranslator('zh-CN');
const plain = pc.createColors(false);

async function doctor(name: string) {
  const fixture = loadFixtureEnv(`${FIXTURES}${name}`);
  const report = await runDoctor(fixture.env, fixture.inputs);
  return { report, ran: fixture.ran };
}

function statuses(report: DoctorReport): Record<string, CheckStatus> {
  return Object.fromEntries(allChecks(report).map((c) => [c.id, c.status]));
}

function commandsOf(report: DoctorReport, id: string): string[] {
  return findCheck(report, id)?.fix?.steps.flatMap((s) => s.commands) ?? [];
}

function allCommands(report: DoctorReport): string[] {
  return allChecks(report).flatMap((c) => c.fix?.steps.flatMap((s) => s.commands) ?? []);
}

function summary(report: DoctorReport, id: string, t = en): string {
  const check = findCheck(report, id);
  return check ? text(t, check.summary) : '';
}

describe('Ubuntu 22.04, driver 535, PyTorch cu121 (ready)', () => {
  it('passes every layer and says it is ready for PyTorch on 2 GPUs', async () => {
    const { report } = await doctor('ubuntu2204-driver535-torch-cu121');
    expect(report.exitCode).toBe(0);
    expect(report.verdict).toEqual({ kind: 'ready', framework: 'PyTorch', gpuCount: 2, warnCount: 1 });
    expect(verdictText(report, en)).toBe('Ready for PyTorch on 2 GPUs, 1 warning.');
    expect(verdictText(report, zh)).toBe('已可在 2 块 GPU 上运行 PyTorch，另有 1 项警告。');
    expect(statuses(report)).toMatchObject({
      'hardware.gpus': 'ok',
      'hardware.memory': 'ok',
      'hardware.disk': 'ok',
      'hardware.psu': 'ok',
      'os.distro': 'ok',
      'os.secure-boot': 'skipped',
      'driver.nouveau': 'ok',
      'driver.kernel-module': 'ok',
      'driver.nvml': 'ok',
      'driver.version-mismatch': 'ok',
      'driver.gpu-support': 'ok',
      'driver.persistence': 'ok',
      'cuda.driver-max': 'ok',
      'cuda.toolkits': 'ok',
      'cuda.toolkit-driver': 'ok',
      'cuda.toolkit-arch': 'ok',
      'cuda.cudnn': 'ok',
      'frameworks.pytorch': 'ok',
      'frameworks.tensorflow': 'skipped',
      'containers.docker': 'ok',
      'containers.nvidia-runtime': 'ok',
    });
    expect(summary(report, 'frameworks.pytorch')).toBe('PyTorch 2.5.1+cu121 (CUDA 12.1) in /usr/bin/python3 uses 2 GPUs.');
    expect(summary(report, 'cuda.cudnn')).toBe('cuDNN 8.9.7.');
    expect(summary(report, 'hardware.psu')).toContain('at least 1150 W');
  });

  it('warns that R535 is past its end of life (June 2026) and offers R580', async () => {
    const { report } = await doctor('ubuntu2204-driver535-torch-cu121');
    expect(findCheck(report, 'driver.branch')?.status).toBe('warn');
    expect(summary(report, 'driver.branch')).toBe('Driver 535.183.01 is from R535 (LTSB), which reached end of life after 2026-06.');
    expect(commandsOf(report, 'driver.branch')).toContain('sudo apt-get install -y nvidia-driver-580-open');
    expect(report.machine.recommendedDriverBranch).toBe(580);
  });
});

describe('Ubuntu 24.04 with nouveau', () => {
  it('fails on nouveau first, and the fix blacklists it, rebuilds the initramfs and installs the driver', async () => {
    const { report } = await doctor('ubuntu2404-nouveau');
    expect(report.exitCode).toBe(1);
    expect(report.verdict).toMatchObject({ kind: 'problems', firstCheckId: 'driver.nouveau' });
    expect(statuses(report)).toMatchObject({ 'driver.nouveau': 'fail', 'driver.kernel-module': 'fail', 'driver.nvml': 'fail', 'os.secure-boot': 'ok' });
    const commands = commandsOf(report, 'driver.nouveau');
    expect(commands[0]).toBe("printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | sudo tee /etc/modprobe.d/blacklist-nouveau.conf");
    expect(commands).toContain('sudo update-initramfs -u');
    expect(commands).toContain('sudo apt-get install -y nvidia-driver-580-open'); // RTX 4090 (Ada): open module
    expect(commands[commands.length - 1]).toBe('sudo reboot');
    // NVML's failure is a consequence: no second copy of the same fix.
    expect(findCheck(report, 'driver.nvml')?.fix).toBeNull();
    expect(verdictText(report, zh)).toContain('先处理：nouveau（开源驱动）');
  });

  it('sees the GPU on the bus although no driver is bound, and sizes the power supply from the catalog', async () => {
    const { report } = await doctor('ubuntu2404-nouveau');
    expect(summary(report, 'hardware.gpus')).toBe('1 NVIDIA GPU: AD102 [GeForce RTX 4090].');
    expect(findCheck(report, 'hardware.gpus')?.evidence.map((e) => text(en, e))).toContain(
      'PCI 0000:01:00.0 [10de:2684] AD102 [GeForce RTX 4090] — kernel driver: nouveau',
    );
    expect(summary(report, 'hardware.psu')).toContain('up to 450 W');
  });
});

describe('Windows with TensorFlow 2.15', () => {
  it('says native Windows has no TensorFlow GPU after 2.10 and gives the WSL2 way', async () => {
    const { report, ran } = await doctor('windows-tf215');
    expect(report.exitCode).toBe(1);
    expect(report.verdict).toMatchObject({ kind: 'problems', firstCheckId: 'frameworks.tensorflow' });
    expect(summary(report, 'frameworks.tensorflow')).toContain('GPU support ended with TensorFlow 2.10');
    const steps = findCheck(report, 'frameworks.tensorflow')?.fix?.steps ?? [];
    expect(steps[0]?.commands).toEqual(['wsl --install -d Ubuntu-24.04']);
    expect(steps.every((s) => s.shell === 'powershell')).toBe(true);
    expect(steps.flatMap((s) => s.commands).join('\n')).toContain("tensorflow[and-cuda]");
    expect(summary(report, 'os.distro')).toBe('Windows 10.0.22631.4460.');
    // Linux-only checks do not run, and nothing Linux-only is executed.
    expect(statuses(report)).toMatchObject({ 'driver.nouveau': 'skipped', 'os.secure-boot': 'skipped', 'driver.nvml': 'ok' });
    expect(ran.some((c) => c.startsWith('modinfo') || c.startsWith('mokutil'))).toBe(false);
  });
});

describe('WSL2', () => {
  it('takes the driver from Windows and never advises a Linux driver inside WSL', async () => {
    const { report } = await doctor('wsl2-ubuntu2204');
    expect(statuses(report)).toMatchObject({
      'os.wsl': 'ok',
      'driver.nouveau': 'skipped',
      'driver.kernel-module': 'skipped',
      'driver.nvml': 'ok',
      'cuda.toolkit-driver': 'fail',
      'frameworks.pytorch': 'ok',
    });
    expect(summary(report, 'cuda.toolkit-driver')).toBe('CUDA 13.0 needs driver ≥ 580.88; this driver is 551.86. Upgrade to R580.');
    const steps = findCheck(report, 'cuda.toolkit-driver')?.fix?.steps ?? [];
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((s) => s.where === 'windows-host' && s.shell === 'powershell')).toBe(true);
    for (const command of allCommands(report)) {
      expect(command).not.toMatch(/nvidia-driver|ubuntu-drivers|cuda-drivers|nvidia-open|dnf .*nvidia|\.run\b/);
    }
  });

  it('treats WSL disks as virtual and explains WSL memory limits', async () => {
    const { report } = await doctor('wsl2-ubuntu2204');
    expect(summary(report, 'hardware.disk')).toContain('virtual disks');
    expect(summary(report, 'hardware.memory')).toContain('WSL2 has 31.3 GiB');
  });
});

describe('A container started without the NVIDIA runtime', () => {
  it('says the host has GPUs that were not passed in, and fixes it on the host', async () => {
    const { report } = await doctor('container-no-runtime');
    expect(report.verdict).toMatchObject({ kind: 'problems', firstCheckId: 'os.container' });
    expect(statuses(report)).toMatchObject({ 'os.container': 'fail', 'driver.nvml': 'fail', 'frameworks.pytorch': 'fail', 'containers.nvidia-runtime': 'skipped' });
    const fix = findCheck(report, 'os.container')?.fix;
    expect(fix?.steps.every((s) => s.where === 'container-host')).toBe(true);
    expect(fix?.steps.flatMap((s) => s.commands)).toContain('docker run --rm --gpus all <image> nvidia-smi');
    expect(summary(report, 'frameworks.pytorch')).toBe('PyTorch in /opt/conda/bin/python cannot see a GPU: this docker container was started without GPUs.');
    // Nothing is to be installed inside the container.
    for (const check of allChecks(report)) {
      for (const step of check.fix?.steps ?? []) {
        if (step.commands.some((c) => c.startsWith('sudo '))) expect(step.where).toBe('container-host');
      }
    }
  });
});

describe('A CPU-only PyTorch wheel on a GPU machine', () => {
  it('fails PyTorch and reinstalls the newest build the 550 driver supports into the virtualenv', async () => {
    const { report } = await doctor('cpu-torch-on-gpu');
    expect(report.verdict).toMatchObject({ kind: 'problems', failCount: 1, firstCheckId: 'frameworks.pytorch' });
    expect(summary(report, 'frameworks.pytorch')).toBe('PyTorch 2.5.1+cpu in /home/ml/venv/bin/python is a CPU-only build (+cpu): it can never use the GPU.');
    expect(commandsOf(report, 'frameworks.pytorch')).toEqual([
      '/home/ml/venv/bin/python -m pip uninstall -y torch',
      '/home/ml/venv/bin/python -m pip install --upgrade torch==2.6.0 --index-url https://download.pytorch.org/whl/cu124',
    ]);
    expect(findCheck(report, 'driver.persistence')?.status).toBe('warn');
  });
});

describe('A CUDA 13 toolkit with a 535 driver', () => {
  it('fails the toolkit-driver check and upgrades the driver to R580', async () => {
    const { report } = await doctor('cuda13-driver535');
    expect(report.verdict).toMatchObject({ kind: 'problems', failCount: 1, firstCheckId: 'cuda.toolkit-driver' });
    expect(summary(report, 'cuda.toolkit-driver')).toBe('CUDA 13.0 needs driver ≥ 580.65.06; this driver is 535.216.01. Upgrade to R580.');
    expect(commandsOf(report, 'cuda.toolkit-driver')).toEqual([
      'sudo apt-get update',
      'sudo apt-get install -y ubuntu-drivers-common linux-headers-$(uname -r)',
      'sudo apt-get install -y nvidia-driver-580-open',
      'sudo reboot',
    ]);
    expect(findCheck(report, 'cuda.toolkit-driver')?.evidence.map((e) => text(en, e))).toContain(
      'Or keep this driver and use CUDA 12.2 (the newest it fully supports).',
    );
    expect(findCheck(report, 'cuda.toolkits')?.status).toBe('ok');
  });
});

describe('the text report', () => {
  it('renders every check in both languages with its mark', async () => {
    const { report } = await doctor('ubuntu2404-nouveau');
    const english = renderDoctorText(report, { t: en, color: plain });
    const chinese = renderDoctorText(report, { t: zh, color: plain });
    expect(english).toContain('  ✗ nouveau (open-source driver): nouveau is loaded and holds the GPU.');
    expect(english).toContain('           $ sudo update-initramfs -u');
    expect(chinese).toContain('  ✗ nouveau（开源驱动）：nouveau 已加载并占用着 GPU。');
    expect(chinese).toContain('驱动');
    for (const check of allChecks(report)) expect(english).toContain(en(check.title.key));
  });
});

describe('every recorded machine', () => {
  const names = ['ubuntu2204-driver535-torch-cu121', 'ubuntu2404-nouveau', 'windows-tf215', 'wsl2-ubuntu2204', 'container-no-runtime', 'cpu-torch-on-gpu', 'cuda13-driver535'];

  it('renders without an unfilled placeholder, in both languages, and as JSON with texts', async () => {
    for (const name of names) {
      const { report } = await doctor(name);
      for (const t of [en, zh]) {
        const text = renderDoctorText(report, { t, color: plain, verbose: true });
        expect(text, name).not.toMatch(/\{[a-zA-Z]+\}/);
      }
      const json = JSON.parse(JSON.stringify(localizeReport(report, zh, 'zh-CN'))) as { verdictText: string; exitCode: number; layers: { checks: { summary: { key: string; text: string } }[] }[] };
      expect(json.verdictText).toBe(verdictText(report, zh));
      for (const check of json.layers.flatMap((l) => l.checks)) expect(check.summary.text).toBe(text(zh, check.summary as never));
      expect(json.exitCode).toBe(report.counts.fail > 0 ? 1 : 0);
    }
  });

  it('gives every failing check a reason and, except for missing hardware, something to do', async () => {
    for (const name of names) {
      const { report } = await doctor(name);
      for (const check of allChecks(report).filter((c) => c.status === 'fail')) {
        if (check.id === 'driver.nvml' && check.summary.key === 'doctor.driver.nvml.becauseModule') continue;
        expect(check.fix, `${name} ${check.id}`).not.toBeNull();
        expect(check.fix?.steps.length, `${name} ${check.id}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('GPU listing', () => {
  it('counts identical GPUs once with a multiplier', async () => {
    const { report } = await doctor('ubuntu2204-driver535-torch-cu121');
    expect(summary(report, 'hardware.gpus')).toBe('2 NVIDIA GPUs: 2× NVIDIA RTX A6000.');
  });
});
