// What changed between two readings, through the fake NVML: rates from the counters match the
// scenario's frames exactly, the first reading says `first-sample`, a prime makes the first read
// complete, the driver's sub-second samples come once each, and whatever a GPU or driver lacks is
// null with its reason — never a 0.

import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BackendReading } from '../../core/backend.js';
import type { GpuDevice } from '../../core/snapshot.js';
import { checkReading } from '../../../test/contract/backend-contract.js';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';
import { editedScenario } from '../../../test/fake-nvml/session.js';
import { openNvml, readerOptions, type NvmlBackend, type NvmlBackendOptions } from './index.js';
import { loadNvmlLibrary } from './library.js';
import { NvmlReader } from './reader.js';
import { GPM_MIN_INTERVAL_MS } from './read-gpm.js';
import { CARRY_UTILIZATION_MS } from './read-processes.js';

const opened: NvmlBackend[] = [];
beforeAll(ensureFakeNvmlBuilt, 120_000);
// The fake plays a new scenario only after a full shutdown: close each test's backend.
afterEach(async () => {
  for (const backend of opened.splice(0)) await backend.close();
});

function open(scenario: string, options: NvmlBackendOptions & { step?: boolean } = {}): NvmlBackend {
  const file = scenario.endsWith('.json') ? scenario : scenarioPath(scenario);
  const env = fakeNvmlEnv(file, { step: options.step });
  Object.assign(process.env, env);
  if (!options.step) delete process.env.FAKE_NVML_STEP;
  const result = openNvml({ env, platform: 'linux', ...options });
  if (!result.ok) throw new Error(`NVML did not open: ${result.unavailable.detail}`);
  opened.push(result.backend);
  return result.backend;
}

type Frame = { devices?: (Record<string, unknown> | null)[] };

/** A device's value in frame `k`, carried forward from earlier frames as the fake does. */
function frameValue(scenario: string, k: number, device: number, key: string): number {
  const timeline = (JSON.parse(readFileSync(scenarioPath(scenario), 'utf8')) as { timeline: Frame[] }).timeline;
  for (let frame = Math.min(k, timeline.length - 1); frame >= 0; frame--) {
    const value = timeline[frame]?.devices?.[device]?.[key];
    if (typeof value === 'number') return value;
  }
  throw new Error(`${scenario}: no ${key} for device ${device} up to frame ${k}`);
}

