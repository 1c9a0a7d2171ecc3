import { describe, expect, it } from 'vitest';
import { createCpuTimesSampler, createProcessSampler } from './cpu-sampler.js';

describe('process CPU %', () => {
  it('is null on the first reading, then CPU seconds over wall seconds, in % of one core', () => {
    const sampler = createProcessSampler(100);
    expect(sampler.sample(42, 500, 1000, 10_000)).toBeNull();
    // 50 ticks = 0.5 s of CPU in 1 s of wall time.
    expect(sampler.sample(42, 500, 1050, 11_000)).toBe(50);
    // 4 busy threads: 800 ticks in 2 s = 400 % — not capped at 100, like top.
    expect(sampler.sample(42, 500, 1850, 13_000)).toBe(400);
    // Idle.
    expect(sampler.sample(42, 500, 1850, 14_000)).toBe(0);
  });

  it('measures from the previous reading, rounded to a tenth', () => {
    const sampler = createProcessSampler(100);
    sampler.sample(1, 0, 0, 0);
    expect(sampler.sample(1, 0, 1, 3000)).toBe(0.3); // 0.01 s in 3 s = 0.333…%
  });

  it('treats a PID with a new start time as a new process', () => {
    const sampler = createProcessSampler(100);
    sampler.sample(42, 500, 1000, 0);
    expect(sampler.sample(42, 900, 3, 1000)).toBeNull();
    expect(sampler.sample(42, 900, 53, 2000)).toBe(50);
  });

  it('keeps the baseline and the last value for readings too close together', () => {
    const sampler = createProcessSampler(100);
    sampler.sample(7, 1, 0, 0);
    expect(sampler.sample(7, 1, 10, 5)).toBeNull();
    expect(sampler.sample(7, 1, 100, 1000)).toBe(100);
    expect(sampler.sample(7, 1, 101, 1005)).toBe(100);
    // Measured from t=1000 (the kept baseline), not from t=1005.
    expect(sampler.sample(7, 1, 150, 1500)).toBe(100);
  });

  it('honours another USER_HZ and forgets processes no longer asked for', () => {
    const sampler = createProcessSampler(250);
    sampler.sample(1, 0, 0, 0);
    sampler.sample(2, 0, 0, 0);
    expect(sampler.sample(1, 0, 250, 1000)).toBe(100);
    sampler.retainOnly(new Set([1]));
    expect(sampler.sample(2, 0, 250, 1000)).toBeNull();
  });
});

describe('host CPU %', () => {
  it('is the busy share of all ticks between readings', () => {
    const sampler = createCpuTimesSampler();
    expect(sampler.hasBaseline()).toBe(false);
    expect(sampler.sample({ busyTicks: 100, totalTicks: 1000 }, 0)).toBeNull();
    expect(sampler.hasBaseline()).toBe(true);
    expect(sampler.sample({ busyTicks: 400, totalTicks: 2000 }, 1000)).toBe(30);
    expect(sampler.sample({ busyTicks: 1400, totalTicks: 3000 }, 2000)).toBe(100);
  });

  it('restarts when counters go backwards (a CPU went offline)', () => {
    const sampler = createCpuTimesSampler();
    sampler.sample({ busyTicks: 500, totalTicks: 1000 }, 0);
    expect(sampler.sample({ busyTicks: 200, totalTicks: 800 }, 1000)).toBeNull();
    expect(sampler.sample({ busyTicks: 300, totalTicks: 1000 }, 2000)).toBe(50);
  });
});
