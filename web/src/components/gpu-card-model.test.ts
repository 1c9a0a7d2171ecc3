import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../../../src/core/empty-device.js';
import type { GpuDevice, GpuProcess, Snapshot, SnapshotProblem } from '../../../src/core/snapshot.js';
import * as top from '../../../src/cli/top/gpu-state.js';
import { deviceKey as historyDeviceKey } from '../../../src/monitor/history.js';
import { translate } from '../app/i18n.js';
import { cardState, deviceKey, memoryLevel, memoryPercent, overviewTotals, powerPercent, processesOf, stateProblem, temperatureLevel, throttleReasons } from './gpu-card-model.js';

const GIB = 1024 ** 3;
const METRICS = { metrics: true, processes: true, intervalRates: true, subSecondSamples: true } as Snapshot['capabilities'];

function gpu(index: number, values: Partial<GpuDevice> = {}): GpuDevice {
  return { ...emptyGpuDevice(index, 'nvidia'), uuid: `GPU-${index}`, name: 'NVIDIA H100 80GB HBM3', ...values };
}

function proc(pid: number, values: Partial<GpuProcess> = {}): GpuProcess {
  return {
    pid, gpuIndex: 0, gpuUuid: 'GPU-0', gpuInstanceId: null, computeInstanceId: null, type: 'compute', usedMemoryBytes: null,
    smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null, name: null, command: null,
    user: null, cpuPercent: null, rssBytes: null, startedAt: null, hostResolution: 'ok', ...values,
  };
}

describe('GPU card state', () => {
  it('tells a lost, a hung and an unreadable GPU apart', () => {
    expect(cardState(gpu(0, { state: 'lost', stateDetail: 'GPU_IS_LOST' }), METRICS)).toBe('lost');
    const hung = gpu(1, { state: 'error' });
    hung.unavailable.gpuUtilPercent = 'timeout';
    expect(cardState(hung, METRICS)).toBe('hung');
    expect(top.isHung(hung)).toBe(true);
    expect(cardState(gpu(2, { state: 'error', stateDetail: 'UNKNOWN' }), METRICS)).toBe('error');
    expect(cardState(gpu(3, { gpuUtilPercent: 5 }), METRICS)).toBe('ok');
  });

  it('calls a GPU unsupported when the backend only finds it, or the driver supports none of its live values', () => {
    expect(cardState(gpu(0), { ...METRICS!, metrics: false })).toBe('unsupported');
    expect(cardState(emptyGpuDevice(0, 'other', 'not-supported'), METRICS)).toBe('unsupported');
    // Values merely missing for now (first sample, a timeout of one field) are not "unsupported".
    expect(cardState(emptyGpuDevice(0, 'nvidia', 'first-sample'), METRICS)).toBe('ok');
    expect(cardState(gpu(0), METRICS)).toBe('ok');
  });

  it('finds the problem that says why a GPU has no values, to say it in the reader\'s language', () => {
    const stuck = 'NVML has not answered for 693 s; a GPU or the driver may be hung';
    const problems: SnapshotProblem[] = [
      { scope: 'processes', code: 'timeout', message: 'the process list timed out' },
      { scope: 'device:1', code: 'timeout', message: stuck, key: 'problems.deviceStuck', params: { seconds: 693 } },
    ];
    const hung = gpu(1, { state: 'error', stateDetail: stuck });
    const problem = stateProblem(hung, problems);
    expect(problem?.key).toBe('problems.deviceStuck');
    const zh = translate('zh-CN', problem!.key as 'problems.deviceStuck', problem!.params);
    expect(zh).toContain('693');
    expect(zh).not.toMatch(/has not answered/);
    // A driver-wide problem names no GPU: it is found by its sentence, which every GPU carries.
    const driver: SnapshotProblem = { scope: 'devices', code: 'timeout', message: 'NVML has not answered for 9 s; the driver may be hung', key: 'problems.driverStuck', params: { seconds: 9 } };
    expect(stateProblem(gpu(0, { state: 'error', stateDetail: driver.message }), [driver])).toBe(driver);
    // Without a message key there is nothing to translate: the card shows the system's words.
    expect(stateProblem(gpu(2, { state: 'lost', stateDetail: 'GPU_IS_LOST' }), [{ scope: 'device:2', code: 'ERROR_GPU_IS_LOST', message: 'GPU_IS_LOST' }])).toBeNull();
    expect(stateProblem(gpu(3, { state: 'error', stateDetail: 'x' }), problems)).toBeNull();
  });

  it('names GPUs by the key the API uses', () => {
    for (const device of [gpu(0), { ...gpu(1), uuid: null, pciBusId: '00000000:18:00.0' }, { ...gpu(2), uuid: null, pciBusId: null }]) {
      expect(deviceKey(device)).toBe(historyDeviceKey(device));
    }
  });
});

