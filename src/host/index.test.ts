import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackendProcess } from '../core/backend.js';
import type { GpuProcess } from '../core/snapshot.js';
import { translate, type MessageKey } from '../i18n/index.js';
import { createHostReader, type HostReaderOptions } from './index.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/proc/', import.meta.url));
const HOST = path.join(FIXTURES, 'host');
const CONTAINER = path.join(FIXTURES, 'container');
const ETC = path.join(FIXTURES, 'etc');

function gpu(pid: number, gpuIndex = 0, name: string | null = null): BackendProcess {
  return {
    pid,
    gpuIndex,
    gpuUuid: `GPU-${gpuIndex}`,
    gpuInstanceId: null,
    computeInstanceId: null,
    type: 'compute',
    usedMemoryBytes: 1 << 30,
    smUtilPercent: null,
    memoryUtilPercent: null,
    encoderUtilPercent: null,
    decoderUtilPercent: null,
    name,
  };
}

function fixtureReader(procRoot: string, extra: HostReaderOptions = {}) {
  return createHostReader({ procRoot, etcRoot: ETC, firstSampleWindowMs: 0, uidLookup: null, ...extra });
}

const byPid = (processes: GpuProcess[], pid: number) => processes.find((p) => p.pid === pid)!;

const temporary: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function copyTree(source: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuwise-proc-'));
  temporary.push(dir);
  fs.cpSync(source, dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

describe('enrichProcesses on a recorded host /proc', () => {
  it('fills user, command, RSS, start time and keeps the backend fields', async () => {
    const { processes, problems } = await fixtureReader(HOST).enrichProcesses([gpu(4242, 0), gpu(4242, 1)]);
    expect(problems).toEqual([]);
    expect(processes).toHaveLength(2);
    expect(processes[0]).toEqual({
      ...gpu(4242, 0),
      name: 'python3',
      command: 'python3 train.py --epochs 10',
      user: 'alice',
      cpuPercent: null, // first reading with a 0 ms window
      rssBytes: 8 * 1024 ** 3,
      // btime 1700000000 + 123456 ticks / 100
      startedAt: new Date((1700000000 + 1234.56) * 1000).toISOString(),
      hostResolution: 'ok',
      // This recorded tree has no task/ folders, as on a kernel without children files.
      tree: { descendants: [], totalCpuPercent: null, totalRssBytes: 8 * 1024 ** 3, source: 'ppid-scan', truncated: false },
      threads: { count: 1, busiest: null },
    });
    expect(processes[1]).toEqual({ ...processes[0], gpuIndex: 1, gpuUuid: 'GPU-1' });
  });

  it('reads a PID listed on several GPUs once', async () => {
    const opened = vi.spyOn(fs, 'openSync');
    await fixtureReader(HOST).enrichProcesses([gpu(4242, 0), gpu(4242, 1), gpu(4242, 2)]);
    const reads = opened.mock.calls.map(([file]) => String(file)).filter((file) => file.includes(`${path.sep}4242${path.sep}`));
    expect(reads.sort()).toEqual(['cgroup', 'cmdline', 'stat', 'status'].map((f) => path.join(HOST, '4242', f)));
  });

  it('keeps the backend’s name and handles odd but real processes', async () => {
    const { processes } = await fixtureReader(HOST).enrichProcesses([gpu(5151), gpu(6000, 0, 'from-nvml'), gpu(2), gpu(8000), gpu(9300), gpu(7100)]);
    expect(byPid(processes, 5151)).toMatchObject({ name: 'a) b (c) d', command: './weird', user: '1001', rssBytes: 2048 * 1024, hostResolution: 'ok' });
    expect(byPid(processes, 6000)).toMatchObject({ name: 'from-nvml', command: '[worker]', user: 'alice', rssBytes: null, hostResolution: 'ok' });
    expect(byPid(processes, 2)).toMatchObject({ name: 'kthreadd', command: '[kthreadd]', user: 'root', rssBytes: null, hostResolution: 'ok' });
    expect(byPid(processes, 8000)).toMatchObject({ name: 'python3.11-debug', command: '/usr/bin/python3.11-debug x.py' });
    expect(byPid(processes, 9300)?.command).toBe('ray::TrainWorker.train() extra args here');
    // In a container (NSpid 7100 → 12): the host PID is the first entry, so it resolves.
    expect(byPid(processes, 7100)).toMatchObject({ command: 'python serve.py', user: 'root', hostResolution: 'ok' });
  });

  it('marks vanished and impossible PIDs gone with every host field null', async () => {
    const { processes, problems } = await fixtureReader(HOST).enrichProcesses([gpu(9100), gpu(123456), gpu(0), gpu(-5)]);
    for (const process of processes) {
      expect(process).toMatchObject({ hostResolution: 'gone', command: null, user: null, cpuPercent: null, rssBytes: null, startedAt: null, name: null });
    }
    expect(problems).toEqual([]);
  });

  it('never shows another process under a PID whose NSpid disagrees', async () => {
    const { processes } = await fixtureReader(HOST).enrichProcesses([gpu(7200)]);
    expect(processes[0]).toMatchObject({ hostResolution: 'other-namespace', command: null, user: null });
  });

  it('turns a malformed stat into nulls and a problem, keeping what else it read', async () => {
    const { processes, problems } = await fixtureReader(HOST).enrichProcesses([gpu(7000), gpu(9200)]);
    expect(byPid(processes, 7000)).toMatchObject({ hostResolution: 'ok', name: null, cpuPercent: null, startedAt: null, command: 'broken', user: 'alice', rssBytes: 1024 * 1024 });
    expect(problems.map((p) => [p.scope, p.code])).toEqual([
      ['process:7000', 'parse'],
      ['process:9200', 'parse'],
    ]);
    expect(problems[0]?.message).toContain(path.join(HOST, '7000', 'stat'));
    expect(problems[0]?.message).toContain('7000 (broken S');
  });

  it('reports hidden processes (hidepid) as no-permission, with one problem for all', async () => {
    const reader = fixtureReader(HOST, { probePid: (pid) => (pid === 31337 ? 'exists' : 'not-found') });
    // The probe is only trusted when gpuwise shares the namespace of the procfs it reads.
    const { processes, problems } = await reader.enrichProcesses([gpu(31337), gpu(31338)]);
    expect(byPid(processes, 31337).hostResolution).toBe('no-permission');
    expect(byPid(processes, 31338).hostResolution).toBe('gone');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ scope: 'processes', code: 'no-permission' });
    expect(problems[0]?.message).toContain('31337');
  });

  it('says so when there is no procfs at all, as a key the caller can show in any language', async () => {
    const reader = createHostReader({ procRoot: '/nonexistent-gpuwise-proc', etcRoot: ETC, firstSampleWindowMs: 0 });
    const { processes, problems } = await reader.enrichProcesses([gpu(1)]);
    expect(processes[0]?.hostResolution).toBe('unsupported');
    expect(problems).toHaveLength(1);
    const [problem] = problems;
    expect(problem).toMatchObject({ scope: 'processes', code: 'io', key: 'host.problem.procUnavailable', params: { path: '/nonexistent-gpuwise-proc' } });
    // The snapshot holds English; a renderer translates key + params.
    expect(problem?.message).toContain('Cannot read the process list at /nonexistent-gpuwise-proc');
    expect(translate('zh-CN', problem!.key as MessageKey, problem!.params)).toContain('无法读取 /nonexistent-gpuwise-proc');
  });
});

