// The observer over hand-made samples and a REAL child tree: a parent that starts a worker that
// burns CPU, as a data loader does. The GPU side is synthetic here (observe.nvml.test.ts reads
// the fake NVML); the host side is this machine's /proc.

import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { GpuProcess, Snapshot } from '../core/snapshot.js';
import type { Sample } from '../monitor/sampler.js';
import { createObserver } from './observe-samples.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
});

function gpuProcess(pid: number, gpuIndex: number): GpuProcess {
  return {
    pid, gpuIndex, gpuUuid: null, gpuInstanceId: null, computeInstanceId: null, type: 'compute', usedMemoryBytes: 1e9,
    smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null, name: 'python', command: 'python',
    user: 'me', cpuPercent: 100, rssBytes: 1e9, startedAt: null, hostResolution: 'ok', tree: null, threads: null,
  };
}

function snapshotAt(ms: number, processes: GpuProcess[]): Snapshot {
  const devices = [0, 1, 2].map((i) => ({ ...emptyGpuDevice(i, 'nvidia'), gpuUtilPercent: 10 * i, memoryTotalBytes: 8e10 }));
  return {
    schemaVersion: 1, at: new Date(ms).toISOString(), backend: 'nvml', capabilities: null, backendAttempts: [],
    driver: { driverVersion: '580.1', cudaDriverVersion: '13.0', nvmlVersion: null, unavailable: {} },
    host: {
      hostname: 'box', platform: 'linux', kernelRelease: null, cpuModel: null, cpuLogicalCount: 2, cpuUtilPercent: 50, loadAverage1m: null,
      loadAverage5m: null, loadAverage15m: null, memoryTotalBytes: null, memoryAvailableBytes: 4e9, memoryUsedBytes: null, swapTotalBytes: null,
      swapUsedBytes: null, uptimeSeconds: null, cpuTime: { userPercent: 40, nicePercent: 0, systemPercent: 5, idlePercent: 45, iowaitPercent: 10, irqPercent: 0, softirqPercent: 0, stealPercent: 0 },
      memoryCachedBytes: 2e9,
    },
    devices, processes,
    problems: [{ scope: 'device:2', code: 'NOT_SUPPORTED', message: 'x' }],
    samples: [0, 1, 2].map((i) => ({ deviceIndex: i, uuid: null, metric: 'gpuUtilPercent' as const, timesMs: [ms - 100], values: [i] })),
  };
}

let seq = 0;
function sampleAt(ms: number, processes: GpuProcess[] = []): Sample {
  return { seq: ++seq, wallMs: ms, monotonicMs: ms, coversMs: seq === 1 ? null : 250, backendMs: 1, hostMs: 1, snapshot: snapshotAt(ms, processes) };
}

