// How the CPUs spent an interval — user, nice, system, idle, iowait, irq, softirq, steal — from
// two readings of /proc/stat's tick counters (or os.cpus() off Linux), for all CPUs and per core.
// Like cpu-sampler.ts it does no I/O and takes the time from the caller.
//
// A column that goes backwards contributes nothing to that interval instead of restarting the
// baseline: iowait is known to step back on tickless kernels (proc(5): "this value is not
// reliable"), and idle does when a CPU goes offline; htop subtracts the same saturating way.

import type { CpuCoreTime, CpuTimeSplit } from '../core/snapshot.js';
import { MIN_SAMPLE_INTERVAL_MS } from './cpu-sampler.js';
import { CPU_TICK_COLUMNS, type CoreTicks, type CpuTicks } from './proc-system-parsers.js';

export type CpuTickColumn = (typeof CPU_TICK_COLUMNS)[number];

export interface CpuSplit {
  split: CpuTimeSplit;
  /** Everything but idle and iowait, as a share of the interval. */
  busyPercent: number | null;
}

export interface CpuSplitSample {
  /** All CPUs together; null on the first reading. */
  total: CpuSplit | null;
  /** Per core, in the order given; null on the first reading. */
  cores: CpuCoreTime[] | null;
}

export interface CpuSplitSampler {
  sample(total: CpuTicks | null, cores: readonly CoreTicks[], atMs: number): CpuSplitSample;
  hasBaseline(): boolean;
}

const PERCENT_KEYS = {
  user: 'userPercent',
  nice: 'nicePercent',
  system: 'systemPercent',
  idle: 'idlePercent',
  iowait: 'iowaitPercent',
  irq: 'irqPercent',
  softirq: 'softirqPercent',
  steal: 'stealPercent',
} as const satisfies Record<CpuTickColumn, keyof CpuTimeSplit>;

const roundToTenth = (value: number) => Math.round(value * 10) / 10;

const EMPTY_SPLIT: CpuSplit = {
  split: { userPercent: null, nicePercent: null, systemPercent: null, idlePercent: null, iowaitPercent: null, irqPercent: null, softirqPercent: null, stealPercent: null },
  busyPercent: null,
};

/**
 * `unknown` names columns the platform does not measure (os.cpus() has no iowait, softirq or
 * steal): they are reported null and left out of the interval's total.
 */
export function splitTicks(previous: CpuTicks, current: CpuTicks, unknown: readonly CpuTickColumn[] = []): CpuSplit | null {
  let total = 0;
  for (const column of CPU_TICK_COLUMNS) if (!unknown.includes(column)) total += Math.max(0, current[column] - previous[column]);
  // No tick passed (or every counter stepped back): nothing was measured.
  if (!(total > 0) || !Number.isFinite(total)) return null;
  const split = { ...EMPTY_SPLIT.split };
  let idle = 0;
  for (const column of CPU_TICK_COLUMNS) {
    if (unknown.includes(column)) continue;
    const delta = Math.max(0, current[column] - previous[column]);
    if (column === 'idle' || column === 'iowait') idle += delta;
    split[PERCENT_KEYS[column]] = roundToTenth((delta / total) * 100);
  }
  return { split, busyPercent: roundToTenth(((total - idle) / total) * 100) };
}

export function createCpuSplitSampler(unknown: readonly CpuTickColumn[] = []): CpuSplitSampler {
  let previous: { atMs: number; total: CpuTicks | null; cores: Map<number, CpuTicks> } | null = null;
  let last: CpuSplitSample = { total: null, cores: null };

  return {
    sample(total, cores, atMs) {
      // Too close to the baseline to say anything: keep the older baseline (cpu-sampler.ts).
      if (previous !== null && atMs - previous.atMs < MIN_SAMPLE_INTERVAL_MS) return last;
      const baseline = previous;
      previous = { atMs, total, cores: new Map(cores.map((core) => [core.cpu, core.ticks])) };
      if (baseline === null) return last;
      const totalSplit = total === null || baseline.total === null ? null : splitTicks(baseline.total, total, unknown);
      const coreTimes = cores.map((core): CpuCoreTime => {
        const before = baseline.cores.get(core.cpu);
        const split = (before === undefined ? null : splitTicks(before, core.ticks, unknown)) ?? EMPTY_SPLIT;
        return { cpu: core.cpu, ...split.split, busyPercent: split.busyPercent };
      });
      last = { total: totalSplit, cores: coreTimes };
      return last;
    },
    hasBaseline() {
      return previous !== null;
    },
  };
}
