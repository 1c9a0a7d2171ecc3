import { describe, expect, it } from 'vitest';
import { columnValue, liveRows, pastRows, type ProcessRow } from './process-rows.js';
import { nextSort, sortRows } from './sort.js';
import type { LiveProcess } from '../../api/types.js';

const live = (pid: number, over: Partial<LiveProcess>): LiveProcess => ({
  pid, gpuIndex: 0, gpuUuid: 'GPU-a', gpuInstanceId: null, computeInstanceId: null, type: 'compute', usedMemoryBytes: null,
  smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null, name: 'python3', command: null,
  user: null, cpuPercent: null, rssBytes: null, startedAt: null, hostResolution: 'ok', deviceKey: 'GPU-a', ...over,
});

const rows = liveRows([
  live(10, { user: 'bob', command: 'python3 train.py', usedMemoryBytes: 8e9, cpuPercent: 97.5, rssBytes: 4e9 }),
  live(11, { user: 'alice', command: 'python3 eval.py', usedMemoryBytes: 2e9, cpuPercent: 3, rssBytes: 1e9 }),
  live(12, { user: null, command: null, name: 'containerised', usedMemoryBytes: 40e9, hostResolution: 'other-namespace' }),
  live(13, { user: 'Älex', command: 'torchrun --nproc 8', usedMemoryBytes: null, cpuPercent: 400, rssBytes: 9e9 }),
]);
const by = (column: Parameters<typeof columnValue>[1], direction: 'asc' | 'desc', locale = 'en') =>
  sortRows(rows, { column, direction }, columnValue, (r: ProcessRow) => r.pid, locale).map((r) => r.pid);

describe('process tables sort', () => {
  it('by GPU memory, CPU and RSS with unknown values last both ways', () => {
    expect(by('gpuMemory', 'desc')).toEqual([12, 10, 11, 13]);
    expect(by('gpuMemory', 'asc')).toEqual([11, 10, 12, 13]);
    expect(by('cpu', 'desc')).toEqual([13, 10, 11, 12]);
    expect(by('rss', 'asc')).toEqual([11, 10, 13, 12]);
  });

  it('by user and command as people read them (case and accents folded), unknown last', () => {
    expect(by('user', 'asc')).toEqual([13, 11, 10, 12]);
    expect(by('user', 'desc')).toEqual([10, 11, 13, 12]);
    expect(by('command', 'asc')).toEqual([12, 11, 10, 13]);
  });

  it('a new column starts biggest-first for numbers, A–Z for text; the same column turns around', () => {
    expect(nextSort({ column: 'user', direction: 'asc' }, 'gpuMemory', true)).toEqual({ column: 'gpuMemory', direction: 'desc' });
    expect(nextSort({ column: 'gpuMemory', direction: 'desc' }, 'user', false)).toEqual({ column: 'user', direction: 'asc' });
    expect(nextSort({ column: 'user', direction: 'asc' }, 'user', false)).toEqual({ column: 'user', direction: 'desc' });
  });

  it('rows keep what the source lacks as null: the past has no CPU or RSS, a container no user', () => {
    expect(rows[2]).toMatchObject({ user: null, command: 'containerised', hostResolution: 'other-namespace', cpuPercent: null });
    const past = pastRows([{ deviceKey: 'GPU-a', gpuIndex: 0, pid: 5, name: 'x', command: null, user: 'u', firstSeenMs: 1, lastSeenMs: 2, maxUsedMemoryBytes: 3, lastUsedMemoryBytes: 1 }]);
    expect(past[0]).toMatchObject({ command: 'x', gpuMemoryBytes: 3, cpuPercent: null, rssBytes: null, firstSeenMs: 1, lastSeenMs: 2 });
  });
});
