// Processes seen, events, devices and stats; hostile text stored and read back exactly.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GpuEvent } from '../events/types.js';
import { handDevice, handProcess, handSample } from './__fixtures__/samples.js';
import { openHistoryStore, type SqliteHistoryStore } from './sqlite-store.js';

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);
let dir = '';
let store: SqliteHistoryStore | null = null;
afterEach(() => {
  store?.close();
  store = null;
  rmSync(dir, { recursive: true, force: true });
});
function open(): SqliteHistoryStore {
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-store-'));
  store = openHistoryStore({ path: join(dir, 'history.db'), now: () => T0 });
  return store;
}
const reopen = () => {
  const path = store!.path;
  store!.close();
  store = openHistoryStore({ path, now: () => T0 });
  return store;
};

const HOSTILE = [
  'evil\u001b]0;pwned\u0007\u001b[2J',
  `quote " and ' and \`back\``,
  "x'); DROP TABLE processes; --",
  'nul\u0000inside',
  'bidi \u202egnp.exe',
  'lone \ud800 surrogate',
  'zero\u200bwidth \u0085 C1 \u007f DEL',
  '中文进程名 🚀',
];

const event = (atMs: number, fields: Partial<GpuEvent> = {}): GpuEvent => ({
  atMs, kind: 'throttle-start', severity: 'warning', deviceKey: 'GPU-0', gpuIndex: 0, key: 'events.throttleStart', params: { reasons: 'power' }, ...fields,
});

describe('processes seen', () => {
  it('merges a process over samples: first and last seen, most and last memory; a reused PID with another start is another row', () => {
    const s = open();
    const p = (t: number, used: number | null, startedAt = '2026-12-01T09:00:00.000Z') => handProcess(42, 1, { usedMemoryBytes: used, startedAt });
    const gpus = [handDevice(0), handDevice(1)];
    s.append([handSample(1, T0, gpus, { processes: [p(T0, 100)] }), handSample(2, T0 + 1000, gpus, { processes: [p(T0, 300)] })]);
    s.append([handSample(3, T0 + 2000, gpus, { processes: [p(T0, 200)] }), handSample(4, T0 + 3000, gpus, { processes: [p(T0, null)] })]);
    s.append([handSample(5, T0 + 9000, gpus, { processes: [p(T0, 50, '2026-12-01T10:00:08.000Z')] })]);
    const back = reopen();
    const seen = back.processes({ fromMs: T0, toMs: T0 + 10_000 });
    expect(seen).toEqual([
      { deviceKey: 'GPU-1', gpuIndex: 1, pid: 42, name: 'python', command: 'python train.py', user: 'alice', firstSeenMs: T0, lastSeenMs: T0 + 3000,
        maxUsedMemoryBytes: 300, lastUsedMemoryBytes: null, startedAt: '2026-12-01T09:00:00.000Z' },
      expect.objectContaining({ pid: 42, firstSeenMs: T0 + 9000, lastSeenMs: T0 + 9000, maxUsedMemoryBytes: 50, startedAt: '2026-12-01T10:00:08.000Z' }),
    ]);
    expect(back.processes({ fromMs: T0 + 5000, toMs: T0 + 6000 })).toEqual([]);
    expect(back.processes({ fromMs: T0, toMs: T0 + 10_000, device: 'GPU-0' })).toEqual([]);
    expect(back.processes({ fromMs: T0, toMs: T0 + 10_000, limit: 1 })).toHaveLength(1);
  });
});

describe('events', () => {
  it('reads back newest first, filtered by range, device and kind, up to a limit', () => {
    const s = open();
    const events = [event(T0), event(T0 + 1000, { kind: 'gpu-lost', severity: 'critical', params: { code: 'GPU_IS_LOST' } }), event(T0 + 2000, { deviceKey: null, gpuIndex: null, kind: 'xid', params: { xid: 79, text: 'fell off the bus' } })];
    s.append([handSample(1, T0, [handDevice(0)])], events);
    const back = reopen();
    expect(back.events({ fromMs: T0, toMs: T0 + 5000 })).toEqual([...events].reverse());
    expect(back.events({ fromMs: T0, toMs: T0 + 5000, device: 'GPU-0' }).map((e) => e.kind)).toEqual(['gpu-lost', 'throttle-start']);
    expect(back.events({ fromMs: T0, toMs: T0 + 5000, kinds: ['xid', 'throttle-start'] }).map((e) => e.kind)).toEqual(['xid', 'throttle-start']);
    expect(back.events({ fromMs: T0, toMs: T0 + 5000, kinds: [] })).toEqual([]);
    expect(back.events({ fromMs: T0 + 500, toMs: T0 + 1500 })).toHaveLength(1);
    expect(back.events({ fromMs: T0, toMs: T0 + 5000, limit: 2 }).map((e) => e.atMs)).toEqual([T0 + 2000, T0 + 1000]);
  });
});

describe('hostile text', () => {
  it('process names, commands, users, GPU names and event texts come back exactly as written', () => {
    const s = open();
    const processes = HOSTILE.map((text, i) => handProcess(100 + i, 0, { name: text, command: `${text} --flag`, user: text }));
    const gpu = handDevice(0, { name: HOSTILE.join('|') });
    const events = HOSTILE.map((text, i) => event(T0 + i, { deviceKey: text, params: { text, n: i } }));
    s.append([handSample(1, T0, [gpu], { processes })], events);
    const back = reopen();
    const seen = back.processes({ fromMs: T0, toMs: T0 + 1 });
    expect(seen.map((p) => [p.name, p.command, p.user])).toEqual(HOSTILE.map((text) => [text, `${text} --flag`, text]));
    expect(back.devices()[0]!.name).toBe(HOSTILE.join('|'));
    const stored = back.events({ fromMs: T0, toMs: T0 + 100 }).reverse();
    expect(stored.map((e) => [e.deviceKey, e.params.text])).toEqual(HOSTILE.map((text) => [text, text]));
    expect(back.integrityCheck()).toBe('ok');
  });
});

describe('devices and stats', () => {
  it('lists each GPU once by key, with first and last seen, and counts rows per tier', () => {
    const s = open();
    s.append([handSample(1, T0, [handDevice(0, { memoryTotalBytes: 80e9 }), handDevice(1, { uuid: null, pciBusId: '00000000:17:00.0' })])]);
    s.append([handSample(2, T0 + 61_000, [handDevice(0, { name: null })])]);
    expect(s.devices()).toEqual([
      { key: 'GPU-0', uuid: 'GPU-0', index: 0, name: 'NVIDIA H100', pciBusId: null, memoryTotalBytes: 80e9, firstSeenMs: T0, lastSeenMs: T0 + 61_000 },
      { key: 'pci:00000000:17:00.0', uuid: null, index: 1, name: 'NVIDIA H100', pciBusId: '00000000:17:00.0', memoryTotalBytes: null, firstSeenMs: T0, lastSeenMs: T0 },
    ]);
    const stats = s.stats();
    expect(stats).toMatchObject({ schemaVersion: 2, rows: { raw: 5, minute: 3, hour: 0, events: 0, processes: 0 }, oldestMs: { raw: T0, minute: T0, hour: null } });
    expect(stats.fileBytes).toBeGreaterThan(0);
  });
});