describe('CPU % through the reader, with an injected clock', () => {
  function busyTree() {
    const dir = copyTree(HOST);
    const statFile = path.join(dir, '4242', 'stat');
    const original = fs.readFileSync(statFile, 'utf8');
    // utime is field 14: rewrite it to simulate the process using CPU.
    const setUtime = (utime: number) => fs.writeFileSync(statFile, original.replace(' 5000 300 ', ` ${utime} 300 `));
    return { dir, setUtime };
  }

  it('measures the first reading over the window, then over the time between snapshots', async () => {
    const { dir, setUtime } = busyTree();
    let clock = 50_000;
    const sleeps: number[] = [];
    const reader = fixtureReader(dir, {
      firstSampleWindowMs: 100,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
        setUtime(5005); // 5 ticks = 50 ms of CPU in 100 ms
      },
    });
    const first = await reader.enrichProcesses([gpu(4242), gpu(9100)]);
    expect(sleeps).toEqual([100]);
    expect(first.processes[0]?.cpuPercent).toBe(50);

    clock += 2000;
    setUtime(5005 + 300); // 3 s of CPU in 2 s: 150 % of one core
    const second = await reader.enrichProcesses([gpu(4242)]);
    expect(sleeps).toEqual([100]); // no second wait
    expect(second.processes[0]?.cpuPercent).toBe(150);
  });

  it('raises a window too short to measure to 20 ms', async () => {
    const { dir } = busyTree();
    const sleeps: number[] = [];
    let clock = 0;
    const reader = fixtureReader(dir, {
      firstSampleWindowMs: 5,
      now: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    });
    expect((await reader.enrichProcesses([gpu(4242)])).processes[0]?.cpuPercent).toBe(0);
    expect(sleeps).toEqual([20]);
  });

  it('looks up a uid missing from passwd while it waits for the CPU window', async () => {
    const reader = fixtureReader(HOST, {
      firstSampleWindowMs: 100,
      uidLookup: async (uid) => (uid === 1001 ? 'carol' : null),
      sleep: () => new Promise((resolve) => setTimeout(resolve, 0)),
    });
    expect((await reader.enrichProcesses([gpu(5151)])).processes[0]?.user).toBe('carol');
  });

  it('reports null instead of waiting when the window is 0', async () => {
    const { dir, setUtime } = busyTree();
    let clock = 0;
    const reader = fixtureReader(dir, { now: () => clock, sleep: () => Promise.reject(new Error('must not wait')) });
    expect((await reader.enrichProcesses([gpu(4242)])).processes[0]?.cpuPercent).toBeNull();
    clock += 1000;
    setUtime(5100);
    expect((await reader.enrichProcesses([gpu(4242)])).processes[0]?.cpuPercent).toBe(100);
  });
});

