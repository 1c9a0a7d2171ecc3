import { describe, expect, it } from 'vitest';
import { readVendorFixture } from '../../test/fixtures/vendors/paths.js';
import type { Backend, BackendDriver, BackendId } from '../core/backend.js';
import type { Exec, ExecResult } from '../system/exec.js';
import { createAmdSmiDriver } from './amd-smi/index.js';
import { openFirstBackend } from './chain.js';
import { openedWithoutGpus } from './no-gpu.js';
import { createNvidiaSmiDriver } from './nvidia-smi/driver.js';

function stubBackend(id: BackendId): Backend {
  return {
    id,
    capabilities: { metrics: true, processes: true },
    read: async () => ({
      driver: { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} },
      devices: [],
      processes: [],
      problems: [],
    }),
    close: async () => {},
  };
}

const opens = (id: BackendId): BackendDriver => ({ id, open: async () => ({ ok: true, backend: stubBackend(id) }) });
const fails = (id: BackendId, detail: string): BackendDriver => ({
  id,
  open: async () => ({ ok: false, unavailable: { code: 'library-not-found', detail } }),
});

describe('openFirstBackend', () => {
  it('keeps the first backend that opens and records why the earlier ones did not', async () => {
    const result = await openFirstBackend([fails('nvml', 'libnvidia-ml.so.1: not found'), opens('nvidia-smi'), opens('pci')]);
    expect(result.backend?.id).toBe('nvidia-smi');
    expect(result.attempts.map((a) => [a.id, a.ok])).toEqual([
      ['nvml', false],
      ['nvidia-smi', true],
    ]);
    expect(result.attempts[0]?.unavailable).toEqual({ code: 'library-not-found', detail: 'libnvidia-ml.so.1: not found' });
  });

  it('returns no backend, with every reason, when none opens', async () => {
    const result = await openFirstBackend([fails('nvml', 'a'), fails('nvidia-smi', 'b')]);
    expect(result.backend).toBeNull();
    expect(result.attempts.map((a) => a.unavailable?.detail)).toEqual(['a', 'b']);
  });

  it('treats a driver that throws as unavailable and goes on', async () => {
    const throwing: BackendDriver = { id: 'nvml', open: async () => { throw new Error('koffi exploded'); } };
    const result = await openFirstBackend([throwing, opens('pci')]);
    expect(result.backend?.id).toBe('pci');
    expect(result.attempts[0]).toMatchObject({ ok: false, unavailable: { code: 'error', detail: 'Error: koffi exploded' } });
  });
});

describe('openFirstBackend with a backend that opens but finds no GPU', () => {
  const exited = (exitCode: number, stdout: string): ExecResult => ({ kind: 'exited', exitCode, stdout, stderr: '', truncated: false, durationMs: 1 });
  /** nvidia-smi on a machine without an NVIDIA GPU: its real answer, exit 6. */
  const nvidiaSmiNoDevices = createNvidiaSmiDriver({ platform: 'linux', exec: async () => exited(6, 'No devices were found\n') });
  const amdAnswers: Record<string, string> = { 'static --json': readVendorFixture('amd-smi/mi250x_2-gcd_amd-smi-static.json'), 'metric --json': '[]', 'process --json': '[]' };
  const amdExec: Exec = async (_file, args) => exited(0, amdAnswers[args.join(' ')] ?? '');
  const amdSmi = createAmdSmiDriver({ exec: amdExec, fdinfoFs: { readdir: () => [], readlink: () => '', readText: () => null } });
  const closedIds: BackendId[] = [];
  const empty = (id: BackendId, detail: string): BackendDriver => ({
    id,
    open: async () => ({ ok: true, backend: openedWithoutGpus({ ...stubBackend(id), close: async () => void closedIds.push(id) }, { code: 'command-failed', detail }) }),
  });

  it('nvidia-smi saying "No devices were found" does not hide the AMD GPU amd-smi finds, and says why it was not used', async () => {
    const result = await openFirstBackend([fails('nvml', 'libnvidia-ml.so.1: not found'), nvidiaSmiNoDevices, amdSmi, opens('pci')]);
    expect(result.backend?.id).toBe('amd-smi');
    expect((await result.backend!.read()).devices.map((d) => d.name)).toEqual(['AMD Instinct MI250X', 'AMD Instinct MI250X']);
    expect(result.attempts.map((a) => [a.id, a.ok, a.unavailable?.code ?? null])).toEqual([
      ['nvml', false, 'library-not-found'],
      ['nvidia-smi', false, 'command-failed'],
      ['amd-smi', true, null],
    ]);
    expect(result.attempts[1]!.unavailable!.detail).toContain('No devices were found');
  });

  it('keeps the zero-GPU answer when nothing later finds a GPU, with every later reason', async () => {
    closedIds.length = 0;
    const result = await openFirstBackend([nvidiaSmiNoDevices, fails('amd-smi', 'not found: amd-smi'), empty('pci', 'the PCI bus shows no GPU')]);
    expect(result.backend?.id).toBe('nvidia-smi');
    expect((await result.backend!.read()).devices).toEqual([]);
    expect(result.attempts.map((a) => [a.id, a.ok])).toEqual([
      ['nvidia-smi', true],
      ['amd-smi', false],
      ['pci', false],
    ]);
    expect(result.attempts[2]!.unavailable).toEqual({ code: 'command-failed', detail: 'the PCI bus shows no GPU' });
    expect(closedIds).toEqual(['pci']);
  });

  it('closes the zero-GPU backend it passes over', async () => {
    closedIds.length = 0;
    const result = await openFirstBackend([empty('nvidia-smi', 'nvidia-smi lists no NVIDIA GPU'), opens('drm-sysfs')]);
    expect(result.backend?.id).toBe('drm-sysfs');
    expect(closedIds).toEqual(['nvidia-smi']);
  });
});
