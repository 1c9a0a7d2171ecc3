// Issue 14's "import what people paste" and issue 16's doctor and guide items, as a user meets
// them: the built CLI on a machine without a GPU driver, in English and in Chinese.

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, gpuwise, shell } from './run-cli.js';

beforeAll(ensureBuilt, 120_000);

const zh = (args: string[]) => gpuwise([...args, '--lang', 'zh-CN']);
const OWN = 'test/fixtures/import';
const Q_TEXT = `${OWN}/rtx-4070-laptop_windows_driver-566.36_nvidia-smi-q.txt`;
const OLD_DRIVER = `${OWN}/collect-env_pytorch-43058_torch-1.6.0_cuda-10.2-build_driver-418.67_2x-v100.txt`;
const CPU_WHEEL = `${OWN}/collect-env_pytorch-49325_torch-1.7.1-cpu_windows-10.txt`;

describe('info --from', () => {
  it('reads nvidia-smi -q from a file and from standard input, in both languages', () => {
    const en = gpuwise(['info', '--from', Q_TEXT]);
    expect(en.code).toBe(0);
    expect(en.stdout).toContain('NVIDIA GeForce RTX 4070');
    expect(en.stderr).toContain('(nvidia-smi-q): a copy of another machine, not this one');
    // The other machine's host is not in the output: its line says N/A, with no bare label.
    expect(en.stdout).toMatch(/^host {2}CPU N\/A {2}RAM N\/A$/m);
    const piped = shell(`cat '${Q_TEXT}' | $GPUWISE info --from - --json`);
    expect(piped.code).toBe(0);
    const snapshot = JSON.parse(piped.stdout) as { backend: string; host: { hostname: string }; devices: { name: string; memoryTotalBytes: number }[] };
    expect(snapshot.devices.map((d) => [d.name, d.memoryTotalBytes / 2 ** 20])).toEqual([['NVIDIA GeForce RTX 4070 Laptop GPU', 8188]]);
    expect(snapshot.host.hostname).toBe('(imported)');
    expect(zh(['info', '--from', Q_TEXT]).stderr).toContain('这是另一台机器的副本');
  });

  it('says which formats it reads when it recognises none, and refuses what --from cannot combine with', () => {
    const unknown = shell("printf 'hello, my GPU is broken\\n' | $GPUWISE info --from -");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nvidia-smi -q -x');
    expect(unknown.stderr).toContain('lspci');
    expect(shell("printf 'x\\n' | $GPUWISE info --from - --lang zh-CN").stderr).toContain('无法识别该输入的格式');
    const watch = gpuwise(['info', '--from', Q_TEXT, '--watch']);
    expect(watch.code).toBe(2);
    expect(watch.stderr).toContain('--watch');
    expect(gpuwise(['info', '--from', 'no/such/file.xml']).stderr).toContain('Cannot read no/such/file.xml: ENOENT');
  });

  it('refuses a snapshot from a newer gpuwise instead of misreading it, and says when a copy lists no GPU, in both languages', () => {
    const newer = `'{"schemaVersion":1,"devices":[]}\\n{"schemaVersion":2,"devices":[]}\\n'`;
    const en = shell(`printf ${newer} | $GPUWISE info --from -`);
    expect(en.code).toBe(1);
    expect(en.stdout).toBe('');
    expect(en.stderr).toContain('This JSON was written by a newer gpuwise (snapshot schema 2; this one reads schema 1)');
    expect(shell(`printf ${newer} | $GPUWISE info --from - --lang zh-CN`).stderr).toContain('这份 JSON 由更新版本的 gpuwise 写出（快照格式第 2 版；当前版本只读第 1 版）');
    // This gpuwise's own output reads back as ever.
    const empty = shell(`printf '{"schemaVersion":1,"devices":[]}' | $GPUWISE info --from -`);
    expect(empty.code).toBe(0);
    // No GPU in the copy: said as such, without this machine's backends or doctor, which checks this machine.
    expect(empty.stdout).toContain('The copy lists no GPU.');
    expect(empty.stdout).not.toMatch(/gpuwise doctor|What gpuwise tried|working driver/);
    expect(shell(`printf '{"schemaVersion":1,"devices":[]}' | $GPUWISE info --from - --lang zh-CN`).stdout).toContain('这份副本中没有 GPU。');
  });
});

