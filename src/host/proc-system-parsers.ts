// Pure parsers for the system-wide /proc files behind the host summary (see proc(5)).

import { kibToBytes } from '../core/units.js';

export interface CpuTimes {
  /** Ticks spent doing work: user + nice + system + irq + softirq + steal. */
  busyTicks: number;
  /** busyTicks + idle + iowait. guest/guest_nice are already counted inside user/nice. */
  totalTicks: number;
}

/** The eight columns of a "cpu" line of /proc/stat, in clock ticks since boot. */
export interface CpuTicks {
  user: number;
  nice: number;
  system: number;
  idle: number;
  iowait: number;
  irq: number;
  softirq: number;
  steal: number;
}

export const CPU_TICK_COLUMNS = ['user', 'nice', 'system', 'idle', 'iowait', 'irq', 'softirq', 'steal'] as const;

export interface CoreTicks {
  /** N of "cpuN". */
  cpu: number;
  ticks: CpuTicks;
}

export interface ProcSystemStat {
  /** Aggregate of all CPUs (the first "cpu " line); null when it is missing or garbled. */
  cpuTimes: CpuTimes | null;
  /** The same line, column by column. */
  cpuTicks: CpuTicks | null;
  /** One entry per well-formed "cpuN" line: the CPUs online now. */
  cores: CoreTicks[];
  /** Number of "cpuN" lines: the CPUs online now. */
  onlineCpuCount: number | null;
  /** Boot time in seconds since the epoch ("btime"). */
  bootTimeSeconds: number | null;
}

export function parseCount(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** A "cpu" or "cpuN" line: name, then user nice system idle iowait irq softirq steal [guest guest_nice]. */
export function parseCpuTicksLine(line: string): CpuTicks | null {
  const values = line.trim().split(/\s+/).slice(1, 9).map(parseCount);
  // Kernels before 2.6.11 lack steal; treat a missing steal/irq column as garbled, not zero.
  if (values.length < 8 || values.some((v) => v === null)) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values as number[];
  return { user: user!, nice: nice!, system: system!, idle: idle!, iowait: iowait!, irq: irq!, softirq: softirq!, steal: steal! };
}

export function busyAndTotal(ticks: CpuTicks): CpuTimes {
  const busyTicks = ticks.user + ticks.nice + ticks.system + ticks.irq + ticks.softirq + ticks.steal;
  return { busyTicks, totalTicks: busyTicks + ticks.idle + ticks.iowait };
}

/** The first "cpu" line as busy/total ticks. */
export function parseCpuTimesLine(line: string): CpuTimes | null {
  const ticks = parseCpuTicksLine(line);
  return ticks === null ? null : busyAndTotal(ticks);
}

const CORE_LINE = /^cpu(\d+) /;

export function parseProcSystemStat(text: string): ProcSystemStat {
  let cpuTicks: CpuTicks | null = null;
  const cores: CoreTicks[] = [];
  let onlineCpuCount = 0;
  let bootTimeSeconds: number | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith('cpu') && !line.startsWith('btime ')) continue;
    if (line.startsWith('cpu ')) cpuTicks = parseCpuTicksLine(line);
    else if (line.startsWith('btime ')) bootTimeSeconds = parseCount(line.slice(6).trim());
    else {
      const core = CORE_LINE.exec(line);
      if (core === null) continue;
      onlineCpuCount++;
      const cpu = parseCount(core[1]);
      const ticks = parseCpuTicksLine(line);
      if (cpu !== null && ticks !== null) cores.push({ cpu, ticks });
    }
  }
  return {
    cpuTimes: cpuTicks === null ? null : busyAndTotal(cpuTicks),
    cpuTicks,
    cores,
    onlineCpuCount: onlineCpuCount > 0 ? onlineCpuCount : null,
    bootTimeSeconds,
  };
}

