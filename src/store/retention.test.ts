// Retention per tier and the size bound.

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GpuEvent } from '../events/types.js';
import { busySample, handDevice, handProcess, handSample } from './__fixtures__/samples.js';
import { openHistoryStore } from './sqlite-store.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-store-retention-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const event = (atMs: number): GpuEvent => ({ atMs, kind: 'gpu-lost', severity: 'critical', deviceKey: 'GPU-0', gpuIndex: 0, key: 'events.gpuLost', params: {} });

describe('retention', () => {
  it('keeps raw rows a day, minutes 30 days and hours a year by default; events and processes a year', () => {
    let now = T0 - 400 * DAY;
    const store = openHistoryStore({ path: join(dir, 'history.db'), now: () => now, pruneEveryMs: Infinity });
    for (const ago of [400 * DAY, 100 * DAY, 10 * DAY, 2 * HOUR, MINUTE, 0]) {
      now = T0 - ago;
      store.append([handSample(1, now, [handDevice(0, { gpuUtilPercent: 50 })], { processes: [handProcess(ago / MINUTE + 1, 0)] })], [event(now)]);
    }
    store.prune(T0);
    const { oldestMs, rows } = store.stats();
    expect(oldestMs).toEqual({ raw: T0 - 2 * HOUR, minute: T0 - 10 * DAY, hour: T0 - 100 * DAY });
    expect(rows).toMatchObject({ raw: 2 * 3, events: 5, processes: 5 });
    expect(store.events({ fromMs: 0, toMs: T0 }).map((e) => e.atMs).at(-1)).toBe(T0 - 100 * DAY);
    // Four hundred days ago is no longer there at any resolution: nulls, not zeros.
    const gone = store.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0 - 401 * DAY, toMs: T0 - 399 * DAY, points: 48 });
    expect(gone.series[0]!.points.every((p) => p.avg === null)).toBe(true);
    const kept = store.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0 - 101 * DAY, toMs: T0, points: 101 * 24 });
    expect(kept.tier).toBe('hour');
    expect(kept.series[0]!.points.filter((p) => p.avg !== null).map((p) => p.avg)).toEqual([50, 50, 50, 50]);
    store.close();
  });

  it('is applied by append itself, at most every pruneEveryMs', () => {
    let now = T0;
    const store = openHistoryStore({ path: join(dir, 'history.db'), now: () => now, retention: { rawMs: 10 * MINUTE }, pruneEveryMs: 5 * MINUTE });
    for (let m = 0; m <= 30; m++) {
      now = T0 + m * MINUTE;
      store.append([handSample(m, now, [handDevice(0, { gpuUtilPercent: m })])]);
    }
    // The last prune ran at minute 30: raw rows older than minute 20 are gone.
    expect(store.stats().oldestMs.raw).toBe(T0 + 20 * MINUTE);
    store.close();
  });
});

describe('retention shorter than the next tier\'s bucket', () => {
  it('keeps minute rows until their hour is rolled up, so the hour is whole (not its last minutes only)', () => {
    let now = T0;
    const store = openHistoryStore({ path: join(dir, 'history.db'), now: () => now, retention: { minuteMs: 10 * MINUTE, rawMs: 30_000 } });
    // Idle for 50 minutes of each hour, busy for the last 10; samples every 5 s.
    for (let s = 0; s < 2 * 3600 + 120; s += 5) {
      now = T0 + s * 1000;
      store.append([handSample(s, now, [handDevice(0, { gpuUtilPercent: s % 3600 >= 3000 ? 100 : 0 })])]);
    }
    const hours = store.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0, toMs: T0 + 2 * HOUR - 1, points: 2 });
    expect(hours.tier).toBe('hour');
    for (const point of hours.series[0]!.points) expect(point).toMatchObject({ min: 0, max: 100, avg: expect.closeTo(100 / 6, 5) });
    // Once rolled up, the minutes go as asked: none older than 10 minutes and the hour they fell in.
    store.prune(now);
    expect(store.stats().oldestMs.minute).toBeGreaterThanOrEqual(T0 + 2 * HOUR - 10 * MINUTE);
    store.close();
  });
});

describe('retention options', () => {
  it('takes the default for an option left undefined, and refuses one that is not a positive number', () => {
    const store = openHistoryStore({ path: join(dir, 'history.db'), retention: { rawMs: undefined, maxBytes: 5e6 } });
    expect(store.retention).toEqual({ rawMs: DAY, minuteMs: 30 * DAY, hourMs: 365 * DAY, maxBytes: 5e6 });
    store.close();
    expect(() => openHistoryStore({ path: join(dir, 'history.db'), retention: { hourMs: Number.NaN } })).toThrow(/retention.hourMs must be a positive number/);
    expect(() => openHistoryStore({ path: join(dir, 'history.db'), retention: { maxBytes: 0 } })).toThrow(RangeError);
  });
});

describe('size bound', () => {
  it('drops the oldest rows, raw first, until the database fits, keeping the newest, and the file shrinks', () => {
    const path = join(dir, 'history.db');
    const maxBytes = 512 * 1024;
    let now = T0;
    const store = openHistoryStore({ path, now: () => now, retention: { maxBytes }, pruneEveryMs: Infinity });
    for (let s = 0; s < 1800; s += 10) {
      store.append(Array.from({ length: 10 }, (_, i) => busySample(s + i, T0 + (s + i) * 1000)));
    }
    now = T0 + 1800 * 1000;
    const before = store.stats();
    expect(before.fileBytes).toBeGreaterThan(4 * maxBytes);
    store.prune(now);
    const after = store.stats();
    expect(after.fileBytes).toBeLessThanOrEqual(maxBytes);
    expect(statSync(path).size).toBeLessThanOrEqual(maxBytes);
    expect(after.oldestMs.raw).toBeGreaterThan(before.oldestMs.raw!);
    // The newest minute is whole.
    const recent = store.history({ device: 'GPU-3', metrics: ['powerDrawWatts'], fromMs: now - 60_000, toMs: now - 1, points: 60 });
    expect(recent.series[0]!.points.every((p) => p.avg !== null)).toBe(true);
    expect(store.integrityCheck()).toBe('ok');
    store.close();
  });
});
