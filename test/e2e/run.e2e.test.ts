// `gpuwise run` as a user runs it: the built CLI over the fake NVML, with real jobs (sh and node
// scripts): restarts and the report, --gpus through pick, signals to the job's group, failures
// recognised from real PyTorch text, exit codes, bad flags in both languages.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { BIN, ROOT, baseEnv, ensureBuilt, gpuwise } from './run-cli.js';

const JOBS = join(ROOT, 'src/supervise/__fixtures__/jobs');
const FIXTURES = join(ROOT, 'src/supervise/failures/__fixtures__');
const work = mkdtempSync(join(tmpdir(), 'gpuwise-run-e2e-'));
let n = 0;
const dir = () => join(work, `run-${n++}`);
/** A claim folder of each run's own (docs/pick.md "Claims"), so that no run or pick elsewhere meets its claims. */
const fake = (claims = dir()) => ({ ...fakeNvmlEnv(scenarioPath('pick-mixed')), XDG_DATA_HOME: join(work, 'data'), GPUWISE_CLAIMS_DIR: claims });
const report = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));

beforeAll(ensureBuilt, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('gpuwise run', () => {
  it('restarts a failing job with back-off up to the limit, on the GPU pick chose, and writes the report', () => {
    const logDir = dir();
    const result = gpuwise(['run', '--gpus', 'auto', '--interval', '0.1', '--backoff', '100ms', '--max-restarts', '2', '--log-dir', logDir, '--price-per-kwh', '0.2', '--',
      'sh', '-c', 'echo "gpu=$CUDA_VISIBLE_DEVICES order=$CUDA_DEVICE_ORDER attempt=$GPUWISE_RUN_ATTEMPT"; sleep 0.5; exit 3'], fake());
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('gpu=2 order=PCI_BUS_ID attempt=1\ngpu=2 order=PCI_BUS_ID attempt=2\ngpu=2 order=PCI_BUS_ID attempt=3\n');
    expect(result.stderr).toContain('GPUs for the job: CUDA_VISIBLE_DEVICES=2');
    expect(result.stderr).toContain('restarting in 0.1 s (restart 1, 1 of 2 failures in the window)');
    const r = report(logDir);
    expect(r).toMatchObject({ format: 'gpuwise-run-report', exitCode: 3, stop: 'restart-limit', gpus: { visibleDevices: '2' } });
    expect(r.attempts.map((a: { exitCode: number; restartDelayMs: number | null }) => [a.exitCode, a.restartDelayMs])).toEqual([[3, 100], [3, 100], [3, null]]); // a fixed wait: jitter stays inside [min, max]
    expect(r.gpus.recorded.map((g: { index: number }) => g.index)).toEqual([2]);
    expect(r.energy.kWh).toBeGreaterThan(0);
    expect(r.energy.cost).toMatchObject({ pricePerKwh: 0.2, currency: 'USD' });
    // A job of a few seconds: its energy in Wh, the unit that shows its digits, not "0.0000 kWh".
    expect(result.stderr).toMatch(/GPU energy \d+\.\d{3} Wh \(\d+\.\d{4} USD\)/);
    const html = readFileSync(join(logDir, 'report.html'), 'utf8');
    expect(html).toContain('gpuwise run report');
    expect(html).toContain('gpuwise run 报告');
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
  }, 30_000);

  it('recognises a real CUDA OOM message and names the fix; --json puts the report on stdout', () => {
    const logDir = dir();
    const result = gpuwise(['run', '--restart', 'never', '--json', '--log-dir', logDir, '--', 'sh', '-c', `echo training; cat '${join(FIXTURES, 'oom-fragmented.txt')}' >&2; exit 1`], fake());
    expect(result.code).toBe(1);
    const r = JSON.parse(result.stdout);
    expect(r.failures[0]).toMatchObject({ kind: 'cuda-oom', details: { triedBytes: Math.round(22.78 * 1024 ** 3) } });
    expect(r.failures[0].fixes.map((f: { key: string }) => f.key)).toContain('run.fix.oom.fragmented');
    expect(result.stderr).toContain('training\n');
    expect(result.stderr).toContain('CUDA out of memory');
  }, 30_000);

  it('recognises the real NCCL watchdog timeout and device-side assert texts in one run', () => {
    const logDir = dir();
    const texts = ['nccl-watchdog.txt', 'device-assert.txt'].map((f) => `'${join(FIXTURES, f)}'`).join(' ');
    const result = gpuwise(['run', '--restart', 'never', '--log-dir', logDir, '--lang', 'zh-CN', '--', 'sh', '-c', `cat ${texts} >&2; exit 1`], fake());
    expect(result.code).toBe(1);
    const kinds = report(logDir).failures.map((f: { kind: string }) => f.kind);
    expect(kinds).toEqual(['nccl-timeout', 'device-assert']);
    expect(result.stderr).toContain('NCCL 集合通信超时');
    expect(result.stderr).toContain('内核检查的条件是 `t >= 0 && t < n_classes`');
    expect(readFileSync(join(logDir, 'output.log'), 'utf8')).toContain('#1 err  RuntimeError: CUDA error: device-side assert triggered\n');
  }, 30_000);

  it('a segfault ends with 128 + 11 and is named', () => {
    const logDir = dir();
    const result = gpuwise(['run', '--restart', 'never', '--log-dir', logDir, '--', 'sh', '-c', 'kill -SEGV $$'], fake());
    expect(result.code).toBe(139);
    expect(report(logDir).failures[0]).toMatchObject({ kind: 'segfault' });
    expect(result.stderr).toContain('Segmentation fault');
  }, 30_000);

  it('SIGTERM to gpuwise reaches the job and its grandchild, and gpuwise ends with the job\'s code', async () => {
    const logDir = dir();
    const marks = join(work, 'marks');
    const child = spawn(process.execPath, [BIN, 'run', '--log-dir', logDir, '--', process.execPath, join(JOBS, 'family.mjs'), marks], { cwd: ROOT, env: baseEnv(fake()) });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if ((out.match(/ready/g) ?? []).length === 2) child.kill('SIGTERM');
      });
      child.on('exit', (c) => resolve(c));
    });
    expect(code).toBe(3);
    // SIGKILL follows the grace period by itself: no Ctrl-C is asked for.
    expect(err).toContain('gpuwise run: SIGTERM passed to the job; it gets SIGKILL if it has not stopped within 10 s');
    expect(err).not.toContain('Ctrl-C');
    expect(readFileSync(marks, 'utf8').split('\n').sort()).toEqual(['', 'child SIGTERM', 'grandchild SIGTERM']);
    expect(report(logDir)).toMatchObject({ stop: 'stopped', stoppedBy: 'SIGTERM', attempts: [{ attempt: 1 }] });
  }, 30_000);

  it('says what each Ctrl-C does: the first is the job\'s, the second starts the grace period, the third kills at once; in a back-off wait there is no job', async () => {
    /** gpuwise run over `args`, sending SIGINT each time stdout or stderr (as read so far) matches the next trigger. */
    const interrupt = (args: string[], triggers: RegExp[]) => {
      const child = spawn(process.execPath, [BIN, 'run', '--log-dir', dir(), ...args], { cwd: ROOT, env: baseEnv(fake()) });
      let seen = '';
      const look = (chunk: Buffer) => {
        seen += chunk.toString();
        while (triggers[0]?.test(seen)) {
          triggers.shift();
          child.kill('SIGINT');
        }
      };
      child.stdout.on('data', look);
      child.stderr.on('data', look);
      return new Promise<{ code: number | null; seen: string }>((resolve) => child.on('exit', (code) => resolve({ code, seen })));
    };
    const stubborn = await interrupt(['--grace', '20s', '--', process.execPath, join(JOBS, 'stubborn.mjs')], [/ready/, /ignored SIGINT/, /ignored SIGINT[^]*ignored SIGINT/]);
    expect(stubborn.code).toBe(137);
    expect(stubborn.seen).toContain('SIGINT passed to the job, which decides how to stop; Ctrl-C again gives it 20 s before SIGKILL, a third time kills it at once');
    expect(stubborn.seen).toContain('SIGINT passed to the job again; it gets SIGKILL if it has not stopped within 20 s (Ctrl-C once more kills it at once)');
    expect(stubborn.seen).toContain('gpuwise run: third Ctrl-C: sending SIGKILL to the job now');
    expect(stubborn.seen).not.toContain('did not stop within');
    const waiting = await interrupt(['--backoff', '30s', '--', 'sh', '-c', 'exit 2'], [/restarting in/]);
    expect(waiting.code).toBe(130);
    expect(waiting.seen).toContain('gpuwise run: SIGINT during the wait before a restart: no job is running, and the run ends without restarting');
    expect(waiting.seen).not.toContain('passed to the job');
  }, 30_000);

  it('runs the notify command with the report\'s path', () => {
    const logDir = dir();
    const notified = join(work, 'notified');
    const result = gpuwise(['run', '--log-dir', logDir, '--notify-command', `printf '%s\\n' "$GPUWISE_RUN_EXIT_CODE" > '${notified}'; printf '%s\\n' >> '${notified}'`, '--', 'true'], fake());
    expect(result.code).toBe(0);
    expect(readFileSync(notified, 'utf8')).toBe(`0\n${join(logDir, 'report.json')}\n`);
  }, 30_000);

  it('a command that does not exist: 127 and a message', () => {
    const result = gpuwise(['run', '--log-dir', dir(), '--', 'gpuwise-no-such-job'], fake());
    expect(result.code).toBe(127);
    expect(result.stderr).toContain('Could not start gpuwise-no-such-job');
    // A log folder that cannot be made: exit 1 with the reason (and no hang inside /proc).
    const badDir = gpuwise(['run', '--log-dir', '/proc/gpuwise-no-such', '--', 'true'], fake());
    expect(badDir.code).toBe(1);
    expect(badDir.stderr).toContain('Cannot write the logs into /proc/gpuwise-no-such');
  }, 30_000);

  it('a GPU that falls off the bus mid-run is a failure in the report, its summary rests on real readings, and the energy says it left it out', () => {
    const logDir = dir();
    const env = { ...fakeNvmlEnv(scenarioPath('gpu-falls-off-bus')), XDG_DATA_HOME: join(work, 'data') };
    const result = gpuwise(['run', '--json', '--log-dir', logDir, '--', 'sleep', '3'], env);
    expect(result.code).toBe(0);
    const r = JSON.parse(result.stdout);
    expect(r.failures).toMatchObject([{ kind: 'gpu-lost', attempt: 1, details: { gpu: '1', cause: 'lost' } }]);
    const lost = r.gpus.recorded.find((g: { index: number }) => g.index === 1);
    const readings = lost.series.utilPercent.filter((v: number | null) => v !== null).length;
    expect(lost.samples).toBe(readings);
    expect(lost.unansweredSamples).toBe(lost.series.utilPercent.length - readings);
    expect(r.energy.leftOut).toEqual([{ gpu: 1, reason: 'not-answering', partial: false }]);
    expect(result.stderr).toContain('GPU 1 was lost during the run');
    expect(result.stderr).toMatch(/GPU energy .+; GPU 1 is not in the total: it stopped answering during the run/);
    const html = readFileSync(join(logDir, 'report.html'), 'utf8');
    for (const text of ['GPU 1 was lost during the run', 'GPU 1 is not in the total', 'GPU 1 在运行中丢失', 'GPU 1 未计入总量']) expect(html).toContain(text);
  }, 30_000);

  it('energy is the counter\'s delta over the job\'s whole life, not first to last sample', () => {
    // One GPU at a constant 300 W whose counter advances with time (the fake's time mode).
    const scenario = join(work, 'constant-300w.json');
    writeFileSync(scenario, JSON.stringify({
      description: 'one GPU at a constant 300 W with an energy counter',
      system: { driverVersion: '550.90.07', nvmlVersion: '12.550.90.07', cudaDriverVersion: 12040 },
      devices: [{ name: 'NVIDIA A100 80GB PCIe', uuid: 'GPU-11111111-1111-1111-1111-111111111111', pciBusId: '00000000:17:00.0', architecture: 'ampere', memoryTotalMiB: 81920, enforcedPowerLimitWatts: 300 }],
      timeline: [{ atSeconds: 0, devices: [{ memoryUsedMiB: 1000, gpuUtilPercent: 50, powerDrawWatts: 300, totalEnergyJoules: 1_000_000, processes: [] }] }],
    }));
    const logDir = dir();
    const result = gpuwise(['run', '--json', '--interval', '2', '--log-dir', logDir, '--', 'sleep', '3'], { ...fakeNvmlEnv(scenario), XDG_DATA_HOME: join(work, 'data') });
    expect(result.code).toBe(0);
    const r = JSON.parse(result.stdout);
    const jobJoules = 300 * r.attempts[0].seconds;
    expect(r.energy.source).toBe('counter');
    // Every 2 s, the samples inside a 3 s job span at most 2 s: a first-to-last count is a third short.
    expect(r.energy.joules).toBeGreaterThanOrEqual(0.97 * jobJoules);
    expect(r.energy.joules).toBeLessThanOrEqual(1.2 * jobJoules);
  }, 30_000);

  it('the job\'s own --lang and --color (after --) change neither gpuwise\'s language nor its colour', () => {
    const result = gpuwise(['run', '--restart', 'never', '--log-dir', dir(), '--', 'sh', '-c', 'echo "job args: $*"; exit 3', 'x', '--lang', 'zh-CN', '--color'], { ...fake(), LANG: 'en_US.UTF-8' });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('job args: --lang zh-CN --color\n');
    expect(result.stderr).toContain('gpuwise run: attempt 1 ended: exit code 3');
    expect(result.stderr).not.toMatch(/第 1 次运行|\u001b\[/);
  }, 30_000);

  it('refuses bad flags with a usage error in English and in Chinese', () => {
    const en = gpuwise(['run', '--restart', 'sometimes', '--', 'true']);
    expect(en.code).toBe(2);
    expect(en.stderr).toContain('expected on-failure, always or never');
    const zh = gpuwise(['run', '--backoff', '5m..10s', '--lang', 'zh-CN', '--', 'true']);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('应为 最小..最大');
    const gpus = gpuwise(['run', '--gpus', 'many', '--', 'true']);
    expect(gpus.code).toBe(2);
    expect(gpus.stderr).toContain('expected auto, a count such as 2');
    const none = gpuwise(['run']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No command to run');
    const zhNone = gpuwise(['run', '--lang', 'zh-CN']);
    expect(zhNone.stderr).toContain('没有要运行的命令');
  }, 30_000);

  it('refuses --gpus when fewer GPUs are free than asked, without starting the job', () => {
    const result = gpuwise(['run', '--gpus', '4', '--log-dir', dir(), '--', 'sh', '-c', 'echo started'], fake());
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^4 GPUs asked for, \d free now; the job was not started\.\nNot free:\n  GPU \d \(.+\): .+\n/);
    // Why each GPU is not free, as pick says it, and what to do: in the reader's language.
    expect(result.stderr).toContain('Name the GPUs yourself (--gpus 0, or --gpus 0,1)');
    const zh = gpuwise(['run', '--gpus', '4', '--lang', 'zh-CN', '--log-dir', dir(), '--', 'sh', '-c', 'echo started'], fake());
    expect(zh.stderr).toMatch(/少于要求的 4 块；任务没有启动。\n不空闲：\n  GPU \d（.+）：/);
    expect(zh.stderr).toContain('可以自己指定 GPU');
    expect(zh.stdout).toBe('');
    // On a machine without a GPU --gpus cannot choose, and says so instead of "0 of 1 free".
    const bare = gpuwise(['run', '--gpus', 'auto', '--log-dir', dir(), '--', 'sh', '-c', 'echo started'], { XDG_DATA_HOME: join(work, 'data'), GPUWISE_CLAIMS_DIR: dir() });
    expect(bare.code).toBe(1);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toMatch(/No GPU could be read \(.+\), so --gpus auto cannot choose one\./);
  }, 30_000);

  it('claims the GPU --gpus chose while it runs: a pick started then does not print it; released at the end', async () => {
    const claims = dir();
    const child = spawn(process.execPath, [BIN, 'run', '--gpus', '1', '--log-dir', dir(), '--', 'sh', '-c', 'echo ready; exec sleep 30'], { cwd: ROOT, env: baseEnv(fake(claims)) });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => String(chunk).includes('ready') && resolve()));
    try {
      expect(err).toContain('GPUs for the job: CUDA_VISIBLE_DEVICES=2');
      expect(gpuwise(['pick', '--no-claim'], fake(claims))).toMatchObject({ code: 0, stdout: '3\n' });
      const short = gpuwise(['pick', '-n', '3', '--no-claim', '--window', '0'], fake(claims));
      expect(short.code).toBe(1);
      expect(short.stderr).toMatch(new RegExp(`GPU 2 \\(NVIDIA RTX A6000\\): claimed by gpuwise run \\(PID ${child.pid}\\) \\d+ s ago`));
    } finally {
      child.kill('SIGTERM');
    }
    await ended;
    expect(gpuwise(['pick', '--no-claim'], fake(claims))).toMatchObject({ code: 0, stdout: '2\n' });
    // A folder that cannot hold claims costs the claim, not the run.
    const unclaimed = gpuwise(['run', '--gpus', 'auto', '--log-dir', dir(), '--', 'true'], fake('/proc/gpuwise-no-such/claims'));
    expect(unclaimed.code).toBe(0);
    expect(unclaimed.stderr).toMatch(/GPUs for the job: CUDA_VISIBLE_DEVICES=2\n.*Note: the GPUs were not claimed \(.+\)/);
  }, 30_000);
});
