// append(): one transaction per batch — raw rows for every GPU and the host, the devices and
// processes seen (merged over the batch first, so a flush of 5 samples × 200 processes is 200
// upserts, not 1000), the events, and the rollups the batch finished.

import type Database from 'better-sqlite3';
import type { GpuEvent } from '../events/types.js';
import type { GpuDevice, GpuProcess, Snapshot } from '../core/snapshot.js';
import { deviceKey } from '../monitor/history.js';
import type { Sample } from '../monitor/sampler.js';
import type { Rollups } from './rollup.js';
import { DEVICE_FAMILY, HOST_FAMILY, quote, tableOf, type AnyFamily, type Family } from './schema.js';
import { textIn } from './text.js';

/** The host's rows use this k (the device tables' k is the devices table's id). */
export const HOST_K = 0;
/** A counter's increase over a longer gap is not put in one bucket: when it happened is unknown. */
export const MAX_COUNTER_GAP_MS = 5 * 60_000;

/** A counter's last value, and the increase stored with it (a row written again keeps it). */
interface Last { t: number; v: number; inc: number | null }

function insertRawStatement(db: Database.Database, f: AnyFamily): Database.Statement {
  const names = ['k', 't', ...f.columns.flatMap((c) => (c.counter ? [c.sql, `${c.sql}__inc`] : [c.sql]))];
  return db.prepare(`INSERT OR REPLACE INTO ${tableOf(f, 'raw')} (${names.map(quote).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`);
}

const finite = (value: number | null): number | null => (value !== null && Number.isFinite(value) ? value : null);

interface ProcessSeen {
  deviceId: number;
  process: GpuProcess;
  firstMs: number;
  lastMs: number;
  maxUsed: number | null;
}

export interface Writer {
  append(samples: readonly Sample[], events: readonly GpuEvent[]): void;
  /** Every device's k (for rollups and retention). */
  deviceIds(): number[];
  idOf(key: string): number | undefined;
}

