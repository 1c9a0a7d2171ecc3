// diagnose end to end: observe() over the fake NVML (the real FFI path) playing one scenario per
// rule, with a REAL process tree where the rule needs the host side (workers burning CPU for the
// input pipeline, a main thread spinning for launch-bound, a two-process job for imbalance).
// Each scenario's process list names placeholder pids (4242, 4243); the test writes a copy with
// the pids of the children it started, so the driver's processes and /proc's tree are the same.
// diagnose must name the right cause FIRST, and say "healthy" for the healthy ones.

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { code, loadNvml } from '../../test/fake-nvml/nvml-binding.js';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../test/fake-nvml/paths.js';
import { diagnose } from './analyze.js';
import { observe } from './observe.js';
import type { DiagnoseReport } from './types.js';

const WINDOW_MS = 4000; // ≥ 21 driver ticks: the healthy saw-tooth's one idle tick in 64 stays < 5 %
const INTERVAL_MS = 250;

// Children: each prints "ready <pid> [<pid of its child>]" once its tree is running.
const BURN = 'for (;;) {}';
const SLEEP = 'setInterval(() => {}, 1000);';
const WORKERS = (n: number) => `const { spawn } = require('node:child_process');
  const kids = Array.from({ length: ${n} }, () => spawn(process.execPath, ['-e', ${JSON.stringify(BURN)}], { stdio: 'ignore' }));
  console.log('ready ' + process.pid); ${SLEEP}`;
const WAITING_WORKERS = `const { spawn } = require('node:child_process');
  const kids = [0, 1].map(() => spawn(process.execPath, ['-e', ${JSON.stringify(SLEEP)}], { stdio: 'ignore' }));
  console.log('ready ' + process.pid); ${SLEEP}`;
// A loader that reads from storage past the page cache (O_DIRECT): the tree's disk reads, iowait.
const READER = (file: string) => `const { spawn } = require('node:child_process');
  spawn('sh', ['-c', 'while :; do dd if=${file} of=/dev/null bs=1M iflag=direct status=none; done'], { stdio: 'ignore' });
  console.log('ready ' + process.pid); ${SLEEP}`;
const SPIN = `console.log('ready ' + process.pid); ${BURN}`;
const IDLE = `console.log('ready ' + process.pid); ${SLEEP}`;
const RANKS = `const { spawn } = require('node:child_process');
  const rank1 = spawn(process.execPath, ['-e', ${JSON.stringify(SLEEP)}], { stdio: 'ignore' });
  console.log('ready ' + process.pid + ' ' + rank1.pid); ${SLEEP}`;

/** Whether dd can read past the page cache in the temp dir (not on tmpfs, which has no O_DIRECT). */
function directIoWorks(): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'gpuwise-dio-'));
  try {
    writeFileSync(join(dir, 'probe'), Buffer.alloc(1 << 20));
    return spawnSync('dd', [`if=${join(dir, 'probe')}`, 'of=/dev/null', 'bs=1M', 'iflag=direct', 'status=none']).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const DIRECT_IO = directIoWorks();

const saved = { ...process.env };
let tmp = '';
let job: ChildProcess | null = null;
beforeAll(async () => {
  await ensureFakeNvmlBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'gpuwise-diagnose-'));
}, 120_000);
afterEach(() => {
  // The job's whole group: the workers it forked go with it.
  if (job?.pid) try { process.kill(-job.pid, 'SIGKILL'); } catch { /* already gone */ }
  job = null;
});
afterAll(() => {
  for (const key of ['GPUWISE_NVML_LIB', 'FAKE_NVML_SCENARIO', 'FAKE_NVML_STEP']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  rmSync(tmp, { recursive: true, force: true });
});

async function startJob(script: string): Promise<number[]> {
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  job = child;
  const lines = createInterface({ input: child.stdout! });
  const line = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`job exited (${code}) before it was ready`)));
  });
  lines.close();
  return line.replace(/^ready /, '').split(' ').map(Number);
}

