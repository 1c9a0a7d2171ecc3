import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import { StoreError } from './errors.js';
import { lockForRecording } from './lock.js';
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
