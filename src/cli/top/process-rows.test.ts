import { describe, expect, it } from 'vitest';
import type { HostProcessNode } from '../../core/snapshot.js';
import { device, gpuProcess, snapshot } from '../render/__fixtures__/snapshot.js';
import { buildRows, filterChoices, type RowOptions } from './process-rows.js';

const GiB = 2 ** 30;
const node = (pid: number, parentPid: number, depth: number, extra: Partial<HostProcessNode> = {}): HostProcessNode => ({
  pid, parentPid, depth, name: 'python3', command: `python3 worker ${pid}`, state: 'S', cpuPercent: 10, rssBytes: 1e8, threadCount: 1, usesGpu: false, ...extra,
});
const tree = (descendants: HostProcessNode[]) => ({ descendants, totalCpuPercent: null, totalRssBytes: null, source: 'task-children' as const, truncated: false });

const fixture = snapshot([device({ index: 0 }), device({ index: 1 })], {
  processes: [
    gpuProcess({ pid: 300, gpuIndex: 0, user: 'alice', usedMemoryBytes: 20 * GiB, cpuPercent: 95, command: '/usr/bin/python3 train.py --lr 3e-4', startedAt: '2026-11-29T11:00:00.000Z', tree: tree([node(301, 300, 1), node(303, 301, 2), node(302, 300, 1, { state: 'D' })]) }),
    gpuProcess({ pid: 300, gpuIndex: 1, user: 'alice', usedMemoryBytes: 19 * GiB, cpuPercent: 95, command: '/usr/bin/python3 train.py --lr 3e-4', startedAt: '2026-11-29T11:00:00.000Z', tree: tree([node(301, 300, 1)]) }),
    gpuProcess({ pid: 100, gpuIndex: 1, user: 'bob', usedMemoryBytes: null, cpuPercent: null, command: 'jupyter-lab', startedAt: '2026-11-29T11:59:00.000Z' }),
    gpuProcess({ pid: 200, gpuIndex: 0, user: null, usedMemoryBytes: 1 * GiB, command: null, name: null, hostResolution: 'other-namespace' }),
  ],
});

const options = (change: Partial<RowOptions> = {}): RowOptions => ({ sort: { key: 'gpu', descending: false }, filter: { text: '', user: null, gpu: null }, tree: false, ...change });

describe('process rows', () => {
  it('elapsed time from each read: a new start time for the same PID, a later read, a start that does not parse', () => {
    const at = (startedAt: string | null, readAt = fixture.at) => buildRows({ ...fixture, at: readAt, processes: [gpuProcess({ pid: 7, gpuIndex: 0, startedAt })] }, options())[0]!.elapsedSeconds;
    expect(at('2026-11-29T11:00:00.000Z')).toBe(3600);
    expect(at('2026-11-29T11:30:00.000Z')).toBe(1800);
    expect(at('2026-11-29T11:30:00.000Z', '2026-11-29T12:00:10.000Z')).toBe(1810);
    expect(at('not a time')).toBeNull();
    expect(at(null)).toBeNull();
  });

  it('one row per process and GPU, by GPU and then by memory, with commands shortened', () => {
    const rows = buildRows(fixture, options());
    expect(rows.map((r) => `${r.pid}@${r.gpuIndex}`)).toEqual(['300@0', '200@0', '300@1', '100@1']);
    expect(rows[0]!.command).toBe('python3 train.py --lr 3e-4');
    expect(rows[0]!.elapsedSeconds).toBe(3600);
    expect(rows[0]!.workers).toBe(3);
  });

  it('sorts by any column, either way, with missing values last both ways', () => {
    const up = buildRows(fixture, options({ sort: { key: 'gpuMemory', descending: false } })).map((r) => r.pid);
    const down = buildRows(fixture, options({ sort: { key: 'gpuMemory', descending: true } })).map((r) => r.pid);
    expect(up).toEqual([200, 300, 300, 100]);
    expect(down).toEqual([300, 300, 200, 100]);
    expect(buildRows(fixture, options({ sort: { key: 'cpu', descending: false } })).at(-1)!.pid).not.toBe(300);
    expect(buildRows(fixture, options({ sort: { key: 'user', descending: false } })).map((r) => r.user)).toEqual(['alice', 'alice', 'bob', null]);
  });

  it('filters by user, by GPU and by text (PID, user or command, any case)', () => {
    expect(buildRows(fixture, options({ filter: { text: '', user: 'bob', gpu: null } })).map((r) => r.pid)).toEqual([100]);
    expect(buildRows(fixture, options({ filter: { text: '', user: null, gpu: 0 } })).map((r) => r.pid)).toEqual([300, 200]);
    expect(buildRows(fixture, options({ filter: { text: 'TRAIN', user: null, gpu: null } })).map((r) => r.pid)).toEqual([300, 300]);
    expect(buildRows(fixture, options({ filter: { text: '100', user: null, gpu: null } })).map((r) => r.pid)).toEqual([100]);
    expect(buildRows(fixture, options({ filter: { text: 'nothing like it', user: null, gpu: null } }))).toEqual([]);
  });

  it('tree view: the workers under their GPU process, depth first, once for a process on two GPUs', () => {
    const rows = buildRows(fixture, options({ tree: true }));
    expect(rows.map((r) => `${r.pid}:${r.depth}`)).toEqual(['300:0', '301:1', '303:2', '302:1', '200:0', '300:0', '100:0']);
    const worker = rows[1]!;
    expect(worker.gpuLabel).toBeNull();
    expect(worker.gpuMemoryBytes).toBeNull();
    expect(worker.rootPid).toBe(300);
    expect(rows[1]!.branches).toEqual([false]); // 301 has a later sibling (302)
    expect(rows[2]!.branches).toEqual([true, true]); // under 301 (more follow at its level), last child
    expect(rows[3]!.branches).toEqual([true]);
    expect(rows[3]!.state).toBe('D');
    // a worker's command matches the text filter in tree view only (GPU 1's row of 300 has no 303)
    expect(buildRows(fixture, options({ tree: true, filter: { text: 'worker 303', user: null, gpu: null } })).map((r) => r.pid)).toEqual([300, 301, 303, 302]);
    expect(buildRows(fixture, options({ tree: false, filter: { text: 'worker 303', user: null, gpu: null } }))).toEqual([]);
  });

  it('a tree that loops (a PID reused as its own ancestor) ends instead of hanging', () => {
    const looping = snapshot([device({})], { processes: [gpuProcess({ pid: 1, tree: tree([node(2, 1, 1), node(1, 2, 2), node(2, 2, 2)]) })] });
    expect(buildRows(looping, options({ tree: true })).map((r) => r.pid)).toEqual([1, 2]);
  });

  it('labels MIG placement as GPU/instance', () => {
    const mig = snapshot([device({ index: 0, migModeCurrent: true, migDevices: [{ index: 1, uuid: null, name: 'MIG 3g.40gb', gpuInstanceId: 2, computeInstanceId: 0, multiprocessorCount: 42, memoryTotalBytes: null, memoryUsedBytes: null, memoryFreeBytes: null }] })], {
      processes: [gpuProcess({ gpuInstanceId: 2, computeInstanceId: 0 }), gpuProcess({ pid: 5, gpuInstanceId: 7, computeInstanceId: 0 })],
    });
    expect(buildRows(mig, options()).map((r) => `${r.pid} ${r.gpuLabel}`)).toEqual(['5 0/g7', '4242 0/1']);
  });

  it('lists the users and GPUs there are, for the filters to step through', () => {
    expect(filterChoices(fixture)).toEqual({ users: ['alice', 'bob'], gpus: [0, 1] });
  });
});