/** The scenario with the placeholder pids 4242, 4243 replaced by real ones. */
function scenarioFor(name: string, pids: number[]): string {
  let text = readFileSync(scenarioPath(name), 'utf8');
  pids.forEach((pid, k) => (text = text.replaceAll(`"pid": ${4242 + k}`, `"pid": ${pid}`)));
  const file = join(tmp, `${name}.json`);
  writeFileSync(file, text);
  return file;
}

async function run(name: string, options: { script?: string; gpus?: number[] } = {}): Promise<DiagnoseReport> {
  const pids = options.script ? await startJob(options.script) : [];
  const env = fakeNvmlEnv(scenarioFor(name, pids));
  // The fake reads its scenario with getenv(): the process environment.
  Object.assign(process.env, env);
  delete process.env.FAKE_NVML_STEP;
  const watchPid = options.gpus ? null : (pids[0] ?? null);
  const observation = await observe({
    target: { pid: watchPid, command: null, gpuIndices: options.gpus ?? null },
    durationMs: WINDOW_MS,
    intervalMs: INTERVAL_MS,
    sessionOptions: { backend: 'nvml', env, platform: 'linux', hostOptions: { firstSampleWindowMs: 0 } },
  });
  // A session closed while a read is in flight ends its worker without nvmlShutdown. The fake
  // loads the next test's scenario anyway (it names another file), but the same scenario named
  // again would join this playback, clock and all: shut it down fully.
  const shutdown = loadNvml(env.GPUWISE_NVML_LIB!).fn('nvmlShutdown');
  while (shutdown() === code('SUCCESS')) { /* NVML counts its inits */ }
  expect(observation.samples.length).toBeGreaterThanOrEqual(6);
  // It played this scenario (its GPUs' memory), not another one.
  const scenario = JSON.parse(readFileSync(scenarioPath(name), 'utf8')) as { timeline: { devices: { memoryUsedMiB: number }[] }[] };
  expect(observation.samples.at(-1)!.devices[0]!.memoryUsedBytes).toBe(scenario.timeline[0]!.devices[0]!.memoryUsedMiB * 2 ** 20);
  return diagnose(observation);
}

/** What a report found, for an assertion's message. */
const found = (report: DiagnoseReport) => JSON.stringify(report.findings.map((f) => ({ rule: f.rule, summary: f.summary.params, evidence: f.evidence.map((e) => e.params) })));
const first = (report: DiagnoseReport) => ({ verdict: report.verdict, rule: report.findings[0]?.rule ?? null, variant: report.findings[0]?.variant ?? null });

