// The store on known data: exact numbers from hand-built samples through every tier.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { handDevice, handSample } from './__fixtures__/samples.js';
import { MAX_POINTS } from './query.js';
import { openHistoryStore, type SqliteHistoryStore } from './sqlite-store.js';
import type { HistoryAnswer } from './types.js';
import type { Sample } from '../monitor/sampler.js';

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
const dirs: string[] = [];
const stores: SqliteHistoryStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempStore(options: Partial<Parameters<typeof openHistoryStore>[0]> = {}): SqliteHistoryStore {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-store-'));
  dirs.push(dir);
  const store = openHistoryStore({ path: join(dir, 'history.db'), now: () => T0, ...options });
  stores.push(store);
  return store;
}

/** One sample a second from T0 for `seconds`, GPU-0's utilisation = second % 60, energy +2 J a second. */
function seconds(count: number, startSecond = 0): Sample[] {
  return Array.from({ length: count }, (_, i) => {
    const s = startSecond + i;
    return handSample(s + 1, T0 + s * 1000, [handDevice(0, { gpuUtilPercent: s % 60, energyConsumedJoules: 5000 + 2 * s })], { host: { cpuUtilPercent: 50 } });
  });
}

const avgs = (answer: HistoryAnswer, series = 0) => answer.series[series]!.points.map((p) => p.avg);

describe('raw history', () => {
  it('buckets samples into `points` with exact min/avg/max, and null — never 0 — where nothing was recorded', () => {
    const store = tempStore();
    const samples = seconds(120).flatMap((sample, s) => {
      if (s >= 30 && s < 40) return []; // no samples at all
      if (s >= 50 && s < 60) sample.snapshot.devices[0]!.gpuUtilPercent = null; // the GPU did not say
      return [sample];
    });
    store.append(samples);
    const answer = store.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0, toMs: T0 + 119_999, points: 12 });
    expect(answer).toMatchObject({ device: 'GPU-0', tier: 'raw', stepMs: 10_000, fromMs: T0 });
    const points = answer.series[0]!.points;
    expect(points).toHaveLength(12);
    expect(points[0]).toEqual({ t: T0, min: 0, avg: 4.5, max: 9 });
    expect(points[3]).toEqual({ t: T0 + 30_000, min: null, avg: null, max: null });
    expect(points[5]).toEqual({ t: T0 + 50_000, min: null, avg: null, max: null });
    expect(points[6]).toEqual({ t: T0 + 60_000, min: 0, avg: 4.5, max: 9 });
    expect(answer.series[0]).toMatchObject({ metric: 'gpuUtilPercent', unit: 'percent', kind: 'gauge' });
  });

  it('answers an unknown device with empty buckets and an unknown metric with a typed error', () => {
    const store = tempStore();
    store.append(seconds(10));
    const answer = store.history({ device: 'GPU-nope', metrics: ['powerDrawWatts'], fromMs: T0, toMs: T0 + 9999, points: 5 });
    expect(answer.series[0]!.points.every((p) => p.avg === null && p.min === null && p.max === null)).toBe(true);
    expect(() => store.history({ device: 'GPU-0', metrics: ['rm -rf'], fromMs: T0, toMs: T0 + 1, points: 5 })).toThrow(
      expect.objectContaining({ code: 'unknown-metric', key: 'store.error.unknownMetric' }),
    );
    expect(() => store.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0 + 5, toMs: T0, points: 5 })).toThrow(
      expect.objectContaining({ code: 'bad-query' }),
    );
  });

  it('caps a huge `points` instead of allocating a bucket per millisecond', () => {
    const store = tempStore();
    store.append(seconds(10));
    const answer = store.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0, toMs: T0 + 86_400_000, points: 1e12 });
    expect(answer.series[0]!.points.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(answer.stepMs).toBe(4321); // 24 h over 20,000 points
    expect(answer.series[0]!.points[0]!.avg).toBe(2); // the samples at 0 … 4 s
  });

  it('a second connection to the same file reads a GPU the first one recorded after it opened', () => {
    const writer = tempStore();
    const reader = tempStore({ path: writer.path });
    writer.append(seconds(10));
    const answer = reader.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0, toMs: T0 + 9999, points: 1 });
    expect(answer.series[0]!.points[0]).toMatchObject({ min: 0, max: 9 });
  });

  it('keeps the host under device "host"', () => {
    const store = tempStore();
    store.append(seconds(60));
    const answer = store.history({ device: 'host', metrics: ['cpuUtilPercent', 'memoryUsedBytes'], fromMs: T0, toMs: T0 + 59_999, points: 2 });
    expect(answer.series.map((s) => s.points.map((p) => p.avg))).toEqual([[50, 50], [null, null]]);
  });
});

