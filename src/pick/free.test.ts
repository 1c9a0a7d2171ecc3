import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { Snapshot } from '../core/snapshot.js';
import type { Sample, SampleListener, Sampler } from '../monitor/index.js';
import { pickFreeGpus } from './free.js';

function snapshot(util: number): Snapshot {
  const device = Object.assign(emptyGpuDevice(0, 'nvidia'), { uuid: 'GPU-0', gpuUtilPercent: util, memoryTotalBytes: 100, memoryFreeBytes: 90 });
  return { devices: [device], processes: [] } as unknown as Snapshot;
}

/** A sampler someone else runs (run's own): its latest read, then whatever refresh() reads. */
function fakeSampler(latestUtil: number | null, refreshUtils: number[]): Sampler & { stopped: boolean } {
  const listeners = new Set<SampleListener>();
  const sample = (util: number) => ({ snapshot: snapshot(util) }) as Sample;
  const latest = latestUtil === null ? null : sample(latestUtil);
  const fake = {
    stopped: false,
    latest: () => latest,
    subscribe(listener: SampleListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async refresh() {
      const next = sample(refreshUtils.shift() ?? 0);
      for (const listener of listeners) listener(next);
      return next;
    },
    async stop() {
      fake.stopped = true;
    },
  };
  return fake as unknown as Sampler & { stopped: boolean };
}

describe('pickFreeGpus', () => {
  it('uses the given sampler\'s latest read as the start of the window and leaves the sampler running', async () => {
    const sampler = fakeSampler(95, [0]);
    const result = await pickFreeGpus({ sampler, windowMs: 0 });
    expect(result.snapshots).toBe(2);
    expect(result.picked).toEqual([]);
    expect(result.rejected[0]?.reasons[0]).toEqual({ key: 'pick.reason.util', params: { util: 95, max: 10 } });
    expect(sampler.stopped).toBe(false);
  });

  it('reads at least twice, each read counted once though it arrives by subscription and refresh()', async () => {
    const result = await pickFreeGpus({ sampler: fakeSampler(null, [0, 2]), windowMs: 0 });
    expect(result.snapshots).toBe(2);
    expect(result.picked.map((gpu) => gpu.gpuUtilPercent)).toEqual([2]);
    expect(result.lastSnapshot?.devices[0]?.gpuUtilPercent).toBe(2);
  });
});