const INTERVAL_FIELDS = [
  'pcieTxBytesPerSecond', 'pcieRxBytesPerSecond', 'nvlinkTxBytesPerSecond', 'nvlinkRxBytesPerSecond', 'powerDrawAverageWatts',
  'throttleTimePercent', 'graphicsActivePercent', 'smActivePercent', 'smOccupancyPercent', 'tensorActivePercent', 'dramActivePercent',
] as const satisfies readonly (keyof GpuDevice)[];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rates between readings (8×H100, one frame per reading)', () => {
  it('has no rates in the first reading, each null with reason first-sample', async () => {
    const reading = await open('8x-h100', { step: true }).read();
    checkReading(reading, 8);
    for (const device of reading.devices) {
      for (const field of INTERVAL_FIELDS) {
        expect(device[field], `${field}`).toBeNull();
        expect(device.unavailable[field], `${field}`).toBe('first-sample');
      }
    }
  });

  it('gives, from two readings, exactly the rates the scenario ran at between them', async () => {
    const backend = open('8x-h100', { step: true });
    const readings: BackendReading[] = [];
    for (let i = 0; i < 3; i++) {
      readings.push(await backend.read());
      // GPM wants more than 100 ms between its samples (NVML's refresh rate), in real time.
      await pause(GPM_MIN_INTERVAL_MS + 10);
    }
    // Reading k+1 covers frame k (the counters advanced at frame k's rates until frame k+1).
    for (const k of [0, 1]) {
      for (const gpu of [0, 7]) {
        const device = readings[k + 1]!.devices[gpu]!;
        const kib = (key: string) => frameValue('8x-h100', k, gpu, key) * 1024;
        expect(device.pcieTxBytesPerSecond).toBeCloseTo(kib('pcieTxKiBPerSecond'), 3);
        expect(device.pcieRxBytesPerSecond).toBeCloseTo(kib('pcieRxKiBPerSecond'), 3);
        expect(device.nvlinkTxBytesPerSecond).toBeCloseTo(kib('nvlinkTxKiBPerSecond'), 3);
        expect(device.nvlinkRxBytesPerSecond).toBeCloseTo(kib('nvlinkRxKiBPerSecond'), 3);
        expect(device.powerDrawAverageWatts).toBeCloseTo(frameValue('8x-h100', k, gpu, 'powerDrawWatts'), 3);
        expect(device.smActivePercent).toBeCloseTo(frameValue('8x-h100', k, gpu, 'smActivePercent'), 3);
        expect(device.tensorActivePercent).toBeCloseTo(frameValue('8x-h100', k, gpu, 'tensorActivePercent'), 3);
        expect(device.graphicsActivePercent).toBeCloseTo(frameValue('8x-h100', k, gpu, 'graphicsActivePercent'), 3);
      }
    }
    // Frame 0 is idle (clock event reason 0x1, GPU idle): clocks held down the whole time by low
    // utilisation; frame 1 runs flat out.
    expect(readings[1]!.devices[0]!.throttleTimePercent).toMatchObject({ lowUtilization: 100, power: 0, thermal: 0 });
    expect(readings[2]!.devices[0]!.throttleTimePercent).toMatchObject({ lowUtilization: 0, power: 0 });
    // The instant power is the frame's own, not the average.
    expect(readings[1]!.devices[0]!.powerDrawWatts).toBeCloseTo(frameValue('8x-h100', 1, 0, 'powerInstantWatts'), 3);
  });

  it('has every rate in the first read after a prime (one-shot info primes at open, reads after its CPU window)', async () => {
    const backend = open('8x-h100', { step: true });
    await backend.prime();
    await pause(GPM_MIN_INTERVAL_MS + 10);
    const reading = await backend.read();
    checkReading(reading, 8);
    const device = reading.devices[3]!;
    for (const field of INTERVAL_FIELDS) expect(device[field], field).not.toBeNull();
    expect(device.pcieTxBytesPerSecond).toBeCloseTo(frameValue('8x-h100', 0, 3, 'pcieTxKiBPerSecond') * 1024, 3);
  });

  it('says first-sample, never a negative rate, when a counter starts over (a driver reload)', async () => {
    const file = editedScenario('8x-h100', (scenario) => {
      const frames = scenario.timeline as Frame[];
      frames[1]!.devices![0] = { ...frames[1]!.devices![0], pcieTxBytes: 0 };
    });
    const backend = open(file, { step: true });
    const readings = [await backend.read(), await backend.read(), await backend.read()];
    expect(readings[1]!.devices[0]!.pcieTxBytesPerSecond).toBeNull();
    expect(readings[1]!.devices[0]!.unavailable.pcieTxBytesPerSecond).toBe('first-sample');
    expect(readings[2]!.devices[0]!.pcieTxBytesPerSecond).toBeCloseTo(frameValue('8x-h100', 1, 0, 'pcieTxKiBPerSecond') * 1024, 3);
  });
});

describe("the driver's sub-second samples", () => {
  it('come once each: a reading carries only samples newer than the previous one, oldest first, in wall-clock ms', async () => {
    const backend = open('8x-h100', { subSecondSamples: true });
    expect(backend.capabilities.subSecondSamples).toBe(true);
    const first = await backend.read();
    await pause(600); // the fake samples every 1/6 s
    const second = await backend.read();
    const series = (reading: BackendReading, metric: string) => reading.samples!.find((s) => s.deviceIndex === 2 && s.metric === metric)!;
    for (const metric of ['gpuUtilPercent', 'memoryUtilPercent', 'powerDrawWatts'] as const) {
      const before = series(first, metric);
      const after = series(second, metric);
      expect(after.uuid).toBe(first.devices[2]!.uuid);
      expect(after.timesMs.length).toBeGreaterThanOrEqual(2);
      expect(after.timesMs.length).toBe(after.values.length);
      expect(Math.min(...after.timesMs)).toBeGreaterThan(Math.max(...before.timesMs));
      expect([...after.timesMs].sort((a, b) => a - b)).toEqual(after.timesMs);
      // µs from the driver, ms on the reading: within a minute of now, not 1000× off.
      expect(Math.abs(after.timesMs.at(-1)! - Date.now())).toBeLessThan(60_000);
    }
    // Power samples are mW in NVML: watts here, like powerDrawWatts.
    expect(series(second, 'powerDrawWatts').values[0]).toBeCloseTo(frameValue('8x-h100', 0, 2, 'powerDrawWatts'), 1);
  });

  it('are left out unless asked for (one-shot info has no use for them)', async () => {
    const reading = await open('8x-h100').read();
    expect(reading.samples).toBeUndefined();
  });

  it('have no utilisation series on a GPU in MIG mode, where NVML has none', async () => {
    const reading = await open('a100-mig', { subSecondSamples: true }).read();
    expect(reading.samples!.map((s) => s.metric)).not.toContain('gpuUtilPercent');
  });
});

