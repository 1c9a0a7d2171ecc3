// One odd machine per test: each check's failing path, its summary and the exact fix it gives.

import { describe, expect, it } from 'vitest';
import type { BackendAttempt } from '../../backends/chain.js';
import type { GpuDevice } from '../../core/snapshot.js';
import { createTranslator } from '../../i18n/index.js';
import { findCheck, runDoctor } from '../index.js';
import type { DoctorInputs } from '../inputs.js';
import { makeGpuDevice } from '../testing/devices.js';
import type { RecordedCommand } from '../testing/fixture-env.js';
import { createMemoryEnv, type MemoryMachine } from '../testing/memory-env.js';
import type { CheckStatus } from '../types.js';
import { runCheck, type Check } from './check.js';
import { hardwareGpus } from './hardware-gpus.js';
import { createFacts } from '../facts/index.js';
import { fixTargetOf } from '../fixes/target.js';

const en = createTranslator('en');

const UBUNTU_2404 = 'ID=ubuntu\nID_LIKE=debian\nVERSION_ID="24.04"\nPRETTY_NAME="Ubuntu 24.04.1 LTS"\n';
const ROCKY_9 = 'ID="rocky"\nID_LIKE="rhel centos fedora"\nVERSION_ID="9.4"\nPRETTY_NAME="Rocky Linux 9.4 (Blue Onyx)"\n';
const DEBIAN_12 = 'ID=debian\nVERSION_ID="12"\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n';
const NVIDIA_MODULES = 'nvidia_uvm 1 0 - Live 0x0\nnvidia 2 1 nvidia_uvm, Live 0x0\n';

function nvml(driverVersion: string, cuda: string, devices: Partial<GpuDevice>[]): DoctorInputs['gpu'] {
  return {
    attempts: [{ id: 'nvml', ok: true, unavailable: null, durationMs: 1 }],
    openedBackend: 'nvml',
    reading: { driver: { driverVersion, cudaDriverVersion: cuda, nvmlVersion: null, unavailable: {} }, devices: devices.map((d, index) => makeGpuDevice({ index, ...d })) },
    readError: null,
  };
}

function failedChain(attempts: BackendAttempt[]): DoctorInputs['gpu'] {
  return { attempts, openedBackend: null, reading: null, readError: null };
}

const pciNvidia = (name: string, driver: string | null = 'nvidia'): DoctorInputs['pci'] => ({
  ok: true,
  devices: [{ address: '0000:01:00.0', vendor: 'nvidia', vendorId: '10de', deviceId: '0000', name, kernelDriver: driver }],
});

function probe(python: string, frameworks: Record<string, unknown>): RecordedCommand {
  return {
    file: python,
    args: ['-c', '*'],
    probe: {
      python: { version: '3.11.9', executable: python, prefix: python.replace(/\/bin\/python3?$/, ''), platform: 'linux' },
      torch: { installed: false },
      tensorflow: { installed: false },
      jax: { installed: false },
      ...frameworks,
    },
  };
}

async function doctor(machine: MemoryMachine, inputs: Partial<DoctorInputs>, only?: string[]) {
  const env = createMemoryEnv(machine);
  const report = await runDoctor(env, { gpu: null, pci: null, host: null, ...inputs }, only ? { only } : {});
  const check = (id: string) => {
    const found = findCheck(report, id);
    if (!found) throw new Error(`no check ${id}`);
    return {
      status: found.status,
      summary: en(found.summary.key, found.summary.params),
      commands: found.fix?.steps.flatMap((s) => s.commands) ?? [],
      steps: found.fix?.steps ?? [],
    };
  };
  return { report, check, ran: env.ran };
}

const linux = (osRelease: string, files: Record<string, string> = {}, extra: Partial<MemoryMachine> = {}): MemoryMachine => ({
  files: { '/etc/os-release': osRelease, '/proc/version': 'Linux version 6.8.0-45-generic (buildd@x)', ...files },
  ...extra,
});

