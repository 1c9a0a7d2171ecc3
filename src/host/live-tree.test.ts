// The tree and threads of real processes on this machine's /proc: a parent with children (one of
// them busy, one with a child of its own) must come out as ps --forest shows it, follow exits
// and new children, and a busy worker thread must show in the per-thread figures.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendProcess } from '../core/backend.js';
import { createHostReader } from './index.js';
import { createStatFileReader } from './stat-files.js';

const isLinux = process.platform === 'linux';

function gpu(pid: number): BackendProcess {
  return {
    pid,
    gpuIndex: 0,
    gpuUuid: null,
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

const groups: ChildProcess[] = [];
afterEach(() => {
  // Each parent leads its own process group, so its children and grandchildren go with it.
  for (const parent of groups.splice(0)) {
    try {
      process.kill(-parent.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('condition never became true');
}

const PARENT = `
const { spawn } = require('node:child_process');
const kids = [
  spawn('sleep', ['300']),
  spawn(process.execPath, ['-e', 'for(;;){}']),
  spawn('sh', ['-c', 'sleep 300 & wait']),
];
process.stdin.on('data', (data) => {
  const [command, pid] = String(data).trim().split(' ');
  if (command === 'spawn') spawn('sleep', ['301']);
  if (command === 'kill') process.kill(Number(pid), 'SIGKILL');
});
process.stdout.write(JSON.stringify(kids.map((kid) => kid.pid)) + '\\n');
`;

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    for (const child of fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(' ')) if (child) found.push(Number(child));
  }
  return found;
}

describe.runIf(isLinux && fs.existsSync('/proc/self/task'))('live process tree', () => {
  it('shows a job’s children and grandchild with CPU and RSS, then follows an exit and a new child', async () => {
    const parent = spawn(process.execPath, ['-e', PARENT], { stdio: ['pipe', 'pipe', 'ignore'], detached: true });
    groups.push(parent);
    const kidPids = await new Promise<number[]>((resolve) => parent.stdout!.once('data', (data) => resolve(JSON.parse(String(data)) as number[])));
    const [sleeper, busy, shell] = kidPids as [number, number, number];
    // The shell's own sleep, once the shell has forked it.
    await waitFor(() => fs.existsSync(`/proc/${shell}`) && fs.existsSync(`/proc/${shell}/task`) && readChildren(shell).length > 0);
    const grandchild = readChildren(shell)[0]!;
    // Until exec completes, the busy child is still a copy of its parent; then let it spin.
    await waitFor(() => fs.readFileSync(`/proc/${busy}/cmdline`, 'utf8').includes('for(;;)'));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const reader = createHostReader({ firstSampleWindowMs: 200 });
    const first = (await reader.enrichProcesses([gpu(parent.pid!)])).processes[0]!;
    const tree = first.tree!;
    const byPid = new Map(tree.descendants.map((node) => [node.pid, node]));
    expect(tree.source).toBe(fs.existsSync(`/proc/${parent.pid}/task/${parent.pid}/children`) ? 'task-children' : 'ppid-scan');
    expect(byPid.get(sleeper)).toMatchObject({ parentPid: parent.pid, depth: 1, name: 'sleep', command: 'sleep 300', usesGpu: false });
    expect(byPid.get(shell)).toMatchObject({ parentPid: parent.pid, depth: 1 });
    expect(byPid.get(grandchild)).toMatchObject({ parentPid: shell, depth: 2, command: 'sleep 300' });
    // The spinning child uses what the (shared, loaded) test machine gives it; the sleeper none.
    expect(byPid.get(busy)!.cpuPercent).toBeGreaterThan(5);
    expect(byPid.get(sleeper)!.cpuPercent).toBeLessThan(byPid.get(busy)!.cpuPercent!);
    for (const node of tree.descendants) expect(node.rssBytes).toBeGreaterThan(0);
    expect(tree.totalCpuPercent).toBeGreaterThanOrEqual(byPid.get(busy)!.cpuPercent!);
    expect(tree.totalRssBytes).toBeGreaterThan(first.rssBytes!);
    expect(first.threads!.count).toBeGreaterThanOrEqual(2); // node always runs helper threads

    // An exit shows at once; a new child shows because a new PID was handed out.
    parent.stdin!.write(`kill ${sleeper}\n`);
    await waitFor(() => !fs.existsSync(`/proc/${sleeper}`));
    parent.stdin!.write('spawn\n');
    await waitFor(() => childrenOf(parent.pid!).length === 3 && !childrenOf(parent.pid!).includes(sleeper));
    const newcomer = childrenOf(parent.pid!).find((pid) => !kidPids.includes(pid))!;
    // Before exec a child shows its parent's command line (which names 301 too); wait for sleep's.
    await waitFor(() => fs.readFileSync(`/proc/${newcomer}/cmdline`, 'utf8') === 'sleep\u0000301\u0000');
    const second = (await reader.enrichProcesses([gpu(parent.pid!)])).processes[0]!.tree!;
    const pids = second.descendants.map((node) => node.pid);
    expect(pids).not.toContain(sleeper);
    expect(pids).toContain(newcomer);
    expect(second.descendants.find((node) => node.pid === newcomer)?.command).toBe('sleep 301');
    reader.close?.();
  });

  it('measures a busy worker thread when asked for thread CPU', async () => {
    const busyThread = "const { Worker } = require('node:worker_threads'); new Worker('for(;;){}', { eval: true }); setInterval(() => {}, 1000);";
    const child = spawn(process.execPath, ['-e', busyThread], { stdio: 'ignore', detached: true });
    groups.push(child);
    await waitFor(() => fs.existsSync(`/proc/${child.pid}/task`) && fs.readdirSync(`/proc/${child.pid}/task`).length >= 8);
    await new Promise((resolve) => setTimeout(resolve, 200)); // let the worker start spinning
    const reader = createHostReader({ firstSampleWindowMs: 200, threadCpu: true });
    const threads = (await reader.enrichProcesses([gpu(child.pid!)])).processes[0]!.threads!;
    expect(threads.count).toBeGreaterThanOrEqual(8);
    expect(threads.busiest!.length).toBeGreaterThan(1);
    expect(threads.busiest![0]!.cpuPercent).toBeGreaterThan(5);
    // The spinning thread is not the main thread, which sleeps in setInterval.
    expect(threads.busiest![0]!.tid).not.toBe(child.pid);
    reader.close?.();
  });
});

function readChildren(pid: number): number[] {
  try {
    return childrenOf(pid);
  } catch {
    return [];
  }
}

describe.runIf(isLinux)('held stat descriptors', () => {
  const openDescriptors = () => fs.readdirSync('/proc/self/fd').length;

  it('read fresh values, fail once the process is gone, and are all released by close()', async () => {
    const child = spawn('sleep', ['300'], { stdio: 'ignore', detached: true });
    groups.push(child);
    const pid = child.pid!;
    await waitFor(() => fs.existsSync(`/proc/${pid}/stat`));
    const before = openDescriptors();
    const files = createStatFileReader({ hold: true });
    const buffer = Buffer.alloc(4096);
    const first = files.read(pid, () => `/proc/${pid}/stat`, buffer);
    expect(first.ok).toBe(true);
    expect(buffer.toString('utf8', 0, first.ok ? first.length : 0)).toMatch(new RegExp(`^${pid} \\(sleep\\) [RS] `));
    expect(openDescriptors()).toBe(before + 1);
    expect(files.read(pid, () => `/proc/${pid}/stat`, buffer).ok).toBe(true);
    expect(openDescriptors()).toBe(before + 1); // held, not opened again

    process.kill(-pid, 'SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await waitFor(() => !fs.existsSync(`/proc/${pid}`));
    expect(files.read(pid, () => `/proc/${pid}/stat`, buffer)).toMatchObject({ ok: false, failure: 'missing' });
    expect(openDescriptors()).toBe(before);

    files.read(process.pid, () => `/proc/${process.pid}/stat`, buffer);
    files.close();
    expect(openDescriptors()).toBe(before);
  });
});
