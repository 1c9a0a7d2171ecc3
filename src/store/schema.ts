// The database's shape. Tables are frozen SQL in versioned migrations (PRAGMA user_version); the
// metric columns are NOT listed in them: they come from the field table (DEVICE_COLUMNS /
// HOST_COLUMNS) and are added by `reconcileColumns` with ALTER TABLE … ADD COLUMN on every open.
// A field added to the table is thus a new nullable column in an old database (its old rows
// read NULL: "not recorded"), with no migration to write; a field removed from the table leaves
// its column in place, unread. Migrations are for changes of structure only.

import type Database from 'better-sqlite3';
import type { FieldKind, FieldUnit } from '../core/fields.js';
import type { GpuDevice, HostSummary } from '../core/snapshot.js';
import { DEVICE_COLUMNS, HOST_COLUMNS, type Column } from '../monitor/columns.js';
import type { HistoryTier } from './types.js';

export const APPLICATION_ID = 'gpuwise-history';

export interface StoreColumn<Row> {
  /** The field table's name (gpuUtilPercent, throttleTimePercent.power). */
  name: string;
  /** Its SQL name: the field name with anything but [A-Za-z0-9_] as `_`. */
  sql: string;
  kind: FieldKind;
  unit: FieldUnit;
  /** Counters also keep `<sql>__inc`, the increase since the previous sample. */
  counter: boolean;
  read(row: Row): number | null;
}

export interface Family<Row> {
  name: 'device' | 'host';
  columns: readonly StoreColumn<Row>[];
  byName: ReadonlyMap<string, StoreColumn<Row>>;
}

function family<Row>(name: Family<Row>['name'], columns: readonly Column<Row>[]): Family<Row> {
  const stored = columns.map((column) => ({
    name: column.name,
    sql: column.name.replace(/[^A-Za-z0-9_]/g, '_'),
    kind: column.meta.kind,
    unit: column.meta.unit,
    counter: column.meta.kind === 'counter',
    read: column.read,
  }));
  return { name, columns: stored, byName: new Map(stored.map((column) => [column.name, column])) };
}

export const DEVICE_FAMILY = family<GpuDevice>('device', DEVICE_COLUMNS);
export const HOST_FAMILY = family<HostSummary>('host', HOST_COLUMNS);
export const FAMILIES = [DEVICE_FAMILY, HOST_FAMILY] as const;
export type AnyFamily = Family<GpuDevice> | Family<HostSummary>;

export const TIERS: readonly HistoryTier[] = ['raw', 'minute', 'hour'];
/** Bucket width of each rollup tier. */
export const TIER_MS = { raw: 1, minute: 60_000, hour: 3_600_000 } as const satisfies Record<HistoryTier, number>;

/** Rollup rowids: k · 2³² + the bucket's number (minutes since the epoch fit 2³² until year 10136). */
export const K_STRIDE = 2 ** 32;

/** SQL selecting one k's rows with lo ≤ t < hi, through the tier's clustering key (see rangeParams). */
export function rangeWhere(tier: HistoryTier): string {
  return tier === 'raw' ? 'k = @k AND t >= @lo AND t < @hi' : 'id >= @idLo AND id < @idHi';
}

/** The column the tier's rows are clustered by, for "first" and "last" with ORDER BY … LIMIT 1. */
export const clusterColumn = (tier: HistoryTier) => (tier === 'raw' ? 't' : 'id');

export function rangeParams(tier: HistoryTier, k: number, loMs: number, hiMs: number): Record<string, number> {
  if (tier === 'raw') return { k, lo: Math.max(-Number.MAX_SAFE_INTEGER, loMs), hi: Math.min(Number.MAX_SAFE_INTEGER, hiMs) };
  const bucket = (ms: number) => Math.min(K_STRIDE, Math.max(0, Math.ceil(ms / TIER_MS[tier])));
  return { idLo: k * K_STRIDE + bucket(loMs), idHi: k * K_STRIDE + bucket(hiMs) };
}

export const tableOf = (f: Pick<AnyFamily, 'name'>, tier: HistoryTier) => `${f.name}_${tier}`;
export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** The metric columns a table must have, with their SQL types. */
export function metricColumnsOf(f: AnyFamily, tier: HistoryTier): [string, string][] {
  return f.columns.flatMap((c): [string, string][] => {
    const inc: [string, string][] = c.counter ? [[`${c.sql}__inc`, 'REAL']] : [];
    if (tier === 'raw') return [[c.sql, 'REAL'], ...inc];
    return [[`${c.sql}__min`, 'REAL'], [`${c.sql}__max`, 'REAL'], [`${c.sql}__sum`, 'REAL'], [`${c.sql}__n`, 'INTEGER'], ...inc];
  });
}