describe('driver and GPU generations', () => {
  it('refuses a Pascal GPU on R590 and installs R580 with the proprietary module', async () => {
    const { check } = await doctor(linux(UBUNTU_2404, { '/proc/modules': NVIDIA_MODULES }), {
      gpu: nvml('590.48.01', '13.1', [{ name: 'NVIDIA GeForce GTX 1080 Ti', computeCapability: '6.1' }]),
    });
    const result = check('driver.gpu-support');
    expect(result.status).toBe('fail');
    expect(result.summary).toBe('NVIDIA GeForce GTX 1080 Ti (Pascal, compute 6.1) is supported only up to R580; this is R590.');
    expect(result.commands).toContain('sudo apt-get install -y nvidia-driver-580');
  });

  it('asks for the open kernel module on Blackwell', async () => {
    const { check } = await doctor(
      linux(UBUNTU_2404, {
        '/proc/modules': NVIDIA_MODULES,
        '/proc/driver/nvidia/version': 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  575.64.03  Fri Jun 20 2025\n',
      }),
      { gpu: nvml('575.64.03', '12.9', [{ name: 'NVIDIA GeForce RTX 5090', computeCapability: '12.0' }]) },
    );
    const result = check('driver.gpu-support');
    expect(result.status).toBe('fail');
    expect(result.summary).toBe('NVIDIA GeForce RTX 5090 (Blackwell) works only with NVIDIA’s open kernel modules; this is the proprietary one.');
    expect(result.commands).toContain('sudo apt-get install -y nvidia-driver-580-open');
  });

  it('finds a kernel/user-space version mismatch and reloads the module', async () => {
    const { check } = await doctor(
      linux(UBUNTU_2404, {
        '/proc/modules': NVIDIA_MODULES,
        '/proc/driver/nvidia/version': 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 2024\n',
        '/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.550.127.05': '',
      }),
      {
        gpu: failedChain([
          { id: 'nvml', ok: false, unavailable: { code: 'init-failed', detail: 'nvmlInit_v2: ERROR_LIB_RM_VERSION_MISMATCH' }, durationMs: 1 },
          { id: 'nvidia-smi', ok: false, unavailable: { code: 'command-failed', detail: 'Failed to initialize NVML: Driver/library version mismatch' }, durationMs: 1 },
        ]),
        pci: pciNvidia('GA102 [GeForce RTX 3090]'),
      },
    );
    const mismatch = check('driver.version-mismatch');
    expect(mismatch.status).toBe('fail');
    expect(mismatch.summary).toBe('Kernel module 550.90.07 but user-space driver 550.127.05.');
    expect(mismatch.commands).toContain('sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia');
    expect(check('driver.nvml').summary).toContain('Driver/library version mismatch');
  });
});

describe('distributions', () => {
  it('installs the driver on Rocky 9 from NVIDIA’s repository with DKMS', async () => {
    const { check } = await doctor(linux(ROCKY_9, { '/proc/modules': 'xfs 1 1 - Live 0x0\n' }), {
      pci: pciNvidia('GH100 [H100 PCIe]', null),
      gpu: failedChain([{ id: 'nvml', ok: false, unavailable: { code: 'library-not-found', detail: 'libnvidia-ml.so.1' }, durationMs: 1 }]),
    });
    const module = check('driver.kernel-module');
    expect(module.status).toBe('fail');
    expect(module.commands).toEqual([
      'sudo dnf config-manager --set-enabled crb',
      'sudo dnf install -y epel-release',
      'sudo dnf config-manager --add-repo https://developer.download.nvidia.com/compute/cuda/repos/rhel9/x86_64/cuda-rhel9.repo',
      'sudo dnf install -y kernel-devel-$(uname -r) kernel-headers-$(uname -r) dkms',
      'sudo dnf module enable -y nvidia-driver:580-open',
      'sudo dnf install -y nvidia-open',
      'sudo reboot',
    ]);
  });

  it('installs the driver on Debian 12 from NVIDIA’s repository', async () => {
    const { check } = await doctor(linux(DEBIAN_12, { '/proc/modules': '' }), { pci: pciNvidia('AD102 [GeForce RTX 4090]', null) });
    const commands = check('driver.kernel-module').commands;
    expect(commands).toContain('wget -O /tmp/cuda-keyring.deb https://developer.download.nvidia.com/compute/cuda/repos/debian12/x86_64/cuda-keyring_1.1-1_all.deb');
    expect(commands).toContain('sudo apt-get install -y nvidia-open-580');
  });

  it('blocks on Secure Boot when the installed module is refused, and enrolls the DKMS key', async () => {
    // No mokutil and no /sys/firmware/efi: a legacy BIOS boot, where Secure Boot does not exist.
    const { check } = await doctor(linux(ROCKY_9, { '/proc/modules': 'xfs 1 1 - Live 0x0\n' }), { pci: pciNvidia('GA100 [A100 PCIe 40GB]', null) });
    expect(check('os.secure-boot')).toMatchObject({ status: 'ok', summary: 'Legacy BIOS boot: no Secure Boot.' });
    const withModule = await doctor(
      linux(ROCKY_9, { '/proc/modules': 'xfs 1 1 - Live 0x0\n' }, {
        commands: [
          { file: 'mokutil', args: ['--sb-state'], result: { kind: 'exited', exitCode: 0, stdout: 'SecureBoot enabled\n', stderr: '', truncated: false, durationMs: 1 } },
          { file: 'modinfo', args: ['-F', 'version', 'nvidia'], result: { kind: 'exited', exitCode: 0, stdout: '580.95.05\n', stderr: '', truncated: false, durationMs: 1 } },
        ],
      }),
      { pci: pciNvidia('GA100 [A100 PCIe 40GB]', null) },
    );
    const secureBoot = withModule.check('os.secure-boot');
    expect(secureBoot.status).toBe('fail');
    expect(secureBoot.commands).toEqual(['sudo mokutil --import /var/lib/dkms/mok.pub', 'sudo reboot']);
    expect(withModule.check('driver.kernel-module').summary).toBe('Driver 580.95.05 is installed but its kernel module is not loaded.');
  });

  it('converts a WSL 1 distribution on the Windows side', async () => {
    const { check } = await doctor(
      { files: { '/etc/os-release': UBUNTU_2404, '/proc/version': 'Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com)' }, env: { PATH: '/usr/bin', WSL_DISTRO_NAME: 'Ubuntu' } },
      {},
    );
    const wsl = check('os.wsl');
    expect(wsl.status).toBe('fail');
    expect(wsl.commands).toEqual(['wsl --set-version Ubuntu 2']);
    expect(wsl.steps[0]?.where).toBe('windows-host');
  });
});