describe('diagnose over fake NVML scenarios with real process trees', () => {
  it('input-bound: a saw-tooth while the loader workers burn CPU', async () => {
    const report = await run('diagnose-input-bound', { script: WORKERS(2) });
    expect(first(report)).toMatchObject({ verdict: 'findings', rule: 'input-bound' });
    expect(report.findings[0]!.evidence.map((e) => e.key)).toEqual(expect.arrayContaining(['diagnose.evidence.gapsDriver']));
    expect(report.findings[0]!.evidence.some((e) => /workers(Saturated|Runnable)/.test(e.key))).toBe(true);
  }, 20_000);

  it.skipIf(!DIRECT_IO)('input-bound: a saw-tooth while the loader reads from storage (direct I/O past the page cache; skipped where the temp dir has no O_DIRECT, as on tmpfs)', async () => {
    const file = join(tmp, 'dataset.bin');
    writeFileSync(file, Buffer.alloc(32 * 2 ** 20, 7));
    const report = await run('diagnose-input-bound', { script: READER(file) });
    expect(first(report)).toMatchObject({ verdict: 'findings', rule: 'input-bound' });
    expect(report.findings[0]!.evidence.map((e) => e.key)).toEqual(expect.arrayContaining(['diagnose.evidence.diskReads']));
  }, 20_000);

  it('the same saw-tooth with loader workers that wait is not blamed on the input pipeline', async () => {
    const report = await run('diagnose-input-bound', { script: WAITING_WORKERS });
    expect(report.findings.map((f) => f.rule)).not.toContain('input-bound');
  }, 20_000);

  it('launch-bound: low SM activity, 3 GiB used, the main thread spinning', async () => {
    const report = await run('diagnose-launch-bound', { script: SPIN });
    expect(first(report)).toEqual({ verdict: 'findings', rule: 'launch-bound', variant: null });
  }, 20_000);

  it('the same GPU with a main thread that waits is not called launch-bound', async () => {
    const report = await run('diagnose-launch-bound', { script: IDLE });
    expect(report.findings.map((f) => f.rule)).not.toContain('launch-bound');
    // Under-used without a visible cause: said so, not passed as fine without a word.
    expect(report.notes.map((n) => n.key)).toContain('diagnose.note.underusedNoCause');
  }, 20_000);

  it('small model: kernels all the time, few SMs filled', async () => {
    const report = await run('diagnose-small-model', { script: IDLE });
    expect(first(report)).toEqual({ verdict: 'findings', rule: 'launch-bound', variant: 'small-model' });
  }, 20_000);

  it('transfer-bound: PCIe near the Gen4 ×16 link rate while the GPU waits', async () => {
    const report = await run('diagnose-transfer-bound', { script: IDLE });
    expect(first(report)).toMatchObject({ verdict: 'findings', rule: 'transfer-bound' });
    expect(report.notes.map((n) => n.key)).toContain('diagnose.note.noGpm');
  }, 20_000);

  it('idle holding memory: names the real process and its user', async () => {
    const report = await run('diagnose-idle-holding', { script: IDLE, gpus: [0] });
    expect(first(report)).toMatchObject({ verdict: 'findings', rule: 'idle-holding-memory' });
    const holder = report.findings[0]!.evidence.find((e) => e.key.startsWith('diagnose.evidence.holder'));
    expect(holder?.params).toMatchObject({ pid: job!.pid!, user: expect.stringMatching(/\S/) });
    expect(holder?.params?.user).not.toBe('?');
  }, 20_000);

  it('throttled: held 45 % of the time at a power limit lowered to 450 W (default 700 W)', async () => {
    const report = await run('diagnose-throttled', { gpus: [0] });
    expect(first(report)).toEqual({ verdict: 'findings', rule: 'throttled', variant: 'power' });
    expect(report.findings[0]!.summary).toMatchObject({ key: 'diagnose.throttled.summary.powerLowered', params: { limitWatts: 450, defaultWatts: 700 } });
    expect(report.findings[0]!.timeShare).toBeCloseTo(0.45, 1);
  }, 20_000);

  it('memory nearly full: 96 % at the peak', async () => {
    const report = await run('diagnose-memory-full', { gpus: [0] });
    expect(first(report)).toMatchObject({ verdict: 'findings', rule: 'memory-nearly-full' });
    expect(report.findings[0]!.severity).toBe('high');
  }, 20_000);

  it('imbalance: one rank busy, the other waiting', async () => {
    const report = await run('diagnose-imbalance', { script: RANKS });
    expect(first(report)).toMatchObject({ verdict: 'findings', rule: 'imbalance' });
    expect(report.findings[0]!.summary.params).toMatchObject({ slow: 1, busy: 0 });
  }, 20_000);

  it('healthy: a large batch keeps the GPU busy', async () => {
    const report = await run('diagnose-healthy', { script: IDLE });
    expect(report.verdict, found(report)).toBe('healthy');
    expect(report.findings).toEqual([]);
  }, 20_000);

  it('healthy: a busy GPU with a saw-tooth too small to matter, even with the workers busy', async () => {
    const report = await run('diagnose-healthy-sawtooth', { script: WORKERS(2) });
    expect(report.verdict, found(report)).toBe('healthy');
    expect(report.findings).toEqual([]);
  }, 20_000);
});
