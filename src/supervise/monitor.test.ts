// The run's monitor over a fake sampler whose reads are driven by hand: the energy spans the job's
// life because the monitor reads once as the job starts and once after it ended (docs/run.md).
import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { Sample, SampleListener, Sampler } from '../monitor/sampler.js';
import { createRecognizer } from './failures/recognize.js';
import { createRunMonitor } from './monitor.js';

const WATTS = 300;

/** One GPU at a constant 300 W whose energy counter reads `clock` seconds × 300 J. */
function fakeSampler() {
  let clockMs = 0;
  let seq = 0;
  const listeners = new Set<SampleListener>();
  const read = (): Sample => {
    const device = { ...emptyGpuDevice(0, 'nvidia'), uuid: 'GPU-0', powerDrawWatts: WATTS, energyConsumedJoules: (clockMs / 1000) * WATTS };
    const sample = {
      seq: ++seq, wallMs: clockMs, monotonicMs: clockMs, coversMs: null, backendMs: 1, hostMs: 1,
      snapshot: { devices: [device], processes: [], problems: [] },
    } as unknown as Sample;
    listeners.forEach((listener) => listener(sample));
    return sample;
  };
  const sampler = {
    intervalMs: 1000,
    latest: () => null,
    subscribe: (listener: SampleListener) => (listeners.add(listener), () => listeners.delete(listener)),
    refresh: async () => read(),
  } as unknown as Sampler;
  return { sampler, tick: read, at: (ms: number) => (clockMs = ms) };
}

describe('run monitor', () => {
  it('counts the energy from a read as the job starts to one after it ended, not first to last interval sample', async () => {
    const fake = fakeSampler();
    fake.at(0); // the job starts now: the monitor's opening read
    const monitor = await createRunMonitor({ sampler: fake.sampler, gpuIndices: null, recognizer: createRecognizer(), attempt: () => 1, command: ['x'], recordedBy: 't', xid: null });
    // The sampler's own 1 Hz reads land inside the job's 10 s: 0.6 s … 9.6 s.
    for (let ms = 600; ms < 10_000; ms += 1000) {
      fake.at(ms);
      fake.tick();
    }
    fake.at(10_000); // the job has ended
    await monitor.finish();
    const [gpu] = monitor.gpus().recorded;
    expect(gpu).toMatchObject({ energySource: 'counter', energyJoules: 10 * WATTS, samples: 12 });
    await monitor.close();
  });
});