describe('CUDA toolkits', () => {
  it('warns when nvcc and LD_LIBRARY_PATH name different toolkits', async () => {
    const { check } = await doctor(
      linux(UBUNTU_2404, {
        '/usr/local/cuda-12.4/version.json': '{"cuda":{"version":"12.4.1"}}',
        '/usr/local/cuda-12.4/bin/nvcc': '',
        '/usr/local/cuda-11.8/version.json': '{"cuda":{"version":"11.8.0"}}',
        '/usr/local/cuda-11.8/bin/nvcc': '',
      }, {
        env: { PATH: '/usr/local/cuda-12.4/bin:/usr/bin', LD_LIBRARY_PATH: '/usr/local/cuda-11.8/lib64' },
        commands: [{ file: '/usr/local/cuda-12.4/bin/nvcc', args: ['--version'], result: { kind: 'exited', exitCode: 0, stdout: 'Cuda compilation tools, release 12.4, V12.4.131\n', stderr: '', truncated: false, durationMs: 1 } }],
      }),
      {},
      ['cuda.toolkits'],
    );
    const toolkits = check('cuda.toolkits');
    expect(toolkits.status).toBe('warn');
    expect(toolkits.summary).toBe('nvcc comes from /usr/local/cuda-12.4 but LD_LIBRARY_PATH puts the libraries of /usr/local/cuda-11.8 first.');
    expect(toolkits.commands).toContain("printf '%s\\n' 'export CUDA_HOME=/usr/local/cuda-12.4' >> ~/.bashrc");
  });

  it('fails a toolkit too old for Blackwell and installs one the driver supports', async () => {
    const { check } = await doctor(
      linux(UBUNTU_2404, { '/usr/local/cuda-12.4/version.json': '{"cuda":{"version":"12.4.1"}}', '/usr/local/cuda-12.4/bin/nvcc': '' }, {
        env: { PATH: '/usr/local/cuda-12.4/bin:/usr/bin' },
        commands: [{ file: '/usr/local/cuda-12.4/bin/nvcc', args: ['--version'], result: { kind: 'exited', exitCode: 0, stdout: 'Cuda compilation tools, release 12.4, V12.4.131\n', stderr: '', truncated: false, durationMs: 1 } }],
      }),
      { gpu: nvml('570.133.20', '12.8', [{ name: 'NVIDIA RTX PRO 6000 Blackwell Workstation Edition', computeCapability: '12.0' }]) },
      ['cuda.toolkit-arch'],
    );
    const arch = check('cuda.toolkit-arch');
    expect(arch.status).toBe('fail');
    expect(arch.summary).toBe('CUDA 12.4 cannot build for NVIDIA RTX PRO 6000 Blackwell Workstation Edition (compute 12.0); it needs CUDA 12.8 or newer.');
    expect(arch.commands).toContain('sudo apt-get install -y cuda-toolkit-12-8');
  });
});

