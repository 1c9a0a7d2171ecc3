// What each NVML call costs, measured as gpuwise makes it: every bound function of a library is
// wrapped with a wall clock and this thread's CPU clock. One run on a real GPU
// (scripts/device/time-calls.ts, issue 8) then gives, per function, its first call in the process
// (cold) and the median of the calls after it (warm), and whether it spins or sleeps — CPU ≈
// wall: the driver polls (RM control calls to the GSP do); CPU ≪ wall: it waits. Both are what
// test/fake-nvml/scenarios/8x-h100-real-costs.json assumes today; `costsFromTimings` turns the
// figures into that file's rules.

import { loadLibc } from './libc.js';
import { FIELD_VALUE, SCOPE_ALL_LINKS } from './layouts.js';
import type { NvmlFunction, NvmlLibrary } from './library.js';
import { NativeBuffer } from './scratch.js';
import type { NvmlSymbolKey } from './symbols.js';

export interface CallClocks {
  /** Monotonic wall time, ns. */
  wallNs(): number;
  /** CPU time of the calling thread, ns. */
  cpuNs(): number;
}

export interface CallTiming {
  /** The scenario's rule key: the symbol without a `_v<n>` suffix (the fake's group key). */
  function: string;
  symbol: string;
  calls: number;
  coldWallUs: number;
  coldCpuUs: number;
  /** Medians of the calls after the first; null when there was only one. */
  warmWallUs: number | null;
  warmCpuUs: number | null;
  warmP90WallUs: number | null;
  /** Warm CPU over warm wall: near 1 the call spins, near 0 it sleeps. */
  cpuShare: number | null;
}

export interface CallRecorder {
  /** The library with every present function timed (stand-ins for missing ones are left as they are). */
  readonly library: NvmlLibrary;
  timings(): CallTiming[];
}

interface Samples {
  symbol: string;
  wallNs: number[];
  cpuNs: number[];
}

const round = (us: number) => Math.round(us * 10) / 10;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export function groupOf(symbol: string): string {
  return symbol.replace(/_v\d+$/, '');
}

function summarise(samples: Samples): CallTiming {
  const warmWall = samples.wallNs.slice(1);
  const warmCpu = samples.cpuNs.slice(1);
  const warmWallUs = warmWall.length > 0 ? quantile(warmWall, 0.5) / 1000 : null;
  const warmCpuUs = warmCpu.length > 0 ? quantile(warmCpu, 0.5) / 1000 : null;
  return {
    function: groupOf(samples.symbol),
    symbol: samples.symbol,
    calls: samples.wallNs.length,
    coldWallUs: round(samples.wallNs[0]! / 1000),
    coldCpuUs: round(samples.cpuNs[0]! / 1000),
    warmWallUs: warmWallUs === null ? null : round(warmWallUs),
    warmCpuUs: warmCpuUs === null ? null : round(warmCpuUs),
    warmP90WallUs: warmWall.length > 0 ? round(quantile(warmWall, 0.9) / 1000) : null,
    cpuShare: warmWallUs === null || warmCpuUs === null || warmWallUs <= 0 ? null : Math.round(Math.min(1, warmCpuUs / warmWallUs) * 100) / 100,
  };
}

/** Times `fn` into `samples` (wall outside, CPU inside, so a call's CPU never exceeds its wall). */
function timed(fn: NvmlFunction, samples: Samples, clocks: CallClocks): NvmlFunction {
  return (...args: unknown[]) => {
    const wall0 = clocks.wallNs();
    const cpu0 = clocks.cpuNs();
    const code = fn(...args);
    const cpu1 = clocks.cpuNs();
    const wall1 = clocks.wallNs();
    samples.wallNs.push(wall1 - wall0);
    samples.cpuNs.push(Math.max(0, cpu1 - cpu0));
    return code;
  };
}

export function recordCalls(lib: NvmlLibrary, clocks: CallClocks): CallRecorder {
  const recorded = new Map<NvmlSymbolKey, Samples>();
  const fn = { ...lib.fn };
  for (const key of Object.keys(fn) as NvmlSymbolKey[]) {
    const symbol = lib.symbolName(key);
    if (symbol === null) continue;
    const samples: Samples = { symbol, wallNs: [], cpuNs: [] };
    recorded.set(key, samples);
    fn[key] = timed(lib.fn[key], samples, clocks);
  }
  return {
    library: { ...lib, fn },
    timings: () =>
      [...recorded.values()]
        .filter((samples) => samples.wallNs.length > 0)
        .map(summarise)
        .sort((a, b) => (b.warmWallUs ?? b.coldWallUs) - (a.warmWallUs ?? a.coldWallUs)),
  };
}

