import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from './exec.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in program: a sh script in a fresh folder. */
function standIn(body: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-exec-'));
  dirs.push(dir);
  const script = path.join(dir, 'stand-in');
  writeFileSync(script, `#!/bin/sh\n${body}\n`);
  chmodSync(script, 0o755);
  return script;
}

/** Running and not a zombie (a killed orphan may wait a moment for init to reap it). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Polls until `pid` is gone or `ms` passed; signals are delivered asynchronously. */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return !isRunning(pid);
}

describe('runCommand', () => {
  it('returns stdout, stderr and the exit code', async () => {
    const result = await runCommand('sh', ['-c', 'echo out; echo err >&2; exit 3'], { timeoutMs: 5000 });
    expect(result).toMatchObject({ kind: 'exited', exitCode: 3, stdout: 'out\n', stderr: 'err\n' });
  });

  it('reports a missing program as not-found instead of throwing', async () => {
    const result = await runCommand('/nonexistent/nvidia-smi', [], { timeoutMs: 5000 });
    expect(result.kind).toBe('not-found');
  });

  // These two would hang past the test's own timeout if the behaviour broke.
  it('kills a program that outlives its timeout, even one that ignores SIGTERM', async () => {
    const result = await runCommand('sh', ['-c', 'trap "" TERM; echo partial; sleep 30'], {
      timeoutMs: 200,
      killGraceMs: 200,
    });
    expect(result.kind).toBe('timeout');
    if (result.kind === 'timeout') expect(result.stdout).toBe('partial\n');
  });

  it('returns when the program exits even if a background child keeps its pipes open', async () => {
    const result = await runCommand('sh', ['-c', 'sleep 120 & echo done'], { timeoutMs: 300_000 });
    expect(result).toMatchObject({ kind: 'exited', exitCode: 0, stdout: 'done\n' });
  });

  // nvidia-smi exits normally but leaves a helper behind: it must not outlive the run.
  it.skipIf(process.platform === 'win32')('ends a grandchild the program left running when it exited', async () => {
    const script = standIn('sleep 60 &\necho $!\nexit 0');
    const result = await runCommand(script, [], { timeoutMs: 10_000 });
    expect(result).toMatchObject({ kind: 'exited', exitCode: 0 });
    const grandchild = Number(result.kind === 'exited' ? result.stdout.trim() : NaN);
    expect(Number.isInteger(grandchild)).toBe(true);
    expect(await goneWithin(grandchild, 5000)).toBe(true);
  });

  it.skipIf(process.platform === 'win32')('kills a left-behind grandchild that ignores SIGTERM', async () => {
    const script = standIn(`sh -c 'trap "" TERM; while :; do sleep 1; done' &\necho $!\nexit 0`);
    const result = await runCommand(script, [], { timeoutMs: 10_000, killGraceMs: 200 });
    const grandchild = Number(result.kind === 'exited' ? result.stdout.trim() : NaN);
    expect(await goneWithin(grandchild, 5000)).toBe(true);
  });

  it.skipIf(process.platform === 'win32')('ends the grandchildren of a program that timed out, even one that ignores SIGTERM', async () => {
    const script = standIn(`sh -c 'trap "" TERM; while :; do sleep 1; done' &\necho $!\nsleep 60`);
    // The grace outlasts the 250 ms pipe drain: the SIGKILL must come even after the result is in.
    const result = await runCommand(script, [], { timeoutMs: 300, killGraceMs: 1000 });
    expect(result.kind).toBe('timeout');
    const grandchild = Number(result.kind === 'timeout' ? result.stdout.trim() : NaN);
    expect(await goneWithin(grandchild, 5000)).toBe(true);
  });

  it('caps output and says so', async () => {
    const result = await runCommand('sh', ['-c', 'head -c 100000 /dev/zero'], { timeoutMs: 5000, maxOutputBytes: 1000 });
    expect(result).toMatchObject({ kind: 'exited', truncated: true });
    if (result.kind === 'exited') expect(result.stdout.length).toBe(1000);
  });

  it('does not pass arguments through a shell', async () => {
    const result = await runCommand('echo', ['$HOME; rm -rf /'], { timeoutMs: 5000 });
    expect(result).toMatchObject({ kind: 'exited', stdout: '$HOME; rm -rf /\n' });
  });
});
