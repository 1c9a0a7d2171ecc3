import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import { StoreError } from './errors.js';
import { LOCK_REFRESH_MS, LOCK_STALE_MS, lockForRecording } from './lock.js';
import { busySample } from './__fixtures__/samples.js';
import { openHistoryStore } from './sqlite-store.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function startTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
}

/** A database path, and `<path>.lock` as another live process (a `sleep`) would have left it. */
function heldByAnother(): { db: string; lock: string; pid: number } {
  const db = join(mkdtempSync(join(tmpdir(), 'gpuwise-lock-')), 'history.db');
  const child = spawn('sleep', ['30']);
  children.push(child);
  const pid = child.pid!;
  writeFileSync(`${db}.lock`, JSON.stringify({ pid, host: hostname(), started: startTicks(pid) }));
  return { db, lock: `${db}.lock`, pid };
}

const lockedError = (fn: () => unknown): StoreError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('did not throw');
};

describe('one recorder per history file', () => {
  it('refuses a second recorder while the first one lives, naming it, in both languages', () => {
    const { db, lock, pid } = heldByAnother();
    const error = lockedError(() => lockForRecording(db));
    expect(error.code).toBe('locked');
    expect(error.message).toContain(`PID ${pid}`);
    expect(error.message).toContain('--no-record');
    expect(translate('zh-CN', error.key, error.params)).toContain(`PID ${pid}`);
    expect(translate('zh-CN', error.key, error.params)).toContain(lock);
    // And so does the store serve opens; a reader (no lock asked for) opens it.
    expect(lockedError(() => openHistoryStore({ path: db, lockForRecording: true })).code).toBe('locked');
    openHistoryStore({ path: db }).close();
  });

  it('takes over a lock whose process is gone, whose PID now names another process, or that is unreadable', () => {
    const gone = spawnSync('true').pid!;
    const { db, lock, pid } = heldByAnother();
    for (const stale of [
      { pid: gone, host: hostname(), started: 1 },
      { pid, host: hostname(), started: startTicks(pid) + 1 }, // the PID reused since
      'half a crash',
    ]) {
      writeFileSync(lock, typeof stale === 'string' ? stale : JSON.stringify(stale));
      const taken = lockForRecording(db);
      expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
      taken.release();
      expect(existsSync(lock)).toBe(false);
    }
  });

  it('the store releases its lock on close, and release leaves a lock another process took alone', () => {
    const db = join(mkdtempSync(join(tmpdir(), 'gpuwise-lock-')), 'history.db');
    const store = openHistoryStore({ path: db, lockForRecording: true });
    expect(existsSync(`${db}.lock`)).toBe(true);
    store.close();
    expect(existsSync(`${db}.lock`)).toBe(false);
    const mine = lockForRecording(db);
    writeFileSync(`${db}.lock`, JSON.stringify({ pid: 1, host: hostname(), started: null }));
    mine.release();
    expect(existsSync(`${db}.lock`)).toBe(true);
  });
});

const freshDb = () => join(mkdtempSync(join(tmpdir(), 'gpuwise-lock-')), 'history.db');
const MIN = 60_000;

/** `<db>.lock` as a recorder on another host (a container since recreated …) leaves it, last refreshed at `refreshedMs`. */
function heldElsewhere(db: string, refreshedMs: number): void {
  writeFileSync(`${db}.lock`, JSON.stringify({ pid: 4242, host: 'other-host', started: 123, id: 'theirs' }));
  utimesSync(`${db}.lock`, refreshedMs / 1000, refreshedMs / 1000);
}