describe('frameworks', () => {
  it('fails a PyTorch build without kernels for the GPU and installs the newest build the driver runs', async () => {
    const python = '/usr/bin/python3';
    const { check } = await doctor(
      linux(UBUNTU_2404, { [python]: '' }, {
        commands: [
          probe(python, {
            torch: {
              installed: true, version: '2.2.2+cu121', cudaBuild: '12.1', archList: ['sm_50', 'sm_60', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_90'],
              gpuAvailable: true, deviceCount: 1, devices: [{ name: 'NVIDIA GeForce RTX 5090', computeCapability: '12.0' }], kernelTest: 'RuntimeError: no kernel image is available',
            },
          }),
        ],
      }),
      { gpu: nvml('580.95.05', '13.0', [{ name: 'NVIDIA GeForce RTX 5090', computeCapability: '12.0' }]) },
      ['frameworks.pytorch'],
    );
    const torch = check('frameworks.pytorch');
    expect(torch.status).toBe('fail');
    expect(torch.summary).toBe('PyTorch 2.2.2+cu121 in /usr/bin/python3 has no kernels for NVIDIA GeForce RTX 5090 (compute 12.0): "no kernel image is available".');
    expect(torch.commands[1]).toBe('/usr/bin/python3 -m pip install --upgrade torch --index-url https://download.pytorch.org/whl/cu130');
  });

  it('explains a PyTorch build newer than the driver and picks the build the driver runs', async () => {
    const python = '/usr/bin/python3';
    const { check } = await doctor(
      linux(UBUNTU_2404, { [python]: '' }, {
        commands: [probe(python, { torch: { installed: true, version: '2.9.1+cu130', cudaBuild: '13.0', gpuAvailable: false, initError: 'The NVIDIA driver on your system is too old (found version 12020).' } })],
      }),
      { gpu: nvml('535.216.01', '12.2', [{ name: 'NVIDIA A100-SXM4-80GB', computeCapability: '8.0' }]) },
      ['frameworks.pytorch'],
    );
    const torch = check('frameworks.pytorch');
    expect(torch.status).toBe('fail');
    expect(torch.summary).toBe('PyTorch 2.9.1+cu130 was built with CUDA 13.0; the driver (535.216.01) supports only up to CUDA 12.2.');
    expect(torch.commands[1]).toBe('/usr/bin/python3 -m pip install --upgrade torch==2.5.1 --index-url https://download.pytorch.org/whl/cu121');
  });

  it('installs TensorFlow with its CUDA libraries when it sees no GPU on Linux', async () => {
    const python = '/usr/bin/python3';
    const { check } = await doctor(
      linux(UBUNTU_2404, { [python]: '' }, { commands: [probe(python, { tensorflow: { installed: true, version: '2.17.0', cudaBuild: '12.3', cudnnBuild: '8', gpuAvailable: false, devices: [] } })] }),
      { gpu: nvml('550.120', '12.4', [{ name: 'NVIDIA GeForce RTX 4090', computeCapability: '8.9' }]) },
      ['frameworks.tensorflow'],
    );
    const tf = check('frameworks.tensorflow');
    expect(tf.status).toBe('fail');
    expect(tf.commands).toEqual(["/usr/bin/python3 -m pip install --upgrade 'tensorflow[and-cuda]'"]);
  });

  it('installs JAX’s CUDA 13 plugin on an R580 driver', async () => {
    const python = '/usr/bin/python3';
    const { check } = await doctor(
      linux(UBUNTU_2404, { [python]: '' }, { commands: [probe(python, { jax: { installed: true, version: '0.7.2', jaxlibVersion: '0.7.2', cudaPlugins: [], backend: 'cpu', gpuAvailable: false, devices: [{ name: 'cpu', platform: 'cpu' }] } })] }),
      { gpu: nvml('580.95.05', '13.0', [{ name: 'NVIDIA H100 80GB HBM3', computeCapability: '9.0' }]) },
      ['frameworks.jax'],
    );
    const jax = check('frameworks.jax');
    expect(jax.status).toBe('fail');
    expect(jax.commands).toEqual(["/usr/bin/python3 -m pip install --upgrade 'jax[cuda13]'"]);
  });

  it('reports an interpreter that hung as a warning, not a crash', async () => {
    const python = '/usr/bin/python3';
    const { check } = await doctor(
      linux(UBUNTU_2404, { [python]: '' }, { commands: [{ file: python, args: ['-c', '*'], result: { kind: 'timeout', stdout: '', stderr: '', durationMs: 60000 } }] }),
      {},
      ['frameworks.python', 'frameworks.pytorch'],
    );
    expect(check('frameworks.python').status).toBe('warn');
    expect(check('frameworks.python').summary).toContain('did not finish importing the frameworks within 60 s');
    expect(check('frameworks.pytorch').status).toBe('skipped');
  });
});

describe('containers and power', () => {
  it('installs the NVIDIA Container Toolkit when Docker has no nvidia runtime', async () => {
    const { check } = await doctor(
      linux(UBUNTU_2404, { '/usr/bin/docker': '' }, {
        commands: [
          { file: '/usr/bin/docker', args: ['--version'], result: { kind: 'exited', exitCode: 0, stdout: 'Docker version 27.3.1, build ce12230\n', stderr: '', truncated: false, durationMs: 1 } },
          { file: '/usr/bin/docker', args: ['info', '--format', '{{json .Runtimes}}|{{.DefaultRuntime}}'], result: { kind: 'exited', exitCode: 0, stdout: '{"runc":{"path":"runc"}}|runc\n', stderr: '', truncated: false, durationMs: 1 } },
        ],
      }),
      { gpu: nvml('580.95.05', '13.0', [{ name: 'NVIDIA L4', computeCapability: '8.9' }]) },
      ['containers.docker', 'containers.nvidia-runtime'],
    );
    expect(check('containers.docker').status).toBe('ok');
    const runtime = check('containers.nvidia-runtime');
    expect(runtime.status).toBe('fail');
    expect(runtime.commands).toContain('sudo apt-get install -y nvidia-container-toolkit');
    expect(runtime.commands).toContain('sudo nvidia-ctk runtime configure --runtime=docker');
  });

  it('reports a daemon that refuses the user as a warning', async () => {
    const { check } = await doctor(
      linux(UBUNTU_2404, { '/usr/bin/docker': '' }, {
        commands: [
          { file: '/usr/bin/docker', args: ['info', '--format', '{{json .Runtimes}}|{{.DefaultRuntime}}'], result: { kind: 'exited', exitCode: 1, stdout: 'null|\n', stderr: 'permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock\n', truncated: false, durationMs: 1 } },
        ],
      }),
      {},
      ['containers.docker'],
    );
    expect(check('containers.docker').status).toBe('warn');
    expect(check('containers.docker').summary).toBe('The Docker daemon refused your user (permission denied on its socket).');
  });

  it('warns when four GPUs need more than one ordinary power supply', async () => {
    const { check } = await doctor(linux(UBUNTU_2404), {
      gpu: nvml('580.95.05', '13.0', [0, 1, 2, 3].map((i) => ({ index: i, name: 'NVIDIA GeForce RTX 4090', computeCapability: '8.9', powerLimitDefaultWatts: 450 }))),
    }, ['hardware.psu']);
    const psu = check('hardware.psu');
    expect(psu.status).toBe('warn');
    expect(psu.summary).toBe('GPUs draw up to 1800 W; the machine needs about 2700 W of power supply — more than one ordinary power supply delivers.');
  });
});

describe('robustness', () => {
  it('turns a check that throws into a visible warning', async () => {
    const env = createMemoryEnv(linux(UBUNTU_2404));
    const facts = createFacts(env, { gpu: null, pci: null, host: null });
    const ctx = { facts, target: fixTargetOf(await facts.os(), null, 'linux', 'x64'), driver: { version: null, versionSource: null, maxCuda: null, openModule: null, os: 'linux' as const }, now: new Date() };
    const broken: Check = { ...hardwareGpus, run: async () => { throw new Error('boom'); } };
    const result = await runCheck(broken, ctx);
    expect(result.status).toBe<CheckStatus>('warn');
    expect(en(result.summary.key, result.summary.params)).toContain('boom');
  });

  it('runs on a machine where nothing can be read', async () => {
    const { report } = await doctor({ files: {}, env: {} }, {});
    expect(report.layers.flatMap((l) => l.checks).every((c) => ['ok', 'warn', 'fail', 'skipped'].includes(c.status))).toBe(true);
    expect(findCheck(report, 'os.distro')?.status).toBe('warn');
    expect(findCheck(report, 'frameworks.python')?.status).toBe('warn');
  });
});