describe('what a GPU or driver lacks is null with a reason', () => {
  it('on driver 470: no GPM symbols, no PCIe byte counters (measured in the background instead), no instant power field', async () => {
    const backend = open('old-driver');
    const first = await backend.read();
    checkReading(first, 2);
    const gpu = first.devices[0]!;
    expect(gpu.smActivePercent).toBeNull();
    expect(gpu.unavailable.smActivePercent).toBe('symbol-missing');
    // nvmlDeviceGetPcieThroughput takes 20 ms per call on a real GPU: never inside the read.
    expect(gpu.unavailable.pcieTxBytesPerSecond).toBe('first-sample');
    // GetPowerUsage stands in for the missing NVML_FI_DEV_POWER_INSTANT.
    expect(gpu.powerDrawWatts).toBeGreaterThan(0);
    await pause(100);
    const second = await backend.read();
    expect(second.devices[0]!.pcieTxBytesPerSecond).toBe(frameValue('old-driver', 0, 0, 'pcieTxKiBPerSecond') * 1024);
  });

  it('on Ampere without NVLink: GPM and NVLink not supported', async () => {
    const backend = open('4gpu-server-load');
    await backend.read();
    const device = (await backend.read()).devices[0]!;
    expect(device.unavailable.smActivePercent).toBe('not-supported');
    expect(device.graphicsActivePercent).toBeNull();
    expect(device.unavailable.graphicsActivePercent).toBe('not-supported');
    expect(device.unavailable.nvlinkTxBytesPerSecond).toBe('not-supported');
    expect(device.nvlinkTxBytesPerSecond).toBeNull();
  });

  it('gives GPM no figure for a reading sooner than 100 ms after the last (NVML refreshes no faster), and keeps the baseline', async () => {
    const backend = open('8x-h100', { step: true });
    await backend.read();
    const soon = (await backend.read()).devices[0]!;
    expect(soon.unavailable.smActivePercent).toBe('first-sample');
    expect(soon.pcieTxBytesPerSecond).toBeTypeOf('number');
    await pause(GPM_MIN_INTERVAL_MS + 10);
    expect((await backend.read()).devices[0]!.smActivePercent).toBeTypeOf('number');
  });

  it('can leave GPM out', async () => {
    const backend = open('8x-h100', { gpm: false, step: true });
    await backend.read();
    await pause(GPM_MIN_INTERVAL_MS + 10);
    const device = (await backend.read()).devices[0]!;
    expect(device.smActivePercent).toBeNull();
    expect(device.unavailable.smActivePercent).toBe('not-reported');
  });
});

describe('per-process utilisation', () => {
  it('is what happened since the previous reading, not the first sample over again', async () => {
    const backend = open('4gpu-server-load', { step: true });
    const readings = [await backend.read(), await backend.read(), await backend.read()];
    const sm = (reading: BackendReading) => reading.processes.find((p) => p.pid === 48211 && p.gpuIndex === 0)?.smUtilPercent;
    const timeline = (JSON.parse(readFileSync(scenarioPath('4gpu-server-load'), 'utf8')) as { timeline: Frame[] }).timeline;
    const expected = [0, 1, 2].map((k) => {
      const processes = timeline[k]!.devices![0]!.processes as { pid: number; smUtilPercent?: number }[];
      return processes.find((p) => p.pid === 48211)!.smUtilPercent;
    });
    expect(new Set(expected).size).toBe(3);
    expect(readings.map(sm)).toEqual(expected);
  });

  it('a read soon after one with no newer sample carries its values briefly (one-shot info\'s second read), then gives none', async () => {
    const env = fakeNvmlEnv(scenarioPath('4gpu-server-load'));
    Object.assign(process.env, env);
    delete process.env.FAKE_NVML_STEP;
    const loaded = loadNvmlLibrary('linux', env);
    if (!loaded.ok) throw new Error(loaded.detail);
    expect(loaded.library.fn.init()).toBe(0);
    let skippedMs = 0;
    const reader = new NvmlReader(loaded.library, { ...readerOptions({}, 'linux'), monotonicNow: () => performance.now() + skippedMs });
    const sm = (reading: BackendReading) => reading.processes.find((p) => p.pid === 48211 && p.gpuIndex === 0)?.smUtilPercent;
    try {
      const first = sm(reader.read());
      expect(first).toBeTypeOf('number');
      expect(sm(reader.read())).toBe(first);
      // Past CARRY_UTILIZATION_MS with still no newer sample: nothing to give, not an old figure.
      skippedMs += CARRY_UTILIZATION_MS + 1;
      expect(sm(reader.read())).toBeNull();
    } finally {
      reader.close(false);
      loaded.library.fn.shutdown();
    }
  });
});
