// The NVML backend through the real FFI path: koffi loads the fake NVML (test/fake-nvml), which
// plays a scenario. Each test opens and closes its own session; the fake re-reads its scenario
// at the first nvmlInit after a full shutdown.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend, BackendReading } from '../../core/backend.js';
import { BYTES_PER_MIB } from '../../core/units.js';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';
import { checkReading } from '../../../test/contract/backend-contract.js';
import { openNvml, type NvmlBackend } from './index.js';

const opened: Backend[] = [];
const tempDirs: string[] = [];

beforeAll(ensureFakeNvmlBuilt, 120_000);
afterAll(async () => {
  for (const backend of opened) await backend.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** Opens the backend on a scenario (a name in scenarios/ or a path to a JSON file). */
function open(scenario: string, options: { step?: boolean; platform?: string; pcieThroughput?: boolean } = {}): NvmlBackend {
  const file = scenario.endsWith('.json') ? scenario : scenarioPath(scenario);
  const env = fakeNvmlEnv(file, { step: options.step });
  // The fake reads these with getenv() at nvmlInit; the backend reads GPUWISE_NVML_LIB from `env`.
  Object.assign(process.env, env);
  if (!options.step) delete process.env.FAKE_NVML_STEP;
  const result = openNvml({ env, platform: options.platform ?? 'linux', pcieThroughput: options.pcieThroughput });
  if (!result.ok) throw new Error(`NVML did not open: ${result.unavailable.code} ${result.unavailable.detail}`);
  opened.push(result.backend);
  return result.backend as NvmlBackend;
}

async function readOnce(scenario: string, options: Parameters<typeof open>[1] = {}): Promise<BackendReading> {
  const backend = open(scenario, options);
  try {
    return await backend.read();
  } finally {
    await backend.close();
  }
}

describe('NVML backend over the fake NVML', () => {
  it('reads an 8×H100 box: identity, memory, power, clocks, PCIe and one process per GPU', async () => {
    const reading = await readOnce('8x-h100');
    checkReading(reading, 8);
    expect(reading.driver).toMatchObject({ driverVersion: '550.90.07', cudaDriverVersion: '12.4' });
    const uuids = new Set(reading.devices.map((d) => d.uuid));
    expect(uuids.size).toBe(8);
    const gpu0 = reading.devices[0]!;
    expect(gpu0).toMatchObject({
      name: 'NVIDIA H100 80GB HBM3',
      state: 'ok',
      architecture: 'hopper',
      computeCapability: '9.0',
      powerLimitWatts: 700,
      pcieLinkGenerationMax: 5,
      pcieLinkWidthMax: 16,
      migModeCurrent: false,
      persistenceMode: true,
    });
    expect(gpu0.pciBusId).toMatch(/^[0-9A-F]{8}:[0-9A-F]{2}:[0-9A-F]{2}\.0$/);
    expect(gpu0.memoryTotalBytes).toBe(81559 * BYTES_PER_MIB);
    // Linux has no driver model: a typed null, not a guess.
    expect(gpu0.driverModel).toBeNull();
    expect(gpu0.unavailable.driverModel).toBe('not-supported');
    expect(reading.processes.map((p) => p.pid)).toEqual([120431, 120432, 120433, 120434, 120435, 120436, 120437, 120438]);
    expect(reading.processes[0]).toMatchObject({ gpuIndex: 0, type: 'compute', usedMemoryBytes: 9125 * BYTES_PER_MIB, gpuInstanceId: null });
    expect(reading.problems).toEqual([]);
  });

  it('follows values over time, frame by frame, with per-process utilisation', async () => {
    const backend = open('4gpu-server-load', { step: true });
    const first = await backend.read();
    const second = await backend.read();
    await backend.close();
    checkReading(first, 4);
    checkReading(second, 4);
    expect(first.devices.map((d) => d.gpuUtilPercent)).not.toEqual(second.devices.map((d) => d.gpuUtilPercent));
    // PID 51873 runs on GPUs 2 and 3: one entry per GPU.
    expect(first.processes.filter((p) => p.pid === 51873).map((p) => p.gpuIndex)).toEqual([2, 3]);
    expect(first.processes.find((p) => p.pid === 48211)?.smUtilPercent).toBeTypeOf('number');
  });

  it('reads an A100 in MIG mode: instances, processes placed in them, no device utilisation', async () => {
    const reading = await readOnce('a100-mig');
    checkReading(reading, 1);
    const gpu = reading.devices[0]!;
    expect(gpu.migModeCurrent).toBe(true);
    expect(gpu.migDevices.length).toBeGreaterThan(1);
    expect(gpu.migDevices[0]?.name).toMatch(/MIG \dg\.\d+gb/);
    expect(gpu.migDevices.every((m) => m.uuid?.startsWith('MIG-'))).toBe(true);
    expect(gpu.gpuUtilPercent).toBeNull();
    expect(gpu.unavailable.gpuUtilPercent).toBe('not-supported');
    const placed = reading.processes.find((p) => p.pid === 33010);
    expect(placed).toMatchObject({ gpuInstanceId: 2, usedMemoryBytes: 15230 * BYTES_PER_MIB });
    expect(placed?.computeInstanceId).toBeTypeOf('number');
  });

  it('works on an old driver: older symbols chosen, missing ones typed, PIDs intact', async () => {
    const backend = open('old-driver');
    const reading = await backend.read();
    await backend.close();
    checkReading(reading, 2);
    expect(backend.symbolName('computeProcesses')).toBe('nvmlDeviceGetComputeRunningProcesses_v2');
    expect(backend.symbolName('memoryInfoV2')).toBeNull();
    expect(backend.symbolName('clockEventReasons')).toBe('nvmlDeviceGetCurrentClocksThrottleReasons');
    const gpu = reading.devices[0]!;
    expect(gpu.memoryReservedBytes).toBeNull();
    expect(gpu.unavailable.memoryReservedBytes).toBe('symbol-missing');
    expect(gpu.memoryTotalBytes).toBeGreaterThan(0);
    expect(gpu.clockEventReasons).not.toBeNull();
    expect(reading.processes.map((p) => [p.pid, p.usedMemoryBytes])).toEqual([
      [2291, 5402 * BYTES_PER_MIB],
      [2305, 1916 * BYTES_PER_MIB],
    ]);
  });

  it('decodes the R535 driver whose _v3 functions fill the 32-byte struct', async () => {
    const reading = await readOnce('r535-v3-struct');
    expect(reading.processes.map((p) => [p.pid, p.usedMemoryBytes])).toEqual([
      [71524, 40962 * BYTES_PER_MIB],
      [71980, 10240 * BYTES_PER_MIB],
      [72013, 2542 * BYTES_PER_MIB],
    ]);
  });

  it('measures the real stride when the symbols suggest the wrong struct, and says so', async () => {
    // Every symbol present (so the version rule says 24 bytes) but the driver writes 32.
    const scenario = JSON.parse(readFileSync(scenarioPath('8x-h100'), 'utf8')) as Record<string, unknown>;
    scenario.processInfoStruct = 'v3';
    const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-nvml-stride-'));
    tempDirs.push(dir);
    const file = path.join(dir, 'v3-under-all-symbols.json');
    writeFileSync(file, JSON.stringify(scenario));
    const reading = await readOnce(file);
    expect(reading.processes.map((p) => p.pid)).toEqual([120431, 120432, 120433, 120434, 120435, 120436, 120437, 120438]);
    expect(reading.processes[0]?.usedMemoryBytes).toBe(9125 * BYTES_PER_MIB);
    expect(reading.problems).toContainEqual(expect.objectContaining({ scope: 'processes', code: 'struct-layout' }));
  });

  it('keeps reading the other GPU when one falls off the bus, and keeps the lost one\'s identity', async () => {
    const backend = open('gpu-falls-off-bus', { step: true });
    const before = await backend.read();
    await backend.read();
    const after = await backend.read();
    await backend.close();
    expect(before.devices.map((d) => d.state)).toEqual(['ok', 'ok']);
    checkReading(after, 2);
    const [healthy, lost] = after.devices;
    expect(healthy?.state).toBe('ok');
    expect(healthy?.memoryUsedBytes).toBeGreaterThan(0);
    expect(lost).toMatchObject({ state: 'lost', stateDetail: 'ERROR_GPU_IS_LOST', name: 'NVIDIA GeForce RTX 3090', memoryUsedBytes: null });
    expect(lost?.uuid).toBe(before.devices[1]?.uuid);
    expect(lost?.unavailable.memoryUsedBytes).toBe('gpu-lost');
    expect(after.processes.every((p) => p.gpuIndex === 0)).toBe(true);
    expect(after.problems).toContainEqual(expect.objectContaining({ scope: 'device:1', code: 'ERROR_GPU_IS_LOST' }));
  });

  it('opens a driver with no GPUs and reads nothing, without problems', async () => {
    const reading = await readOnce('no-gpus');
    expect(reading.devices).toEqual([]);
    expect(reading.processes).toEqual([]);
    expect(reading.problems).toEqual([]);
  });

  it('reads a Windows WDDM GeForce: driver model, per-process memory not available', async () => {
    const reading = await readOnce('windows-wddm', { platform: 'win32' });
    checkReading(reading, 1);
    expect(reading.devices[0]?.driverModel).toBe('WDDM');
    expect(reading.processes.length).toBeGreaterThan(0);
    expect(reading.processes.every((p) => p.usedMemoryBytes === null)).toBe(true);
  });

  it('can leave out PCIe throughput where the byte counters are missing (it samples for 20 ms per call on real GPUs)', async () => {
    // Driver 470 has no PCIe byte counters: only nvmlDeviceGetPcieThroughput could say.
    const reading = await readOnce('old-driver', { pcieThroughput: false });
    expect(reading.devices[0]?.pcieRxBytesPerSecond).toBeNull();
    expect(reading.devices[0]?.unavailable.pcieRxBytesPerSecond).toBe('not-reported');
  });
});

describe('NVML backend that cannot open', () => {
  it('says the driver is not loaded', () => {
    const env = fakeNvmlEnv(scenarioPath('driver-not-loaded'));
    Object.assign(process.env, env);
    const result = openNvml({ env, platform: 'linux' });
    expect(result).toMatchObject({ ok: false, unavailable: { code: 'driver-not-loaded' } });
    if (!result.ok) expect(result.unavailable.detail).toContain('ERROR_DRIVER_NOT_LOADED');
  });

  it('says the library is missing, naming where it looked', () => {
    const result = openNvml({ env: { GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1' }, platform: 'linux' });
    expect(result).toMatchObject({ ok: false, unavailable: { code: 'library-not-found' } });
    if (!result.ok) expect(result.unavailable.detail).toContain('/nonexistent/libnvidia-ml.so.1');
  });

  it('does not look for NVML on macOS', () => {
    expect(openNvml({ env: {}, platform: 'darwin' })).toMatchObject({ ok: false, unavailable: { code: 'unsupported-platform' } });
  });
});