describe('enrichProcesses when gpuwise runs in a container (own PID namespace)', () => {
  it('resolves nothing when the driver reports host PIDs', async () => {
    const { processes, problems } = await fixtureReader(CONTAINER).enrichProcesses([gpu(48213), gpu(48290)]);
    expect(processes.map((p) => p.hostResolution)).toEqual(['other-namespace', 'other-namespace']);
    expect(problems).toEqual([expect.objectContaining({ scope: 'processes', code: 'pid-namespace' })]);
    expect(problems[0]?.message).toContain('--pid=host');
  });

  it('does not trust a host PID that happens to match a GPU process here', async () => {
    // 7 is a GPU process in this namespace, but 48290 does not exist here: the driver speaks
    // host PIDs, so "7" is some host process, not ours.
    const { processes } = await fixtureReader(CONTAINER).enrichProcesses([gpu(7), gpu(48290)]);
    expect(processes.map((p) => [p.hostResolution, p.command])).toEqual([
      ['other-namespace', null],
      ['other-namespace', null],
    ]);
  });

  it('resolves PIDs that a namespace-aware driver translated (each holds a GPU device)', async () => {
    const { processes, problems } = await fixtureReader(CONTAINER).enrichProcesses([gpu(7), gpu(8)]);
    expect(processes.map((p) => [p.hostResolution, p.command, p.user])).toEqual([
      ['ok', 'python train.py', 'root'],
      ['ok', 'python eval.py', 'root'],
    ]);
    expect(problems).toEqual([]);
  });

  it('once a driver PID names a process without a GPU device, trusts no PID again', async () => {
    const reader = fixtureReader(CONTAINER);
    const first = await reader.enrichProcesses([gpu(7), gpu(1)]);
    expect(first.processes.map((p) => p.hostResolution)).toEqual(['other-namespace', 'other-namespace']);
    const second = await reader.enrichProcesses([gpu(7), gpu(8)]);
    expect(second.processes.map((p) => p.hostResolution)).toEqual(['other-namespace', 'other-namespace']);
  });
});

