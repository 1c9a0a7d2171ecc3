// What the machine hands the doctor when it is broken: a Python that crashes, is killed, prints
// garbage or floods its output; an os-release it may not read; a daemon.json that is not JSON; an
// nvcc or a docker daemon that does not answer; empty /proc and /sys files. Each is said in the
// reader's language (the program's own words only as a quote), and nothing empty passes for a value.

import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import type { ExecResult } from '../../system/exec.js';
import { findCheck, renderDoctorText, runDoctor } from '../index.js';
import type { FsResult } from '../env.js';
import { createMemoryEnv, type MemoryMachine } from '../testing/memory-env.js';

const plain = pc.createColors(false);
const UBUNTU = 'ID=ubuntu\nVERSION_ID="22.04"\nPRETTY_NAME="Ubuntu 22.04.4 LTS"\n';
const exited = (stdout: string, exitCode = 0, stderr = '', truncated = false): ExecResult => ({ kind: 'exited', exitCode, stdout, stderr, truncated, durationMs: 1 });

async function doctor(machine: MemoryMachine, only: string[], refuse: Record<string, FsResult<string>> = {}) {
  const env = createMemoryEnv({ env: { PATH: '/usr/bin' }, ...machine, files: { '/etc/os-release': UBUNTU, ...machine.files } });
  const readText = env.fs.readText;
  env.fs = { ...env.fs, readText: async (path) => refuse[path] ?? readText(path) };
  const report = await runDoctor(env, { gpu: null, pci: null, host: null }, { only });
  const said = (locale: 'en' | 'zh-CN') => renderDoctorText(report, { t: createTranslator(locale), color: plain, verbose: true });
  return { report, said };
}

const python = (result: ExecResult): MemoryMachine => ({ files: { '/usr/bin/python3': '' }, commands: [{ file: '/usr/bin/python3', args: ['-c', '*'], result }] });
const PYTHON_CHECKS = ['frameworks.python', 'frameworks.pytorch'];

describe('a Python whose probe does not answer', () => {
  it.each([
    ['exits non-zero', exited('', 3, 'Traceback (most recent call last):\nImportError: libcudnn.so.9'), '/usr/bin/python3 导入框架时退出，状态码 3；它的输出：Traceback (most recent call last): | ImportError: libcudnn.so.9'],
    ['prints to stdout and exits non-zero', exited('Python was not found; run without arguments to install from the Microsoft Store\n', 9), '状态码 9；它的输出：Python was not found'],
    ['is killed', { kind: 'signal', signal: 'SIGSEGV', stdout: '', stderr: 'Segmentation fault\n', durationMs: 1 } as ExecResult, '/usr/bin/python3 导入框架时被 SIGSEGV 终止；它的输出：Segmentation fault'],
    ['exits 0 with garbage', exited('\u0000\u00ff garbage\n'), '/usr/bin/python3 退出时没有给出探测结果；它的输出：\\x00ÿ garbage'],
    ['floods its output', exited('chatter\n'.repeat(1000), 0, '', true), '/usr/bin/python3 在给出探测结果之前输出超过了 4 MiB'],
  ])('%s: said in Chinese, with no English of gpuwise’s own', async (_, result, said) => {
    const { said: text } = await doctor(python(result), PYTHON_CHECKS);
    const zh = text('zh-CN');
    expect(zh).toContain(said);
    expect(zh).not.toMatch(/no probe result|; exit \d|signal SIG/);
  });

  it('leaves whether a framework is installed open instead of saying it is not', async () => {
    const { report, said } = await doctor(python(exited('', 1, 'boom')), PYTHON_CHECKS);
    expect(findCheck(report, 'frameworks.pytorch')?.summary.key).toBe('doctor.frameworks.noAnswer');
    expect(said('en')).toContain('Whether PyTorch is installed is not known: the probe did not finish');
    expect(said('en')).not.toContain('PyTorch is not installed');
  });

  it('names the field a malformed answer got wrong, without gpuwise’s English prefix', async () => {
    const { said } = await doctor(python(exited('GPUWISE_PROBE_JSON:{"python":1}\n')), PYTHON_CHECKS);
    expect(said('zh-CN')).toContain('/usr/bin/python3 没有给出可读的结果：python: ');
    expect(said('zh-CN')).not.toContain('unexpected probe JSON');
  });
});

describe('system files and tools that say nothing usable', () => {
  it('an os-release it may not read is said as such, not as the fallback’s ENOENT', async () => {
    const refuse = { '/etc/os-release': { ok: false, code: 'no-permission', detail: "EACCES: permission denied, open '/etc/os-release'" } } as const;
    const { said } = await doctor({}, ['os.distro'], refuse);
    expect(said('zh-CN')).toContain('无法识别 Linux 发行版，修复命令只能给通用写法。');
    expect(said('zh-CN')).toContain('/etc/os-release：无权读取');
    expect(said('zh-CN')).not.toMatch(/ENOENT|EACCES|no ID= line/);
  });

  it('an os-release without ID=, and an empty kernel release, are not values', async () => {
    const { said } = await doctor({ files: { '/etc/os-release': 'NAME=x\n', '/proc/sys/kernel/osrelease': '\n', '/proc/version': 'Linux version 6.8.0-45-generic (gcc)\n' } }, ['os.distro']);
    expect(said('zh-CN')).toContain('/etc/os-release：没有 ID= 行');
    expect(said('en')).toContain('Kernel: 6.8.0-45-generic');
  });

  it('a daemon.json that is not JSON says so in Chinese', async () => {
    const machine: MemoryMachine = { files: { '/etc/docker/daemon.json': '{"runtimes": ', '/usr/bin/docker': '' } };
    const { said } = await doctor(machine, ['containers.nvidia-runtime']);
    expect(said('zh-CN')).toContain('/etc/docker/daemon.json：不是有效的 JSON（');
  });

  it('an nvcc and a docker daemon that do not answer are said in the language, not as English of gpuwise’s', async () => {
    const timeout: ExecResult = { kind: 'timeout', stdout: '', stderr: '', durationMs: 5000 };
    const machine: MemoryMachine = {
      files: { '/usr/bin/nvcc': '', '/usr/bin/docker': '' },
      commands: [
        { file: '/usr/bin/nvcc', args: ['--version'], result: timeout },
        { file: '/usr/bin/docker', args: ['--version'], result: exited('Docker version 27.3.1, build ce12230\n') },
        { file: '/usr/bin/docker', args: ['info', '--format', '{{json .Runtimes}}|{{.DefaultRuntime}}'], result: timeout },
      ],
    };
    const { said } = await doctor(machine, ['cuda.toolkits', 'containers.docker']);
    expect(said('zh-CN')).toContain('/usr/bin/nvcc 处的 nvcc 在 5 s 内没有回应 --version。');
    expect(said('zh-CN')).not.toMatch(/no answer in|docker 的原话/);
  });

  it('an empty rotational flag is no solid-state disk', async () => {
    const files = { '/sys/block/sda/queue/rotational': '', '/sys/block/sda/size': '1000\n', '/sys/block/nvme0n1/queue/rotational': '0\n', '/sys/block/nvme0n1/size': '1000\n' };
    const { report } = await doctor({ files }, ['hardware.disk']);
    expect(findCheck(report, 'hardware.disk')?.summary.params).toMatchObject({ count: 1 });
  });
});