describe('GPU card levels (the same as gpuwise top)', () => {
  it('agrees with top on temperature and memory levels', () => {
    for (const temperatureCelsius of [null, 40, 76, 77, 78, 83, 84, 85, 95]) {
      for (const temperatureSlowdownCelsius of [null, 89]) {
        const device = gpu(0, { temperatureCelsius, temperatureSlowdownCelsius });
        expect(temperatureLevel(device)).toBe(top.temperatureLevel(device));
      }
    }
    for (const used of [null, 0, 70, 72, 76, 79]) {
      const device = gpu(0, { memoryUsedBytes: used === null ? null : used * GIB, memoryTotalBytes: 80 * GIB });
      expect(memoryLevel(device)).toBe(top.memoryLevel(device));
      expect(memoryPercent(device)).toBe(top.memoryPercent(device));
    }
  });

  it('has no share of a missing or zero total', () => {
    expect(memoryPercent(gpu(0, { memoryUsedBytes: GIB, memoryTotalBytes: 0 }))).toBeNull();
    expect(powerPercent(gpu(0, { powerDrawWatts: 350 }))).toBeNull();
    expect(powerPercent(gpu(0, { powerDrawWatts: 350, powerLimitWatts: 700 }))).toBe(50);
  });

  it('marks hardware slowdowns as danger, caps as warnings and idling as neither', () => {
    expect(throttleReasons(gpu(0))).toBeNull();
    expect(throttleReasons(gpu(0, { clockEventReasons: [] }))).toEqual([]);
    expect(throttleReasons(gpu(0, { clockEventReasons: ['gpu-idle', 'sw-power-cap', 'hw-thermal-slowdown'] }))).toEqual([
      { reason: 'gpu-idle', level: null },
      { reason: 'sw-power-cap', level: 'warn' },
      { reason: 'hw-thermal-slowdown', level: 'danger' },
    ]);
  });
});

describe('processes and totals', () => {
  it('lists a GPU’s processes by memory, unknown memory last', () => {
    const processes = [proc(3, { usedMemoryBytes: null }), proc(1, { usedMemoryBytes: GIB }), proc(2, { usedMemoryBytes: 4 * GIB }), proc(9, { gpuIndex: 1, gpuUuid: 'GPU-1' })];
    expect(processesOf(processes, gpu(0)).map((p) => p.pid)).toEqual([2, 1, 3]);
    expect(processesOf(processes, gpu(1)).map((p) => p.pid)).toEqual([9]);
    // Without a UUID the index decides.
    expect(processesOf([proc(5, { gpuUuid: null })], { index: 0, uuid: null }).map((p) => p.pid)).toEqual([5]);
  });

  it('sums each amount and its whole over the same GPUs: those that report both, and says how many', () => {
    const snapshot = {
      capabilities: METRICS,
      devices: [
        gpu(0, { gpuUtilPercent: 90, memoryUsedBytes: 10 * GIB, memoryTotalBytes: 80 * GIB, powerDrawWatts: 498, powerLimitWatts: 500 }),
        // Draw and memory used missing, the limit and the size known: out of both sums, not 0 of 700 W.
        gpu(1, { gpuUtilPercent: 30, memoryUsedBytes: null, memoryTotalBytes: 80 * GIB, powerDrawWatts: null, powerLimitWatts: 700 }),
        gpu(2, { state: 'lost' }),
      ],
      processes: [proc(1), proc(2)],
    } as unknown as Snapshot;
    expect(overviewTotals(snapshot)).toEqual({
      gpus: 3, trouble: 1, meanUtilPercent: 60,
      memory: { used: 10 * GIB, whole: 80 * GIB, counted: 1 },
      power: { used: 498, whole: 500, counted: 1 },
      processes: 2,
    });
    // A draw without a limit is left out too.
    const noLimit = overviewTotals({ capabilities: METRICS, devices: [gpu(0, { powerDrawWatts: 300, powerLimitWatts: 400 }), gpu(1, { powerDrawWatts: 250, powerLimitWatts: null })], processes: [] } as unknown as Snapshot);
    expect(noLimit.power).toEqual({ used: 300, whole: 400, counted: 1 });
    const none = overviewTotals({ capabilities: METRICS, devices: [gpu(0)], processes: [] } as unknown as Snapshot);
    expect(none.meanUtilPercent).toBeNull();
    expect(none.power).toEqual({ used: null, whole: null, counted: 0 });
  });
});