export function createWriter(db: Database.Database, rollups: Rollups): Writer {
  const insertDevice = insertRawStatement(db, DEVICE_FAMILY);
  const insertHost = insertRawStatement(db, HOST_FAMILY);
  const upsertDevice = db.prepare<unknown[], { id: number }>(
    `INSERT INTO devices (key, uuid, gpu_index, name, pci_bus_id, memory_total_bytes, first_seen_ms, last_seen_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET uuid = coalesce(excluded.uuid, uuid), gpu_index = excluded.gpu_index,
       name = coalesce(excluded.name, name), pci_bus_id = coalesce(excluded.pci_bus_id, pci_bus_id),
       memory_total_bytes = coalesce(excluded.memory_total_bytes, memory_total_bytes),
       first_seen_ms = min(first_seen_ms, excluded.first_seen_ms), last_seen_ms = max(last_seen_ms, excluded.last_seen_ms)
     RETURNING id`,
  );
  const upsertProcess = db.prepare(
    `INSERT INTO processes (device_id, pid, started_at, gpu_index, name, command, user, first_seen_ms, last_seen_ms,
       max_used_memory_bytes, last_used_memory_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (device_id, pid, started_at) DO UPDATE SET
       gpu_index = CASE WHEN excluded.last_seen_ms >= last_seen_ms THEN excluded.gpu_index ELSE gpu_index END,
       name = coalesce(excluded.name, name), command = coalesce(excluded.command, command), user = coalesce(excluded.user, user),
       first_seen_ms = min(first_seen_ms, excluded.first_seen_ms),
       max_used_memory_bytes = CASE WHEN max_used_memory_bytes IS NULL THEN excluded.max_used_memory_bytes
         WHEN excluded.max_used_memory_bytes IS NULL THEN max_used_memory_bytes
         ELSE max(max_used_memory_bytes, excluded.max_used_memory_bytes) END,
       last_used_memory_bytes = CASE WHEN excluded.last_seen_ms >= last_seen_ms THEN excluded.last_used_memory_bytes ELSE last_used_memory_bytes END,
       last_seen_ms = max(last_seen_ms, excluded.last_seen_ms)`,
  );
  const insertEvent = db.prepare(
    'INSERT INTO events (at_ms, kind, severity, device_key, gpu_index, key, params) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const ids = new Map<string, number>(
    (db.prepare('SELECT id, key FROM devices').all() as { id: number; key: string }[]).map((row) => [row.key, row.id]),
  );
  // The last value of each counter per k, to store increases; read back from disk after a restart.
  const counters = new Map<string, Map<string, Last>>();
  const lastCounters = <Row>(f: Family<Row>, k: number): Map<string, Last> => {
    const id = `${f.name}:${k}`;
    let state = counters.get(id);
    if (state) return state;
    state = new Map();
    const counterColumns = f.columns.filter((c) => c.counter);
    if (counterColumns.length > 0) {
      const row = db
        .prepare(`SELECT t, ${counterColumns.flatMap((c) => [quote(c.sql), quote(`${c.sql}__inc`)]).join(', ')} FROM ${tableOf(f, 'raw')} WHERE k = ? ORDER BY t DESC LIMIT 1`)
        .get(k) as Record<string, number | null> | undefined;
      for (const c of counterColumns) {
        const v = row?.[c.sql];
        if (row && typeof v === 'number') state.set(c.sql, { t: row.t as number, v, inc: (row[`${c.sql}__inc`] as number | null | undefined) ?? null });
      }
    }
    counters.set(id, state);
    return state;
  };

  const storedRow = new Map<string, Database.Statement>();
  const storedIncrease = <Row>(f: Family<Row>, k: number, t: number, sql: string, v: number): number | null => {
    const id = `${f.name}/${sql}`;
    let statement = storedRow.get(id);
    if (!statement) {
      statement = db.prepare(`SELECT ${quote(sql)} AS v, ${quote(`${sql}__inc`)} AS inc FROM ${tableOf(f, 'raw')} WHERE k = ? AND t = ?`);
      storedRow.set(id, statement);
    }
    const row = statement.get(k, t) as { v: number | null; inc: number | null } | undefined;
    return row && row.v === v ? row.inc : null;
  };

  const rowValues = <Row>(f: Family<Row>, k: number, t: number, row: Row): unknown[] => {
    const values: unknown[] = [k, t];
    const last = f.columns.some((c) => c.counter) ? lastCounters(f, k) : null;
    for (const c of f.columns) {
      const v = finite(c.read(row));
      values.push(v);
      if (!c.counter || !last) continue;
      const previous = last.get(c.sql);
      let inc: number | null = null;
      if (v !== null && previous && t <= previous.t) {
        // Written before (a flush retried): keep the increase it had. A late sample gets none.
        inc = t === previous.t && v === previous.v ? previous.inc : storedIncrease(f, k, t, c.sql, v);
      } else if (v !== null && previous && t > previous.t && t - previous.t <= MAX_COUNTER_GAP_MS) {
        // A counter that went down was reset (driver reloaded): it counted up from zero since.
        inc = v >= previous.v ? v - previous.v : v;
      }
      if (v !== null && (!previous || t > previous.t)) last.set(c.sql, { t, v, inc });
      values.push(inc);
    }
    return values;
  };

  const deviceOf = (snapshot: Snapshot, process: GpuProcess): GpuDevice | undefined =>
    (process.gpuUuid ? snapshot.devices.find((d) => d.uuid === process.gpuUuid) : undefined) ??
    snapshot.devices.find((d) => d.index === process.gpuIndex);

  const append = db.transaction((samples: readonly Sample[], events: readonly GpuEvent[]) => {
    const seen = new Map<string, { device: GpuDevice; firstMs: number; lastMs: number }>();
    for (const sample of samples) {
      for (const device of sample.snapshot.devices) {
        const key = deviceKey(device);
        const entry = seen.get(key);
        if (!entry) seen.set(key, { device, firstMs: sample.wallMs, lastMs: sample.wallMs });
        else {
          entry.firstMs = Math.min(entry.firstMs, sample.wallMs);
          if (sample.wallMs >= entry.lastMs) Object.assign(entry, { device, lastMs: sample.wallMs });
        }
      }
    }
    for (const [key, { device, firstMs, lastMs }] of seen) {
      const row = upsertDevice.get(key, device.uuid, device.index, textIn(device.name), device.pciBusId, finite(device.memoryTotalBytes), firstMs, lastMs);
      ids.set(key, row!.id);
    }

    const processes = new Map<string, ProcessSeen>();
    let lowest = Infinity;
    let newest = -Infinity;
    for (const sample of samples) {
      const t = sample.wallMs;
      lowest = Math.min(lowest, t);
      newest = Math.max(newest, t);
      for (const device of sample.snapshot.devices) insertDevice.run(rowValues(DEVICE_FAMILY, ids.get(deviceKey(device))!, t, device));
      insertHost.run(rowValues(HOST_FAMILY, HOST_K, t, sample.snapshot.host));
      for (const process of sample.snapshot.processes) {
        const device = deviceOf(sample.snapshot, process);
        if (!device) continue;
        const deviceId = ids.get(deviceKey(device))!;
        const id = `${deviceId}\u0000${process.pid}\u0000${process.startedAt ?? ''}`;
        const used = finite(process.usedMemoryBytes);
        const entry = processes.get(id);
        if (!entry) processes.set(id, { deviceId, process, firstMs: t, lastMs: t, maxUsed: used });
        else {
          entry.firstMs = Math.min(entry.firstMs, t);
          if (used !== null) entry.maxUsed = entry.maxUsed === null ? used : Math.max(entry.maxUsed, used);
          if (t >= entry.lastMs) Object.assign(entry, { process, lastMs: t });
        }
      }
    }
    for (const { deviceId, process: p, firstMs, lastMs, maxUsed } of processes.values()) {
      upsertProcess.run(deviceId, p.pid, p.startedAt ?? '', p.gpuIndex, textIn(p.name), textIn(p.command), textIn(p.user), firstMs, lastMs, maxUsed, finite(p.usedMemoryBytes));
    }
    for (const e of events) {
      insertEvent.run(e.atMs, e.kind, e.severity, textIn(e.deviceKey), e.gpuIndex, e.key, JSON.stringify(e.params));
    }
    if (samples.length > 0) rollups.advance(lowest, newest, { device: [...ids.values()], host: [HOST_K] });
  });

  return {
    append(samples, events) {
      try {
        append(samples, events);
      } catch (error) {
        // The transaction rolled back: what was noted in memory on its way must be too.
        counters.clear();
        rollups.reload();
        throw error;
      }
    },
    deviceIds: () => [...ids.values()],
    idOf: (key) => ids.get(key),
  };
}
