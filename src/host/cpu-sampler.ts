// CPU % needs two readings of a cumulative counter. These samplers keep the previous reading and
// turn the next one into a percentage; they do no I/O and take the time from the caller, so the
// arithmetic is tested with made-up clocks.

import type { CpuTimes } from './proc-system-parsers.js';

/**
 * /proc reports times in USER_HZ (what sysconf(_SC_CLK_TCK) returns), whatever CONFIG_HZ the kernel
 * ticks at. It is 100 on every architecture but alpha and ia64 (1024), which Node does not run on,
 * so spawning `getconf CLK_TCK` (milliseconds, and a failure mode) would only confirm a constant.
 */
export const LINUX_CLOCK_TICKS_PER_SECOND = 100;

/**
 * Readings closer together than this are noise: one tick is 10 ms, so 20 ms of wall time can only
 * say 0, 50 or 100 % (or more) of a core. Such a reading returns the last percentage and keeps the
 * older baseline, so the next reading measures over a longer, truer interval.
 */
export const MIN_SAMPLE_INTERVAL_MS = 20;

function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

interface ProcessBaseline {
  startTicks: number;
  cpuTicks: number;
  atMs: number;
  lastPercent: number | null;
}

export interface ProcessSampler {
  /**
   * Records a reading and returns the CPU use since the previous one, as a percentage of ONE core
   * (like top and nvitop: a process busy on 4 cores reads 400). Null on the first reading of a
   * process — a PID whose start time changed is a new process that reused the number.
   */
  sample(pid: number, startTicks: number, cpuTicks: number, atMs: number): number | null;
  /** Drops the baselines of processes not in `pids`, so the map does not grow for ever. */
  retainOnly(pids: Pick<ReadonlySet<number>, 'has'>): void;
}

export function createProcessSampler(clockTicksPerSecond = LINUX_CLOCK_TICKS_PER_SECOND): ProcessSampler {
  const baselines = new Map<number, ProcessBaseline>();
  return {
    sample(pid, startTicks, cpuTicks, atMs) {
      const previous = baselines.get(pid);
      if (previous === undefined || previous.startTicks !== startTicks || cpuTicks < previous.cpuTicks) {
        baselines.set(pid, { startTicks, cpuTicks, atMs, lastPercent: null });
        return null;
      }
      const elapsedMs = atMs - previous.atMs;
      if (elapsedMs < MIN_SAMPLE_INTERVAL_MS) return previous.lastPercent;
      const cpuSeconds = (cpuTicks - previous.cpuTicks) / clockTicksPerSecond;
      const percent = roundToTenth((cpuSeconds / (elapsedMs / 1000)) * 100);
      // In place: a new baseline per process per tick was garbage for the young generation.
      previous.cpuTicks = cpuTicks;
      previous.atMs = atMs;
      previous.lastPercent = percent;
      return percent;
    },
    retainOnly(pids) {
      // forEach (deleting the visited entry is safe): no iterator result per process per tick.
      baselines.forEach((_, pid) => pids.has(pid) || baselines.delete(pid));
    },
  };
}

export interface CpuTimesSampler {
  /**
   * Busy share of all CPUs since the previous reading (0–100); null on the first reading. Ticks
   * are compared with ticks, so no clock is needed; `atMs` only guards against too-close readings.
   */
  sample(times: CpuTimes, atMs: number): number | null;
  /** True once a baseline exists, so the caller knows whether a first window is needed. */
  hasBaseline(): boolean;
}

export function createCpuTimesSampler(): CpuTimesSampler {
  let previous: (CpuTimes & { atMs: number; lastPercent: number | null }) | null = null;
  return {
    sample(times, atMs) {
      // A counter going backwards (CPU hot-unplug drops its ticks from the sum) restarts the baseline.
      if (previous === null || times.totalTicks < previous.totalTicks || times.busyTicks < previous.busyTicks) {
        previous = { ...times, atMs, lastPercent: null };
        return null;
      }
      if (atMs - previous.atMs < MIN_SAMPLE_INTERVAL_MS) return previous.lastPercent;
      const totalDelta = times.totalTicks - previous.totalTicks;
      // No tick passed on any CPU: nothing was measured.
      const percent = totalDelta === 0 ? previous.lastPercent : roundToTenth(((times.busyTicks - previous.busyTicks) / totalDelta) * 100);
      previous = { ...times, atMs, lastPercent: percent };
      return percent;
    },
    hasBaseline() {
      return previous !== null;
    },
  };
}