describe('readSummary', () => {
  it('reads a recorded /proc, with CPU % over the first window', async () => {
    const dir = copyTree(HOST);
    let clock = 0;
    const reader = fixtureReader(dir, {
      firstSampleWindowMs: 100,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
        // 4 CPUs × 10 ticks pass; 10 of those 40 are busy (user +10).
        const stat = fs.readFileSync(path.join(dir, 'stat'), 'utf8');
        fs.writeFileSync(path.join(dir, 'stat'), stat.replace('cpu  4705 150 1120 1670000', 'cpu  4715 150 1120 1670030'));
      },
    });
    const { summary, problems } = await reader.readSummary();
    expect(problems).toEqual([]);
    expect(summary).toEqual({
      hostname: os.hostname(),
      platform: 'linux',
      kernelRelease: os.release(),
      cpuModel: 'AMD EPYC 7763 64-Core Processor',
      cpuLogicalCount: 4,
      cpuUtilPercent: 25,
      loadAverage1m: 3.41,
      loadAverage5m: 2.97,
      loadAverage15m: 2.55,
      memoryTotalBytes: 263856772 * 1024,
      memoryAvailableBytes: 230000000 * 1024,
      memoryUsedBytes: (263856772 - 230000000) * 1024,
      swapTotalBytes: 8388604 * 1024,
      swapUsedBytes: (8388604 - 8000000) * 1024,
      uptimeSeconds: 86400.5,
      // 40 ticks passed, 10 of them user.
      cpuTime: { userPercent: 25, nicePercent: 0, systemPercent: 0, idlePercent: 75, iowaitPercent: 0, irqPercent: 0, softirqPercent: 0, stealPercent: 0 },
      // The cores' lines did not change in this made-up window: no tick passed on any of them.
      cpuCores: [0, 1, 2, 3].map((cpu) => ({ cpu, userPercent: null, nicePercent: null, systemPercent: null, idlePercent: null, iowaitPercent: null, irqPercent: null, softirqPercent: null, stealPercent: null, busyPercent: null })),
      memoryFreeBytes: 201234568 * 1024,
      memoryBuffersBytes: 1484 * 1024,
      memoryCachedBytes: (28000000 + 1048576 - 524288) * 1024,
      memorySharedBytes: 524288 * 1024,
      swapCachedBytes: 0,
    });
  });

  it('leaves unreadable and garbled files null, each with a problem', async () => {
    const dir = copyTree(HOST);
    fs.rmSync(path.join(dir, 'meminfo'));
    fs.writeFileSync(path.join(dir, 'loadavg'), 'not numbers\n');
    const { summary, problems } = await fixtureReader(dir).readSummary();
    expect(summary).toMatchObject({ memoryTotalBytes: null, memoryAvailableBytes: null, memoryUsedBytes: null, swapTotalBytes: null, loadAverage1m: null, cpuUtilPercent: null, cpuLogicalCount: 4 });
    expect(problems.map((p) => p.code).sort()).toEqual(['io', 'parse']);
    expect(problems.every((p) => p.scope === 'host')).toBe(true);
  });

  it('does not throw without any procfs', async () => {
    const { summary, problems } = await fixtureReader('/nonexistent-gpuwise-proc').readSummary();
    expect(summary.platform).toBe('linux');
    expect(summary.memoryTotalBytes).toBeNull();
    expect(problems.length).toBeGreaterThanOrEqual(4);
  });
});

describe('off Linux', () => {
  it('gives GPU processes no host details, marked unsupported', async () => {
    const reader = createHostReader({ platform: 'darwin', firstSampleWindowMs: 0 });
    const { processes, problems } = await reader.enrichProcesses([gpu(process.pid, 0, 'python')]);
    expect(processes[0]).toMatchObject({ hostResolution: 'unsupported', name: 'python', command: null, user: null, cpuPercent: null, rssBytes: null, startedAt: null });
    expect(problems).toEqual([]);
  });

  it('summarises the host from os, without faking what it does not know', async () => {
    const mac = (await createHostReader({ platform: 'darwin', firstSampleWindowMs: 0 }).readSummary()).summary;
    expect(mac).toMatchObject({ platform: 'darwin', memoryAvailableBytes: null, memoryUsedBytes: null, swapTotalBytes: null, cpuUtilPercent: null });
    expect(mac.memoryTotalBytes).toBe(os.totalmem());
    expect(mac.cpuLogicalCount).toBe(os.cpus().length);

    const windows = (await createHostReader({ platform: 'win32', firstSampleWindowMs: 0 }).readSummary()).summary;
    expect(windows).toMatchObject({ loadAverage1m: null, loadAverage5m: null, loadAverage15m: null });
    expect(windows.memoryAvailableBytes).toEqual(expect.any(Number));
  });

  it('measures CPU % from os.cpus() over the first window', async () => {
    const reader = createHostReader({ platform: 'darwin', firstSampleWindowMs: 50 });
    const { summary } = await reader.readSummary();
    expect(summary.cpuUtilPercent).toEqual(expect.any(Number));
    expect(summary.cpuUtilPercent).toBeGreaterThanOrEqual(0);
    expect(summary.cpuUtilPercent).toBeLessThanOrEqual(100);
  });
});
