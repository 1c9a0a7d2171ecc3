// The tree and threads of a GPU process, on a recorded training job (test/fixtures/proc/tree):
// python train.py (100, threads 100–102) with two data-loader workers (200, 201), a zombie child
// forked by another thread (202) and a grandchild (300); sshd (400) is unrelated.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendProcess } from '../core/backend.js';
import { createHostReader, type HostReaderOptions } from './index.js';
import { extendTree } from './linux-trees.js';
import { walkTree } from './process-tree.js';

const TREE = fileURLToPath(new URL('../../test/fixtures/proc/tree/', import.meta.url));
const ETC = fileURLToPath(new URL('../../test/fixtures/proc/etc/', import.meta.url));
const PAGE = 4096;

function gpu(pid: number): BackendProcess {
  return {
    pid,
    gpuIndex: 0,
    gpuUuid: 'GPU-0',
    gpuInstanceId: null,
    computeInstanceId: null,
    type: 'compute',
    usedMemoryBytes: null,
    smUtilPercent: null,
    memoryUtilPercent: null,
    encoderUtilPercent: null,
    decoderUtilPercent: null,
    name: null,
  };
}

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function copyTree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuwise-tree-'));
  temporary.push(dir);
  fs.cpSync(TREE, dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

/** Adds `ticks` of CPU to utime (field 14) of a stat file. */
function addCpu(file: string, ticks: number): void {
  const fields = fs.readFileSync(file, 'utf8').split(' ');
  const close = fields.findIndex((field) => field.endsWith(')'));
  fields[close + 12] = String(Number(fields[close + 12]) + ticks);
  fs.writeFileSync(file, fields.join(' '));
}

function reader(procRoot: string, extra: HostReaderOptions = {}) {
  let clock = 10_000;
  const options: HostReaderOptions = { procRoot, etcRoot: ETC, uidLookup: null, firstSampleWindowMs: 0, now: () => clock, ...extra };
  return { host: createHostReader(options), advance: (ms: number) => (clock += ms) };
}

describe('process tree of a GPU process', () => {
  it('lists workers, a zombie forked by another thread and a grandchild, from the threads’ child lists', async () => {
    const { processes, problems } = await reader(TREE).host.enrichProcesses([gpu(100)]);
    expect(problems).toEqual([]);
    const tree = processes[0]!.tree!;
    expect(tree.source).toBe('task-children');
    expect(tree.truncated).toBe(false);
    expect(tree.descendants.map((node) => [node.pid, node.parentPid, node.depth])).toEqual([
      [200, 100, 1],
      [300, 200, 2],
      [201, 100, 1],
      [202, 100, 1],
    ]);
    expect(tree.descendants[0]).toEqual({
      pid: 200,
      parentPid: 100,
      depth: 1,
      name: 'pt_data_worker',
      command: 'python train.py --epochs 90',
      state: 'R',
      cpuPercent: null, // first reading, no window
      rssBytes: 65536 * PAGE,
      threadCount: 1,
      usesGpu: false,
    });
    expect(tree.descendants[3]).toMatchObject({ pid: 202, state: 'Z', rssBytes: null, command: '[python]' });
    // RSS from stat's pages (self/auxv gives the page size): 1 GiB + 2 × 256 MiB + 2 MiB; the zombie has none.
    expect(processes[0]!.rssBytes).toBe(262144 * PAGE);
    expect(tree.totalRssBytes).toBe((262144 + 65536 * 2 + 512) * PAGE);
    expect(tree.totalCpuPercent).toBeNull();
    expect(processes[0]!.threads).toEqual({ count: 3, busiest: null });
  });

  it('finds the same tree by scanning every process’s parent when the kernel has no child lists', async () => {
    const dir = copyTree();
    for (const pid of fs.readdirSync(dir).filter((name) => /^\d+$/.test(name))) {
      for (const tid of fs.readdirSync(path.join(dir, pid, 'task'))) fs.rmSync(path.join(dir, pid, 'task', tid, 'children'));
    }
    const tree = (await reader(dir).host.enrichProcesses([gpu(100)])).processes[0]!.tree!;
    expect(tree.source).toBe('ppid-scan');
    expect(tree.descendants.map((node) => node.pid)).toEqual([200, 300, 201, 202]);
  });

  it('measures every member over one first window and sums the tree', async () => {
    const dir = copyTree();
    let clock = 0;
    const sleeps: number[] = [];
    const host = createHostReader({
      procRoot: dir,
      etcRoot: ETC,
      uidLookup: null,
      firstSampleWindowMs: 100,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
        addCpu(path.join(dir, '100', 'stat'), 10); // 100 % of a core
        addCpu(path.join(dir, '200', 'stat'), 5); // 50 %
      },
    });
    const { processes } = await host.enrichProcesses([gpu(100)]);
    expect(sleeps).toEqual([100]);
    const tree = processes[0]!.tree!;
    expect(processes[0]!.cpuPercent).toBe(100);
    expect(tree.descendants.map((node) => node.cpuPercent)).toEqual([50, 0, 0, 0]);
    expect(tree.totalCpuPercent).toBe(150);
  });

  it('marks a descendant that is itself a GPU process', async () => {
    const { processes } = await reader(TREE).host.enrichProcesses([gpu(100), gpu(201)]);
    expect(processes[0]!.tree!.descendants.find((node) => node.pid === 201)?.usesGpu).toBe(true);
    expect(processes[1]!.tree!.descendants).toEqual([]);
  });

  /** A copy of worker 201 as a new process `pid` (parent 100), listed on thread 100's children. */
  function newWorker(dir: string, pid: number, exitSignal = 17): void {
    fs.cpSync(path.join(dir, '201'), path.join(dir, String(pid)), { recursive: true });
    const stat = fs.readFileSync(path.join(dir, '201', 'stat'), 'utf8').replace(/^201 /, `${pid} `);
    fs.writeFileSync(path.join(dir, String(pid), 'stat'), stat.replace(/ 17 (0 0 0 0 0 0 \d+ \d+ \d+ \d+ \d+ \d+ \d+ 0\s*)$/, ` ${exitSignal} $1`));
    const children = path.join(dir, '100', 'task', '100', 'children');
    fs.writeFileSync(children, `${fs.readFileSync(children, 'utf8').trim()} ${pid} `);
  }
  const loadavg = (dir: string, lastPid: number) => fs.writeFileSync(path.join(dir, 'loadavg'), `0.52 0.58 0.59 2/312 ${lastPid}\n`);
  const pids = async (host: ReturnType<typeof reader>['host']) => (await host.enrichProcesses([gpu(100)])).processes[0]!.tree!.descendants.map((node) => node.pid);

  it('looks for new children only once a new PID was handed out, among the PIDs handed out since', async () => {
    const dir = copyTree();
    const { host, advance } = reader(dir);
    expect(await pids(host)).toHaveLength(4);
    // A new worker 6001 appears — but loadavg still names 6000 as the last PID, so it cannot exist yet.
    newWorker(dir, 6001);
    advance(1000);
    expect(await pids(host)).toHaveLength(4);
    loadavg(dir, 6003);
    advance(1000);
    expect(await pids(host)).toEqual([200, 300, 201, 202, 6001]);
    // Its own child, created later, hangs under it.
    newWorker(dir, 6010);
    fs.writeFileSync(path.join(dir, '6010', 'stat'), fs.readFileSync(path.join(dir, '6010', 'stat'), 'utf8').replace(/^6010 \(pt_data_worker\) S 100 /, '6010 (pt_data_worker) S 6001 '));
    loadavg(dir, 6010);
    advance(1000);
    expect((await host.enrichProcesses([gpu(100)])).processes[0]!.tree!.descendants.map((node) => [node.pid, node.depth])).toEqual([[200, 1], [300, 2], [201, 1], [202, 1], [6001, 1], [6010, 2]]);
  });

  it('does not take a new thread in that range for a process, whatever its parent field says', async () => {
    const dir = copyTree();
    const { host, advance } = reader(dir);
    await pids(host);
    newWorker(dir, 6001, -1); // exit_signal -1: a thread (reachable as /proc/<tid>, like a process)
    loadavg(dir, 6001);
    advance(1000);
    expect(await pids(host)).toEqual([200, 300, 201, 202]);
  });

  it('lists /proc for the new PIDs when many were handed out, or the counter wrapped', async () => {
    for (const [worker, last] of [[6500, 6900], [37, 40]] as const) {
      const dir = copyTree();
      const { host, advance } = reader(dir);
      await pids(host);
      newWorker(dir, worker);
      loadavg(dir, last); // 900 PIDs later, or past pid_max and round to 40
      advance(1000);
      expect(await pids(host)).toContain(worker);
    }
  });

  it('finds every tree again when it is 5 s old while loadavg stands still (a sandbox), else every 60 s', async () => {
    const dir = copyTree();
    const { host, advance } = reader(dir);
    await pids(host);
    newWorker(dir, 203); // a PID below the last one: only a full look finds it
    advance(1000);
    expect(await pids(host)).toHaveLength(4);
    advance(4000);
    expect(await pids(host)).toContain(203);

    const moving = copyTree();
    const second = reader(moving);
    await pids(second.host);
    newWorker(moving, 203);
    for (let t = 1; t < 60; t++) {
      loadavg(moving, 6000 + t); // PIDs handed out every second, none of them 203
      second.advance(1000);
      expect(await pids(second.host)).toHaveLength(4);
    }
    loadavg(moving, 6060);
    second.advance(1000);
    expect(await pids(second.host)).toContain(203);
  });

  it('drops a descendant that exited or was reparented, without waiting for a new PID', async () => {
    const dir = copyTree();
    const { host, advance } = reader(dir);
    await host.enrichProcesses([gpu(100)]);
    fs.rmSync(path.join(dir, '201'), { recursive: true });
    // 200 exited: its child 300 now belongs to init.
    fs.rmSync(path.join(dir, '200'), { recursive: true });
    fs.writeFileSync(path.join(dir, '300', 'stat'), fs.readFileSync(path.join(dir, '300', 'stat'), 'utf8').replace(') S 200 200 ', ') S 1 1 '));
    advance(1000);
    const tree = (await host.enrichProcesses([gpu(100)])).processes[0]!.tree!;
    expect(tree.descendants.map((node) => node.pid)).toEqual([202]);
  });

  it('reads a command line again after an exec or while it is not set yet, and every 30 s', async () => {
    const dir = copyTree();
    const { host, advance } = reader(dir);
    const command = async () => (await host.enrichProcesses([gpu(100)])).processes[0]!.tree!.descendants.find((node) => node.pid === 300)?.command;
    // Inside execve: comm is already the new one, the command line not yet set.
    fs.writeFileSync(path.join(dir, '300', 'cmdline'), '');
    expect(await command()).toBe('[sh]');
    fs.writeFileSync(path.join(dir, '300', 'cmdline'), 'sh\0-c\0ffmpeg\0');
    advance(1000);
    expect(await command()).toBe('sh -c ffmpeg');
    // Kept while comm and start time stay the same …
    fs.writeFileSync(path.join(dir, '300', 'cmdline'), 'sh\0-c\0other\0');
    advance(1000);
    expect(await command()).toBe('sh -c ffmpeg');
    // … read again when comm changes (an exec) …
    const stat = path.join(dir, '300', 'stat');
    fs.writeFileSync(stat, fs.readFileSync(stat, 'utf8').replace('(sh)', '(ffmpeg)'));
    fs.writeFileSync(path.join(dir, '300', 'cmdline'), 'ffmpeg\0-i\0clip.mp4\0');
    advance(1000);
    expect(await command()).toBe('ffmpeg -i clip.mp4');
    // … and after 30 s in any case (setproctitle keeps comm), not before.
    fs.writeFileSync(path.join(dir, '300', 'cmdline'), 'ffmpeg: encoding\0');
    advance(28_000);
    expect(await command()).toBe('ffmpeg -i clip.mp4');
    advance(2_000);
    expect(await command()).toBe('ffmpeg: encoding');
  });

  it('can be turned off', async () => {
    const { processes } = await reader(TREE, { processTree: false }).host.enrichProcesses([gpu(100)]);
    expect(processes[0]!.tree).toBeUndefined();
    expect(processes[0]!.threads).toEqual({ count: 3, busiest: null });
  });
});

