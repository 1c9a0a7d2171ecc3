// When a GPU is read apart from the others, what each reading takes of it, and when it rejoins.
// (Over the fake NVML, through the deadline driver: deadline.test.ts.)

import { describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../../core/empty-device.js';
import { ApartRead, PROMPT_READS_TO_REJOIN, SLOW_DEVICE_READ_MS } from './apart-read.js';
import type { DeviceResult } from './reader.js';

const result = (util: number): DeviceResult => ({
  device: { ...emptyGpuDevice(1, 'nvidia'), gpuUtilPercent: util },
  processes: [],
  problems: [],
  samples: [{ deviceIndex: 1, uuid: 'GPU-1', metric: 'gpuUtilPercent', timesMs: [1], values: [util] }],
});

describe('a GPU read apart', () => {
  it('gives each reading its newest answer, said to be read apart, its sub-second samples once', () => {
    const apart = new ApartRead();
    apart.timedOut(1000);
    expect(apart.take(1, 0, 3000)).toBeNull();
    apart.started(2000);
    apart.answered(result(40), 1500);
    const first = apart.take(1, 0, 3000)!;
    expect(first.device.gpuUtilPercent).toBe(40);
    expect(first.samples).toHaveLength(1);
    expect(first.problems).toEqual([expect.objectContaining({ scope: 'device:1', code: 'slow', key: 'problems.readApart', params: { index: 1, seconds: 1.5 } })]);
    // The same answer again (the next read is still out): the figures, not the samples twice.
    const again = apart.take(1, 0, 3000)!;
    expect(again.device.gpuUtilPercent).toBe(40);
    expect(again.samples).toEqual([]);
    expect(again.problems).toHaveLength(1);
  });

  it('counts its silence from the first call that did not come back, until one read answers', () => {
    const apart = new ApartRead();
    apart.timedOut(1000);
    apart.started(5000);
    expect(apart.unansweredSince).toBe(1000);
    apart.timedOut(6000);
    expect(apart.unansweredSince).toBe(1000);
    apart.answered(result(1), 10);
    expect(apart.unansweredSince).toBeNull();
  });

  it(`rejoins the others after ${PROMPT_READS_TO_REJOIN} prompt answers in a row; a slow one starts the count again`, () => {
    const apart = new ApartRead();
    apart.slowAnswer(result(1), SLOW_DEVICE_READ_MS + 500);
    expect(apart.since).not.toBeNull();
    for (let i = 0; i < PROMPT_READS_TO_REJOIN - 1; i++) apart.answered(result(2), 5);
    apart.answered(result(3), SLOW_DEVICE_READ_MS);
    expect(apart.since).not.toBeNull();
    for (let i = 0; i < PROMPT_READS_TO_REJOIN - 1; i++) apart.answered(result(4), 5);
    expect(apart.since).not.toBeNull();
    apart.answered(result(5), 5);
    expect(apart.since).toBeNull();
    // Back with the others: nothing kept to hand out.
    expect(apart.take(1, 0, 3000)).toBeNull();
  });

  it('hands out nothing once the read in flight outlasts the limit and twice the last one: hanging, not slow', () => {
    const apart = new ApartRead();
    apart.slowAnswer(result(7), 2000);
    apart.started(10_000);
    expect(apart.take(1, 13_900, 3000)).not.toBeNull(); // 3.9 s: within twice the last read's 2 s
    expect(apart.take(1, 14_100, 3000)).toBeNull();
    apart.ended();
    expect(apart.take(1, 14_100, 3000)).not.toBeNull();
  });

  it('hands out nothing after a read of it timed out: the GPU is shown as not answering, not as it was', () => {
    const apart = new ApartRead();
    apart.slowAnswer(result(7), 2000);
    expect(apart.take(1, 0, 3000)).not.toBeNull();
    apart.timedOut(Date.now());
    expect(apart.take(1, 0, 3000)).toBeNull();
  });
});
