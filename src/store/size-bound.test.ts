// The size bound over a realistic mix: ten days of history (minutes and hours, a GPU box that
// was sampled sparsely) and then half an hour of 8 GPUs at 1 Hz, whose raw rows take the space.
// The bound must fall on those raw rows first, then on the minutes, and leave the hours — the
// long-term history — whole.

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busySample } from './__fixtures__/samples.js';
import { openHistoryStore, type SqliteHistoryStore } from './sqlite-store.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 11, 1, 0, 0, 0);
const HISTORY_MS = 10 * DAY;
const BUSY_MS = 30 * MINUTE;
const END = T0 + HISTORY_MS + BUSY_MS;

let dir = '';
let filled = '';
/** Bytes of pages in use after the sparse ten days, and after the busy half hour too. */
let historyBytes = 0;
let allBytes = 0;

function usedBytesOf(path: string): number {
  const db = new Database(path, { readonly: true });
  const pragma = (name: string) => db.pragma(name, { simple: true }) as number;
  const used = (pragma('page_count') - pragma('freelist_count')) * pragma('page_size');
  db.close();
  return used;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-store-size-'));
  filled = join(dir, 'filled.db');
  let now = T0;
  const store = openHistoryStore({ path: filled, now: () => now, pruneEveryMs: Infinity });
  for (let ms = 0; ms < HISTORY_MS; ms += 5 * MINUTE) {
    now = T0 + ms;
    store.append([busySample(ms / MINUTE, now, 8, 1)]);
  }
  store.prune(now);
  store.close();
  historyBytes = usedBytesOf(filled);
  const busy = openHistoryStore({ path: filled, now: () => now, pruneEveryMs: Infinity });
  const start = T0 + HISTORY_MS;
  for (let s = 0; s < BUSY_MS / SECOND; s += 10) {
    now = start + (s + 10) * SECOND;
    busy.append(Array.from({ length: 10 }, (_, i) => busySample(s + i, start + (s + i) * SECOND, 8, 1)));
  }
  busy.close();
  allBytes = usedBytesOf(filled);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openCopy(name: string, maxBytes: number): { store: SqliteHistoryStore; path: string } {
  const path = join(dir, `${name}.db`);
  copyFileSync(filled, path);
  return { store: openHistoryStore({ path, now: () => END, pruneEveryMs: Infinity, retention: { maxBytes } }), path };
}

/** Hour buckets of the ten days that have data in a chart of GPU 0. */
function hoursWithData(store: SqliteHistoryStore): number {
  const chart = store.history({ device: 'GPU-0', metrics: ['gpuUtilPercent'], fromMs: T0, toMs: T0 + HISTORY_MS - 1, points: HISTORY_MS / HOUR });
  expect(chart.tier).toBe('hour');
  return chart.series[0]!.points.filter((p) => p.avg !== null).length;
}

describe('size bound over a realistic mix', () => {
  it('takes raw rows first: with half the busy raw rows over the bound, minutes and hours keep every row', () => {
    expect(allBytes - historyBytes).toBeGreaterThan(2 ** 20);
    const maxBytes = Math.round(historyBytes + (allBytes - historyBytes) / 2);
    const { store, path } = openCopy('raw-first', maxBytes);
    const before = store.stats();
    store.prune(END);
    const after = store.stats();
    expect(usedBytesOf(path)).toBeLessThanOrEqual(maxBytes);
    expect(after.oldestMs.raw).toBeGreaterThan(before.oldestMs.raw!);
    expect(after.rows.minute).toBe(before.rows.minute);
    expect(after.rows.hour).toBe(before.rows.hour);
    expect(after.oldestMs).toMatchObject({ minute: T0, hour: T0 });
    expect(hoursWithData(store)).toBe(HISTORY_MS / HOUR);
    expect(store.integrityCheck()).toBe('ok');
    store.close();
  });

  it('then the minutes, oldest first; the hours meant for a year stay whole', () => {
    const maxBytes = Math.round(historyBytes / 3);
    const { store, path } = openCopy('minutes-next', maxBytes);
    const before = store.stats();
    store.prune(END);
    const after = store.stats();
    expect(usedBytesOf(path)).toBeLessThanOrEqual(maxBytes);
    // Raw rows only of the minute not yet rolled up; minutes only of recent days.
    expect(after.oldestMs.raw).toBeGreaterThanOrEqual(END - 2 * MINUTE);
    expect(after.oldestMs.minute).toBeGreaterThan(T0 + DAY);
    expect(after.rows.hour).toBe(before.rows.hour);
    expect(after.oldestMs.hour).toBe(T0);
    expect(hoursWithData(store)).toBe(HISTORY_MS / HOUR);
    // The last half hour reads whole from the minutes (not a gap where the raw rows were).
    const recent = store.history({ device: 'GPU-3', metrics: ['powerDrawWatts'], fromMs: END - BUSY_MS, toMs: END - MINUTE, points: 29 });
    expect(recent.tier).toBe('minute');
    expect(recent.series[0]!.points.every((p) => p.avg !== null)).toBe(true);
    expect(store.integrityCheck()).toBe('ok');
    store.close();
  });
});
