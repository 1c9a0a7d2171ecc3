// `gpuwise diagnose` as a user runs it: the built CLI (bin/gpuwise.mjs → dist/). Replays of the
// recorded traces (test/fixtures/diagnose/, from the fake NVML's diagnose scenarios with real
// process trees: scripts/diagnose/record-fake-traces.mjs) must name the right cause first and
// leave the healthy ones alone; a short live watch over the fake NVML records a trace that
// replays; the HTML report is self-contained and bilingual; mistakes get clear messages in
// both languages with the documented exit codes.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DiagnoseReport } from '../../src/diagnose/types.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { baseEnv, BIN, ensureBuilt, gpuwise, ROOT, type CliResult } from './run-cli.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/diagnose');
const fixture = (name: string) => path.join(FIXTURES, `${name}.ndjson`);
const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-diagnose-e2e-'));

beforeAll(ensureBuilt, 120_000);

function replay(name: string, args: string[] = []): DiagnoseReport {
  const run = gpuwise(['diagnose', '--from', fixture(name), '--json', ...args]);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { report: DiagnoseReport }).report;
}

/** The verdict each recorded trace must give: the first finding's rule (and variant), or healthy. */
const EXPECTED: Record<string, string> = {
  'input-bound': 'input-bound',
  'launch-bound': 'launch-bound',
  'small-model': 'launch-bound/small-model',
  'transfer-bound': 'transfer-bound',
  'idle-holding-memory': 'idle-holding-memory',
  throttled: 'throttled/power',
  'memory-nearly-full': 'memory-nearly-full',
  imbalance: 'imbalance',
  healthy: 'healthy',
  'healthy-sawtooth': 'healthy',
};

