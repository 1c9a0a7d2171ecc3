import { describe, expect, it } from 'vitest';
import { runCommand } from './exec.js';

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
