// Opening: migrations from an older schema, and every file a user can point --db at by mistake.

import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import { busySample, handDevice, handSample } from './__fixtures__/samples.js';
import { SCHEMA_VERSION, metricColumnsOf, DEVICE_FAMILY } from './schema.js';
import { openHistoryStore } from './sqlite-store.js';
import { StoreError } from './errors.js';

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-store-open-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Schema version 1 exactly as that version wrote it, metric columns of its day included. Never edit. */
const V1_SQL = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  INSERT INTO meta (key, value) VALUES ('application', 'gpuwise-history');
  CREATE TABLE devices (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, uuid TEXT, gpu_index INTEGER NOT NULL,
    name TEXT, pci_bus_id TEXT, memory_total_bytes REAL, first_seen_ms INTEGER NOT NULL, last_seen_ms INTEGER NOT NULL);
  CREATE TABLE device_raw (k INTEGER NOT NULL, t INTEGER NOT NULL, "gpuUtilPercent" REAL, "memoryUsedBytes" REAL,
    "energyConsumedJoules" REAL, "energyConsumedJoules__inc" REAL, PRIMARY KEY (k, t)) WITHOUT ROWID;
  CREATE TABLE host_raw (k INTEGER NOT NULL, t INTEGER NOT NULL, "cpuUtilPercent" REAL, PRIMARY KEY (k, t)) WITHOUT ROWID;
  CREATE TABLE processes (id INTEGER PRIMARY KEY, device_id INTEGER NOT NULL, pid INTEGER NOT NULL,
    gpu_index INTEGER NOT NULL, name, command, user, first_seen_ms INTEGER NOT NULL, last_seen_ms INTEGER NOT NULL,
    max_used_memory_bytes REAL, last_used_memory_bytes REAL);
  CREATE UNIQUE INDEX processes_device_pid ON processes (device_id, pid);
  PRAGMA user_version = 1;`;

function writeV1(path: string): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(V1_SQL);
  db.prepare("INSERT INTO devices VALUES (1, 'GPU-old', 'GPU-old', 0, 'Tesla V100', NULL, 3.2e10, ?, ?)").run(T0, T0 + 179_000);
  const insert = db.prepare('INSERT INTO device_raw VALUES (1, ?, ?, ?, ?, ?)');
  const host = db.prepare('INSERT INTO host_raw VALUES (0, ?, 12.5)');
  for (let s = 0; s < 180; s++) {
    insert.run(T0 + s * 1000, s % 60, 1e9, 100 + s, s === 0 ? null : 1);
    host.run(T0 + s * 1000);
  }
  db.prepare("INSERT INTO processes VALUES (1, 1, 4242, 0, 'old.py', 'python old.py', 'bob', ?, ?, 5e8, 4e8)").run(T0, T0 + 179_000);
  db.close();
}

const expectStoreError = (work: () => unknown, code: StoreError['code']) => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe(code);
    // Both languages have the text, with the path filled in.
    for (const locale of ['en', 'zh-CN'] as const) expect(translate(locale, (error as StoreError).key, (error as StoreError).params)).toContain(dir);
    return error as StoreError;
  }
  throw new Error(`expected a StoreError ${code}`);
};

describe('migrations', () => {
  it('opens a version-1 database, migrates it, adds the metric columns the field table gained, and rolls up its old samples', () => {
    const path = join(dir, 'history.db');
    writeV1(path);
    const store = openHistoryStore({ path, now: () => T0 + 180_000 });
    expect(store.stats().schemaVersion).toBe(SCHEMA_VERSION);
    const minutes = store.history({ device: 'GPU-old', metrics: ['gpuUtilPercent', 'energyConsumedJoules', 'temperatureCelsius'], fromMs: T0, toMs: T0 + 119_999, points: 2 });
    expect(minutes.tier).toBe('minute');
    expect(minutes.series.map((s) => s.points.map((p) => p.avg))).toEqual([[29.5, 29.5], [129.5, 189.5], [null, null]]);
    expect(minutes.series[1]!.points.map((p) => p.delta)).toEqual([59, 60]);
    expect(store.processes({ fromMs: T0, toMs: T0 + 1 })).toEqual([expect.objectContaining({ deviceKey: 'GPU-old', pid: 4242, name: 'old.py', startedAt: null })]);
    // New rows go in beside the old ones, with every column of today's field table.
    store.append([handSample(1, T0 + 200_000, [handDevice(0, { uuid: 'GPU-old', temperatureCelsius: 61 })])], [
      { atMs: T0 + 200_000, kind: 'gpu-appeared', severity: 'info', deviceKey: 'GPU-old', gpuIndex: 0, key: 'events.gpuAppeared', params: {} },
    ]);
    expect(store.events({ fromMs: T0, toMs: T0 + 300_000 })).toHaveLength(1);
    expect(store.integrityCheck()).toBe('ok');
    store.close();
    const db = new Database(path, { readonly: true });
    const columns = (db.pragma('table_info(device_minute)') as { name: string }[]).map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(metricColumnsOf(DEVICE_FAMILY, 'minute').map(([name]) => name)));
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });
});

describe('files that are not for this store', () => {
  it('refuses a history written by a newer gpuwise, and leaves it as it was', () => {
    const path = join(dir, 'history.db');
    openHistoryStore({ path }).close();
    const db = new Database(path);
    db.pragma('user_version = 99');
    db.close();
    const error = expectStoreError(() => openHistoryStore({ path }), 'newer-schema');
    expect(error.params).toMatchObject({ found: 99, known: SCHEMA_VERSION });
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(99);
    after.close();
  });

  it('refuses another program\'s SQLite database without writing into it', () => {
    const path = join(dir, 'app.db');
    const db = new Database(path);
    db.exec("CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ann')");
    db.close();
    const before = readFileSync(path);
    expectStoreError(() => openHistoryStore({ path }), 'foreign-database');
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses a file that is not a database', () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'shopping list\n'.repeat(400));
    expectStoreError(() => openHistoryStore({ path }), 'not-database');
    expect(readFileSync(path, 'utf8')).toBe('shopping list\n'.repeat(400));
  });

  it('says a damaged file is damaged', () => {
    const path = join(dir, 'history.db');
    const store = openHistoryStore({ path });
    for (let i = 0; i < 100; i++) store.append([busySample(i, T0 + i * 1000)]);
    store.close();
    // Everything after the first two pages (the header and the schema) overwritten.
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(statSync(path).size - 8192, 0x5a), 0, undefined, 8192);
    closeSync(fd);
    expectStoreError(() => openHistoryStore({ path }), 'corrupt');
  });
});

describe('disks a user can hit', () => {
  it('says so when the file is read-only', (context) => {
    const path = join(dir, 'history.db');
    openHistoryStore({ path }).close();
    const root = process.getuid?.() === 0;
    // root writes through permissions; the immutable flag stops even root.
    const locked = root ? spawnSync('chattr', ['+i', path]).status === 0 : (execFileSync('chmod', ['0444', path]), true);
    if (!locked) return context.skip('cannot make a file read-only here (chattr +i failed)');
    try {
      expectStoreError(() => openHistoryStore({ path }), 'read-only');
    } finally {
      if (root) spawnSync('chattr', ['-i', path]);
    }
  });

  it('says the disk is full, keeps what was committed, and records again once there is room', (context) => {
    const mount = join(dir, 'small');
    execFileSync('mkdir', [mount]);
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mount]).status !== 0) return context.skip('cannot mount a small tmpfs here');
    let store: ReturnType<typeof openHistoryStore> | null = null;
    try {
      const path = join(mount, 'history.db');
      store = openHistoryStore({ path, now: () => T0 });
      // Something else fills the disk, all but 200 KiB of it.
      const ballast = join(mount, 'ballast');
      const free = Number(execFileSync('df', ['--output=avail', '-B1', mount], { encoding: 'utf8' }).trim().split('\n')[1]);
      writeFileSync(ballast, Buffer.alloc(Math.max(0, free - 200 * 1024)));
      let committed = 0;
      let failure: unknown = null;
      for (let i = 0; i < 10_000 && failure === null; i++) {
        try {
          store.append([busySample(i, T0 + i * 1000)]);
          committed = i + 1;
        } catch (error) {
          failure = error;
        }
      }
      expect(failure).toBeInstanceOf(StoreError);
      expect((failure as StoreError).code).toBe('disk-full');
      const count = () => store!.history({ device: 'host', metrics: ['cpuUtilPercent'], fromMs: T0, toMs: T0 + 10_000_000, points: 10_001 }).series[0]!.points.filter((p) => p.avg !== null).length;
      expect(committed).toBeGreaterThan(0);
      expect(count()).toBe(committed);
      // The user frees space: the same open store takes the next samples.
      rmSync(ballast);
      store.append([busySample(committed, T0 + committed * 1000)]);
      expect(count()).toBe(committed + 1);
      expect(store.integrityCheck()).toBe('ok');
    } finally {
      store?.close();
      // Lazily: an open file left by a failed assertion must not leave the mount behind.
      spawnSync('umount', ['-l', mount]);
    }
  });
});
