import { describe, expect, it } from 'vitest';
import { createCpuSplitSampler, splitTicks } from './cpu-split.js';
import type { CpuTicks } from './proc-system-parsers.js';

const ticks = (values: Partial<CpuTicks>): CpuTicks => ({ user: 0, nice: 0, system: 0, idle: 0, iowait: 0, irq: 0, softirq: 0, steal: 0, ...values });

describe('splitTicks', () => {
  it('turns each column’s ticks into its share of the interval, iowait included', () => {
    const before = ticks({ user: 100, system: 50, idle: 1000, iowait: 10, steal: 5 });
    const after = ticks({ user: 130, system: 60, idle: 1050, iowait: 20, steal: 10 });
    // 30 + 10 + 50 + 10 + 5 = 105 ticks passed.
    expect(splitTicks(before, after)).toEqual({
      split: { userPercent: 28.6, nicePercent: 0, systemPercent: 9.5, idlePercent: 47.6, iowaitPercent: 9.5, irqPercent: 0, softirqPercent: 0, stealPercent: 4.8 },
      busyPercent: 42.9,
    });
  });

  it('counts a column that stepped back as nothing, not as a negative share', () => {
    const split = splitTicks(ticks({ user: 10, idle: 100, iowait: 50 }), ticks({ user: 20, idle: 190, iowait: 40 }));
    expect(split?.split.iowaitPercent).toBe(0);
    expect(split?.split.userPercent).toBe(10);
    expect(split?.busyPercent).toBe(10);
  });

  it('is null when no tick passed, and leaves columns a platform does not measure null', () => {
    expect(splitTicks(ticks({ idle: 5 }), ticks({ idle: 5 }))).toBeNull();
    const portable = splitTicks(ticks({ user: 0, idle: 0, iowait: 0 }), ticks({ user: 1, idle: 3, iowait: 999 }), ['iowait', 'softirq', 'steal']);
    expect(portable).toMatchObject({ split: { userPercent: 25, idlePercent: 75, iowaitPercent: null, softirqPercent: null, stealPercent: null }, busyPercent: 25 });
  });
});

describe('createCpuSplitSampler', () => {
  it('answers from the second reading on, per core by the kernel’s numbering', () => {
    const sampler = createCpuSplitSampler();
    const core = (cpu: number, user: number, idle: number) => ({ cpu, ticks: ticks({ user, idle }) });
    expect(sampler.sample(ticks({ user: 0, idle: 0 }), [core(0, 0, 0), core(2, 0, 0)], 0)).toEqual({ total: null, cores: null });
    expect(sampler.hasBaseline()).toBe(true);
    // cpu2 went offline, cpu5 came online: no baseline for it yet.
    const second = sampler.sample(ticks({ user: 10, idle: 30 }), [core(0, 5, 5), core(5, 1, 1)], 100);
    expect(second.total?.busyPercent).toBe(25);
    expect(second.cores?.map((c) => [c.cpu, c.busyPercent, c.userPercent])).toEqual([
      [0, 50, 50],
      [5, null, null],
    ]);
  });

  it('keeps the older baseline for readings closer than 20 ms', () => {
    const sampler = createCpuSplitSampler();
    sampler.sample(ticks({ idle: 0 }), [], 0);
    const first = sampler.sample(ticks({ user: 10, idle: 10 }), [], 100);
    expect(sampler.sample(ticks({ user: 20, idle: 10 }), [], 105)).toBe(first);
    // Measured from 100, not 105: 10 busy ticks of 10 passed since then.
    expect(sampler.sample(ticks({ user: 20, idle: 10 }), [], 200).total?.busyPercent).toBe(100);
  });
});