/** A parent (sleeping) with one worker that spins: the shape of a DataLoader with a busy worker. */
function startTree(): Promise<{ root: number; worker: number }> {
  const script = `const { spawn } = require('node:child_process');
    const w = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
    process.stdout.write(String(w.pid) + '\\n'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  children.push(child);
  return new Promise((resolve) => child.stdout!.once('data', (data: Buffer) => resolve({ root: child.pid!, worker: Number(String(data).trim()) })));
}

describe('createObserver', () => {
  it('watches only the --gpu GPUs, their processes and sub-samples, without host trees', () => {
    const observer = createObserver({ sampler: { intervalMs: 250 }, target: { pid: null, command: null, gpuIndices: [1] }, rootPid: null, recordedBy: 'test' });
    observer.onSample(sampleAt(1000, [gpuProcess(7, 0), { ...gpuProcess(8, 1), tree: { descendants: [], totalCpuPercent: 1, totalRssBytes: 1, source: 'ppid-scan', truncated: false } }]));
    observer.onSample(sampleAt(1250));
    const obs = observer.observation();
    expect(obs.format).toBe('gpuwise-diagnose-trace');
    expect(obs.samples).toHaveLength(2);
    expect(obs.samples[0]!.devices.map((d) => d.index)).toEqual([1]);
    expect(obs.samples[0]!.processes.map((p) => p.pid)).toEqual([8]);
    expect(obs.samples[0]!.processes[0]).not.toHaveProperty('tree');
    expect(obs.samples[0]!.subSamples.map((s) => s.deviceIndex)).toEqual([1]);
    expect(obs.samples[0]!.host).toMatchObject({ cpuUtilPercent: 50, memoryCachedBytes: 2e9, cpuTime: { iowaitPercent: 10 } });
    expect(obs.samples[0]!.tree).toBeNull();
    expect(obs.startedAt).toBe(new Date(1000).toISOString());
    expect(obs.endedAt).toBe(new Date(1250).toISOString());
    expect(obs.driver.driverVersion).toBe('580.1');
    // The same problem every tick is kept once.
    expect(obs.problems).toHaveLength(1);
  });

  it('keeps the newest samples only, and gives the last N when asked', () => {
    const observer = createObserver({ sampler: { intervalMs: 250 }, target: { pid: null, command: null, gpuIndices: null }, rootPid: null, recordedBy: 'test', maxSamples: 3 });
    for (let i = 0; i < 10; i++) observer.onSample(sampleAt(1000 + i * 250));
    expect(observer.observation().samples.map((s) => s.wallMs)).toEqual([2750, 3000, 3250]);
    expect(observer.observation(2).samples.map((s) => s.wallMs)).toEqual([3000, 3250]);
    expect(observer.observation().samples[0]!.devices).toHaveLength(3);
    // The report says that older samples were left out.
    expect(observer.observation().problems).toContainEqual(expect.objectContaining({ code: 'samples-dropped', key: 'diagnoseCli.problem.samplesDropped', params: { kept: 3, dropped: 7 } }));
  });

  it('reads the real process tree: the root, its busy worker with CPU %, and the GPUs the tree uses', async () => {
    const { root, worker } = await startTree();
    const observer = createObserver({ sampler: { intervalMs: 250 }, target: { pid: root, command: null, gpuIndices: null }, rootPid: root, recordedBy: 'test' });
    const t0 = performance.now();
    for (let i = 0; i < 4; i++) {
      // The worker runs on GPU 2 (as NVML would list it); the root uses none.
      observer.onSample({ ...sampleAt(Date.now(), [gpuProcess(worker, 2), gpuProcess(999_999, 0)]), monotonicMs: performance.now() - t0 });
      await observer.settled();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const obs = observer.observation();
    observer.close();
    expect(obs.samples).toHaveLength(4);
    // Only GPU 2 — the one a process of the tree used — and its processes.
    expect(obs.samples.every((s) => s.devices.length === 1 && s.devices[0]!.index === 2)).toBe(true);
    expect(obs.samples[0]!.processes.map((p) => p.pid)).toEqual([worker]);
    const tree = obs.samples[3]!.tree!;
    expect(tree.rootPid).toBe(root);
    const rootRow = tree.processes.find((p) => p.pid === root)!;
    const workerRow = tree.processes.find((p) => p.pid === worker)!;
    expect(rootRow).toMatchObject({ depth: 0, parentPid: null, usesGpu: false });
    expect(workerRow).toMatchObject({ depth: 1, parentPid: root, usesGpu: true, state: 'R' });
    // A spinning worker: a clear share of a core in some sample (the machine is shared, so not 100 %).
    const workerCpu = obs.samples.map((s) => s.tree!.processes.find((p) => p.pid === worker)?.cpuPercent ?? 0);
    expect(Math.max(...workerCpu)).toBeGreaterThan(15);
    expect(workerRow.rssBytes).toBeGreaterThan(0);
    expect(tree.totalCpuPercent).toBeGreaterThanOrEqual(workerRow.cpuPercent!);
    // Storage reads of our own processes are readable (same user): a number, 0 for a spinning loop.
    expect(workerRow.diskReadBytesPerSecond).toBe(0);
    expect(tree.rootThreads!.length).toBeGreaterThan(0);
    // The first sample has no rate yet: null, not 0.
    expect(obs.samples[0]!.tree!.processes.find((p) => p.pid === worker)!.cpuPercent).toBeNull();
    expect(obs.samples[1]!.host.majorFaultsPerSecond).toBeTypeOf('number');
  });

  it('leaves gpuwise itself out of the tree it watches (--pid of the shell it runs in)', async () => {
    const observer = createObserver({ sampler: { intervalMs: 250 }, target: { pid: process.ppid, command: null, gpuIndices: null }, rootPid: process.ppid, recordedBy: 'test' });
    observer.onSample(sampleAt(1000));
    await observer.settled();
    const tree = observer.observation().samples[0]!.tree!;
    observer.close();
    expect(tree.processes[0]!.pid).toBe(process.ppid);
    expect(tree.processes.map((p) => p.pid)).not.toContain(process.pid);
  });

  it('a root that has exited gives an empty tree, not a crash; all GPUs stay watched', async () => {
    const observer = createObserver({ sampler: { intervalMs: 250 }, target: { pid: 999_999_999, command: null, gpuIndices: null }, rootPid: 999_999_999, recordedBy: 'test' });
    observer.onSample(sampleAt(1000));
    await observer.settled();
    const obs = observer.observation();
    expect(obs.samples[0]!.tree).toEqual({ rootPid: 999_999_999, processes: [], rootThreads: null, totalCpuPercent: null, totalDiskReadBytesPerSecond: null });
    expect(obs.samples[0]!.devices).toHaveLength(3);
    observer.endJob({ exitCode: 3, signal: null, atMs: 2000 });
    expect(observer.observation().job).toEqual({ exitCode: 3, signal: null, atMs: 2000 });
  });
});
