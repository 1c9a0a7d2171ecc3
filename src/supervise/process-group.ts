// The job in its own process group: spawned detached (setsid on Unix), so a signal sent to the
// negative pid reaches the job and everything it started — torchrun's ranks, DataLoader workers,
// a shell's pipeline — and a stray grandchild cannot keep the GPU's memory after the job ends.

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import type { ExitStatus } from './exit.js';

export interface JobProcess {
  readonly pid: number;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** The leader's end (the job's own status); the streams may still hold output. */
  readonly exited: Promise<ExitStatus>;
  /** Signals the whole group; false when no process of it is left. */
  signalGroup(signal: NodeJS.Signals): boolean;
  /** True while any process of the group lives (the leader included). */
  groupAlive(): boolean;
}

export interface SpawnJobOptions {
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Starts the job; rejects when it cannot be started at all (ENOENT, EACCES). */
export function spawnJob(options: SpawnJobOptions): Promise<JobProcess> {
  return new Promise((resolve, reject) => {
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(options.command, [...options.args], { detached: true, stdio: ['inherit', 'pipe', 'pipe'], env: options.env, cwd: options.cwd });
    } catch (error) {
      reject(error);
      return;
    }
    const exited = new Promise<ExitStatus>((done) => {
      child.once('exit', (code, signal) => done(signal ? { code: null, signal } : { code: code ?? 0, signal: null }));
    });
    child.once('error', (error) => {
      if (child.pid === undefined) reject(error);
    });
    child.once('spawn', () => {
      const pid = child.pid as number;
      resolve({
        pid,
        stdout: child.stdout,
        stderr: child.stderr,
        exited,
        // Windows has no process groups to signal: the job itself is told (its children are not).
        signalGroup: (signal) => (process.platform === 'win32' ? child.exitCode === null && child.kill(signal) : signalGroup(pid, signal)),
        groupAlive: () => (process.platform === 'win32' ? child.exitCode === null && child.signalCode === null : signalGroup(pid, 0)),
      });
    });
  });
}

function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    // ESRCH: nobody left in the group. EPERM: a member changed user (setuid); not ours to signal.
    return false;
  }
}
