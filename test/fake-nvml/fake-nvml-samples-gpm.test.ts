// The fake's sub-second and activity data through koffi: nvmlDeviceGetSamples (the driver's ring
// of 1/6 s samples, read since a timestamp) and GPM (metrics averaged between two samples).

import { beforeAll, describe, expect, it } from 'vitest';

import { code, type LoadedNvml } from './nvml-binding.js';
import { gpmAlloc, gpmFree, gpmGet, gpmMetrics, gpmSupport, samples } from './nvml-structs.js';
import { ensureFakeNvmlBuilt } from './paths.js';
import { deviceCount, deviceHandle, editedScenario, scenarioFile, withScenario, type Handle } from './session.js';

beforeAll(async () => {
  await ensureFakeNvmlBuilt();
}, 180_000);

const POWER = 0;
const GPU_UTIL = 1;
const TICK_US = 166_667n;
const RING = 120;

function utilizationGpu(nvml: LoadedNvml, device: Handle): number {
  const out = Buffer.alloc(8);
  expect(nvml.fn('nvmlDeviceGetUtilizationRates')(device, out)).toBe(0);
  return out.readUInt32LE(0);
}

describe('nvmlDeviceGetSamples', () => {
  it('answers the count query with the ring size, and the ring is full from the first call', async () => {
    await withScenario(
      '8x-h100',
      (nvml) => {
        deviceCount(nvml);
        const device = deviceHandle(nvml, 0);
        expect(samples(nvml, device, POWER, 0n, null)).toMatchObject({ rc: 0, count: RING, valueType: 1 });
        const all = samples(nvml, device, POWER, 0n, RING);
        expect(all.rc).toBe(0);
        expect(all.samples).toHaveLength(RING);
        expect(all.samples.every((s) => s.value === 118_420)).toBe(true); // mW, frame 0
        const steps = all.samples.slice(1).map((s, i) => s.timeStampUs - (all.samples[i]?.timeStampUs ?? 0n));
        expect(new Set(steps)).toEqual(new Set([TICK_US]));
      },
      { step: true },
    );
  });

  it('returns only samples newer than lastSeenTimeStamp, oldest first, and NOT_FOUND when none are', async () => {
    await withScenario('8x-h100', (nvml) => {
      const device = deviceHandle(nvml, 0);
      const first = samples(nvml, device, POWER, 0n, 10);
      const next = samples(nvml, device, POWER, first.samples.at(-1)?.timeStampUs ?? 0n, 10);
      expect(first.count).toBe(10);
      expect((next.samples[0]?.timeStampUs ?? 0n) - (first.samples.at(-1)?.timeStampUs ?? 0n)).toBe(TICK_US);
      const newest = samples(nvml, device, POWER, 0n, RING).samples.at(-1)?.timeStampUs ?? 0n;
      const none = samples(nvml, device, POWER, newest + 1_000_000n, RING);
      expect(none).toMatchObject({ rc: code('ERROR_NOT_FOUND'), count: 0 });
    });
  });

  it("shows a sub-second stall that the frame's 1 s utilisation hides", async () => {
    await withScenario(
      '8x-h100',
      (nvml) => {
        deviceCount(nvml);
        deviceCount(nvml); // frame 1 (1 s): training, with a stall once a second
        const device = deviceHandle(nvml, 0);
        const seen = samples(nvml, device, GPU_UTIL, 0n, RING).samples.at(-1)?.timeStampUs ?? 0n;
        deviceCount(nvml); // frame 2 (2 s)
        const lastSecond = samples(nvml, device, GPU_UTIL, seen, RING);
        expect(lastSecond.samples.map((s) => s.value)).toEqual([100, 100, 100, 100, 100, 41]);
        expect(utilizationGpu(nvml, device)).toBe(100);
      },
      { step: true },
    );
  });

  it('follows nvml.h on argument errors, unmodelled types, MIG mode and absent values', async () => {
    await withScenario('8x-h100', (nvml) => {
      const device = deviceHandle(nvml, 0);
      expect(samples(nvml, device, 7, 0n, RING).rc).toBe(code('ERROR_NOT_SUPPORTED')); // module power
      expect(samples(nvml, device, 10, 0n, RING).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      expect(samples(nvml, device, POWER, 0n, 0).rc).toBe(code('ERROR_INVALID_ARGUMENT'));
      const rc = nvml.declared(
        'int nvmlDeviceGetSamples(void *device, int type, unsigned long long lastSeen, void *valueType, void *count, void *samples)',
      )(device, POWER, 0n, Buffer.alloc(4), null, null);
      expect(rc).toBe(code('ERROR_INVALID_ARGUMENT'));
    });
    await withScenario('a100-mig', (nvml) => {
      const device = deviceHandle(nvml, 0);
      expect(samples(nvml, device, GPU_UTIL, 0n, RING).rc).toBe(code('ERROR_NOT_SUPPORTED'));
      expect(samples(nvml, device, POWER, 0n, RING).rc).toBe(0);
    });
    const noUtil = scenarioFile(
      JSON.stringify({
        system: { driverVersion: '550.90.07', nvmlVersion: '12.550.90.07' },
        devices: [{ name: 'GPU', uuid: 'GPU-1', pciBusId: '00000000:01:00.0' }],
        timeline: [{ atSeconds: 0, devices: [{ temperatureCelsius: 40 }] }],
      }),
    );
    await withScenario(noUtil, (nvml) => {
      expect(samples(nvml, deviceHandle(nvml, 0), GPU_UTIL, 0n, null).rc).toBe(code('ERROR_NOT_SUPPORTED'));
    });
  });
});

const METRIC = { graphics: 1, smActive: 2, smOccupancy: 3, integer: 4, tensor: 5, dram: 10, pcieTx: 20, nvlinkTx: 61, nvlinkL0Tx: 63, nvlinkL17Tx: 97, nvlinkL18Rx: 98 };

describe('GPM', () => {
  it('is supported on Hopper, not on Ampere, and a scenario can turn it off', async () => {
    await withScenario('8x-h100', (nvml) => {
      expect(gpmSupport(nvml, deviceHandle(nvml, 0))).toEqual({ rc: 0, supported: 1 });
      expect(gpmSupport(nvml, deviceHandle(nvml, 0), 2).rc).toBe(code('ERROR_ARGUMENT_VERSION_MISMATCH'));
    });
    await withScenario('4gpu-server-load', (nvml) => {
      const device = deviceHandle(nvml, 0);
      expect(gpmSupport(nvml, device)).toEqual({ rc: 0, supported: 0 });
      const sample = gpmAlloc(nvml);
      expect(gpmGet(nvml, device, sample)).toBe(code('ERROR_NOT_SUPPORTED'));
      expect(gpmFree(nvml, sample)).toBe(0);
    });
    const off = editedScenario('8x-h100', (scenario) => {
      Object.assign((scenario.devices as Record<string, unknown>[])[0] ?? {}, { gpmSupported: false });
    });
    await withScenario(off, (nvml) => {
      expect(gpmSupport(nvml, deviceHandle(nvml, 0)).supported).toBe(0);
      expect(gpmSupport(nvml, deviceHandle(nvml, 1)).supported).toBe(1);
    });
  });

  it("averages each metric over the interval between two samples, across frames", async () => {
    await withScenario(
      '8x-h100',
      (nvml) => {
        const [first, second] = [gpmAlloc(nvml), gpmAlloc(nvml)];
        deviceCount(nvml);
        deviceCount(nvml); // frame 1, 1 s
        expect(gpmGet(nvml, deviceHandle(nvml, 0), first)).toBe(0);
        deviceCount(nvml);
        deviceCount(nvml); // frame 3, 3 s: frames 1 and 2 were each 1 s long
        expect(gpmGet(nvml, deviceHandle(nvml, 0), second)).toBe(0);
        const ids = Object.values(METRIC);
        const { rc, metrics } = gpmMetrics(nvml, first, second, ids);
        expect(rc).toBe(0);
        const byId = new Map(ids.map((id, i) => [id, metrics[i]]));
        expect(byId.get(METRIC.graphics)?.value).toBeCloseTo(100, 6);
        expect(byId.get(METRIC.smActive)?.value).toBeCloseTo((78.4 + 74.9) / 2, 6);
        expect(byId.get(METRIC.smOccupancy)?.value).toBeCloseTo((33.1 + 32.6) / 2, 6);
        expect(byId.get(METRIC.tensor)?.value).toBeCloseTo((46.2 + 43.8) / 2, 6);
        expect(byId.get(METRIC.dram)?.value).toBeCloseTo((52.7 + 55.1) / 2, 6);
        expect(byId.get(METRIC.pcieTx)?.value).toBeCloseTo((812_044 + 790_331) / 2 / 1024, 6);
        const nvlinkMiBps = (191_406_250 + 183_593_750) / 2 / 1024;
        expect(byId.get(METRIC.nvlinkTx)?.value).toBeCloseTo(nvlinkMiBps, 6);
        expect(byId.get(METRIC.nvlinkL0Tx)?.value).toBeCloseTo(nvlinkMiBps / 18, 6);
        expect(byId.get(METRIC.nvlinkL17Tx)?.rc).toBe(0);
        expect(byId.get(METRIC.nvlinkL18Rx)?.rc).toBe(code('ERROR_NOT_SUPPORTED')); // H100 has 18 links
        expect(byId.get(METRIC.integer)?.rc).toBe(code('ERROR_NOT_SUPPORTED'));
        expect(gpmFree(nvml, first)).toBe(0);
        expect(gpmFree(nvml, second)).toBe(0);
      },
      { step: true },
    );
  });

  it('gives the frame rate for two samples in the same step-mode frame', async () => {
    await withScenario(
      '8x-h100',
      (nvml) => {
        deviceCount(nvml);
        deviceCount(nvml);
        const [a, b] = [gpmAlloc(nvml), gpmAlloc(nvml)];
        gpmGet(nvml, deviceHandle(nvml, 2), a);
        gpmGet(nvml, deviceHandle(nvml, 2), b);
        expect(gpmMetrics(nvml, a, b, [METRIC.smActive]).metrics[0]?.value).toBeCloseTo(78.4 - 0.8, 6);
      },
      { step: true },
    );
  });

  it('refuses unknown, freed, unfilled, mismatched or reversed samples and bad requests', async () => {
    await withScenario('8x-h100', (nvml) => {
      const [a, b, c, unfilled] = [gpmAlloc(nvml), gpmAlloc(nvml), gpmAlloc(nvml), gpmAlloc(nvml)];
      expect(gpmGet(nvml, deviceHandle(nvml, 0), a)).toBe(0);
      expect(gpmGet(nvml, deviceHandle(nvml, 0), b)).toBe(0);
      expect(gpmGet(nvml, deviceHandle(nvml, 1), c)).toBe(0);
      const invalid = code('ERROR_INVALID_ARGUMENT');
      expect(gpmMetrics(nvml, a, b, [2]).rc).toBe(0);
      expect(gpmMetrics(nvml, b, a, [2]).rc).toBe(invalid); // second older than first
      expect(gpmMetrics(nvml, a, c, [2]).rc).toBe(invalid); // two GPUs
      expect(gpmMetrics(nvml, a, unfilled, [2]).rc).toBe(invalid);
      expect(gpmMetrics(nvml, a, 0x1234n, [2]).rc).toBe(invalid); // not a sample
      expect(gpmMetrics(nvml, a, b, [2], { numMetrics: 0 }).rc).toBe(invalid);
      expect(gpmMetrics(nvml, a, b, [2], { numMetrics: 334 }).rc).toBe(invalid);
      expect(gpmMetrics(nvml, a, b, [2], { version: 2 }).rc).toBe(code('ERROR_ARGUMENT_VERSION_MISMATCH'));
      expect(gpmFree(nvml, b)).toBe(0);
      expect(gpmFree(nvml, b)).toBe(invalid); // freed twice
      expect(gpmMetrics(nvml, a, b, [2]).rc).toBe(invalid);
      for (const s of [a, c, unfilled]) expect(gpmFree(nvml, s)).toBe(0);
    });
  });

  it('is absent from the driver 470 build', async () => {
    await withScenario('old-driver', (nvml) => {
      expect(() => nvml.declared('int nvmlGpmSampleAlloc(_Out_ void **sample)')).toThrow();
      expect(() => nvml.declared('int nvmlGpmMetricsGet(void *metricsGet)')).toThrow();
    });
  });
});