describe('a recorder on another host', () => {
  it('is refused while its lock is refreshed, saying when it was and what to do, in both languages', () => {
    const db = freshDb();
    const nowMs = Date.now();
    heldElsewhere(db, nowMs - 4 * MIN);
    const error = lockedError(() => lockForRecording(db, () => nowMs));
    expect(error.code).toBe('locked-elsewhere');
    expect(error.params).toMatchObject({ host: 'other-host', pid: 4242, minutesAgo: 4, staleMinutes: LOCK_STALE_MS / MIN });
    for (const locale of ['en', 'zh-CN'] as const) {
      const text = translate(locale, error.key, error.params);
      expect(text).toContain('other-host');
      expect(text).toContain(`${db}.lock`);
    }
    // Its lock is left as it was.
    expect(JSON.parse(readFileSync(`${db}.lock`, 'utf8'))).toMatchObject({ host: 'other-host', id: 'theirs' });
  });

  it('is taken over once its lock went LOCK_STALE_MS without a refresh (it crashed, or its container is gone)', () => {
    const db = freshDb();
    const nowMs = Date.now();
    heldElsewhere(db, nowMs - LOCK_STALE_MS - 1000);
    const mine = lockForRecording(db, () => nowMs);
    expect(JSON.parse(readFileSync(`${db}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    mine.release();
    expect(existsSync(`${db}.lock`)).toBe(false);
  });
});

describe('a recording store keeps its lock', () => {
  it('refreshes the lock as it writes, so another host never sees a live recorder as stale', () => {
    const db = freshDb();
    let clockMs = Date.now();
    const store = openHistoryStore({ path: db, lockForRecording: true, now: () => clockMs });
    // Twelve minutes of recording, a write every 5 s: the lock never looks older than a refresh.
    for (let i = 1; i <= (12 * MIN) / 5000; i++) {
      clockMs += 5000;
      store.append([busySample(i, clockMs)]);
      expect(clockMs - statSync(`${db}.lock`).mtimeMs).toBeLessThanOrEqual(LOCK_REFRESH_MS);
    }
    store.close();
  });

  it('once another recorder took the lock over, every write fails with lock-lost, and close leaves that lock alone', () => {
    const db = freshDb();
    const store = openHistoryStore({ path: db, lockForRecording: true });
    store.append([busySample(1, Date.now())]);
    // This one was paused past LOCK_STALE_MS; a recorder on another host took over meanwhile.
    heldElsewhere(db, Date.now());
    for (let i = 2; i <= 3; i++) {
      const error = lockedError(() => store.append([busySample(i, Date.now())]));
      expect(error.code).toBe('lock-lost');
      expect(error.params).toMatchObject({ host: 'other-host', pid: 4242, path: db });
      expect(translate('zh-CN', error.key, error.params)).toContain('other-host');
    }
    // Even when the other one stops and removes its lock, this one does not come back.
    unlinkSync(`${db}.lock`);
    expect(lockedError(() => store.append([busySample(4, Date.now())])).code).toBe('lock-lost');
    expect(existsSync(`${db}.lock`)).toBe(false);
    heldElsewhere(db, Date.now());
    store.close();
    expect(JSON.parse(readFileSync(`${db}.lock`, 'utf8'))).toMatchObject({ host: 'other-host', id: 'theirs' });
    expect(openHistoryStore({ path: db }).stats().rows.raw).toBeGreaterThan(0);
  });

  it('puts back a lock deleted under it (a clean-up script), so a second recorder is still refused', () => {
    const db = freshDb();
    const store = openHistoryStore({ path: db, lockForRecording: true });
    unlinkSync(`${db}.lock`);
    store.append([busySample(1, Date.now())]);
    expect(JSON.parse(readFileSync(`${db}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    store.close();
    expect(existsSync(`${db}.lock`)).toBe(false);
  });

  it('keep() refreshes the mtime only every LOCK_REFRESH_MS, on the clock it was given', () => {
    const db = freshDb();
    const startMs = Date.now() - 3 * MIN;
    let clockMs = startMs;
    const lock = lockForRecording(db, () => clockMs);
    utimesSync(`${db}.lock`, startMs / 1000, startMs / 1000);
    clockMs += LOCK_REFRESH_MS - 1000;
    lock.keep();
    expect(statSync(`${db}.lock`).mtimeMs).toBeCloseTo(startMs, -2);
    clockMs += 2000;
    lock.keep();
    expect(statSync(`${db}.lock`).mtimeMs).toBeCloseTo(clockMs, -2);
    lock.release();
  });
});