export interface FieldTiming {
  fieldId: number;
  /** The entry's own nvmlReturn_t (0: the driver has the field). */
  status: number;
  timing: CallTiming;
  /**
   * NVML's own figure: the median of the entry's `latencyUsec`, "how long this field value took to
   * update within NVML" (averaged over the fields one driver call serves); null when the driver
   * left it at 0 or it makes no sense. Beside the wall time it tells the driver's work apart from
   * the call's own cost.
   */
  nvmlLatencyUs: number | null;
}

/**
 * Each field of `fieldIds` alone in one nvmlDeviceGetFieldValues call, `repeats` times: a
 * field's own cost is its call's less `base`, the same call for a field no driver has (id 0).
 */
export function timeFields(lib: NvmlLibrary, handle: bigint, fieldIds: readonly number[], repeats: number, clocks: CallClocks): { base: CallTiming; fields: FieldTiming[] } {
  const buffer = new NativeBuffer(FIELD_VALUE.size);
  const one = (fieldId: number) => {
    const samples: Samples = { symbol: `nvmlDeviceGetFieldValues[${fieldId}]`, wallNs: [], cpuNs: [] };
    const call = timed(lib.fn.fieldValues, samples, clocks);
    const latencies: number[] = [];
    for (let i = 0; i < repeats; i++) {
      buffer.fill(0);
      buffer.setU32(FIELD_VALUE.fieldId, fieldId);
      // NVLink throughput fields sum every link with this scope; the others ignore it at 0.
      buffer.setU32(FIELD_VALUE.scopeId, fieldId === 138 || fieldId === 139 ? SCOPE_ALL_LINKS : 0);
      call(handle, 1, buffer.pointer);
      latencies.push(buffer.i64n(FIELD_VALUE.latencyUsec));
    }
    return { status: buffer.i32(FIELD_VALUE.nvmlReturn), timing: summarise(samples), nvmlLatencyUs: reportedLatency(latencies) };
  };
  try {
    const base = one(0).timing;
    return { base, fields: fieldIds.map((fieldId) => ({ fieldId, ...one(fieldId) })) };
  } finally {
    buffer.free();
  }
}

/** The median of what the driver reported, or null when it reported nothing usable (0, negative, over a minute). */
function reportedLatency(latenciesUs: number[]): number | null {
  const usable = latenciesUs.filter((us) => us > 0 && us < 60e6).sort((a, b) => a - b);
  return usable.length === 0 ? null : usable[Math.floor(usable.length / 2)]!;
}

const LIFECYCLE = new Set(['nvmlInit', 'nvmlShutdown']);

/** What the clocks themselves add to a timed call: a function that does nothing, timed `count` times. */
export function measureOverhead(clocks: CallClocks, count = 1000): CallTiming {
  const samples: Samples = { symbol: 'overhead', wallNs: [], cpuNs: [] };
  const noop = timed(() => 0, samples, clocks);
  for (let i = 0; i < count; i++) noop();
  return summarise(samples);
}

export interface TimingsToRules {
  calls: readonly CallTiming[];
  /** Each batch field alone (timeFields), and the same call for a field no driver has. */
  fields?: readonly FieldTiming[];
  fieldBase?: CallTiming;
  /** What the clocks themselves add to a call (measureOverhead), µs. */
  overheadUs?: number;
}

/**
 * The scenario rules the timings stand for: warm wall µs per function (cold where it ran once),
 * less `overheadUs` (the clocks' own cost), never below 0; a field's, its call's less the base's.
 */
export function costsFromTimings({ calls, fields = [], fieldBase: base, overheadUs = 0 }: TimingsToRules): { callCostUs: Record<string, number>; fieldCostUs: Record<string, number> } {
  const callCostUs: Record<string, number> = {};
  for (const timing of calls) {
    // Opening and closing the library are not part of a read (and no scenario prices them).
    if (LIFECYCLE.has(timing.function)) continue;
    callCostUs[timing.function] = round(Math.max(0, (timing.warmWallUs ?? timing.coldWallUs) - overheadUs));
  }
  const baseUs = base?.warmWallUs ?? 0;
  const fieldCostUs: Record<string, number> = {};
  for (const field of fields) {
    if (field.status === 0 && field.timing.warmWallUs !== null) fieldCostUs[String(field.fieldId)] = round(Math.max(0, field.timing.warmWallUs - baseUs));
  }
  return { callCostUs, fieldCostUs };
}

const CLOCK_THREAD_CPUTIME_ID = 3;

/** This thread's CPU clock through clock_gettime (Linux); null elsewhere. */
export function threadCpuClock(platform: string = process.platform): (() => number) | null {
  if (platform !== 'linux') return null;
  try {
    const clockGettime = loadLibc(platform)?.func('int clock_gettime(int clock, void *ts)') as ((clock: number, ts: bigint) => number) | undefined;
    if (!clockGettime) return null;
    const ts = new NativeBuffer(16);
    return () => {
      clockGettime(CLOCK_THREAD_CPUTIME_ID, ts.pointer);
      return ts.u64n(0) * 1e9 + ts.u64n(8);
    };
  } catch {
    return null;
  }
}
