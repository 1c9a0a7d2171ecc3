import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BYTES_PER_MIB } from '../../core/units.js';
import { GPU_FIELDS } from './fields.js';
import { parseComputeApps, parseGpuQuery } from './parse-query.js';

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/nvidia-smi/${name}`, import.meta.url), 'utf8');
const MIB = BYTES_PER_MIB;
const THREE_GPUS = fixture('handmade_3x-a100_lost-and-errors_nounits.csv');
/** What the backend asks for first, in order (every field's preferred name). */
const ASKED = GPU_FIELDS.map((field) => field.query[0]!);

describe('parseGpuQuery on the backend’s own query shape', () => {
  const result = parseGpuQuery(THREE_GPUS, ASKED);
  const [healthy, lost, erring] = result.devices;

  it('reads a healthy GPU under load', () => {
    expect(healthy).toMatchObject({
      index: 0,
      state: 'ok',
      name: 'NVIDIA A100-SXM4-80GB',
      architecture: 'ampere',
      memoryTotalBytes: 81920 * MIB,
      memoryUsedBytes: 40212 * MIB,
      memoryReservedBytes: 594 * MIB,
      gpuUtilPercent: 97,
      memoryUtilPercent: 61,
      powerDrawWatts: 389.12,
      powerLimitWatts: 400,
      smClockMhz: 1410,
      pcieLinkGeneration: 4,
      clockEventReasons: ['sw-power-cap'],
      eccErrors: { correctedVolatile: 0, uncorrectedVolatile: 0, correctedAggregate: 3, uncorrectedAggregate: 0 },
      migModeCurrent: false,
      computeMode: 'default',
      persistenceMode: true,
    });
    expect(result.driverVersion).toBe('535.104.05');
  });

  it('marks a lost GPU lost and keeps what it still knows', () => {
    expect(lost).toMatchObject({ index: 1, state: 'lost', stateDetail: 'GPU is lost', pciBusId: '00000000:0F:00.0' });
    expect(lost?.memoryTotalBytes).toBeNull();
    expect(lost?.unavailable.memoryTotalBytes).toBe('gpu-lost');
    expect(lost?.unavailable.temperatureCelsius).toBe('gpu-lost');
  });

  it('gives each error its own reason, never a number', () => {
    expect(erring).toMatchObject({ index: 2, state: 'ok', temperatureCelsius: null, powerDrawWatts: null, performanceState: null });
    expect(erring?.unavailable).toMatchObject({
      temperatureCelsius: 'no-permission',
      powerDrawWatts: 'error',
      performanceState: 'not-supported',
      clockEventReasons: 'not-supported',
    });
    expect(erring?.computeMode).toBe('exclusive-process');
  });

  it('reports the GPU nvidia-smi could not open', () => {
    expect(result.problems).toContainEqual({ scope: 'device:0000:C1:00.0', code: 'device-error', message: 'Unknown Error' });
  });

  it('prefers "lost" over "requires reset" when a row has both', () => {
    const { devices } = parseGpuQuery('index, power.draw [W], memory.used [MiB]\n0, [GPU requires reset], [GPU is lost]\n');
    expect(devices[0]).toMatchObject({ state: 'lost', stateDetail: 'GPU is lost' });
    const reset = parseGpuQuery('index, power.draw [W]\n0, [GPU requires reset]\n').devices[0];
    expect(reset).toMatchObject({ state: 'error', stateDetail: 'GPU requires reset' });
  });

  it('names a lost-GPU message as such', () => {
    const text = 'Unable to determine the device handle for GPU 0000:3B:00.0: GPU is lost.  Reboot the system to recover this GPU\n';
    expect(parseGpuQuery(text).problems).toEqual([
      { scope: 'device:0000:3B:00.0', code: 'gpu-lost', message: 'GPU is lost.  Reboot the system to recover this GPU' },
    ]);
  });
});

describe('parseGpuQuery edge cases', () => {
  it('refuses an empty output: nvidia-smi with no GPU says "No devices were found", never nothing', () => {
    for (const text of ['', '\n  \n']) {
      const result = parseGpuQuery(text);
      expect(result.devices).toEqual([]);
      expect(result.rejected?.code).toBe('empty-output');
      expect(result.problems).toEqual([{ scope: 'devices', code: 'empty-output', message: 'nvidia-smi printed nothing; not a GPU query answer' }]);
    }
  });

  it('turns a malformed number into null plus a problem that says where', () => {
    const { devices, problems } = parseGpuQuery('index, power.draw [W], temperature.gpu\n0, 12.3.4, abc\n');
    expect(devices[0]?.powerDrawWatts).toBeNull();
    expect(devices[0]?.unavailable.powerDrawWatts).toBe('error');
    expect(problems.map((p) => [p.scope, p.code])).toEqual([
      ['device:0', 'parse'],
      ['device:0', 'parse'],
    ]);
    expect(problems.map((p) => p.message)).toContain('line 2: powerDraw: not a number: "12.3.4"');
    expect(problems.map((p) => p.message)).toContain('line 2: temperature: not a number: "abc"');
  });

  it('converts other memory units and refuses units it does not know', () => {
    const { devices, problems } = parseGpuQuery('index, memory.total [GiB], memory.used [furlongs]\n0, 80, 3\n');
    expect(devices[0]?.memoryTotalBytes).toBe(80 * 1024 * MIB);
    expect(devices[0]?.memoryUsedBytes).toBeNull();
    expect(problems[0]?.message).toContain('unknown unit "furlongs"');
  });

  it('matches a header name it has never seen by the position it was asked for', () => {
    const text = 'index, clocks.current.sm.renamed [MHz]\n0, 1410\n';
    expect(parseGpuQuery(text, ['index', 'clocks.sm']).devices[0]?.smClockMhz).toBe(1410);
    // Without the query list the column cannot be placed, so the field stays unreported.
    expect(parseGpuQuery(text).devices[0]?.unavailable.smClockMhz).toBe('not-reported');
  });

  it('reads the old and new name of the clock event mask alike', () => {
    const old = parseGpuQuery('index, clocks_throttle_reasons.active\n0, 0x0000000000000060\n');
    const renamed = parseGpuQuery('index, clocks_event_reasons.active\n0, 0x0000000000000060\n');
    expect(old.devices[0]?.clockEventReasons).toEqual(['sw-thermal-slowdown', 'hw-thermal-slowdown']);
    expect(renamed.devices).toEqual(old.devices);
  });

  it('falls back to the requested power limit when the enforced one is missing', () => {
    const { devices } = parseGpuQuery('index, power.limit [W], enforced.power.limit [W]\n0, 250.00, [N/A]\n');
    expect(devices[0]?.powerLimitWatts).toBe(250);
    expect(devices[0]?.unavailable.powerLimitWatts).toBeUndefined();
  });

  it('clamps utilisation above 100 % but not the fan, which may exceed it', () => {
    const { devices } = parseGpuQuery('index, utilization.gpu [%], fan.speed [%]\n0, 101, 104\n');
    expect(devices[0]?.gpuUtilPercent).toBe(100);
    expect(devices[0]?.fanSpeedPercent).toBe(104);
  });

  it('rejects a negative memory figure', () => {
    const { devices, problems } = parseGpuQuery('index, memory.used [MiB]\n0, -5\n');
    expect(devices[0]?.memoryUsedBytes).toBeNull();
    expect(problems).toHaveLength(1);
  });

  it('reports rows it cannot split', () => {
    const { devices, problems } = parseGpuQuery('index, name\n0, A100\n1\n');
    expect(devices).toHaveLength(1);
    expect(problems).toEqual([{ scope: 'devices', code: 'parse', message: 'line 3: expected 2 cells, found 1' }]);
  });
});

describe('parseComputeApps', () => {
  const { devices } = parseGpuQuery(THREE_GPUS, ASKED);
  const result = parseComputeApps(fixture('handmade_compute-apps_nounits.csv'), devices);

  it('places processes on their GPU and converts memory to bytes', () => {
    expect(result.processes[0]).toEqual({
      pid: 48121,
      gpuIndex: 0,
      gpuUuid: 'GPU-3b5c1a2e-7d4f-4e1a-9c2b-1f0e2d3c4b5a',
      gpuInstanceId: null,
      computeInstanceId: null,
      type: 'compute',
      usedMemoryBytes: 39872 * MIB,
      smUtilPercent: null,
      memoryUtilPercent: null,
      encoderUtilPercent: null,
      decoderUtilPercent: null,
      name: '/usr/bin/python3.10',
    });
  });

  it('keeps a process name that contains the separator whole', () => {
    expect(result.processes[1]).toMatchObject({ pid: 48377, name: '/opt/lab, tools/bin/render worker', usedMemoryBytes: 212 * MIB });
  });

  it('leaves an unknown name and memory null', () => {
    expect(result.processes[2]).toMatchObject({ pid: 51002, gpuIndex: 2, name: null, usedMemoryBytes: null });
  });

  it('reports processes on a GPU the reading does not list, once', () => {
    expect(result.processes.map((p) => p.pid)).not.toContain(51999);
    expect(result.problems).toEqual([
      {
        scope: 'processes',
        code: 'unknown-gpu',
        message: 'processes on GPUs this reading does not list: 51999 on GPU-ffffffff-0000-4000-8000-000000000000',
      },
    ]);
  });

  it('places by PCI bus id when the UUID is missing', () => {
    const text = 'gpu_uuid, gpu_bus_id, pid, process_name, used_gpu_memory [MiB]\n[N/A], 00000000:47:00.0, 7, x, 1\n';
    expect(parseComputeApps(text, devices).processes[0]?.gpuIndex).toBe(2);
  });

  it('returns no processes for a bare header (nothing running)', () => {
    expect(parseComputeApps('pid, process_name, used_gpu_memory [MiB]\n', devices)).toEqual({ processes: [], problems: [] });
  });

  it('skips a row without a PID and says so', () => {
    const text = 'gpu_uuid, pid, process_name\nGPU-3b5c1a2e-7d4f-4e1a-9c2b-1f0e2d3c4b5a, [N/A], x\n';
    const parsed = parseComputeApps(text, devices);
    expect(parsed.processes).toEqual([]);
    expect(parsed.problems[0]?.message).toBe('line 2: no usable PID ("[N/A]")');
  });
});
