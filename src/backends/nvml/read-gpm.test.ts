// GPM over the fake NVML, counted call by call: a reader that will read again takes a baseline
// sample on its first reading; one told it reads once (one-shot `info --json`) asks only whether
// the GPU has GPM, and both say the same thing about the first reading. Later readings ask for
// every metric, the graphics engine's share included, in one nvmlGpmMetricsGet a GPU.

import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';
import { recordCalls } from './call-timings.js';
import { readerOptions } from './index.js';
import { loadNvmlLibrary } from './library.js';
import { GPM_MIN_INTERVAL_MS } from './read-gpm.js';
import { NvmlReader } from './reader.js';

beforeAll(ensureFakeNvmlBuilt, 120_000);

const GPM_CALLS = ['nvmlGpmQueryDeviceSupport', 'nvmlGpmSampleAlloc', 'nvmlGpmSampleGet', 'nvmlGpmMetricsGet'] as const;

/** One reading of `scenario` through a counting library: the GPM calls made and GPU 0's reasons. */
function firstReading(scenario: string, singleReading: boolean) {
  const env = fakeNvmlEnv(scenarioPath(scenario));
  Object.assign(process.env, env);
  delete process.env.FAKE_NVML_STEP;
  const loaded = loadNvmlLibrary('linux', env);
  if (!loaded.ok) throw new Error(loaded.detail);
  const recorder = recordCalls(loaded.library, { wallNs: () => 0, cpuNs: () => 0 });
  const lib = recorder.library;
  expect(lib.fn.init()).toBe(0);
  const reader = new NvmlReader(lib, { ...readerOptions({ singleReading }, 'linux') });
  try {
    const reading = reader.read();
    const calls = Object.fromEntries(GPM_CALLS.map((fn) => [fn, recorder.timings().find((t) => t.function === fn)?.calls ?? 0]));
    return { calls, devices: reading.devices.length, unavailable: reading.devices[0]!.unavailable };
  } finally {
    reader.close();
    lib.fn.shutdown();
  }
}

describe('GPM on a first reading', () => {
  it('takes a baseline sample per GPU when another reading may follow', () => {
    const { calls, devices, unavailable } = firstReading('8x-h100', false);
    expect(devices).toBe(8);
    expect(calls).toEqual({ nvmlGpmQueryDeviceSupport: 8, nvmlGpmSampleAlloc: 16, nvmlGpmSampleGet: 8, nvmlGpmMetricsGet: 0 });
    expect(unavailable.smActivePercent).toBe('first-sample');
  });

  it('only asks for support when the caller reads once, and says first-sample all the same', () => {
    const { calls, unavailable } = firstReading('8x-h100', true);
    expect(calls).toEqual({ nvmlGpmQueryDeviceSupport: 8, nvmlGpmSampleAlloc: 0, nvmlGpmSampleGet: 0, nvmlGpmMetricsGet: 0 });
    expect(unavailable.smActivePercent).toBe('first-sample');
    expect(unavailable.tensorActivePercent).toBe('first-sample');
    expect(unavailable.graphicsActivePercent).toBe('first-sample');
  });

  it('still tells a GPU without GPM apart when the caller reads once', () => {
    const { calls, unavailable } = firstReading('4gpu-server-load', true);
    expect(calls.nvmlGpmSampleAlloc).toBe(0);
    expect(unavailable.smActivePercent).toBe('not-supported');
  });
});

describe('GPM on later readings', () => {
  it('reads the graphics engine\'s share with the other metrics, in the one nvmlGpmMetricsGet a GPU', async () => {
    const env = fakeNvmlEnv(scenarioPath('8x-h100'), { step: true });
    Object.assign(process.env, env);
    const loaded = loadNvmlLibrary('linux', env);
    if (!loaded.ok) throw new Error(loaded.detail);
    const recorder = recordCalls(loaded.library, { wallNs: () => 0, cpuNs: () => 0 });
    expect(recorder.library.fn.init()).toBe(0);
    const reader = new NvmlReader(recorder.library, { ...readerOptions({}, 'linux') });
    try {
      const readings = [];
      for (let i = 0; i < 3; i++) {
        readings.push(reader.read());
        // GPM wants more than 100 ms between its samples, in real time.
        await new Promise((resolve) => setTimeout(resolve, GPM_MIN_INTERVAL_MS + 10));
      }
      expect(recorder.timings().find((t) => t.function === 'nvmlGpmMetricsGet')?.calls).toBe(16);
      // The third reading covers frame 1: GPU-Util 100, the graphics engine busy throughout.
      const gpu = readings[2]!.devices[0]!;
      expect(gpu.graphicsActivePercent).toBeCloseTo(100, 3);
      expect(gpu.tensorActivePercent).toBeCloseTo(46.2, 3);
      expect(readings[1]!.devices[0]!.graphicsActivePercent).toBeCloseTo(0, 3);
    } finally {
      reader.close();
      recorder.library.fn.shutdown();
      delete process.env.FAKE_NVML_STEP;
    }
  });
});