describe('rollups', () => {
  // Three hours at 1 Hz: 10:00:00 … 12:59:59. Minutes before 12:59 are rolled up, hours before 12:00.
  const threeHours = () => {
    const store = tempStore();
    const all = seconds(3 * 3600);
    for (let i = 0; i < all.length; i += 300) store.append(all.slice(i, i + 300));
    return store;
  };

  it('per minute: min/avg/max of the minute and the counter\'s increase, equal to aggregating the raw rows', () => {
    const store = threeHours();
    const query = { device: 'GPU-0', metrics: ['gpuUtilPercent', 'energyConsumedJoules'], fromMs: T0, toMs: T0 + 2 * 3600_000 - 1 };
    const minutes = store.history({ ...query, points: 120 });
    expect(minutes).toMatchObject({ tier: 'minute', stepMs: 60_000 });
    const util = minutes.series[0]!.points;
    expect(util).toHaveLength(120);
    expect(util.every((p) => p.min === 0 && p.max === 59 && p.avg === 29.5)).toBe(true);
    const energy = minutes.series[1]!.points;
    expect(minutes.series[1]!.kind).toBe('counter');
    // The first sample ever has no previous one: its minute rose by 59 × 2 J, every later one by 60 × 2.
    expect(energy.map((p) => p.delta)).toEqual([118, ...Array(119).fill(120)]);
    expect(energy[1]).toMatchObject({ min: 5120, max: 5238 });

    // The same range from raw rows (a step under a minute) gives the same totals.
    const raw = store.history({ ...query, points: 7200 });
    expect(raw.tier).toBe('raw');
    const sum = (answer: HistoryAnswer) => answer.series[1]!.points.reduce((total, p) => total + (p.delta ?? 0), 0);
    expect(sum(raw)).toBe(sum(minutes));
    expect(avgs(raw).reduce((a, b) => a! + b!, 0)! / 7200).toBeCloseTo(29.5, 10);
  });

  it('per hour, with the hour not yet rolled up filled from minutes and raw rows', () => {
    const store = threeHours();
    const hours = store.history({ device: 'GPU-0', metrics: ['gpuUtilPercent', 'energyConsumedJoules'], fromMs: T0, toMs: T0 + 3 * 3600_000 - 1, points: 3 });
    expect(hours).toMatchObject({ tier: 'hour', stepMs: 3600_000 });
    expect(hours.series[0]!.points).toEqual([0, 1, 2].map((h) => ({ t: T0 + h * 3600_000, min: 0, avg: 29.5, max: 59 })));
    expect(hours.series[1]!.points.map((p) => p.delta)).toEqual([7198, 7200, 7200]);
    expect(hours.series[1]!.points[2]).toMatchObject({ min: 5000 + 2 * 7200, max: 5000 + 2 * 10799 });
  });

  it('re-rolls a minute that a late sample falls in', () => {
    const store = tempStore();
    store.append(seconds(180).filter((_, s) => s !== 30));
    store.append([handSample(999, T0 + 30_000, [handDevice(0, { gpuUtilPercent: 100 })])]);
    const minute = store.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0, toMs: T0 + 59_999, points: 1 });
    expect(minute.tier).toBe('minute');
    expect(minute.series[0]!.points[0]).toMatchObject({ max: 100, min: 0 });
  });

  it('a counter that goes down was reset: it counts from zero, and a long gap is not put in one bucket', () => {
    const store = tempStore();
    const at = (s: number, joules: number) => handSample(s, T0 + s * 1000, [handDevice(0, { energyConsumedJoules: joules })]);
    store.append([at(0, 1000), at(1, 1010), at(2, 4), at(3, 10), at(1000, 500)]);
    const answer = store.history({ device: 'GPU-0', metrics: ['energyConsumedJoules'], fromMs: T0, toMs: T0 + 1000_999, points: 1001 });
    const deltas = answer.series[0]!.points.filter((p) => p.avg !== null).map((p) => p.delta);
    expect(deltas).toEqual([null, 10, 4, 6, null]);
  });

  it('chooses a coarser tier only when the finer one does not reach back far enough', () => {
    const store = threeHours();
    store.close();
    // Raw kept for one hour: a fine-grained query of all three hours has to use the minutes.
    const reopened = tempStore({ path: store.path, now: () => T0 + 3 * 3600_000, retention: { rawMs: 3600_000 } });
    reopened.prune(T0 + 3 * 3600_000);
    const wide = reopened.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0, toMs: T0 + 3 * 3600_000 - 1, points: 10_800 });
    expect(wide).toMatchObject({ tier: 'minute', stepMs: 60_000 });
    expect(wide.series[0]!.points).toHaveLength(180);
    expect(wide.series[0]!.points.every((p) => p.avg === 29.5)).toBe(true);
    const recent = reopened.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0 + 2.5 * 3600_000, toMs: T0 + 3 * 3600_000 - 1, points: 1800 });
    expect(recent).toMatchObject({ tier: 'raw', stepMs: 1000 });
  });
});