describe('threads of a GPU process', () => {
  it('measures each thread when asked, busiest first, by the thread’s own name', async () => {
    const dir = copyTree();
    let clock = 0;
    const host = createHostReader({
      procRoot: dir,
      etcRoot: ETC,
      uidLookup: null,
      threadCpu: true,
      firstSampleWindowMs: 100,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
        addCpu(path.join(dir, '100', 'task', '100', 'stat'), 9);
        addCpu(path.join(dir, '100', 'task', '102', 'stat'), 2);
      },
    });
    const threads = (await host.enrichProcesses([gpu(100)])).processes[0]!.threads!;
    expect(threads).toEqual({
      count: 3,
      busiest: [
        { tid: 100, name: 'pt_main_thread', cpuPercent: 90 },
        { tid: 102, name: 'pin_memory', cpuPercent: 20 },
        { tid: 101, name: 'pt_autograd_0', cpuPercent: 0 },
      ],
    });
  });
});

describe('walkTree', () => {
  const children = new Map<number, number[]>([
    [1, [3, 2]],
    [2, [4]],
    [3, [1]], // a cycle back to the root, as a broken recording could hold
    [4, [2]],
  ]);
  const childrenOf = (pid: number) => children.get(pid) ?? [];

  it('walks depth-first in PID order and lists every PID once, even around a cycle', () => {
    expect(walkTree(1, childrenOf)).toEqual({
      links: [
        { pid: 2, parentPid: 1, depth: 1 },
        { pid: 4, parentPid: 2, depth: 2 },
        { pid: 3, parentPid: 1, depth: 1 },
      ],
      truncated: false,
    });
  });

  it('stops at the limit and says so', () => {
    const wide = (pid: number) => (pid === 1 ? Array.from({ length: 1000 }, (_, i) => i + 2) : []);
    const walked = walkTree(1, wide, 256);
    expect(walked.links).toHaveLength(256);
    expect(walked.truncated).toBe(true);
  });
});

describe('extendTree (new PIDs between full looks)', () => {
  const children: Record<number, number[]> = { 100: [200], 200: [300] };
  const tree = { ...walkTree(100, (pid) => children[pid] ?? []), source: 'task-children' as const };

  it('adds newcomers whose parent is in the tree, their own children too, in walk order', () => {
    // 401 is the child of 400, which is listed after it; 500's parent is in no tree.
    const newcomers = new Map([[401, 400], [400, 100], [301, 300], [500, 9]]);
    const grown = extendTree(100, tree, newcomers);
    expect(grown.links.map((link) => [link.pid, link.parentPid, link.depth])).toEqual([
      [200, 100, 1],
      [300, 200, 2],
      [301, 300, 3],
      [400, 100, 1],
      [401, 400, 2],
    ]);
  });

  it('returns the same tree when no newcomer is a child of one of its processes', () => {
    expect(extendTree(100, tree, new Map([[500, 9], [501, 500]]))).toBe(tree);
    expect(extendTree(100, tree, new Map([[300, 200]]))).toEqual(tree);
  });
});
