// A HistoryStore in memory, for the server's tests until (and beside) the SQLite store: it keeps
// every sample and answers history from them with plain buckets. Not for production.

import type { GpuEvent } from '../../events/types.js';
import { DEVICE_COLUMNS, HOST_COLUMNS, type Column } from '../../monitor/columns.js';
import { deviceKey } from '../../monitor/history.js';
import type { Sample } from '../../monitor/sampler.js';
import type { EventQuery, HistoryAnswer, HistoryQuery, HistoryStore, StoredDevice, StoredProcess } from '../../store/types.js';

export interface MemoryStore extends HistoryStore {
  samples: Sample[];
  /** Make every call throw (a locked or corrupt database). */
  failWith: Error | null;
}

export function createMemoryStore(): MemoryStore {
  const samples: Sample[] = [];
  const events: GpuEvent[] = [];
  const devices = new Map<string, StoredDevice>();
  const processes = new Map<string, StoredProcess>();
  const store: MemoryStore = {
    samples,
    failWith: null,
    append(batch, newEvents = []) {
      check(store);
      for (const sample of batch) {
        samples.push(sample);
        for (const d of sample.snapshot.devices) {
          const key = deviceKey(d);
          const seen = devices.get(key);
          devices.set(key, {
            key, uuid: d.uuid, index: d.index, name: d.name, pciBusId: d.pciBusId, memoryTotalBytes: d.memoryTotalBytes,
            firstSeenMs: seen?.firstSeenMs ?? sample.wallMs, lastSeenMs: sample.wallMs,
          });
        }
        for (const p of sample.snapshot.processes) {
          const device = sample.snapshot.devices.find((d) => d.index === p.gpuIndex);
          const deviceKeyOf = device ? deviceKey(device) : `index:${p.gpuIndex}`;
          const id = `${deviceKeyOf}/${p.pid}`;
          const seen = processes.get(id);
          processes.set(id, {
            deviceKey: deviceKeyOf, gpuIndex: p.gpuIndex, pid: p.pid, name: p.name, command: p.command, user: p.user,
            firstSeenMs: seen?.firstSeenMs ?? sample.wallMs, lastSeenMs: sample.wallMs,
            maxUsedMemoryBytes: Math.max(seen?.maxUsedMemoryBytes ?? 0, p.usedMemoryBytes ?? 0) || null, lastUsedMemoryBytes: p.usedMemoryBytes,
          });
        }
      }
      events.push(...newEvents);
    },
    history(query) {
      check(store);
      return buckets(samples, query);
    },
    devices: () => (check(store), [...devices.values()]),
    processes: ({ fromMs, toMs, device }) =>
      (check(store), [...processes.values()].filter((p) => p.lastSeenMs >= fromMs && p.firstSeenMs <= toMs && (device === undefined || p.deviceKey === device))),
    events: (query: EventQuery) =>
      (check(store), events
        .filter((e) => e.atMs >= query.fromMs && e.atMs <= query.toMs && (query.device === undefined || e.deviceKey === query.device) && (!query.kinds || query.kinds.includes(e.kind)))
        .sort((a, b) => b.atMs - a.atMs)
        .slice(0, query.limit ?? 1000)),
    prune: () => undefined,
    stats: () => (check(store), {
      path: ':memory:', fileBytes: 0, schemaVersion: 1,
      rows: { raw: samples.length, minute: 0, hour: 0, events: events.length, processes: processes.size },
      oldestMs: { raw: samples[0]?.wallMs ?? null, minute: null, hour: null },
    }),
    integrityCheck: () => 'ok',
    close: () => undefined,
  };
  return store;
}

function check(store: MemoryStore): void {
  if (store.failWith) throw store.failWith;
}

function buckets(samples: readonly Sample[], query: HistoryQuery): HistoryAnswer {
  const stepMs = Math.max(1, Math.ceil((query.toMs - query.fromMs + 1) / query.points));
  const host = query.device === 'host';
  const columns = (host ? HOST_COLUMNS : DEVICE_COLUMNS) as readonly Column<unknown>[];
  const series = query.metrics.map((metric) => {
    const column = columns.find((c) => c.name === metric)!;
    const byBucket = new Map<number, number[]>();
    for (const sample of samples) {
      if (sample.wallMs < query.fromMs || sample.wallMs > query.toMs) continue;
      const row = host ? sample.snapshot.host : sample.snapshot.devices.find((d) => deviceKey(d) === query.device);
      const value = row === undefined ? null : column.read(row);
      if (value === null) continue;
      const t = query.fromMs + Math.floor((sample.wallMs - query.fromMs) / stepMs) * stepMs;
      byBucket.set(t, [...(byBucket.get(t) ?? []), value]);
    }
    const points = [...byBucket.entries()].sort(([a], [b]) => a - b).map(([t, values]) => ({
      t, min: Math.min(...values), max: Math.max(...values), avg: values.reduce((s, v) => s + v, 0) / values.length,
    }));
    return { metric, unit: column.meta.unit, points };
  });
  return { device: query.device, tier: 'raw', stepMs, fromMs: query.fromMs, toMs: query.toMs, series };
}
