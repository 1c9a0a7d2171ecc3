// The backend against a simulated nvidia-smi (an injected exec): which runs it makes, how it
// narrows the field list for an older driver, and how each failure surfaces.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Backend, BackendDriver } from '../../core/backend.js';
import { openFirstBackend } from '../chain.js';
import { BYTES_PER_MIB } from '../../core/units.js';
import type { Exec, ExecOptions, ExecResult } from '../../system/exec.js';
import { createNvidiaSmiDriver, type NvidiaSmiDriverOptions } from './driver.js';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/nvidia-smi/${name}`, import.meta.url), 'utf8');
const exited = (exitCode: number, stdout: string, stderr = ''): ExecResult => ({
  kind: 'exited',
  exitCode,
  stdout,
  stderr,
  truncated: false,
  durationMs: 50,
});

/** Header text and one GPU's value for every GPU field a current driver knows. */
const GPU_VALUES: Record<string, [header: string, value: string]> = {
  index: ['index', '0'],
  uuid: ['uuid', 'GPU-3b5c1a2e-7d4f-4e1a-9c2b-1f0e2d3c4b5a'],
  name: ['name', 'NVIDIA A100-SXM4-80GB'],
  'pci.bus_id': ['pci.bus_id', '00000000:07:00.0'],
  serial: ['serial', '1324021012345'],
  vbios_version: ['vbios_version', '92.00.45.00.06'],
  driver_version: ['driver_version', '535.104.05'],
  kmd_version: ['kmd_version', '535.104.05'],
  compute_cap: ['compute_cap', '8.0'],
  'memory.total': ['memory.total [MiB]', '81920'],
  'memory.used': ['memory.used [MiB]', '40212'],
  'memory.free': ['memory.free [MiB]', '41114'],
  'memory.reserved': ['memory.reserved [MiB]', '594'],
  'utilization.gpu': ['utilization.gpu [%]', '97'],
  'utilization.memory': ['utilization.memory [%]', '61'],
  'utilization.encoder': ['utilization.encoder [%]', '0'],
  'utilization.decoder': ['utilization.decoder [%]', '0'],
  'temperature.gpu': ['temperature.gpu', '64'],
  'fan.speed': ['fan.speed [%]', '[N/A]'],
  'power.draw': ['power.draw [W]', '389.12'],
  'power.limit': ['power.limit [W]', '400.00'],
  'enforced.power.limit': ['enforced.power.limit [W]', '400.00'],
  'power.default_limit': ['power.default_limit [W]', '400.00'],
  'clocks.gr': ['clocks.current.graphics [MHz]', '1410'],
  'clocks.sm': ['clocks.current.sm [MHz]', '1410'],
  'clocks.mem': ['clocks.current.memory [MHz]', '1593'],
  'clocks.max.gr': ['clocks.max.graphics [MHz]', '1410'],
  'clocks.max.sm': ['clocks.max.sm [MHz]', '1410'],
  'clocks.max.mem': ['clocks.max.memory [MHz]', '1593'],
  'pcie.link.gen.current': ['pcie.link.gen.current', '4'],
  'pcie.link.gen.gpucurrent': ['pcie.link.gen.gpucurrent', '4'],
  'pcie.link.gen.max': ['pcie.link.gen.max', '4'],
  'pcie.link.width.current': ['pcie.link.width.current', '16'],
  'pcie.link.width.max': ['pcie.link.width.max', '16'],
  pstate: ['pstate', 'P0'],
  'clocks_throttle_reasons.active': ['clocks_event_reasons.active', '0x0000000000000004'],
  'clocks_event_reasons.active': ['clocks_event_reasons.active', '0x0000000000000004'],
  'ecc.mode.current': ['ecc.mode.current', 'Enabled'],
  'ecc.mode.pending': ['ecc.mode.pending', 'Enabled'],
  'ecc.errors.corrected.volatile.total': ['ecc.errors.corrected.volatile.total', '0'],
  'ecc.errors.uncorrected.volatile.total': ['ecc.errors.uncorrected.volatile.total', '0'],
  'ecc.errors.corrected.aggregate.total': ['ecc.errors.corrected.aggregate.total', '3'],
  'ecc.errors.uncorrected.aggregate.total': ['ecc.errors.uncorrected.aggregate.total', '0'],
  'mig.mode.current': ['mig.mode.current', 'Disabled'],
  'mig.mode.pending': ['mig.mode.pending', 'Disabled'],
  compute_mode: ['compute_mode', 'Default'],
  persistence_mode: ['persistence_mode', 'Enabled'],
  'driver_model.current': ['driver_model.current', '[N/A]'],
};

const APP_VALUES: Record<string, [string, string]> = {
  gpu_uuid: ['gpu_uuid', 'GPU-3b5c1a2e-7d4f-4e1a-9c2b-1f0e2d3c4b5a'],
  gpu_bus_id: ['gpu_bus_id', '00000000:07:00.0'],
  pid: ['pid', '48121'],
  process_name: ['process_name', '/usr/bin/python3.10'],
  used_gpu_memory: ['used_gpu_memory [MiB]', '39872'],
};

const Q_HEADER = fixture('h100-80gb-hbm3_driver-590.48.01_q-header.txt');

interface Simulation {
  /** Field names this "driver" rejects. */
  unknownFields?: string[];
  /** Overrides per kind of run. */
  gpuQuery?: () => ExecResult;
  appsQuery?: () => ExecResult;
  versionReport?: () => ExecResult;
  /** Commands that are "not installed". */
  missingCommands?: string[];
}

interface Call {
  file: string;
  args: readonly string[];
  options: ExecOptions;
}

function csvFor(names: string[], values: Record<string, [string, string]>): string {
  return `${names.map((n) => values[n]![0]).join(', ')}\n${names.map((n) => values[n]![1]).join(', ')}\n`;
}

function simulate(simulation: Simulation = {}): { exec: Exec; calls: Call[]; maxInFlight: () => number; resetInFlight: () => void } {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const answer = (file: string, args: readonly string[]): ExecResult => {
    if (simulation.missingCommands?.includes(file)) return { kind: 'not-found', detail: `${file}: spawn ${file} ENOENT` };
    const query = args.find((a) => a.startsWith('--query-'));
    if (!query) return simulation.versionReport?.() ?? exited(0, Q_HEADER);
    const names = query.slice(query.indexOf('=') + 1).split(',');
    const rejected = names.find((n) => simulation.unknownFields?.includes(n));
    if (rejected) return exited(2, `Field "${rejected}" is not a valid field to query.\n\n`);
    if (query.startsWith('--query-gpu=')) return simulation.gpuQuery?.() ?? exited(0, csvFor(names, GPU_VALUES));
    return simulation.appsQuery?.() ?? exited(0, csvFor(names, APP_VALUES));
  };
  const exec: Exec = async (file, args, options) => {
    calls.push({ file, args, options });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    inFlight -= 1;
    return answer(file, args);
  };
  return { exec, calls, maxInFlight: () => maxInFlight, resetInFlight: () => (maxInFlight = 0) };
}

async function openBackend(options: NvidiaSmiDriverOptions): Promise<Backend> {
  const result = await createNvidiaSmiDriver({ platform: 'linux', ...options }).open();
  if (!result.ok) throw new Error(`expected the backend to open: ${JSON.stringify(result.unavailable)}`);
  return result.backend;
}

const gpuQueryArgs = (calls: Call[]) => calls.filter((c) => c.args[0]?.startsWith('--query-gpu=')).map((c) => c.args[0]!);

describe('nvidia-smi backend, current driver', () => {
  it('reads devices, processes and versions with two concurrent runs', async () => {
    const sim = simulate();
    const backend = await openBackend({ exec: sim.exec });
    expect(backend.id).toBe('nvidia-smi');
    expect(backend.capabilities).toEqual({ metrics: true, processes: true });

    const before = sim.calls.length;
    sim.resetInFlight();
    const reading = await backend.read();
    const readCalls = sim.calls.slice(before);
    expect(readCalls.map((c) => c.args[0]?.split('=')[0])).toEqual(['--query-gpu', '--query-compute-apps']);
    expect(readCalls.every((c) => c.file === 'nvidia-smi' && c.args[1] === '--format=csv,nounits')).toBe(true);
    expect(readCalls.every((c) => c.options.timeoutMs === 5000)).toBe(true);
    expect(sim.maxInFlight()).toBe(2);

    expect(reading.problems).toEqual([]);
    expect(reading.driver).toEqual({
      driverVersion: '535.104.05',
      cudaDriverVersion: '13.1',
      nvmlVersion: null,
      unavailable: { nvmlVersion: 'not-reported' },
    });
    expect(reading.devices).toHaveLength(1);
    expect(reading.devices[0]).toMatchObject({
      name: 'NVIDIA A100-SXM4-80GB',
      memoryReservedBytes: 594 * BYTES_PER_MIB,
      computeCapability: '8.0',
      clockEventReasons: ['sw-power-cap'],
      migModeCurrent: false,
    });
    expect(reading.processes).toEqual([
      expect.objectContaining({ pid: 48121, gpuIndex: 0, usedMemoryBytes: 39872 * BYTES_PER_MIB, type: 'compute' }),
    ]);
  });

  it('asks for every field once, in the preferred spelling', async () => {
    const sim = simulate();
    await openBackend({ exec: sim.exec });
    const [probe] = gpuQueryArgs(sim.calls);
    expect(probe).toContain('driver_version,');
    expect(probe).toContain('clocks_throttle_reasons.active');
    expect(probe).not.toContain('kmd_version');
    expect(probe).not.toContain('clocks_event_reasons.active');
  });

  it('passes the timeout, the environment and an explicit command through', async () => {
    const sim = simulate();
    const env = { PATH: '/opt/nvidia/bin' };
    const backend = await openBackend({ exec: sim.exec, timeoutMs: 1234, env, command: '/opt/nvidia/bin/nvidia-smi' });
    await backend.read();
    expect(sim.calls.every((c) => c.file === '/opt/nvidia/bin/nvidia-smi')).toBe(true);
    expect(sim.calls.every((c) => c.options.timeoutMs === 1234 && c.options.env === env)).toBe(true);
  });
});

describe('nvidia-smi backend, fields the driver does not know', () => {
  it('drops what an older driver rejects at open and does not ask again', async () => {
    const unknownFields = ['compute_cap', 'memory.reserved', 'utilization.encoder', 'utilization.decoder'];
    const sim = simulate({ unknownFields });
    const backend = await openBackend({ exec: sim.exec });
    expect(gpuQueryArgs(sim.calls)).toHaveLength(unknownFields.length + 1);

    const before = sim.calls.length;
    const reading = await backend.read();
    expect(sim.calls.length - before).toBe(2);
    const asked = gpuQueryArgs(sim.calls.slice(before))[0]!;
    for (const field of unknownFields) expect(asked).not.toContain(field);
    const gpu = reading.devices[0]!;
    expect(gpu.memoryReservedBytes).toBeNull();
    expect(gpu.unavailable).toMatchObject({
      memoryReservedBytes: 'not-reported',
      computeCapability: 'not-reported',
      architecture: 'not-reported',
      encoderUtilPercent: 'not-reported',
    });
    expect(gpu.memoryTotalBytes).toBe(81920 * BYTES_PER_MIB);
    expect(reading.problems).toEqual([]);
  });

  it('moves to the next name of a renamed field', async () => {
    const sim = simulate({ unknownFields: ['clocks_throttle_reasons.active', 'driver_version'] });
    const reading = await (await openBackend({ exec: sim.exec })).read();
    expect(reading.devices[0]?.clockEventReasons).toEqual(['sw-power-cap']);
    expect(reading.driver.driverVersion).toBe('535.104.05');
    expect(gpuQueryArgs(sim.calls).at(-1)).toContain('kmd_version');
  });

  it('falls back to the core fields when the driver names a field it was not asked for', async () => {
    let rejections = 0;
    const sim = simulate({
      gpuQuery: () => (rejections++ === 0 ? exited(2, 'Field "utilization.something" is not a valid field to query.\n') : exited(0, 'index\n0\n')),
    });
    await openBackend({ exec: sim.exec });
    const [first, second] = gpuQueryArgs(sim.calls);
    expect(first).toContain('memory.reserved');
    expect(second).not.toContain('memory.reserved');
    expect(second).toContain('memory.total');
  });

  it('gives up with the message when even the core fields are rejected', async () => {
    const sim = simulate({ gpuQuery: () => exited(2, 'Field "gpu" is not a valid field to query.\n') });
    const result = await createNvidiaSmiDriver({ exec: sim.exec, platform: 'linux' }).open();
    expect(result).toEqual({
      ok: false,
      unavailable: { code: 'command-failed', detail: 'Field "gpu" is not a valid field to query' },
    });
  });
});

describe('nvidia-smi backend, failures at open', () => {
  it('says command-not-found after trying every place it could be', async () => {
    const sim = simulate({ missingCommands: ['nvidia-smi', '/usr/lib/wsl/lib/nvidia-smi', '/usr/bin/nvidia-smi'] });
    const result = await createNvidiaSmiDriver({ exec: sim.exec, platform: 'linux' }).open();
    expect(result).toEqual({
      ok: false,
      unavailable: { code: 'command-not-found', detail: 'not found: nvidia-smi, /usr/lib/wsl/lib/nvidia-smi, /usr/bin/nvidia-smi' },
    });
  });

  it('finds nvidia-smi.exe in System32 when it is not on PATH', async () => {
    const sim = simulate({ missingCommands: ['nvidia-smi.exe'] });
    const result = await createNvidiaSmiDriver({ exec: sim.exec, platform: 'win32', env: { SystemRoot: 'C:\\Windows' } }).open();
    expect(result.ok).toBe(true);
    if (result.ok) await result.backend.read();
    expect(sim.calls.at(-1)?.file).toBe('C:\\Windows\\System32\\nvidia-smi.exe');
  });

  it('reports a driver that is not loaded with nvidia-smi’s own words', async () => {
    const message = fixture('handmade_driver-not-loaded.txt');
    const sim = simulate({ gpuQuery: () => exited(9, message), versionReport: () => exited(9, message) });
    const result = await createNvidiaSmiDriver({ exec: sim.exec, platform: 'linux' }).open();
    expect(result).toEqual({ ok: false, unavailable: { code: 'driver-not-loaded', detail: message.trim() } });
  });

  it('reports a timeout', async () => {
    const sim = simulate({ gpuQuery: () => ({ kind: 'timeout', stdout: '', stderr: '', durationMs: 5001 }) });
    const result = await createNvidiaSmiDriver({ exec: sim.exec, platform: 'linux' }).open();
    expect(result).toEqual({ ok: false, unavailable: { code: 'timeout', detail: 'no answer within 5001 ms' } });
  });

  it('does not open on an empty answer: nvidia-smi with no GPU says so, it never prints nothing', async () => {
    const sim = simulate({ gpuQuery: () => exited(0, '') });
    const result = await createNvidiaSmiDriver({ exec: sim.exec, platform: 'linux' }).open();
    expect(result).toEqual({ ok: false, unavailable: { code: 'command-failed', detail: 'nvidia-smi printed nothing; not a GPU query answer' } });
  });

  it('opens with zero devices when the driver finds none', async () => {
    const none = () => exited(6, fixture('handmade_no-devices.txt'));
    const sim = simulate({ gpuQuery: none, appsQuery: none, versionReport: none });
    const reading = await (await openBackend({ exec: sim.exec })).read();
    expect(reading.devices).toEqual([]);
    expect(reading.processes).toEqual([]);
    expect(reading.problems).toEqual([]);
    expect(reading.driver.unavailable).toMatchObject({ driverVersion: 'not-reported', cudaDriverVersion: 'not-reported' });
  });
});

describe('nvidia-smi backend, failures while reading', () => {
  it('keeps the devices when the process query fails', async () => {
    let reads = 0;
    const sim = simulate({ appsQuery: () => (reads++ === 0 ? exited(0, 'pid\n') : { kind: 'timeout', stdout: '', stderr: '', durationMs: 5000 }) });
    const backend = await openBackend({ exec: sim.exec });
    await backend.read();
    const reading = await backend.read();
    expect(reading.devices).toHaveLength(1);
    expect(reading.processes).toEqual([]);
    expect(reading.problems).toEqual([{ scope: 'processes', code: 'timeout', message: 'no answer within 5000 ms' }]);
  });

  it('returns a reading with a problem when the GPU query fails', async () => {
    let runs = 0;
    const sim = simulate({ gpuQuery: () => (runs++ === 0 ? exited(0, csvFor(['index'], GPU_VALUES)) : exited(9, fixture('handmade_driver-not-loaded.txt'))) });
    const reading = await (await openBackend({ exec: sim.exec })).read();
    expect(reading.devices).toEqual([]);
    expect(reading.problems.map((p) => [p.scope, p.code])).toEqual([
      ['devices', 'driver-not-loaded'],
      ['processes', 'unknown-gpu'],
    ]);
  });

  it('leaves the CUDA version null with a reason when the version report fails', async () => {
    const sim = simulate({ versionReport: () => exited(1, '') });
    const reading = await (await openBackend({ exec: sim.exec })).read();
    expect(reading.driver.cudaDriverVersion).toBeNull();
    expect(reading.driver.unavailable.cudaDriverVersion).toBe('not-reported');
    expect(reading.driver.driverVersion).toBe('535.104.05');
  });
});

describe('nvidia-smi backend, output it cannot believe', () => {
  const truncated = (): ExecResult => ({ kind: 'exited', exitCode: 0, stdout: csvFor(['index'], GPU_VALUES), stderr: '', truncated: true, durationMs: 50 });
  const twoGpusOneIndex = () => exited(0, 'index, uuid\n0, GPU-a\n0, GPU-b\n');
  /** The next backend of the chain, standing in for pci. */
  const next: BackendDriver = {
    id: 'pci',
    open: async () => ({ ok: true, backend: { id: 'pci', capabilities: { metrics: false, processes: false }, read: async () => { throw new Error('unused'); }, close: async () => {} } }),
  };

  it.each([
    ['an output cut at the 16 MiB cap', truncated, 'nvidia-smi printed more than 16 MiB'],
    ['a header of no known field', () => exited(0, 'q#1, q#2\nx, y\n'), 'the header names no GPU field gpuwise knows'],
    ['two rows for one GPU', twoGpusOneIndex, 'GPU index 0 appears on lines 2 and 3'],
  ])('is unavailable at open for %s, and the chain moves on to the next backend', async (_, gpuQuery, detail) => {
    const sim = simulate({ gpuQuery });
    const chain = await openFirstBackend([createNvidiaSmiDriver({ exec: sim.exec, platform: 'linux' }), next]);
    expect(chain.backend?.id).toBe('pci');
    expect(chain.attempts[0]).toMatchObject({ id: 'nvidia-smi', ok: false, unavailable: { code: 'command-failed' } });
    expect(chain.attempts[0]?.unavailable?.detail).toContain(detail);
  });

  it('gives no devices and one problem when a later read is rejected', async () => {
    let runs = 0;
    const sim = simulate({ gpuQuery: () => (runs++ === 0 ? exited(0, csvFor(['index'], GPU_VALUES)) : twoGpusOneIndex()) });
    const reading = await (await openBackend({ exec: sim.exec })).read();
    expect(reading.devices).toEqual([]);
    expect(reading.problems).toContainEqual({ scope: 'devices', code: 'duplicate-gpu', message: 'GPU index 0 appears on lines 2 and 3' });
  });

  it('names a cut output as such in a later read', async () => {
    let runs = 0;
    const sim = simulate({ gpuQuery: () => (runs++ === 0 ? exited(0, csvFor(['index'], GPU_VALUES)) : truncated()) });
    const reading = await (await openBackend({ exec: sim.exec })).read();
    expect(reading.devices).toEqual([]);
    expect(reading.problems[0]).toMatchObject({ scope: 'devices', code: 'output-truncated' });
  });
});

describe('nvidia-smi backend, its own words when it fails', () => {
  it('keeps the message of an unknown failure, trimmed and bounded', async () => {
    const sim = simulate({ gpuQuery: () => exited(15, `   Unable to talk to the GPU: ${'blah '.repeat(100_000)}\n\n`) });
    const result = await createNvidiaSmiDriver({ exec: sim.exec, platform: 'linux' }).open();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.unavailable.code).toBe('command-failed');
    expect(result.unavailable.detail.startsWith('exit code 15: Unable to talk to the GPU: blah')).toBe(true);
    expect(result.unavailable.detail.length).toBeLessThanOrEqual(501);
  });

  it('says what a timed-out nvidia-smi printed before it hung', async () => {
    const sim = simulate({ gpuQuery: () => ({ kind: 'timeout', stdout: '', stderr: 'Waiting for the GPU to respond\n', durationMs: 5000 }) });
    const result = await createNvidiaSmiDriver({ exec: sim.exec, platform: 'linux' }).open();
    expect(result).toEqual({ ok: false, unavailable: { code: 'timeout', detail: 'no answer within 5000 ms; it printed: Waiting for the GPU to respond' } });
  });
});
