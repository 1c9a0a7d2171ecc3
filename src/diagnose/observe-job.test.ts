// The job diagnose starts: its own process group, signals forwarded when asked (the third Ctrl-C
// as SIGKILL), stopped with its workers, and a clear error when it cannot start.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiagnoseError } from './errors.js';
import { startJob } from './observe-job.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-job-'));

/** Resolves once `file` exists: the job has started and set itself up. */
async function until(file: string): Promise<void> {
  for (let i = 0; i < 200 && !existsSync(file); i++) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('startJob', () => {
  it('forwards Ctrl-C to the job; the third one kills a job that ignores it', async () => {
    const ready = path.join(dir, 'ignoring');
    const script = `process.on('SIGINT', () => {}); require('node:fs').writeFileSync(${JSON.stringify(ready)}, ''); setInterval(() => {}, 1000);`;
    const job = await startJob({ command: [process.execPath, '-e', script], stdio: 'ignore', forwardSignals: true });
    await until(ready);
    // Our own handlers, called as the signal would call them (no real signal reaches vitest).
    process.emit('SIGINT', 'SIGINT');
    process.emit('SIGINT', 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(() => process.kill(job.pid, 0)).not.toThrow();
    process.emit('SIGINT', 'SIGINT');
    expect(await job.ended).toMatchObject({ exitCode: null, signal: 'SIGKILL' });
    // The forwarding is gone once the job has ended.
    expect(process.listenerCount('SIGINT')).toBe(0);
  });

  it('stop() ends the whole group: the job and the workers it started', async () => {
    const ready = path.join(dir, 'worker');
    const script = `require('node:child_process').spawn('sleep', ['30']); require('node:fs').writeFileSync(${JSON.stringify(ready)}, ''); setInterval(() => {}, 1000);`;
    const job = await startJob({ command: [process.execPath, '-e', script], stdio: 'ignore' });
    await until(ready);
    expect(await job.stop(1000)).toMatchObject({ signal: 'SIGTERM' });
    // Nothing of the group is left running (a worker may stay a zombie until init reaps it).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const group = execFileSync('ps', ['-eo', 'pgid=,stat='], { encoding: 'utf8' }).split('\n').map((line) => line.trim().split(/\s+/)).filter(([pgid]) => Number(pgid) === job.pid);
    expect(group.filter(([, stat]) => !stat!.startsWith('Z'))).toEqual([]);
  });

  it('a program that does not exist, or an empty command, is a DiagnoseError', async () => {
    await expect(startJob({ command: ['/nonexistent/python'], stdio: 'ignore' })).rejects.toMatchObject({ key: 'diagnoseCli.error.jobFailed', params: { command: '/nonexistent/python', detail: 'ENOENT' } });
    await expect(startJob({ command: [], stdio: 'ignore' })).rejects.toBeInstanceOf(DiagnoseError);
  });
});
