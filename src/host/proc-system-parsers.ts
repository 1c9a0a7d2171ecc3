// Pure parsers for the system-wide /proc files behind the host summary (see proc(5)).

import { kibToBytes } from '../core/units.js';

export interface CpuTimes {
  /** Ticks spent doing work: user + nice + system + irq + softirq + steal. */
  busyTicks: number;
  /** busyTicks + idle + iowait. guest/guest_nice are already counted inside user/nice. */
  totalTicks: number;
}

export interface ProcSystemStat {
  /** Aggregate of all CPUs (the first "cpu " line); null when it is missing or garbled. */
  cpuTimes: CpuTimes | null;
  /** Number of "cpuN" lines: the CPUs online now. */
  onlineCpuCount: number | null;
  /** Boot time in seconds since the epoch ("btime"). */
  bootTimeSeconds: number | null;
}

function parseCount(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

/** The first "cpu" line: user nice system idle iowait irq softirq steal [guest guest_nice]. */
export function parseCpuTimesLine(line: string): CpuTimes | null {
  const values = line.trim().split(/\s+/).slice(1, 9).map(parseCount);
  // Kernels before 2.6.11 lack steal; treat a missing steal/irq column as garbled, not zero.
  if (values.length < 8 || values.some((v) => v === null)) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values as number[];
  const busyTicks = user! + nice! + system! + irq! + softirq! + steal!;
  return { busyTicks, totalTicks: busyTicks + idle! + iowait! };
}

export function parseProcSystemStat(text: string): ProcSystemStat {
  let cpuTimes: CpuTimes | null = null;
  let onlineCpuCount = 0;
  let bootTimeSeconds: number | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('cpu ')) cpuTimes = parseCpuTimesLine(line);
    else if (/^cpu\d+ /.test(line)) onlineCpuCount++;
    else if (line.startsWith('btime ')) bootTimeSeconds = parseCount(line.slice(6).trim());
  }
  return { cpuTimes, onlineCpuCount: onlineCpuCount > 0 ? onlineCpuCount : null, bootTimeSeconds };
}

export interface MemInfo {
  memoryTotalBytes: number | null;
  /** MemAvailable (Linux 3.14+); null on older kernels rather than a guess from MemFree. */
  memoryAvailableBytes: number | null;
  swapTotalBytes: number | null;
  swapFreeBytes: number | null;
}

/** /proc/meminfo: "Key:   12345 kB" lines. */
export function parseMeminfo(text: string): MemInfo {
  const kib = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\w+):\s+(\d+) kB$/.exec(line.trim());
    if (match) kib.set(match[1]!, Number(match[2]));
  }
  const bytes = (key: string) => {
    const value = kib.get(key);
    return value === undefined ? null : kibToBytes(value);
  };
  return {
    memoryTotalBytes: bytes('MemTotal'),
    memoryAvailableBytes: bytes('MemAvailable'),
    swapTotalBytes: bytes('SwapTotal'),
    swapFreeBytes: bytes('SwapFree'),
  };
}

export interface LoadAverages {
  loadAverage1m: number;
  loadAverage5m: number;
  loadAverage15m: number;
}

/** /proc/loadavg: "0.52 0.58 0.59 1/467 12345". */
export function parseLoadavg(text: string): LoadAverages | null {
  const [one, five, fifteen] = text.trim().split(/\s+/).map((v) => (/^\d+(\.\d+)?$/.test(v) ? Number(v) : NaN));
  if (one === undefined || five === undefined || fifteen === undefined) return null;
  if ([one, five, fifteen].some(Number.isNaN)) return null;
  return { loadAverage1m: one, loadAverage5m: five, loadAverage15m: fifteen };
}

/** /proc/uptime: "350735.47 234388.90" — seconds since boot, then idle seconds summed over CPUs. */
export function parseUptime(text: string): number | null {
  const first = text.trim().split(/\s+/)[0] ?? '';
  return /^\d+(\.\d+)?$/.test(first) ? Number(first) : null;
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
