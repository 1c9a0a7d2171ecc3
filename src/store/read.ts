// The store's other reads: devices seen, processes seen in a range, events, and stats.

import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { EventKind, EventSeverity, GpuEvent } from '../events/types.js';
import { FAMILIES, clusterColumn, rangeParams, rangeWhere, tableOf } from './schema.js';
import { textOut } from './text.js';
import { HOST_K } from './write.js';
import type { EventQuery, StoredDevice, StoredProcess, StoreStats } from './types.js';

const DEFAULT_EVENT_LIMIT = 1000;
const DEFAULT_PROCESS_LIMIT = 10_000;

interface DeviceRow { key: string; uuid: string | null; gpu_index: number; name: unknown; pci_bus_id: string | null; memory_total_bytes: number | null; first_seen_ms: number; last_seen_ms: number }
interface ProcessRow {
  key: string; gpu_index: number; pid: number; name: unknown; command: unknown; user: unknown; started_at: string;
  first_seen_ms: number; last_seen_ms: number; max_used_memory_bytes: number | null; last_used_memory_bytes: number | null;
}
interface EventRow { at_ms: number; kind: string; severity: string; device_key: unknown; gpu_index: number | null; key: string; params: string }

function parseParams(text: string): Record<string, string | number> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
  } catch {
    return {};
  }
}

export interface Reads {
  devices(): StoredDevice[];
  processes(query: { fromMs: number; toMs: number; device?: string; limit?: number }): StoredProcess[];
  events(query: EventQuery): GpuEvent[];
  stats(schemaVersion: number, deviceIds: readonly number[]): StoreStats;
}

export function createReads(db: Database.Database, path: string): Reads {
  const devices = db.prepare<[], DeviceRow>('SELECT * FROM devices ORDER BY gpu_index, key');
  const processes = db.prepare<unknown[], ProcessRow>(
    `SELECT d.key, p.* FROM processes p JOIN devices d ON d.id = p.device_id
     WHERE p.last_seen_ms >= @from AND p.first_seen_ms <= @to AND (@device IS NULL OR d.key = @device)
     ORDER BY p.first_seen_ms, p.pid LIMIT @limit`,
  );
  const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck();
  const counts = {
    raw: FAMILIES.map((f) => count(tableOf(f, 'raw'))),
    minute: FAMILIES.map((f) => count(tableOf(f, 'minute'))),
    hour: FAMILIES.map((f) => count(tableOf(f, 'hour'))),
    events: count('events'),
    processes: count('processes'),
  };
  // Oldest row of a tier: the least of each k's oldest, each one a step into the clustering key.
  const oldestStatements = (tier: 'raw' | 'minute' | 'hour') =>
    FAMILIES.map((f) => ({ f, s: db.prepare(`SELECT t FROM ${tableOf(f, tier)} WHERE ${rangeWhere(tier)} ORDER BY ${clusterColumn(tier)} LIMIT 1`).pluck() }));
  const oldest = { raw: oldestStatements('raw'), minute: oldestStatements('minute'), hour: oldestStatements('hour') };
  const oldestOf = (tier: 'raw' | 'minute' | 'hour', deviceIds: readonly number[]) => {
    const found = oldest[tier]
      .flatMap(({ f, s }) => (f.name === 'host' ? [HOST_K] : deviceIds).map((k) => s.get(rangeParams(tier, k, -Infinity, Infinity)) as number | undefined))
      .filter((v): v is number => v !== undefined);
    return found.length > 0 ? Math.min(...found) : null;
  };
  const sum = (statements: Database.Statement[]) => statements.reduce((total, s) => total + (s.get() as number), 0);
  const fileBytes = () =>
    ['', '-wal'].reduce((total, suffix) => {
      try {
        return total + statSync(path + suffix).size;
      } catch {
        return total;
      }
    }, 0);

  return {
    devices: () =>
      devices.all().map((row) => ({
        key: row.key, uuid: row.uuid, index: row.gpu_index, name: textOut(row.name), pciBusId: row.pci_bus_id,
        memoryTotalBytes: row.memory_total_bytes, firstSeenMs: row.first_seen_ms, lastSeenMs: row.last_seen_ms,
      })),
    processes: (query) =>
      processes.all({ from: query.fromMs, to: query.toMs, device: query.device ?? null, limit: query.limit ?? DEFAULT_PROCESS_LIMIT }).map((row) => ({
        deviceKey: row.key, gpuIndex: row.gpu_index, pid: row.pid, name: textOut(row.name), command: textOut(row.command), user: textOut(row.user),
        firstSeenMs: row.first_seen_ms, lastSeenMs: row.last_seen_ms, maxUsedMemoryBytes: row.max_used_memory_bytes,
        lastUsedMemoryBytes: row.last_used_memory_bytes, startedAt: row.started_at === '' ? null : row.started_at,
      })),
    events(query) {
      const where = ['at_ms >= ?', 'at_ms <= ?'];
      const params: unknown[] = [query.fromMs, query.toMs];
      if (query.device !== undefined) {
        where.push('device_key = ?');
        params.push(query.device);
      }
      if (query.kinds !== undefined) {
        where.push(`kind IN (${query.kinds.map(() => '?').join(', ') || 'NULL'})`);
        params.push(...query.kinds);
      }
      params.push(Math.max(0, Math.floor(query.limit ?? DEFAULT_EVENT_LIMIT)));
      const rows = db.prepare<unknown[], EventRow>(`SELECT * FROM events WHERE ${where.join(' AND ')} ORDER BY at_ms DESC, id DESC LIMIT ?`).all(...params);
      return rows.map((row) => ({
        atMs: row.at_ms, kind: row.kind as EventKind, severity: row.severity as EventSeverity, deviceKey: textOut(row.device_key),
        gpuIndex: row.gpu_index, key: row.key, params: parseParams(row.params),
      }));
    },
    stats: (schemaVersion, deviceIds) => ({
      path,
      fileBytes: fileBytes(),
      schemaVersion,
      rows: { raw: sum(counts.raw), minute: sum(counts.minute), hour: sum(counts.hour), events: counts.events.get() as number, processes: counts.processes.get() as number },
      oldestMs: { raw: oldestOf('raw', deviceIds), minute: oldestOf('minute', deviceIds), hour: oldestOf('hour', deviceIds) },
    }),
  };
}