describe('doctor --from', () => {
  it('gives the verdict and the exact fix for a pasted collect_env: a CUDA 10.2 wheel on driver 418', () => {
    const en = gpuwise(['doctor', '--from', OLD_DRIVER]);
    expect(en.code).toBe(1);
    expect(en.stdout).toContain('PyTorch 1.6.0 was built with CUDA 10.2; the driver (418.67) supports only up to CUDA 10.1.');
    expect(en.stderr).toContain('not this machine');
    const cn = zh(['doctor', '--from', CPU_WHEEL]);
    expect(cn.code).toBe(1);
    expect(cn.stdout).toContain('1.7.1+cpu');
    expect(cn.stdout).toContain('PS>');
  });

  it('writes the fix script for that machine, and the script names the file it is in', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-fix-'));
    const file = join(dir, 'fix.sh');
    const result = gpuwise(['doctor', '--from', OLD_DRIVER, '--fix-script', file]);
    expect(result.stderr).toContain(file);
    const script = readFileSync(file, 'utf8');
    expect(script).toContain(`bash ${file}`);
    expect(script).not.toContain('fix-gpu.sh');
  });

  it('refuses options that do not apply to a paste', () => {
    const result = gpuwise(['doctor', '--from', OLD_DRIVER, '--timeout', '5']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--timeout does not apply with --from');
    expect(zh(['guide', 'driver', '--for', 'ubuntu-22.04', '--timeout', '5']).stderr).toContain('不能同时使用');
  });

  it('refuses text with nothing to read, in both languages', () => {
    expect(shell("printf 'help\\n' | $GPUWISE doctor --from -").code).toBe(2);
    expect(shell("printf 'help\\n' | $GPUWISE doctor --from - --lang zh-CN").stderr).toContain('collect_env');
  });
});

describe('recommend --local', () => {
  it('says there is no GPU here, in both languages', () => {
    expect(gpuwise(['recommend', '--task', 'inference', '--memory-gib', '40', '--local']).stdout).toContain('No GPU here');
    expect(zh(['recommend', '--task', 'inference', '--memory-gib', '40', '--local']).stdout).toContain('本机没有 GPU');
  });

  it('compares with the GPUs of a paste, without claiming anything of its host', () => {
    const result = gpuwise(['recommend', '--task', 'inference', '--memory-gib', '40', '--local', '--from', Q_TEXT]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('NVIDIA GeForce RTX 4070 Laptop GPU');
    expect(result.stdout).not.toContain('RAM and CPU cores are enough');
  });
});

describe('guide', () => {
  it('takes topics in any case', () => {
    expect(gpuwise(['guide', 'PyTorch', '--for', 'ubuntu-22.04']).code).toBe(0);
    expect(gpuwise(['guide', 'ROCm', '--for', 'ubuntu-24.04', '--gpu', 'mi300x']).stdout).toContain('repo.radeon.com/amdgpu-install/6.4/ubuntu/noble');
  });

  it('gives install steps on a machine without a GPU', () => {
    const result = gpuwise(['guide', 'driver']);
    expect(result.code).toBe(0);
    // The step is there to read, with its commands (in a container: the one for its host).
    expect(result.stdout).toMatch(/Install the NVIDIA driver \[(?:read|to do)\]\n(?: {5}[^\n]*\n)*? {7}\$ \S/);
    expect(zh(['guide', 'driver']).stdout).toContain('以下是装上 GPU 之后要做的步骤');
  });

  it('--for writes the steps for a target machine and says they were not checked here', () => {
    const en = gpuwise(['guide', 'driver', '--for', 'ubuntu-22.04', '--gpu', 'rtx-4090']);
    expect(en.stdout).toContain('A guide for Ubuntu 22.04 with NVIDIA GeForce RTX 4090, not this machine');
    expect(en.stdout).toContain('sudo apt-get install -y nvidia-driver-580-open');
    expect(zh(['guide', 'driver', '--for', 'ubuntu-22.04', '--gpu', 'rtx-4090']).stdout).toContain('其中内容均未在这里检查');
    expect(gpuwise(['guide', 'driver', '--for', 'plan9']).code).toBe(2);
    const gpuAlone = gpuwise(['guide', 'driver', '--gpu', 'rtx-4090']);
    expect(gpuAlone.code).toBe(2);
    expect(gpuAlone.stderr).toContain('--for');
    expect(gpuwise(['guide', 'driver', '--for', 'ubuntu-22.04', '--gpu', 'rtx5080']).stderr).toContain('rtx-5090');
  });

  it('offers mirrors in China in zh-CN or with --mirror cn, sourced and dated, and not otherwise', () => {
    const cn = zh(['guide', 'pytorch', '--for', 'ubuntu-22.04', '--gpu', 'a100']);
    expect(cn.stdout).toContain('使用国内镜像');
    expect(cn.stdout).toContain('pypi.tuna.tsinghua.edu.cn/simple');
    expect(cn.stdout).toMatch(/mirrors\.aliyun\.com\/pytorch-wheels\/cu\d+\//);
    expect(cn.stdout).toContain('核对于 2026-12-01');
    expect(gpuwise(['guide', 'cuda', '--for', 'ubuntu-22.04', '--mirror', 'cn']).stdout).toContain('mirrors.aliyun.com/nvidia-cuda');
    expect(gpuwise(['guide', 'pytorch', '--for', 'ubuntu-22.04']).stdout).not.toContain('tuna');
    expect(zh(['guide', 'pytorch', '--for', 'ubuntu-22.04', '--mirror', 'none']).stdout).not.toContain('tuna');
  });

  it('verify lists the nvidia-smi check once', () => {
    const result = gpuwise(['guide', 'verify', '--for', 'ubuntu-22.04', '--gpu', 'rtx-4090']);
    expect(result.stdout.split('\n').filter((line) => line.trim() === '$ nvidia-smi')).toHaveLength(1);
  });
});
