// What the job's GPUs did for its whole life, from the sampler's samples: per-GPU series for the
// report's charts (bounded: past MAX_POINTS, neighbours are averaged two into one, so a week-long
// run costs what an hour does), means and peaks, and the energy — from the driver's energy counter
// where it has one (its delta, summed over increases so a counter reset loses one interval, not
// the run), else the power samples integrated (trapezoids; a gap longer than MAX_GAP_MS is not
// bridged, since nothing is known of it). A read in which a GPU did not answer (lost, every call
// failing) is a gap in its series and is not counted as a sample: its means rest on real readings.

import type { GpuDevice } from '../core/snapshot.js';
import type { Sample } from '../monitor/sampler.js';

export const MAX_POINTS = 1200;
export const MAX_GAP_MS = 30_000;

export interface GpuSeries {
  timesMs: number[];
  utilPercent: (number | null)[];
  memoryUsedBytes: (number | null)[];
  powerWatts: (number | null)[];
}

export interface GpuRunSummary {
  index: number;
  uuid: string | null;
  name: string | null;
  /** Reads in which the GPU answered: what the means and peaks rest on. */
  samples: number;
  /** Reads in which it did not (lost, fallen off the bus, every call failing). */
  unansweredSamples: number;
  /** The first of those (ms since the epoch); null when it always answered. */
  firstUnansweredAtMs: number | null;
  utilMeanPercent: number | null;
  memoryPeakBytes: number | null;
  memoryTotalBytes: number | null;
  powerMeanWatts: number | null;
  powerPeakWatts: number | null;
  energyJoules: number | null;
  energySource: 'counter' | 'power' | null;
  series: GpuSeries;
}

interface Acc {
  index: number;
  uuid: string | null;
  name: string | null;
  memoryTotalBytes: number | null;
  samples: number;
  unanswered: number;
  firstUnansweredAtMs: number | null;
  util: { sum: number; n: number };
  power: { sum: number; n: number; peak: number | null };
  memoryPeak: number | null;
  counterJoules: number;
  counterReadings: number;
  lastCounter: number | null;
  integralJoules: number;
  lastPower: { atMs: number; watts: number } | null;
  series: GpuSeries;
}

export interface GpuRecord {
  add(sample: Sample): void;
  summaries(): GpuRunSummary[];
}

/** `indices`: the GPUs to record (the job's --gpus); null: every GPU the sampler sees. */
export function createGpuRecord(indices: readonly number[] | null): GpuRecord {
  const wanted = indices === null ? null : new Set(indices);
  const byKey = new Map<string, Acc>();

  const accFor = (device: GpuDevice): Acc => {
    const key = device.uuid ?? `index:${device.index}`;
    let acc = byKey.get(key);
    if (!acc) {
      acc = {
        index: device.index, uuid: device.uuid, name: device.name, memoryTotalBytes: device.memoryTotalBytes, samples: 0, unanswered: 0, firstUnansweredAtMs: null,
        util: { sum: 0, n: 0 }, power: { sum: 0, n: 0, peak: null }, memoryPeak: null,
        counterJoules: 0, counterReadings: 0, lastCounter: null, integralJoules: 0, lastPower: null,
        series: { timesMs: [], utilPercent: [], memoryUsedBytes: [], powerWatts: [] },
      };
      byKey.set(key, acc);
    }
    return acc;
  };

  return {
    add(sample) {
      for (const device of sample.snapshot.devices) {
        if (wanted !== null && !wanted.has(device.index)) continue;
        const acc = accFor(device);
        push(acc.series, sample.wallMs, device);
        if (device.state !== 'ok') {
          acc.unanswered++;
          acc.firstUnansweredAtMs ??= sample.wallMs;
          continue;
        }
        acc.samples++;
        acc.memoryTotalBytes = device.memoryTotalBytes ?? acc.memoryTotalBytes;
        if (device.gpuUtilPercent !== null) (acc.util.sum += device.gpuUtilPercent), acc.util.n++;
        if (device.memoryUsedBytes !== null) acc.memoryPeak = Math.max(acc.memoryPeak ?? 0, device.memoryUsedBytes);
        const watts = device.powerDrawWatts;
        if (watts !== null) {
          acc.power.sum += watts;
          acc.power.n++;
          acc.power.peak = Math.max(acc.power.peak ?? 0, watts);
          const last = acc.lastPower;
          if (last && sample.wallMs > last.atMs && sample.wallMs - last.atMs <= MAX_GAP_MS) acc.integralJoules += ((last.watts + watts) / 2) * ((sample.wallMs - last.atMs) / 1000);
          acc.lastPower = { atMs: sample.wallMs, watts };
        }
        const counter = device.energyConsumedJoules;
        if (counter !== null) {
          if (acc.lastCounter !== null && counter >= acc.lastCounter) acc.counterJoules += counter - acc.lastCounter;
          acc.lastCounter = counter;
          acc.counterReadings++;
        }
      }
    },
    summaries: () =>
      [...byKey.values()]
        .sort((a, b) => a.index - b.index)
        .map((acc) => {
          const fromCounter = acc.counterReadings >= 2;
          const fromPower = acc.power.n >= 2;
          return {
            index: acc.index, uuid: acc.uuid, name: acc.name, samples: acc.samples, unansweredSamples: acc.unanswered, firstUnansweredAtMs: acc.firstUnansweredAtMs,
            utilMeanPercent: acc.util.n > 0 ? round(acc.util.sum / acc.util.n, 1) : null,
            memoryPeakBytes: acc.memoryPeak,
            memoryTotalBytes: acc.memoryTotalBytes,
            powerMeanWatts: acc.power.n > 0 ? round(acc.power.sum / acc.power.n, 1) : null,
            powerPeakWatts: acc.power.peak,
            energyJoules: fromCounter ? round(acc.counterJoules, 1) : fromPower ? round(acc.integralJoules, 1) : null,
            energySource: fromCounter ? 'counter' : fromPower ? 'power' : null,
            series: acc.series,
          };
        }),
  };
}

function push(series: GpuSeries, atMs: number, device: GpuDevice): void {
  series.timesMs.push(atMs);
  series.utilPercent.push(device.gpuUtilPercent);
  series.memoryUsedBytes.push(device.memoryUsedBytes);
  series.powerWatts.push(device.powerDrawWatts);
  if (series.timesMs.length >= 2 * MAX_POINTS) halve(series);
}

/** Two neighbours into one: their mean time and mean values (a gap stays a gap only if both were). */
function halve(series: GpuSeries): void {
  const pair = <T extends number | null>(values: T[]) => {
    const out: (number | null)[] = [];
    for (let i = 0; i < values.length; i += 2) {
      const known = [values[i], values[i + 1]].filter((v): v is NonNullable<T> => v !== null && v !== undefined) as number[];
      out.push(known.length === 0 ? null : known.reduce((s, v) => s + v, 0) / known.length);
    }
    return out;
  };
  series.timesMs = pair(series.timesMs) as number[];
  series.utilPercent = pair(series.utilPercent);
  series.memoryUsedBytes = pair(series.memoryUsedBytes);
  series.powerWatts = pair(series.powerWatts);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
