// The HistoryStore on SQLite (better-sqlite3): WAL, so readers never wait for the writer and a
// crash leaves the last committed transaction whole; synchronous=NORMAL, so a commit costs no
// fsync (the WAL is synced at checkpoints: a power cut can lose the last few seconds, never the
// database); a busy timeout, so a second process waits instead of failing at once.

import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { StoreError, toStoreError } from './errors.js';
import { checkStillThere, createHistoryFile, makeFolder, readOnlyLeftover, type FileIdentity } from './file.js';
import { lockForRecording, type StoreLock } from './lock.js';
import { createHistoryReader } from './query.js';
import { createReads } from './read.js';
import { DEFAULT_RETENTION, createPruner } from './retention.js';
import { createRollups } from './rollup.js';
import { APPLICATION_ID, SCHEMA_VERSION, migrate, reconcileColumns } from './schema.js';
import type { HistoryStore, RetentionOptions } from './types.js';
import { HOST_K, createWriter } from './write.js';

export interface HistoryStoreOptions {
  /** The database file, created (0600) when missing, and its folder (0700); a regular file. */
  path: string;
  retention?: Partial<RetentionOptions>;
  /** Wall clock in ms (default Date.now): when append prunes, "now" for retention, and the lock's refresh. */
  now?: () => number;
  /** 'full' syncs the WAL on every commit: slower, and nothing committed is lost to a power cut. */
  synchronous?: 'normal' | 'full';
  /** How long to wait for another connection's lock (default 5000 ms). */
  busyTimeoutMs?: number;
  /** append() applies retention at most this often (default 60 s). */
  pruneEveryMs?: number;
  /**
   * This store records (serve): it takes `<path>.lock` so that a second recorder on the same file
   * is refused (./lock.ts), keeps it before each write (a write throws StoreError 'lock-lost'
   * once another recorder took it over, and every write after), and releases it on close.
   * Readers and tests leave it off.
   */
  lockForRecording?: boolean;
}

export interface SqliteHistoryStore extends HistoryStore {
  readonly path: string;
  readonly retention: RetentionOptions;
}

/** Defaults for what is not given; a given value must be a positive number (the CLI checks its flags). */
function retentionFrom(given: Partial<RetentionOptions> = {}): RetentionOptions {
  const retention = { ...DEFAULT_RETENTION };
  for (const key of Object.keys(retention) as (keyof RetentionOptions)[]) {
    const value = given[key];
    if (value === undefined) continue;
    if (!(typeof value === 'number' && value > 0)) throw new RangeError(`retention.${key} must be a positive number of ${key === 'maxBytes' ? 'bytes' : 'ms'}; got ${String(value)}`);
    retention[key] = value;
  }
  return retention;
}

/** Checks the file is a gpuwise history this version can read, then migrates it to the current schema. */
function prepare(db: Database.Database, path: string): number {
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  if (version === 0) {
    if (tables.length > 0) throw new StoreError('foreign-database', { path });
    // Only settable before the first table exists: lets the size bound shrink the file.
    db.pragma('auto_vacuum = INCREMENTAL');
  } else {
    const application = tables.includes('meta') ? db.prepare("SELECT value FROM meta WHERE key = 'application'").pluck().get() : undefined;
    if (application !== APPLICATION_ID) throw new StoreError('foreign-database', { path });
    if (version > SCHEMA_VERSION) throw new StoreError('newer-schema', { path, found: version, known: SCHEMA_VERSION });
  }
  db.pragma('journal_mode = WAL');
  migrate(db, version);
  reconcileColumns(db);
  return SCHEMA_VERSION;
}

/**
 * SQLite's failure as a StoreError; a read-only -wal or -shm (SQLite blames the database) is
 * named as the file at fault.
 */
function explain(error: unknown, path: string): StoreError {
  const storeError = toStoreError(error, path);
  if (storeError.code !== 'read-only' && storeError.code !== 'cannot-open') return storeError;
  const leftover = readOnlyLeftover(path);
  return leftover === null ? storeError : new StoreError('read-only', { ...storeError.params, path: leftover }, { cause: error });
}

