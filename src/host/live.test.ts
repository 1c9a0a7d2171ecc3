// Against this machine's real /proc: a busy child process must come out with the right user,
// command, RSS, start time and CPU %, and real PID namespaces (unshare) must be told apart.

import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendProcess } from '../core/backend.js';
import { createTranslator } from '../i18n/index.js';
import { createHostReader } from './index.js';

const isLinux = process.platform === 'linux';
const REPO = fileURLToPath(new URL('../../', import.meta.url));

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

const children: ChildProcess[] = [];
const temporary: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('condition never became true');
}

const BUSY = 'for(;;){}';

describe.runIf(isLinux)('live /proc', () => {
  it('describes a busy child process as ps does, then reports it gone', async () => {
    const spawnedAtMs = Date.now();
    const child = spawn(process.execPath, ['-e', BUSY], { stdio: 'ignore' });
    children.push(child);
    const pid = child.pid!;
    // Until exec completes, /proc/<pid>/cmdline still shows the parent's arguments.
    await waitFor(() => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(BUSY));

    const reader = createHostReader({ firstSampleWindowMs: 200 });
    const first = (await reader.enrichProcesses([gpu(pid)])).processes[0]!;
    expect(first.hostResolution).toBe('ok');
    expect(first.user).toBe(os.userInfo().username);
    expect(first.command).toBe(`${process.execPath} -e ${BUSY}`);
    expect(first.name).toBe(path.basename(process.execPath).slice(0, 15));
    // A spinning node uses most of one core; the bounds allow for a loaded test machine.
    expect(first.cpuPercent).toBeGreaterThan(20);
    expect(first.cpuPercent).toBeLessThan(150);
    // btime has one-second resolution.
    expect(Math.abs(Date.parse(first.startedAt!) - spawnedAtMs)).toBeLessThan(2500);

    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = (await reader.enrichProcesses([gpu(pid)])).processes[0]!;
    expect(second.cpuPercent).toBeGreaterThan(20);
    expect(second.startedAt).toBe(first.startedAt);

    // Cross-check with procps where it is installed (after start-up, when RSS has settled).
    const ps = spawnSync('ps', ['-o', 'user=,rss=', '-p', String(pid)], { encoding: 'utf8' });
    if (ps.status === 0) {
      const [user, rssKib] = ps.stdout.trim().split(/\s+/);
      expect(second.user).toBe(user);
      expect(second.rssBytes! / 1024).toBeGreaterThan(Number(rssKib) * 0.8);
      expect(second.rssBytes! / 1024).toBeLessThan(Number(rssKib) * 1.25);
    }
    expect(second.rssBytes).toBeGreaterThan(10 * 1024 * 1024);

    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // A reaped child is gone; the pid is not reused this fast.
    await waitFor(() => !fs.existsSync(`/proc/${pid}`));
    const gone = (await reader.enrichProcesses([gpu(pid)])).processes[0]!;
    expect(gone).toMatchObject({ hostResolution: 'gone', command: null, cpuPercent: null });
  });

  it('summarises this host', async () => {
    const { summary, problems } = await createHostReader({ firstSampleWindowMs: 100 }).readSummary();
    expect(problems).toEqual([]);
    expect(summary.cpuLogicalCount).toBe(os.cpus().length);
    expect(summary.memoryTotalBytes).toBe(os.totalmem());
    expect(summary.memoryAvailableBytes).toBeGreaterThan(0);
    expect(summary.memoryUsedBytes).toBe(summary.memoryTotalBytes! - summary.memoryAvailableBytes!);
    expect(summary.cpuUtilPercent).toBeGreaterThanOrEqual(0);
    expect(summary.cpuUtilPercent).toBeLessThanOrEqual(100);
    expect(Math.abs(summary.uptimeSeconds! - os.uptime())).toBeLessThan(5);
    expect(summary.loadAverage1m).toBeGreaterThanOrEqual(0);
  });
});

/** unshare needs root (CAP_SYS_ADMIN); skip where it cannot make a PID namespace. */
const canUnshare =
  isLinux && process.getuid?.() === 0 && spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

describe.runIf(canUnshare)('live PID namespaces (unshare, as root)', () => {
  it('resolves a process that lives in a child namespace by its host PID', async () => {
    const holder = spawn('unshare', ['--pid', '--fork', 'sleep', '30'], { stdio: 'ignore' });
    children.push(holder);
    let sleeper = 0;
    await waitFor(() => {
      const kids = fs.readFileSync(`/proc/${holder.pid}/task/${holder.pid}/children`, 'utf8').trim();
      sleeper = Number(kids.split(' ')[0]);
      return sleeper > 0 && fs.readFileSync(`/proc/${sleeper}/cmdline`, 'utf8').startsWith('sleep');
    });
    // The case is real: the kernel lists two PIDs, host first.
    expect(fs.readFileSync(`/proc/${sleeper}/status`, 'utf8')).toMatch(new RegExp(`NSpid:\\s+${sleeper}\\s+1\\n`));
    const { processes } = await createHostReader({ firstSampleWindowMs: 0 }).enrichProcesses([gpu(sleeper)]);
    expect(processes[0]).toMatchObject({ hostResolution: 'ok', command: 'sleep 30' });
  });

  it('inside its own namespace, shows only processes proven to hold a GPU device', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpuwise-ns-'));
    temporary.push(dir);
    const probe = path.join(dir, 'probe.mjs');
    fs.writeFileSync(
      probe,
      `const { createHostReader } = await import(${JSON.stringify(path.join(REPO, 'src/host/index.ts'))});
const gpu = (pid) => ({ pid, gpuIndex: 0, gpuUuid: null, gpuInstanceId: null, computeInstanceId: null, type: 'compute', usedMemoryBytes: null, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null, name: null });
const ask = async (pids) => (await createHostReader({ firstSampleWindowMs: 0 }).enrichProcesses(pids.map(gpu)));
const gpuPid = Number(process.env.GPU_PID);
console.log(JSON.stringify({
  translated: await ask([gpuPid]),
  hostPid: await ask([${process.pid}]),
  mixed: await ask([gpuPid, 1]),
}));`,
    );
    // A private /dev (tmpfs) with a stand-in /dev/nvidia0 that a sleeper holds open, as a CUDA
    // process holds the real one; the host's /dev is untouched (private mount namespace).
    const script = `set -e
mkdir -p ${dir}/olddev
mount --bind /dev ${dir}/olddev
mount -t tmpfs tmpfs /dev
for d in null zero urandom random; do : > /dev/$d; mount --bind ${dir}/olddev/$d /dev/$d; done
: > /dev/nvidia0
sleep 30 3</dev/nvidia0 &
GPU_PID=$! node --import tsx ${probe}
kill $!`;
    const stdout = execFileSync('unshare', ['--pid', '--fork', '--mount-proc', 'sh', '-c', script], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(result.translated.processes[0]).toMatchObject({ hostResolution: 'ok', command: 'sleep 30', user: 'root' });
    expect(result.translated.problems).toEqual([]);
    expect(result.hostPid.processes[0]).toMatchObject({ hostResolution: 'other-namespace', command: null });
    expect(result.hostPid.problems[0]).toMatchObject({ code: 'pid-namespace' });
    // PID 1 here is the shell, which has no GPU device: the driver's PIDs are not ours.
    expect(result.mixed.processes.map((p: { hostResolution: string }) => p.hostResolution)).toEqual(['other-namespace', 'other-namespace']);
  });

  it('speaks the user’s language in the problem it reports', () => {
    expect(createTranslator('zh-CN')('host.problem.pidNamespace', { count: 2 })).toContain('--pid=host');
  });
});
