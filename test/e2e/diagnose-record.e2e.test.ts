// `gpuwise diagnose --record` through the built CLI, killed mid-run: the trace is written as the
// watch goes, so SIGKILL (or a job that will not stop, then SIGKILL) leaves the header and the
// samples seen up to the last flush, and `--from` reads it back as incomplete, in English and
// Chinese — a last line cut mid-write included. SIGTERM on a --gpu watch ends it with the end
// record. Over the fake NVML.

import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { baseEnv, BIN, ensureBuilt, gpuwise, ROOT } from './run-cli.js';

beforeAll(ensureBuilt, 300_000);

const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-diagnose-record-'));
const env = fakeNvmlEnv(scenarioPath('8x-h100'));

interface Watch {
  child: ChildProcess;
  ended: Promise<number | null>;
  stderr: () => string;
}

function startWatch(args: string[]): Watch {
  const child = spawn(process.execPath, [BIN, 'diagnose', ...args], { cwd: ROOT, env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (data: Buffer) => (stderr += String(data)));
  child.stdout!.resume();
  // 'exit', not 'close': a job started by the watch holds its stdio open after a SIGKILL.
  const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ended, stderr: () => stderr };
}

/** Waits until the file holds at least `lines` whole lines (the header counts as one). */
async function untilLines(file: string, lines: number, watch: Watch): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (existsSync(file) && readFileSync(file, 'utf8').split('\n').length - 1 >= lines) return;
    if (watch.child.exitCode !== null) throw new Error(`diagnose ended early: ${watch.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the trace never reached ${lines} lines; stderr: ${watch.stderr()}`);
}

const replay = (file: string, ...args: string[]) => gpuwise(['diagnose', '--from', file, ...args]);

describe('gpuwise diagnose --record, killed mid-run', () => {
  it('SIGKILL: the trace has the header and the samples so far, and --from reports it as incomplete', async () => {
    const trace = path.join(dir, 'killed.ndjson');
    const watch = startWatch(['--gpu', '0', '--duration', '60s', '--interval', '100ms', '--record', trace]);
    await untilLines(trace, 6, watch);
    watch.child.kill('SIGKILL');
    await watch.ended;
    const text = readFileSync(trace, 'utf8');
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ format: 'gpuwise-diagnose-trace', kind: 'header', target: { gpuIndices: [0] } });
    expect(text).not.toContain('"kind":"footer"');

    const json = replay(trace, '--json');
    expect(json.code, json.stderr).toBe(0);
    const document = JSON.parse(json.stdout) as { observation: { incomplete: boolean; sampleCount: number; gpuIndices: number[]; job: unknown; problems: { code: string }[] } };
    expect(document.observation).toMatchObject({ incomplete: true, gpuIndices: [0], job: null });
    expect(document.observation.sampleCount).toBeGreaterThanOrEqual(5);
    expect(document.observation.problems.map((p) => p.code)).toContain('trace-incomplete');
    const en = replay(trace);
    expect(en.code).toBe(0);
    expect(en.stdout).toContain('Incomplete trace: the recording stopped without its end record');
    const zh = replay(trace, '--lang', 'zh-CN');
    expect(zh.stdout).toContain('追踪不完整');
    // The page carries both languages.
    const page = path.join(dir, 'killed.html');
    expect(replay(trace, '--html', page).code).toBe(0);
    expect(readFileSync(page, 'utf8')).toContain('Incomplete trace: the recording stopped without its end record');
    expect(readFileSync(page, 'utf8')).toContain('追踪不完整');

    // A last line cut mid-write (as a kill during a write, or a machine going down, leaves it).
    appendFileSync(trace, '{"kind":"sample","wallMs":17961393');
    const cut = replay(trace, '--json');
    expect(cut.code, cut.stderr).toBe(0);
    const again = JSON.parse(cut.stdout) as { observation: { sampleCount: number; problems: { key?: string }[] } };
    expect(again.observation.sampleCount).toBe(document.observation.sampleCount);
    expect(again.observation.problems.map((p) => p.key)).toContain('diagnoseCli.problem.traceIncompleteCut');
    expect(replay(trace, '--lang', 'zh-CN').stdout).toContain('最后一行被截断');
  }, 60_000);

  it('SIGTERM to a watch of a job that ignores it, then SIGKILL: the samples up to the kill are there', async () => {
    const trace = path.join(dir, 'job.ndjson');
    const job = "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);";
    const watch = startWatch(['--interval', '100ms', '--record', trace, '--', process.execPath, '-e', job]);
    const rootPid = () => (JSON.parse(readFileSync(trace, 'utf8').split('\n')[0]!) as { rootPid: number }).rootPid;
    try {
      await untilLines(trace, 4, watch);
      watch.child.kill('SIGTERM'); // forwarded to the job, which carries on: so does the watch
      await untilLines(trace, 10, watch);
      watch.child.kill('SIGKILL');
      await watch.ended;
      const json = replay(trace, '--json');
      expect(json.code, json.stderr).toBe(0);
      const document = JSON.parse(json.stdout) as { observation: { incomplete: boolean; sampleCount: number; rootPid: number } };
      expect(document.observation).toMatchObject({ incomplete: true, rootPid: rootPid() });
      expect(document.observation.sampleCount).toBeGreaterThanOrEqual(9);
    } finally {
      watch.child.kill('SIGKILL');
      // The job runs in its own process group, which the killed diagnose could not stop.
      if (existsSync(trace)) process.kill(-rootPid(), 'SIGKILL');
    }
  }, 60_000);

  it('SIGTERM on a --gpu watch ends it with the end record: a whole trace', async () => {
    const trace = path.join(dir, 'term.ndjson');
    const watch = startWatch(['--gpu', '1', '--duration', '60s', '--interval', '100ms', '--record', trace]);
    await untilLines(trace, 4, watch);
    watch.child.kill('SIGTERM');
    expect(await watch.ended).toBe(0);
    expect(watch.stderr()).toMatch(/Trace written to .*term\.ndjson \(\d+ samples\)/);
    const lines = readFileSync(trace, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ kind: 'footer', sampleCount: lines.length - 2 });
    const json = replay(trace, '--json');
    expect((JSON.parse(json.stdout) as { observation: { incomplete: boolean } }).observation.incomplete).toBe(false);
    expect(replay(trace).stdout).not.toContain('Incomplete trace');
  }, 60_000);

  it('a trace file that cannot be written is said at once; the watch still reports (exit 1), and no GPU leaves no file', () => {
    const missing = path.join(dir, 'no-such-dir', 'trace.ndjson');
    const run = gpuwise(['diagnose', '--gpu', '0', '--duration', '3s', '--interval', '100ms', '--record', missing], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Could not write ${missing}: ENOENT`);
    expect(run.stdout).toContain('gpuwise diagnose');
    const none = path.join(dir, 'none.ndjson');
    const noGpu = gpuwise(['diagnose', '--duration', '3s', '--record', none], fakeNvmlEnv(scenarioPath('no-gpus')));
    expect(noGpu.code).toBe(1);
    expect(existsSync(none)).toBe(false);
  }, 60_000);
});
