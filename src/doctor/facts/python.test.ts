// The real probe script, run by the real Python through the real exec helper, against fake
// framework packages on PYTHONPATH: what users' frameworks answer, including the broken ones.

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeDoctorEnv, type DoctorEnv } from '../env.js';
import { probeInterpreter } from './python.js';

function findPython(): string | null {
  for (const name of ['python3', 'python']) {
    try {
      execFileSync(name, ['-c', 'import sys; assert sys.version_info >= (3, 6)'], { stdio: 'ignore' });
      return name;
    } catch {
      // try the next name
    }
  }
  return null;
}

const python = findPython();

function fakePackages(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-probe-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

function envWith(pythonPath: string): DoctorEnv {
  const base = createNodeDoctorEnv();
  return { ...base, env: { ...process.env, PYTHONPATH: pythonPath } };
}

const CPU_TORCH = `
from types import SimpleNamespace
print("torch prints a banner on import")
__version__ = "2.5.1+cpu"
version = SimpleNamespace(cuda=None, hip=None)
backends = SimpleNamespace(cudnn=SimpleNamespace(version=lambda: None))
def _init():
    raise AssertionError("Torch not compiled with CUDA enabled")
cuda = SimpleNamespace(is_available=lambda: False, device_count=lambda: 0, get_arch_list=lambda: [], init=_init)
`;

const GPU_TORCH_NO_KERNEL = `
import warnings
from types import SimpleNamespace
__version__ = "2.2.2+cu121"
version = SimpleNamespace(cuda="12.1", hip=None)
backends = SimpleNamespace(cudnn=SimpleNamespace(version=lambda: 8902))
def _available():
    warnings.warn("NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch installation.")
    return True
def _props(i):
    return SimpleNamespace(name="NVIDIA GeForce RTX 5090", major=12, minor=0, total_memory=34190458880)
cuda = SimpleNamespace(is_available=_available, device_count=lambda: 1, get_arch_list=lambda: ["sm_50", "sm_80", "sm_90"], get_device_properties=_props)
def ones(*args, **kwargs):
    raise RuntimeError("CUDA error: no kernel image is available for execution on the device")
`;

const BROKEN_TF = `raise ImportError("libcudnn.so.8: cannot open shared object file: No such file or directory")\n`;

const CPU_JAX = `
from types import SimpleNamespace
__version__ = "0.4.35"
def devices():
    return [SimpleNamespace(platform="cpu", device_kind="cpu")]
def default_backend():
    return "cpu"
`;

describe.runIf(python !== null)('the framework probe in a real Python', () => {
  it('reports a CPU-only torch, a torch import error and a CPU-only JAX as data', async () => {
    const dir = fakePackages({ 'torch/__init__.py': CPU_TORCH, 'tensorflow/__init__.py': BROKEN_TF, 'jax/__init__.py': CPU_JAX, 'jaxlib/__init__.py': '__version__ = "0.4.35"\n' });
    const probe = await probeInterpreter(envWith(dir), { path: python ?? 'python3', source: 'path' }, 60_000);
    expect(probe.kind).toBe('ok');
    if (probe.kind !== 'ok') return;
    expect(probe.torch).toMatchObject({ installed: true, version: '2.5.1+cpu', cudaBuild: null, gpuAvailable: false, deviceCount: 0 });
    expect(probe.tensorflow.installed).toBe(true);
    expect(probe.tensorflow.importError).toContain('libcudnn.so.8');
    expect(probe.jax).toMatchObject({ installed: true, version: '0.4.35', jaxlibVersion: '0.4.35', gpuAvailable: false, backend: 'cpu' });
  });

  it('catches the warning and the failing kernel of a build without kernels for the GPU', async () => {
    const dir = fakePackages({ 'torch/__init__.py': GPU_TORCH_NO_KERNEL });
    const probe = await probeInterpreter(envWith(dir), { path: python ?? 'python3', source: 'path' }, 60_000);
    expect(probe.kind).toBe('ok');
    if (probe.kind !== 'ok') return;
    expect(probe.torch).toMatchObject({
      cudaBuild: '12.1',
      cudnnVersion: 8902,
      archList: ['sm_50', 'sm_80', 'sm_90'],
      gpuAvailable: true,
      devices: [{ name: 'NVIDIA GeForce RTX 5090', computeCapability: '12.0', memoryTotalBytes: 34190458880 }],
    });
    expect(probe.torch.kernelTest).toContain('no kernel image is available');
    expect(probe.torch.warnings?.[0]).toContain('sm_120 is not compatible');
  });

  it('reports frameworks that are not installed as not installed, without importing anything', async () => {
    const dir = fakePackages({ 'unrelated/__init__.py': '' });
    const probe = await probeInterpreter(envWith(dir), { path: python ?? 'python3', source: 'path' }, 60_000);
    expect(probe).toMatchObject({ kind: 'ok', torch: { installed: false }, tensorflow: { installed: false }, jax: { installed: false } });
  });

  it('stops an interpreter that hangs and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-hang-'));
    const hanging = join(dir, 'python');
    writeFileSync(hanging, '#!/bin/sh\nsleep 30\n');
    chmodSync(hanging, 0o755);
    const probe = await probeInterpreter(createNodeDoctorEnv(), { path: hanging, source: 'virtualenv' }, 300);
    expect(probe).toMatchObject({ kind: 'failed', reason: 'timeout' });
  });

  it('says when an interpreter does not exist or prints nothing useful', async () => {
    const missing = await probeInterpreter(createNodeDoctorEnv(), { path: '/nonexistent/bin/python', source: 'conda' }, 5000);
    expect(missing).toMatchObject({ kind: 'failed', reason: 'not-found' });
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-fake-'));
    const liar = join(dir, 'python');
    writeFileSync(liar, '#!/bin/sh\necho "Python was not found; run without arguments to install from the Microsoft Store"\nexit 9\n');
    chmodSync(liar, 0o755);
    const crashed = await probeInterpreter(createNodeDoctorEnv(), { path: liar, source: 'path' }, 5000);
    expect(crashed).toMatchObject({ kind: 'failed', reason: 'crashed' });
  });
});
