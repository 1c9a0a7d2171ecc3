import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { Snapshot } from '../core/snapshot.js';
import { SampleHistory } from './history.js';

/** A one-GPU snapshot at `wallMs`, its utilisation `util`, with two driver samples before it. */
function snapshotAt(wallMs: number, util: number): Snapshot {
  const device = emptyGpuDevice(0, 'nvidia', 'not-reported');
  device.uuid = 'GPU-a';
  device.gpuUtilPercent = util;
  return {
    at: new Date(wallMs).toISOString(),
    host: { cpuUtilPercent: util },
    devices: [device],
    processes: [],
    problems: [],
    samples: [{ deviceIndex: 0, uuid: 'GPU-a', metric: 'gpuUtilPercent', timesMs: [wallMs - 500, wallMs - 250], values: [util, util] }],
  } as unknown as Snapshot;
}

const T0 = Date.UTC(2026, 11, 4, 12, 0, 0);

describe('SampleHistory over a step of the wall clock', () => {
  it('a step back moves the rows kept back with it: the last minute is still the last minute', () => {
    const history = new SampleHistory(100);
    // 30 rows a second apart (monotonic 0 … 29 s), then the wall clock is set back an hour.
    for (let i = 0; i < 30; i++) history.add(T0 + i * 1000, i * 1000, snapshotAt(T0 + i * 1000, i));
    const stepMs = -3_600_000;
    for (let i = 30; i < 35; i++) history.add(T0 + i * 1000 + stepMs, i * 1000, snapshotAt(T0 + i * 1000 + stepMs, i));
    const window = history.window(9.5);
    const gpu = window.devices[0]!;
    // The last 9.5 s: the 5 rows after the step and the 5 before it, in order, on the new clock.
    expect(gpu.columns.gpuUtilPercent).toEqual([25, 26, 27, 28, 29, 30, 31, 32, 33, 34]);
    expect(gpu.timesMs).toEqual(Array.from({ length: 10 }, (_, k) => T0 + (25 + k) * 1000 + stepMs));
    expect(window.host.columns.cpuUtilPercent).toEqual([25, 26, 27, 28, 29, 30, 31, 32, 33, 34]);
    // The driver's sub-second samples moved too, and the new ones are kept after them.
    const samples = gpu.samples.gpuUtilPercent!;
    expect(samples.timesMs.length).toBe(20);
    for (let k = 1; k < samples.timesMs.length; k++) expect(samples.timesMs[k]!).toBeGreaterThan(samples.timesMs[k - 1]!);
    expect(samples.timesMs[0]).toBe(T0 + 25 * 1000 + stepMs - 500);
  });

  it('a step forward is time that may have passed (a machine suspended): the rows keep their times', () => {
    const history = new SampleHistory(100);
    for (let i = 0; i < 5; i++) history.add(T0 + i * 1000, i * 1000, snapshotAt(T0 + i * 1000, i));
    history.add(T0 + 3_600_000, 5000, snapshotAt(T0 + 3_600_000, 5));
    expect(history.window(60).devices[0]!.columns.gpuUtilPercent).toEqual([5]);
    expect(history.window(Infinity).devices[0]!.timesMs[0]).toBe(T0);
  });
});

describe('SampleHistory.window', () => {
  it('0 s is the newest instant, Infinity all; a negative or NaN span is refused, not read as everything', () => {
    const history = new SampleHistory(100);
    for (let i = 0; i < 20; i++) history.add(T0 + i * 1000, i * 1000, snapshotAt(T0 + i * 1000, i));
    expect(history.window(0).devices[0]!.columns.gpuUtilPercent).toEqual([19]);
    expect(history.window(2.5).devices[0]!.columns.gpuUtilPercent).toEqual([17, 18, 19]);
    expect(history.window(Infinity).devices[0]!.timesMs).toHaveLength(20);
    expect(() => history.window(-1)).toThrow(RangeError);
    expect(() => history.window(Number.NaN)).toThrow(RangeError);
  });
});
