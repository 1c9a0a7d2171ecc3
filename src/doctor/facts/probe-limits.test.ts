// How long the doctor waits for each program, --timeout, and the progress that names a program
// still running: through the exec seam with a Python that never answers, then with a real
// process that sleeps.

import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExecOptions, ExecResult } from '../../system/exec.js';
import { createTranslator } from '../../i18n/index.js';
import { createNodeDoctorEnv, findCheck, NO_INPUTS, runDoctor, type DoctorProgressEvent } from '../index.js';
import { createMemoryEnv } from '../testing/memory-env.js';
import { formatSeconds } from './probe-limits.js';

const t = createTranslator('en');
const exited = (stdout: string): ExecResult => ({ kind: 'exited', exitCode: 0, stdout, stderr: '', truncated: false, durationMs: 1 });

/** A Linux machine with python3, nvcc, docker and nvidia-ctk on PATH; every exec is recorded with its limit. */
function machineRecordingLimits(answerPython: (options: ExecOptions) => Promise<ExecResult>) {
  const env = createMemoryEnv({
    files: { '/usr/bin/python3': '', '/usr/bin/nvcc': '', '/usr/bin/docker': '', '/usr/bin/nvidia-ctk': '', '/etc/os-release': 'ID=ubuntu\nVERSION_ID="24.04"\n' },
    env: { PATH: '/usr/bin' },
  });
  const limits = new Map<string, number>();
  env.exec = async (file, args, options) => {
    limits.set([file, ...args.slice(0, 1)].join(' '), options.timeoutMs);
    if (file === '/usr/bin/python3') return answerPython(options);
    return exited('');
  };
  return { env, limits };
}

describe('probe limits', () => {
  it('gives version tools 5 s, docker info 10 s and the framework probe 60 s by default', async () => {
    const { env, limits } = machineRecordingLimits(async () => exited(''));
    await runDoctor(env, NO_INPUTS);
    expect(Object.fromEntries(limits)).toEqual({
      '/usr/bin/python3 -c': 60_000,
      '/usr/bin/nvcc --version': 5_000,
      '/usr/bin/docker --version': 5_000,
      '/usr/bin/docker info': 10_000,
      '/usr/bin/nvidia-ctk --version': 5_000,
      'modinfo -F': 5_000,
      'mokutil --sb-state': 5_000,
    });
  });

  it('applies --timeout to every program', async () => {
    const { env, limits } = machineRecordingLimits(async () => exited(''));
    await runDoctor(env, NO_INPUTS, { timeoutMs: 2_500 });
    expect(new Set(limits.values())).toEqual(new Set([2_500]));
  });

  it('names a Python that hangs while it waits, then reports the timeout with how to wait longer', async () => {
    const events: DoctorProgressEvent[] = [];
    let answer: (() => void) | null = null;
    // The fake python answers only once progress has said it is waiting (as the real exec does after its limit).
    const { env } = machineRecordingLimits((options) => new Promise((resolve) => {
      answer = () => resolve({ kind: 'timeout', stdout: '', stderr: '', durationMs: options.timeoutMs });
    }));
    const report = await runDoctor(env, NO_INPUTS, {
      timeoutMs: 1_500,
      waitNoticeMs: 5,
      onProgress: (event) => {
        events.push(event);
        if (event.phase === 'waiting') answer?.();
      },
    });
    const waiting = events.filter((e) => e.phase === 'waiting').map((e) => t(e.task.key, e.task.params));
    expect(waiting[0]).toMatch(/^Still waiting for \/usr\/bin\/python3 -c <script> \(\d+(\.\d)? s so far; stopped after 1\.5 s — change with --timeout <seconds>\)$/);
    const python = findCheck(report, 'frameworks.python');
    expect(python?.status).toBe('warn');
    expect(python && t(python.summary.key, python.summary.params)).toBe(
      '/usr/bin/python3 did not finish importing the frameworks within 1.5 s; it was stopped. Importing may hang on a broken driver; a slow disk may just need longer (--timeout <seconds>).',
    );
  });

  it('reads limits as people do', () => {
    expect([formatSeconds(1_500), formatSeconds(5_000), formatSeconds(60_000), formatSeconds(12_345)]).toEqual(['1.5 s', '5 s', '60 s', '12 s']);
  });
});

describe('a real python3 that never answers', () => {
  it('is stopped after --timeout and named while it runs', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'gpuwise-hang-'));
    const python = join(bin, 'python3');
    // PATH holds only this folder, so the script names sleep by its full path.
    const sleep = ['/bin/sleep', '/usr/bin/sleep'].find((p) => existsSync(p)) ?? 'sleep';
    writeFileSync(python, `#!/bin/sh\nexec ${sleep} 30\n`);
    chmodSync(python, 0o755);
    const env = { ...createNodeDoctorEnv(), env: { PATH: bin, HOME: bin } };
    const waiting: string[] = [];
    const report = await runDoctor(env, NO_INPUTS, {
      timeoutMs: 1_000,
      waitNoticeMs: 100,
      onProgress: (event) => {
        if (event.phase === 'waiting') waiting.push(t(event.task.key, event.task.params));
      },
    });
    expect(waiting.some((line) => line.startsWith(`Still waiting for ${python} -c <script>`))).toBe(true);
    const check = findCheck(report, 'frameworks.python');
    expect(check?.status).toBe('warn');
    expect(check?.summary.key).toBe('doctor.frameworks.python.failed.timeout');
    expect(check?.summary.params).toMatchObject({ python, detail: '1 s' });
  }, 20_000);
});