describe('gpuwise diagnose --from (recorded traces)', () => {
  it('every fixture has an expected verdict', () => {
    const names = readdirSync(FIXTURES).filter((f) => f.endsWith('.ndjson')).map((f) => f.replace(/\.ndjson$/, ''));
    expect(names.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: ${expected === 'healthy' ? 'says healthy and invents nothing' : `names ${expected} first`}`, () => {
      const report = replay(name);
      if (expected === 'healthy') {
        expect(report.verdict).toBe('healthy');
        expect(report.findings).toEqual([]);
      } else {
        const top = report.findings[0]!;
        expect(report.verdict).toBe('findings');
        expect(top.variant ? `${top.rule}/${top.variant}` : top.rule).toBe(expected);
        expect(top.evidence.length).toBeGreaterThan(0);
        expect(top.thresholds.every((use) => use.source.length > 0)).toBe(true);
      }
    });
  }

  it('--json carries a summary of the observation, not every sample', () => {
    const run = gpuwise(['diagnose', '--from', fixture('input-bound'), '--json']);
    const document = JSON.parse(run.stdout) as { observation: Record<string, unknown> };
    expect(document.observation).toMatchObject({ format: 'gpuwise-diagnose-trace', version: 1, backend: 'nvml', intervalMs: 250, gpuIndices: [0] });
    expect(document.observation.sampleCount).toBeGreaterThanOrEqual(10);
    expect(document.observation).not.toHaveProperty('samples');
  });

  it('prints the ranked report with evidence, thresholds, fixes and code, in English and Chinese', () => {
    const en = gpuwise(['diagnose', '--from', fixture('input-bound')]);
    expect(en.code).toBe(0);
    expect(en.stdout).toContain('1. GPU 0: input-pipeline bound');
    for (const heading of ['Evidence', 'Thresholds', 'What to change', 'GPUs in the window', 'Notes']) expect(en.stdout).toContain(heading);
    expect(en.stdout).toContain('PyTorch:');
    expect(en.stdout).toContain('num_workers');
    expect(en.stdout).toContain('Replayed from a trace recorded by gpuwise');
    const zh = gpuwise(['diagnose', '--from', fixture('input-bound'), '--lang', 'zh-CN']);
    expect(zh.stdout).toContain('证据');
    expect(zh.stdout).toContain('要改什么');
    expect(zh.stdout).toContain('num_workers');
    expect(gpuwise(['diagnose', '--from', fixture('healthy')]).stdout).toContain('Healthy: nothing held the GPU back');
  });

  it('--html writes one self-contained page: charts, findings, fixes, both languages, no script or URL', () => {
    const file = path.join(dir, 'report.html');
    const run = gpuwise(['diagnose', '--from', fixture('input-bound'), '--html', file, '--lang', 'zh-CN']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(file);
    const html = readFileSync(file, 'utf8');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('输入流水线');
    expect(html).toContain('input-pipeline bound');
    expect((html.match(/<svg /g) ?? []).length).toBeGreaterThanOrEqual(10); // 5 charts × 2 languages
    expect(html).toContain('num_workers');
    expect(html).not.toMatch(/<script|<link|<img|\ssrc=|url\(/i);
    // URLs appear as text only (the thresholds' sources) and as SVG's namespace name: nothing is fetched.
    expect(html).not.toMatch(/(href|src|action|xlink:href)=["']?https?:/i);
    expect(html).toContain('default-src \'none\'');
  });

  it('escapes hostile process names from a trace in the terminal and the page', () => {
    const hostile = readFileSync(fixture('input-bound'), 'utf8').replaceAll('"name":"node"', JSON.stringify({ name: '<script>alert(1)</script>\u001b]0;x\u0007' }).slice(1, -1));
    const file = path.join(dir, 'hostile.ndjson');
    writeFileSync(file, hostile);
    const html = path.join(dir, 'hostile.html');
    const run = gpuwise(['diagnose', '--from', file, '--html', html]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('\u001b]0;');
    const page = readFileSync(html, 'utf8');
    expect(page).not.toContain('<script>');
    expect(page).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });
});

describe('gpuwise diagnose, live over the fake NVML', () => {
  it('--gpu 1 --record: watches, writes a trace that --from analyses again', () => {
    const trace = path.join(dir, 'live.ndjson');
    const run = gpuwise(['diagnose', '--gpu', '1', '--duration', '3s', '--interval', '100ms', '--record', trace, '--json'], fakeNvmlEnv(scenarioPath('4gpu-server-load')));
    expect(run.code, run.stderr).toBe(0);
    // On a pipe: no progress line (no carriage returns), only the files written.
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr).toContain(`Trace written to ${trace}`);
    const live = JSON.parse(run.stdout) as { report: DiagnoseReport; observation: { gpuIndices: number[]; sampleCount: number } };
    expect(live.observation.gpuIndices).toEqual([1]);
    const again = gpuwise(['diagnose', '--from', trace, '--json']);
    expect((JSON.parse(again.stdout) as { report: DiagnoseReport }).report).toEqual(live.report);
  });

  it('--pid: watches a running process and its children, and leaves it running', async () => {
    const job = spawn(process.execPath, ['-e', "require('node:child_process').spawn('sleep', ['30']); setInterval(() => {}, 1000);"], { stdio: 'ignore', detached: true });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const run = gpuwise(['diagnose', '--pid', String(job.pid), '--duration', '3s', '--json'], fakeNvmlEnv(scenarioPath('8x-h100')));
      expect(run.code, run.stderr).toBe(0);
      const { observation } = JSON.parse(run.stdout) as { observation: { rootPid: number; treeProcessesMax: number; job: unknown } };
      expect(observation.rootPid).toBe(job.pid);
      expect(observation.treeProcessesMax).toBe(2);
      expect(observation.job).toBeNull();
      expect(() => process.kill(job.pid!, 0)).not.toThrow();
    } finally {
      process.kill(-job.pid!, 'SIGKILL');
    }
  });

  it('-- command: starts the job, passes its output through, and reports how it ended', () => {
    const run = gpuwise(['diagnose', '--json', '--', process.execPath, '-e', 'console.log("from the job"); setTimeout(() => process.exit(4), 1500)'], fakeNvmlEnv(scenarioPath('8x-h100')));
    expect(run.code, run.stderr).toBe(0);
    const [jobLine, ...rest] = run.stdout.split('\n');
    expect(jobLine).toBe('from the job');
    const document = JSON.parse(rest.join('\n')) as { observation: { job: { exitCode: number }; target: { command: string[] } } };
    expect(document.observation.job.exitCode).toBe(4);
    expect(run.stderr).toContain('The job ended after');
    expect(run.stderr).toContain('exit code 4');
  });
});

/** Runs the CLI, sends it SIGINT once `ready` matches its output (or after `afterMs`), and waits for it to end. */
function interrupted(args: string[], env: Record<string, string>, ready: RegExp | null, afterMs: number): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: baseEnv(env) });
    let stdout = '';
    let stderr = '';
    let sent = false;
    const send = () => {
      if (!sent) child.kill('SIGINT');
      sent = true;
    };
    const timer = setTimeout(send, afterMs);
    child.stdout.on('data', (data: Buffer) => {
      stdout += String(data);
      if (ready?.test(stdout)) setTimeout(send, 1500);
    });
    child.stderr.on('data', (data: Buffer) => (stderr += String(data)));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('gpuwise diagnose and Ctrl-C', () => {
  it('on a --gpu watch: ends early and reports on what was seen', async () => {
    const run = await interrupted(['diagnose', '--gpu', '0', '--duration', '60s', '--interval', '100ms'], fakeNvmlEnv(scenarioPath('8x-h100')), null, 2500);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Interrupted: reporting on the \d+ s observed/);
    expect(run.stdout).toContain('gpuwise diagnose');
    expect(run.stdout).toContain('GPUs in the window');
  }, 30_000);

  it('on a job: passes the signal to the job, which ends, and reports how it ended', async () => {
    const job = "process.on('SIGINT', () => { console.log('job got SIGINT'); process.exit(0); }); console.log('job ready'); setInterval(() => {}, 1000);";
    const run = await interrupted(['diagnose', '--json', '--', process.execPath, '-e', job], fakeNvmlEnv(scenarioPath('8x-h100')), /job ready/, 15_000);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('job got SIGINT');
    const document = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as { observation: { job: { exitCode: number | null; signal: string | null } } };
    expect(document.observation.job).toMatchObject({ exitCode: 0, signal: null });
  }, 30_000);
});

describe('gpuwise diagnose: mistakes and what it says', () => {
  it('a process that does not exist: exit 1, in English and Chinese', () => {
    const en = gpuwise(['diagnose', '--pid', '4194000'], fakeNvmlEnv(scenarioPath('8x-h100')));
    expect(en.code).toBe(1);
    expect(en.stderr).toContain('No process 4194000 is running');
    const zh = gpuwise(['diagnose', '--pid', '4194000', '--lang', 'zh-CN'], fakeNvmlEnv(scenarioPath('8x-h100')));
    expect(zh.stderr).toContain('没有正在运行的进程 4194000');
  });

  it('no GPU, a GPU that is not there, a job that will not start: exit 1 with what to do', () => {
    const none = gpuwise(['diagnose', '--duration', '3s'], fakeNvmlEnv(scenarioPath('no-gpus')));
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No GPU could be read');
    expect(none.stderr).toContain('gpuwise doctor');
    // With no driver at all: each backend tried and why, in the user's words — not the loader's raw text.
    const noDriver = gpuwise(['diagnose', '--duration', '3s', '--lang', 'zh-CN'], { GPUWISE_NVML_LIB: '/nonexistent/libnvidia-ml.so.1', PATH: '/nonexistent' });
    expect(noDriver.code).toBe(1);
    expect(noDriver.stderr).toContain('读不到任何 GPU，无从诊断。');
    expect(noDriver.stderr).toMatch(/^ {2}nvml: .+$/m);
    expect(noDriver.stderr).not.toContain('Failed to load shared library');
    const missing = gpuwise(['diagnose', '--gpu', '9', '--lang', 'zh-CN'], fakeNvmlEnv(scenarioPath('8x-h100')));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('没有 GPU 9');
    const job = gpuwise(['diagnose', '--', '/nonexistent/train.py'], fakeNvmlEnv(scenarioPath('8x-h100')));
    expect(job.code).toBe(1);
    expect(job.stderr).toContain('Could not start /nonexistent/train.py');
  });

  it('a broken trace: exit 1 naming the file, the reason and the line', () => {
    // A line broken in the middle (a trace only cut short at its end is read as incomplete: diagnose-record.e2e.test.ts).
    const broken = path.join(dir, 'broken.ndjson');
    const lines = readFileSync(fixture('healthy'), 'utf8').split('\n');
    writeFileSync(broken, [...lines.slice(0, 3), lines[3]!.slice(0, 50), ...lines.slice(4)].join('\n'));
    const en = gpuwise(['diagnose', '--from', broken]);
    expect(en.code).toBe(1);
    expect(en.stderr).toContain(`The trace ${broken} cannot be used`);
    expect(en.stderr).toContain('line 4');
    const zh = gpuwise(['diagnose', '--from', path.join(dir, 'nope.ndjson'), '--lang', 'zh-CN']);
    expect(zh.code).toBe(1);
    expect(zh.stderr).toContain('无法读取追踪文件');
  });

  it('bad flags: exit 2, in both languages', () => {
    const pid = gpuwise(['diagnose', '--pid', 'abc']);
    expect(pid.code).toBe(2);
    expect(pid.stderr).toContain('expected a process id');
    const duration = gpuwise(['diagnose', '--duration', '2 weeks', '--lang', 'zh-CN']);
    expect(duration.code).toBe(2);
    expect(duration.stderr).toContain('需要 3s 到 24h 之间的时长');
    // Shorter than the analysis can use (3 readings over 2 s, first to last): refused, not a watch that ends "insufficient".
    const short = gpuwise(['diagnose', '--duration', '2s']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('expected a duration from 3s to 24h');
    const slow = gpuwise(['diagnose', '--duration', '5s', '--interval', '2s', '--lang', 'zh-CN']);
    expect(slow.code).toBe(2);
    expect(slow.stderr).toContain('--duration 5s 对 --interval 2000ms 来说太短');
    expect(slow.stderr).toContain('请至少观察 8s');
    const both = gpuwise(['diagnose', '--from', fixture('healthy'), '--pid', '5']);
    expect(both.code).toBe(2);
    const withCommand = gpuwise(['diagnose', '--pid', '5', '--', 'python', 'x.py']);
    expect(withCommand.code).toBe(2);
    expect(withCommand.stderr).toContain('--pid and -- command cannot be used together');
  });
});
