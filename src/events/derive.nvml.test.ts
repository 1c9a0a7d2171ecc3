// The deriver behind a real sampler, reading the fake NVML through the FFI path, over a scenario
// that changes frame by frame (step mode: one frame per read): the events a recorder would store.

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv } from '../../test/fake-nvml/paths.js';
import { editedScenario } from '../../test/fake-nvml/session.js';
import { createSampler, type Sample, type Sampler } from '../monitor/sampler.js';
import { createEventDeriver } from './derive.js';
import type { GpuEvent } from './types.js';

beforeAll(ensureFakeNvmlBuilt, 120_000);

let sampler: Sampler | null = null;
afterEach(async () => {
  await sampler?.stop();
  sampler = null;
  // The fake reads its mode with getenv() at nvmlInit: leave no step mode to the next test file.
  delete process.env.FAKE_NVML_STEP;
});

type Frame = Record<string, unknown>;

/**
 * 4× RTX A6000 under load (4gpu-server-load), edited: frame 2 power-caps GPUs 0 and 1 (as
 * shipped) and fills GPU 1's memory; frame 3 frees the clocks, replaces a process on GPU 0,
 * heats GPU 2 to its slowdown point (95 °C), lowers GPU 1's memory a little (within the
 * hysteresis) and loses GPU 3 off the bus; frame 4 power-caps GPU 0
 * again, adds a thermal slowdown on GPU 1, and brings memory and temperature back down.
 */
function scenario(): string {
  return editedScenario('4gpu-server-load', (s) => {
    const devices = s.devices as Frame[];
    devices[3]!.lostAtFrame = 3;
    const timeline = s.timeline as { devices: (Frame | null)[] }[];
    const set = (frame: number, gpu: number, values: Frame) => Object.assign((timeline[frame]!.devices[gpu] ??= {}), values);
    const replaced = [
      { pid: 48211, type: 'C', usedMemoryMiB: 30211 },
      { pid: 60001, type: 'C', usedMemoryMiB: 4000 },
    ];
    set(2, 1, { memoryUsedMiB: 47_800 });
    // Under the threshold, within the hysteresis: still "nearly full", nothing told.
    set(3, 1, { memoryUsedMiB: 46_500 });
    set(3, 0, { processes: replaced });
    set(3, 2, { temperatureCelsius: 96 });
    set(4, 0, { processes: replaced });
    set(4, 1, { memoryUsedMiB: 30_000, clockEventReasons: '0x0000000000000044' });
    set(4, 2, { temperatureCelsius: 80 });
  });
}

/** Which frame a sample shows, told by GPU 0's temperature (distinct in every frame). */
const FRAME_BY_GPU0_TEMPERATURE = new Map([[44, 0], [71, 1], [78, 2], [69, 3], [79, 4]]);

describe('events from a real sampler over the fake NVML', () => {
  it('tells throttling, a process change, memory, heat and a GPU falling off the bus, each in its frame', async () => {
    const env = fakeNvmlEnv(scenario(), { step: true });
    Object.assign(process.env, env);
    sampler = await createSampler({
      intervalMs: 50,
      historyRows: 16,
      autoStart: false,
      sessionOptions: { backend: 'nvml', env, platform: 'linux', hostOptions: { firstSampleWindowMs: 0 } },
    });
    const deriver = createEventDeriver({ throttleClearMs: 0 });
    const seen: { frame: number | undefined; events: GpuEvent[] }[] = [];
    let last: Sample | null = null;
    for (let i = 0; i < 7; i++) {
      last = await sampler.refresh();
      seen.push({ frame: FRAME_BY_GPU0_TEMPERATURE.get(last.snapshot.devices[0]?.temperatureCelsius ?? -1), events: deriver.next(last) });
    }

    const frames = seen.map((s) => s.frame);
    expect(frames.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    const uuids = last!.snapshot.devices.map((d) => d.uuid);
    const told = seen.flatMap(({ frame, events }) =>
      events.map((e) => `${frame} ${e.kind} gpu${e.gpuIndex} ${e.severity}${e.params.pid ? ` pid ${e.params.pid}` : ''}${e.params.reasons ? ` ${e.params.reasons}` : ''}`),
    );
    expect(told).toEqual([
      '2 throttle-start gpu0 info sw-power-cap',
      '2 throttle-start gpu1 info sw-power-cap',
      '2 memory-nearly-full gpu1 warning',
      '3 gpu-lost gpu3 critical',
      '3 throttle-end gpu0 info sw-power-cap',
      '3 throttle-end gpu1 info sw-power-cap',
      '3 temperature-high gpu2 warning',
      '3 process-end gpu0 info pid 40122',
      '3 process-start gpu0 info pid 60001',
      '4 throttle-start gpu0 info sw-power-cap',
      '4 throttle-start gpu1 warning sw-power-cap,hw-thermal-slowdown',
      '4 memory-ok gpu1 info',
      '4 temperature-ok gpu2 info',
    ]);
    const lost = seen.flatMap((s) => s.events).find((e) => e.kind === 'gpu-lost');
    expect(lost).toMatchObject({ deviceKey: uuids[3], key: 'events.gpu.lost', params: { cause: 'lost', detail: 'ERROR_GPU_IS_LOST' } });
    // The lost GPU's process (PID 51873 also runs on GPU 2) is not ended: the driver stopped telling.
    expect(seen.flatMap((s) => s.events).filter((e) => e.params.pid === 51873)).toEqual([]);
  }, 60_000);
});