/**
 * Every tier is clustered by (GPU, time), so a chart's range is one contiguous run of pages, not
 * an index walk with a lookup per row (3–4× faster). Raw rows are small: WITHOUT ROWID with
 * PRIMARY KEY (k, t). Rollup rows are wide (four values a metric), too wide for WITHOUT ROWID
 * (whose inner pages hold whole rows), so their rowid is the key: id = k · 2³² + t / bucket width.
 *
 * Each entry takes the database from version i to i + 1. Never edit one that has shipped: add
 * the next. Version 1 was the first cut (raw samples and processes only); version 2 added the
 * rollup tiers, events, and tells processes apart by start time (a reused PID is a new row).
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   INSERT INTO meta (key, value) VALUES ('application', '${APPLICATION_ID}');
   CREATE TABLE devices (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, uuid TEXT, gpu_index INTEGER NOT NULL,
     name TEXT, pci_bus_id TEXT, memory_total_bytes REAL, first_seen_ms INTEGER NOT NULL, last_seen_ms INTEGER NOT NULL);
   CREATE TABLE device_raw (k INTEGER NOT NULL, t INTEGER NOT NULL, PRIMARY KEY (k, t)) WITHOUT ROWID;
   CREATE TABLE host_raw (k INTEGER NOT NULL, t INTEGER NOT NULL, PRIMARY KEY (k, t)) WITHOUT ROWID;
   CREATE TABLE processes (id INTEGER PRIMARY KEY, device_id INTEGER NOT NULL, pid INTEGER NOT NULL,
     gpu_index INTEGER NOT NULL, name, command, user, first_seen_ms INTEGER NOT NULL, last_seen_ms INTEGER NOT NULL,
     max_used_memory_bytes REAL, last_used_memory_bytes REAL);
   CREATE UNIQUE INDEX processes_device_pid ON processes (device_id, pid);`,
  `CREATE TABLE device_minute (id INTEGER PRIMARY KEY, k INTEGER NOT NULL, t INTEGER NOT NULL, samples INTEGER NOT NULL);
   CREATE TABLE device_hour (id INTEGER PRIMARY KEY, k INTEGER NOT NULL, t INTEGER NOT NULL, samples INTEGER NOT NULL);
   CREATE TABLE host_minute (id INTEGER PRIMARY KEY, k INTEGER NOT NULL, t INTEGER NOT NULL, samples INTEGER NOT NULL);
   CREATE TABLE host_hour (id INTEGER PRIMARY KEY, k INTEGER NOT NULL, t INTEGER NOT NULL, samples INTEGER NOT NULL);
   CREATE TABLE events (id INTEGER PRIMARY KEY, at_ms INTEGER NOT NULL, kind TEXT NOT NULL, severity TEXT NOT NULL,
     device_key TEXT, gpu_index INTEGER, key TEXT NOT NULL, params TEXT NOT NULL);
   CREATE INDEX events_at ON events (at_ms);
   ALTER TABLE processes ADD COLUMN started_at TEXT NOT NULL DEFAULT '';
   DROP INDEX processes_device_pid;
   CREATE UNIQUE INDEX processes_identity ON processes (device_id, pid, started_at);
   CREATE INDEX processes_last_seen ON processes (last_seen_ms);`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Applies the migrations past the database's version, each in its own transaction. */
export function migrate(db: Database.Database, fromVersion: number): void {
  for (let version = fromVersion; version < SCHEMA_VERSION; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** Adds every metric column the field table has and a table lacks (see the top of this file). */
export function reconcileColumns(db: Database.Database): void {
  db.transaction(() => {
    for (const f of FAMILIES) {
      for (const tier of TIERS) {
        const table = tableOf(f, tier);
        const present = new Set((db.pragma(`table_info(${quote(table)})`) as { name: string }[]).map((row) => row.name));
        for (const [name, type] of metricColumnsOf(f, tier)) {
          if (!present.has(name)) db.exec(`ALTER TABLE ${quote(table)} ADD COLUMN ${quote(name)} ${type}`);
        }
      }
    }
  })();
}