export function openHistoryStore(options: HistoryStoreOptions): SqliteHistoryStore {
  const path = resolve(options.path);
  const now = options.now ?? Date.now;
  const retention = retentionFrom(options.retention);
  const pruneEveryMs = options.pruneEveryMs ?? 60_000;
  let db: Database.Database;
  let lock: StoreLock | null = null;
  let identity: FileIdentity;
  try {
    makeFolder(dirname(path));
    // Before the lock: /dev/null is refused without a /dev/null.lock made beside it.
    identity = createHistoryFile(path);
    if (options.lockForRecording) lock = lockForRecording(path, now);
    db = new Database(path, { timeout: options.busyTimeoutMs ?? 5000 });
  } catch (error) {
    lock?.release();
    throw explain(error, path);
  }
  let parts;
  try {
    const schemaVersion = prepare(db, path);
    db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    // A write at open: a read-only file or folder is told now, not at the first flush.
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('opened_ms', ?)").run(String(now()));
    const rollups = createRollups(db);
    const writer = createWriter(db, rollups);
    // Finished buckets a crash (or an older schema) left without rollups.
    const span = db.prepare('SELECT min(t) AS lo, max(t) AS hi FROM host_raw WHERE k = ?').get(HOST_K) as { lo: number | null; hi: number | null };
    if (span.lo !== null && span.hi !== null) {
      const lowest = rollups.marks.minute === null ? span.lo : span.hi;
      db.transaction(() => rollups.advance(lowest, span.hi!, { device: writer.deviceIds(), host: [HOST_K] }))();
    }
    // A GPU another connection recorded since this one opened is found on disk.
    const idOnDisk = db.prepare('SELECT id FROM devices WHERE key = ?').pluck();
    const idOf = (key: string) => writer.idOf(key) ?? (idOnDisk.get(key) as number | undefined);
    parts = { schemaVersion, rollups, writer, reader: createHistoryReader(db, rollups, idOf), reads: createReads(db, path), pruner: createPruner(db, retention) };
  } catch (error) {
    db.close();
    lock?.release();
    throw explain(error, path);
  }
  const { schemaVersion, writer, reader, reads, pruner } = parts;
  let open = true;
  let lastPruneMs = -Infinity;
  // Once another recorder has taken the lock, this store never writes again: two would record twice.
  let lockLost: StoreError | null = null;
  const run = <T>(work: () => T): T => {
    if (!open) throw new StoreError('closed', { path });
    try {
      return work();
    } catch (error) {
      throw explain(error, path);
    }
  };
  /** Before a write: the file is still the one opened, and the lock still this store's. */
  const beforeWrite = () => {
    if (lockLost) throw lockLost;
    checkStillThere(path, identity);
    try {
      lock?.keep();
    } catch (error) {
      if (error instanceof StoreError && error.code === 'lock-lost') lockLost = error;
      throw error;
    }
  };
  const prune = (nowMs: number) => pruner.prune(nowMs, writer.deviceIds());

  return {
    path,
    retention,
    append: (samples, events = []) =>
      run(() => {
        beforeWrite();
        writer.append(samples, events);
        const nowMs = now();
        if (nowMs - lastPruneMs >= pruneEveryMs) {
          lastPruneMs = nowMs;
          prune(nowMs);
        }
      }),
    history: (query) => run(() => reader.history(query)),
    devices: () => run(() => reads.devices()),
    processes: (query) => run(() => reads.processes(query)),
    events: (query) => run(() => reads.events(query)),
    prune: (nowMs) =>
      run(() => {
        beforeWrite();
        prune(nowMs);
      }),
    stats: () => run(() => reads.stats(schemaVersion, writer.deviceIds())),
    integrityCheck: () => run(() => (db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[]).map((row) => row.integrity_check).join('\n')),
    close() {
      if (!open) return;
      open = false;
      try {
        db.close();
      } catch (error) {
        throw explain(error, path);
      } finally {
        lock?.release();
      }
    },
  };
}
