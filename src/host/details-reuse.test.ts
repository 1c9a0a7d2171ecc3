import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackendProcess } from '../core/backend.js';
import { createDetailsReuse } from './details-reuse.js';
import { createHostReader } from './index.js';
import { unresolvedDetails } from './linux-processes.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/proc/', import.meta.url));

function gpu(pid: number, usedMemoryBytes = 1 << 30): BackendProcess {
  return { pid, gpuIndex: 0, gpuUuid: 'GPU-0', gpuInstanceId: null, computeInstanceId: null, type: 'compute', usedMemoryBytes, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null, name: null };
}

const temporary: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the recorded host /proc whose process 4242 can be made to use CPU. */
function busyHost() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuwise-reuse-'));
  temporary.push(dir);
  fs.cpSync(path.join(FIXTURES, 'host'), dir, { recursive: true, verbatimSymlinks: true });
  const statFile = path.join(dir, '4242', 'stat');
  const original = fs.readFileSync(statFile, 'utf8');
  return { dir, setUtime: (utime: number) => fs.writeFileSync(statFile, original.replace(' 5000 300 ', ` ${utime} 300 `)) };
}

function reader(dir: string, maxAgeMs: number, clock: { ms: number }) {
  return createHostReader({ procRoot: dir, etcRoot: path.join(FIXTURES, 'etc'), firstSampleWindowMs: 0, uidLookup: null, now: () => clock.ms, processDetailsMaxAgeMs: maxAgeMs });
}

const statReads = (opened: { mock: { calls: unknown[][] } }) => opened.mock.calls.filter((args) => String(args[0]).endsWith(`${path.sep}4242${path.sep}stat`)).length;

describe('host details reused between full reads (processDetailsMaxAgeMs)', () => {
  it('reads /proc again only once the details are as old as the limit, and says how old they are', async () => {
    const { dir, setUtime } = busyHost();
    const clock = { ms: 10_000 };
    const host = reader(dir, 5000, clock);
    const first = await host.enrichProcesses([gpu(4242)]);
    expect(first.processes[0]?.cpuPercent).toBeNull(); // no window on a first reading here

    const opened = vi.spyOn(fs, 'openSync');
    const readv = vi.spyOn(fs, 'readvSync');
    clock.ms += 3000;
    setUtime(5300); // 100 % of a core, but not read yet
    const reused = await host.enrichProcesses([gpu(4242, 2 << 30)]);
    expect(statReads(opened) + readv.mock.calls.length).toBe(0);
    expect(reused.detailsAgeMs).toBe(3000);
    expect(reused.processes[0]).toMatchObject({ cpuPercent: null, user: 'alice', command: 'python3 train.py --epochs 10' });
    // The backend's own columns are this read's, not the old ones.
    expect(reused.processes[0]?.usedMemoryBytes).toBe(2 << 30);

    clock.ms += 2000; // 5 s after the full read
    setUtime(5400); // 4 s of CPU over the 5 s since it
    const again = await host.enrichProcesses([gpu(4242)]);
    expect(statReads(opened) + readv.mock.calls.length).toBeGreaterThan(0);
    expect(again.detailsAgeMs).toBeUndefined();
    expect(again.processes[0]?.cpuPercent).toBe(80);

    clock.ms += 1000;
    const later = await host.enrichProcesses([gpu(4242)]);
    expect(later.detailsAgeMs).toBe(1000);
    expect(later.processes[0]?.cpuPercent).toBe(80);
  });

  it('reads everything at once when a new GPU process appears, and drops one that left', async () => {
    const { dir } = busyHost();
    const clock = { ms: 0 };
    const host = reader(dir, 5000, clock);
    await host.enrichProcesses([gpu(4242)]);
    clock.ms += 1000;
    const joined = await host.enrichProcesses([gpu(4242), gpu(5151)]);
    expect(joined.detailsAgeMs).toBeUndefined();
    expect(joined.processes.map((p) => [p.pid, p.hostResolution])).toEqual([
      [4242, 'ok'],
      [5151, 'ok'],
    ]);
    clock.ms += 1000;
    const left = await host.enrichProcesses([gpu(5151)]);
    expect(left.detailsAgeMs).toBe(1000);
    expect(left.processes.map((p) => p.pid)).toEqual([5151]);
  });

  it('reads on every call by default', async () => {
    const { dir } = busyHost();
    const clock = { ms: 0 };
    const host = createHostReader({ procRoot: dir, etcRoot: path.join(FIXTURES, 'etc'), firstSampleWindowMs: 0, uidLookup: null, now: () => clock.ms });
    await host.enrichProcesses([gpu(4242)]);
    clock.ms += 100;
    expect((await host.enrichProcesses([gpu(4242)])).detailsAgeMs).toBeUndefined();
  });
});

describe('createDetailsReuse', () => {
  const details = new Map([
    [1, unresolvedDetails('gone')],
    [2, unresolvedDetails('gone')],
  ]);
  const problems = [
    { scope: 'process:1', code: 'io', message: 'one' },
    { scope: 'process:2', code: 'io', message: 'two' },
    { scope: 'processes', code: 'pid-namespace', message: 'all' },
  ];

  it('keeps the problems of the processes still asked for, and every other problem', () => {
    const clock = { ms: 0 };
    const reuse = createDetailsReuse(5000, () => clock.ms);
    reuse.remember(0, details, problems);
    clock.ms = 10;
    expect(reuse.reuse([2])?.problems.map((p) => p.message)).toEqual(['two', 'all']);
  });

  it('never reuses with a limit of 0, NaN or Infinity, or after the clock went back', () => {
    for (const limit of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const reuse = createDetailsReuse(limit, () => 1);
      reuse.remember(0, details, problems);
      expect(reuse.reuse([1])).toBeNull();
    }
    const clock = { ms: 100 };
    const reuse = createDetailsReuse(5000, () => clock.ms);
    reuse.remember(100, details, problems);
    clock.ms = 50;
    expect(reuse.reuse([1])).toBeNull();
  });

  it('has nothing to reuse before the first full read', () => {
    expect(createDetailsReuse(5000, () => 0).reuse([])).toBeNull();
  });
});
