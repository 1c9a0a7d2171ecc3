// --gpus N / auto: pick judges the run's sampler over pick's own window at pick's own pace (four
// reads a second), not at the run's 1 Hz, so a GPU busy between two reads is not handed out.
import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { Sample, SampleListener, Sampler } from '../monitor/sampler.js';
import { chooseGpus, PICK_READ_INTERVAL_MS } from './gpus.js';

const GIB = 1024 ** 3;

/**
 * GPU 0 always busy; GPU 1 busy in every other 250 ms frame (a training job between two steps);
 * GPUs 2 and 3 idle. The sampler's clock moves by its interval at each read, so the frames a read
 * lands on depend only on the interval: at 1 s every read sees GPU 1 idle.
 */
function stepSampler(intervalMs: number) {
  let clockMs = 0;
  let seq = 0;
  let timer: NodeJS.Timeout | null = null;
  const intervals: number[] = [];
  const listeners = new Set<SampleListener>();
  const snapshotAt = (ms: number) => {
    const busy = [true, Math.floor(ms / 250) % 2 === 1, false, false];
    const devices = busy.map((b, i) => ({ ...emptyGpuDevice(i, 'nvidia'), uuid: `GPU-${i}`, gpuUtilPercent: b ? 95 : 0, memoryTotalBytes: 80 * GIB, memoryUsedBytes: GIB }));
    return { devices, processes: [], problems: [] };
  };
  let latest: Sample = { seq: 0, wallMs: 0, monotonicMs: 0, coversMs: null, backendMs: 1, hostMs: 1, snapshot: snapshotAt(0) } as unknown as Sample;
  const read = (): Sample => {
    clockMs += sampler.intervalMs;
    latest = { ...latest, seq: ++seq, wallMs: clockMs, monotonicMs: clockMs, snapshot: snapshotAt(clockMs) } as unknown as Sample;
    listeners.forEach((listener) => listener(latest));
    return latest;
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => (read(), schedule()), sampler.intervalMs);
  };
  const sampler = {
    intervalMs,
    setInterval(ms: number) {
      sampler.intervalMs = ms;
      intervals.push(ms);
      schedule();
      return ms;
    },
    latest: () => latest,
    first: async () => latest,
    subscribe: (listener: SampleListener) => (listeners.add(listener), () => listeners.delete(listener)),
    refresh: async () => read(),
  };
  schedule();
  return { sampler: sampler as unknown as Sampler, intervals, stop: () => timer && clearTimeout(timer) };
}

describe('chooseGpus', () => {
  it('--gpus 2 judges over pick\'s four reads a second, and gives the run its interval back', async () => {
    const fake = stepSampler(1000);
    try {
      const choice = await chooseGpus({ kind: 'count', count: 2 }, fake.sampler, {}, '2');
      // GPU 1 read at 1 Hz looks idle every time; at pick's pace its busy frames are seen.
      expect(choice.visibleDevices).toBe('2,3');
      expect(fake.intervals).toEqual([PICK_READ_INTERVAL_MS, 1000]);
      expect(fake.sampler.intervalMs).toBe(1000);
    } finally {
      fake.stop();
    }
  });

  it('a run that reads faster than pick keeps its own pace', async () => {
    const fake = stepSampler(100);
    try {
      await chooseGpus({ kind: 'auto' }, fake.sampler, {}, 'auto');
      expect(fake.intervals).toEqual([100, 100]);
    } finally {
      fake.stop();
    }
  });
});
