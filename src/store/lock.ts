// One recorder per history file. Two `serve`s on one data folder (a systemd unit, and one started
// by hand on another port) would both record into it: every second twice, the rollups' sample
// counts doubled. SQLite serialises their writes but does not refuse the second writer, so a
// recording store holds a lock file beside the database, `<db>.lock`, with its PID. A lock whose
// process is gone (a crash, kill -9) is stale and taken over; on Linux the process's start time
// is compared too, so a PID the kernel has since given to another process does not hold it.
//
// A lock written under another host name cannot be checked that way: the process may live on
// another machine of a network file system, or in a container since recreated (Docker gives each
// container its own host name; a named volume outlives it). So the holder refreshes the lock's
// mtime as it writes (LOCK_REFRESH_MS), and a foreign lock left unrefreshed for LOCK_STALE_MS is
// stale. Against two live recorders: a holder checks before each write that the lock is still
// its own, and stops writing when another took it over (it had been paused past LOCK_STALE_MS),
// so the two never write together past the write in flight. The rule trusts clocks to agree
// within minutes (NTP), and a holder to refresh: it writes every few seconds.

import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { processAlive, processStartTicks } from '../core/process-identity.js';
import { StoreError } from './errors.js';

/** How often a recording store refreshes its lock (at a write; the recorder writes every 5 s). */
export const LOCK_REFRESH_MS = 60_000;
/** A lock from another host not refreshed for this long is stale: ten refreshes missed. */
export const LOCK_STALE_MS = 10 * 60_000;

export interface StoreLock {
  readonly path: string;
  /**
   * Before a write: throws StoreError 'lock-lost' when another recorder has taken the lock over,
   * puts it back when it was deleted, and refreshes it when LOCK_REFRESH_MS have passed.
   */
  keep(): void;
  /** Removes the lock file if it is still this process's. Idempotent. */
  release(): void;
}

interface LockRecord {
  pid: number;
  host: string;
  /** /proc/<pid>/stat's starttime (clock ticks since boot); null where there is no /proc. */
  started: number | null;
  /** Which taking of the lock this is (absent in locks of older versions). */
  id: string | null;
}

function readRecord(path: string): LockRecord | null {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { pid, host, started, id } = value as Record<string, unknown>;
    if (!Number.isInteger(pid) || (pid as number) <= 0 || typeof host !== 'string') return null;
    return { pid: pid as number, host, started: typeof started === 'number' ? started : null, id: typeof id === 'string' ? id : null };
  } catch {
    return null;
  }
}

/** When the lock was last refreshed (its mtime); null when it cannot be read. */
function refreshedAtMs(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** Whether the recorded process still holds the lock (on another host: while it refreshes it). */
function held(record: LockRecord, refreshedMs: number | null, nowMs: number): boolean {
  if (record.host !== hostname()) return refreshedMs === null || nowMs - refreshedMs < LOCK_STALE_MS;
  if (record.pid === process.pid) return false; // this process, a store opened before and not closed
  if (!processAlive(record.pid)) return false;
  const started = processStartTicks(record.pid);
  return record.started === null || started === null || started === record.started;
}

/** The refusal naming who holds the lock; for another host, when it was refreshed and when it goes stale. */
function lockedError(dbPath: string, path: string, record: LockRecord, refreshedMs: number | null, nowMs: number): StoreError {
  const params = { path: dbPath, pid: record.pid, host: record.host, lockPath: path };
  if (record.host === hostname() || refreshedMs === null) return new StoreError('locked', params);
  const minutesAgo = Math.max(0, Math.floor((nowMs - refreshedMs) / 60_000));
  return new StoreError('locked-elsewhere', { ...params, minutesAgo, staleMinutes: LOCK_STALE_MS / 60_000 });
}

/** Writes `record` as a new lock file; false when one is there already. */
function create(path: string, record: LockRecord): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new StoreError('cannot-open', { path, detail: (error as Error).message }, { cause: error });
  }
  try {
    writeSync(fd, JSON.stringify(record));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes `<dbPath>.lock` for this process, or throws StoreError 'locked' (or 'locked-elsewhere',
 * for a lock from another host still refreshed) naming who holds it. `now`: the wall clock the
 * lock's mtime is compared with.
 */
export function lockForRecording(dbPath: string, now: () => number = Date.now): StoreLock {
  const path = `${dbPath}.lock`;
  const mine: LockRecord = { pid: process.pid, host: hostname(), started: processStartTicks(process.pid), id: randomUUID() };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!create(path, mine)) {
      const record = readRecord(path);
      const refreshedMs = refreshedAtMs(path);
      if (record !== null && held(record, refreshedMs, now())) throw lockedError(dbPath, path, record, refreshedMs, now());
      // Stale (its process is gone) or unreadable (a crash mid-write): taken over.
      try {
        unlinkSync(path);
      } catch {
        // Another process took it over first: the next attempt finds its lock.
      }
      continue;
    }
    let released = false;
    let refreshedMs = now();
    const lost = (record: LockRecord) => new StoreError('lock-lost', { path: dbPath, pid: record.pid, host: record.host, lockPath: path, staleMinutes: LOCK_STALE_MS / 60_000 });
    return {
      path,
      keep() {
        let record = readRecord(path);
        if (record === null) {
          // Deleted under us: put back, unless another recorder got there first.
          if (create(path, mine)) {
            refreshedMs = now();
            return;
          }
          record = readRecord(path);
          // Still unreadable (another one being written this instant): the next write looks again.
          if (record === null) return;
        }
        if (record.id !== mine.id) throw lost(record);
        const nowMs = now();
        if (nowMs - refreshedMs < LOCK_REFRESH_MS) return;
        refreshedMs = nowMs;
        try {
          utimesSync(path, nowMs / 1000, nowMs / 1000);
        } catch {
          // Not refreshed this time (a read-only moment): the next write tries again.
        }
      },
      release() {
        if (released) return;
        released = true;
        if (readRecord(path)?.id !== mine.id) return;
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      },
    };
  }
  // Taken over twice, and a third holder came each time: a race with another recorder starting.
  const last = readRecord(path);
  throw new StoreError('locked', { path: dbPath, pid: last?.pid ?? '?', host: last?.host ?? '?', lockPath: path });
}