export interface MemInfo {
  memoryTotalBytes: number | null;
  /** MemAvailable (Linux 3.14+); null on older kernels rather than a guess from MemFree. */
  memoryAvailableBytes: number | null;
  swapTotalBytes: number | null;
  swapFreeBytes: number | null;
  memoryFreeBytes: number | null;
  memoryBuffersBytes: number | null;
  /** Cached + SReclaimable − Shmem; null unless all three are present (Linux 2.6.32+). */
  memoryCachedBytes: number | null;
  memorySharedBytes: number | null;
  swapCachedBytes: number | null;
}

/**
 * /proc/meminfo: "Key:   12345 kB" lines. Split by hand rather than by a regular expression: the
 * file is read on every snapshot, and a hand split is linear whatever the line holds.
 */
export function parseMeminfo(text: string): MemInfo {
  const kib = new Map<string, number>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const value = line.slice(colon + 1).trim();
    if (!value.endsWith(' kB')) continue;
    const count = parseCount(value.slice(0, -3).trimEnd());
    const key = line.slice(0, colon);
    if (count !== null && !kib.has(key)) kib.set(key, count);
  }
  const bytes = (key: string) => {
    const value = kib.get(key);
    return value === undefined ? null : kibToBytes(value);
  };
  const cached = bytes('Cached');
  const reclaimable = bytes('SReclaimable');
  const shared = bytes('Shmem');
  return {
    memoryTotalBytes: bytes('MemTotal'),
    memoryAvailableBytes: bytes('MemAvailable'),
    swapTotalBytes: bytes('SwapTotal'),
    swapFreeBytes: bytes('SwapFree'),
    memoryFreeBytes: bytes('MemFree'),
    memoryBuffersBytes: bytes('Buffers'),
    // Shmem lives in the page cache but cannot be dropped, so it is not "cache" to free(1).
    memoryCachedBytes: cached === null || reclaimable === null || shared === null ? null : Math.max(0, cached + reclaimable - shared),
    memorySharedBytes: shared,
    swapCachedBytes: bytes('SwapCached'),
  };
}

export interface LoadAverages {
  loadAverage1m: number;
  loadAverage5m: number;
  loadAverage15m: number;
  /**
   * The PID the kernel handed out last (fifth field), in the reader's PID namespace. While it
   * stays the same, no process or thread was created anywhere, so no tree can have grown.
   */
  lastPid: number | null;
}

/** /proc/loadavg: "0.52 0.58 0.59 1/467 12345". */
export function parseLoadavg(text: string): LoadAverages | null {
  const fields = text.trim().split(/\s+/);
  const [one, five, fifteen] = fields.slice(0, 3).map((v) => (/^\d+(\.\d+)?$/.test(v) ? Number(v) : NaN));
  if (one === undefined || five === undefined || fifteen === undefined) return null;
  if (![one, five, fifteen].every(Number.isFinite)) return null;
  return { loadAverage1m: one, loadAverage5m: five, loadAverage15m: fifteen, lastPid: parseCount(fields[4]) };
}

/** /proc/uptime: "350735.47 234388.90" — seconds since boot, then idle seconds summed over CPUs. */
export function parseUptime(text: string): number | null {
  const first = text.trim().split(/\s+/)[0] ?? '';
  const seconds = /^\d+(\.\d+)?$/.test(first) ? Number(first) : NaN;
  return Number.isFinite(seconds) ? seconds : null;
}

// x86 says "model name"; arm64 kernels print no model at all, some older ARM ones "Processor" or
// "Hardware"; POWER says "cpu"; s390 "processor 0: version = …" is not a model name, so skip it.
const MODEL_KEYS = ['model name', 'Processor', 'cpu model', 'Hardware', 'cpu'];

/** The CPU model from /proc/cpuinfo, or null when the kernel gives none (most arm64 systems). */
export function parseCpuinfoModel(text: string): string | null {
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (MODEL_KEYS.includes(key) && value !== '' && !found.has(key)) found.set(key, value);
  }
  for (const key of MODEL_KEYS) {
    const value = found.get(key);
    if (value !== undefined) return value.replace(/\s+/g, ' ');
  }
  return null;
}
