// One recorder per history file. Two `serve`s on one data folder (a systemd unit, and one started
// by hand on another port) would both record into it: every second twice, the rollups' sample
// counts doubled. SQLite serialises their writes but does not refuse the second writer, so a
// recording store holds a lock file beside the database, `<db>.lock`, with its PID. A lock whose
// process is gone (a crash, kill -9) is stale and taken over; on Linux the process's start time
// is compared too, so a PID the kernel has since given to another process does not hold it.

import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { StoreError } from './errors.js';

export interface StoreLock {
  readonly path: string;
  /** Removes the lock file if it is still this process's. Idempotent. */
  release(): void;
}

interface LockRecord {
  pid: number;
  host: string;
  /** /proc/<pid>/stat's starttime (clock ticks since boot); null where there is no /proc. */
  started: number | null;
}

/** Field 22 of /proc/<pid>/stat; null without /proc or for a process that is gone. */
function processStartTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command (field 2) is in parentheses and may hold spaces or ')': fields count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readRecord(path: string): LockRecord | null {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { pid, host, started } = value as Record<string, unknown>;
    if (!Number.isInteger(pid) || (pid as number) <= 0 || typeof host !== 'string') return null;
    return { pid: pid as number, host, started: typeof started === 'number' ? started : null };
  } catch {
    return null;
  }
}

/** Whether the recorded process still holds the lock (on another host it cannot be told: it does). */
function held(record: LockRecord): boolean {
  if (record.host !== hostname()) return true;
  if (record.pid === process.pid) return false; // this process, a store opened before and not closed
  if (!alive(record.pid)) return false;
  const started = processStartTicks(record.pid);
  return record.started === null || started === null || started === record.started;
}

/** Takes `<dbPath>.lock` for this process, or throws StoreError 'locked' naming who holds it. */
export function lockForRecording(dbPath: string): StoreLock {
  const path = `${dbPath}.lock`;
  const mine: LockRecord = { pid: process.pid, host: hostname(), started: processStartTicks(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new StoreError('cannot-open', { path, detail: (error as Error).message }, { cause: error });
      const record = readRecord(path);
      if (record !== null && held(record)) throw new StoreError('locked', { path: dbPath, pid: record.pid, host: record.host, lockPath: path });
      // Stale (its process is gone) or unreadable (a crash mid-write): taken over.
      try {
        unlinkSync(path);
      } catch {
        // Another process took it over first: the next attempt finds its lock.
      }
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(mine));
    } finally {
      closeSync(fd);
    }
    let released = false;
    return {
      path,
      release() {
        if (released) return;
        released = true;
        if (readRecord(path)?.pid !== process.pid) return;
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
