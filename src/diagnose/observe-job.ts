// The job `diagnose -- command …` starts and watches. It runs in its own process group, so that
// stopping it reaches its data-loader workers too; the signals the user sends diagnose (Ctrl-C,
// a scheduler's SIGTERM) are forwarded to that group when asked (forwardSignals: the CLI's choice,
// not a library default, since a library must not take over a program's signal handling). The
// third Ctrl-C goes as SIGKILL, for a job that ignores the first two.
// Its stdout and stderr are the user's terminal, as if it ran alone. stdin is not given: a job in
// a background process group that read the terminal would be stopped by SIGTTIN.

import { spawn, type ChildProcess } from 'node:child_process';
import { DiagnoseError } from './errors.js';
import type { JobEnd } from './types.js';

export interface Job {
  pid: number;
  /** Resolves when the job has exited (its exit code or signal). */
  ended: Promise<JobEnd>;
  /** SIGTERM to the job's group, SIGKILL after `graceMs` if it is still there. */
  stop(graceMs?: number): Promise<JobEnd>;
  /** Removes the signal forwarding (idempotent). */
  release(): void;
}

export interface JobOptions {
  command: string[];
  /** 'inherit' (default): the job's output is the user's; 'ignore' in tests. */
  stdio?: 'inherit' | 'ignore';
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  forwardSignals?: boolean;
}

const FORWARDED: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
export const DEFAULT_STOP_GRACE_MS = 5000;
/** The Ctrl-C that is sent as SIGKILL instead. */
export const KILL_AFTER_INTERRUPTS = 3;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is gone already.
  }
}

/** Starts the job; rejects with a DiagnoseError when it cannot start (no such program, no permission). */
export function startJob(options: JobOptions): Promise<Job> {
  const [file, ...args] = options.command;
  if (file === undefined || file === '') return Promise.reject(new DiagnoseError('diagnoseCli.error.jobFailed', { command: '""', detail: 'empty command' }));
  const stdio = options.stdio ?? 'inherit';
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(file, args, { stdio: ['ignore', stdio, stdio], detached: true, env: options.env ?? process.env, cwd: options.cwd });
    } catch (error) {
      reject(new DiagnoseError('diagnoseCli.error.jobFailed', { command: file, detail: error instanceof Error ? error.message : String(error) }));
      return;
    }
    const ended = new Promise<JobEnd>((done) => {
      child.once('exit', (code, signal) => done({ exitCode: code, signal, atMs: Date.now() }));
    });
    // A job that ignores Ctrl-C must not hold the terminal: the third one kills its group.
    let interrupts = 0;
    const forward = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      if (signal === 'SIGINT') interrupts++;
      signalGroup(child.pid, interrupts >= KILL_AFTER_INTERRUPTS ? 'SIGKILL' : signal);
    };
    const handlers = new Map<NodeJS.Signals, () => void>();
    const release = () => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      handlers.clear();
    };
    child.once('error', (error: NodeJS.ErrnoException) => {
      release();
      reject(new DiagnoseError('diagnoseCli.error.jobFailed', { command: file, detail: error.code ?? error.message }));
    });
    child.once('spawn', () => {
      const pid = child.pid!;
      if (options.forwardSignals === true) {
        for (const signal of FORWARDED) {
          const handler = () => forward(signal);
          handlers.set(signal, handler);
          process.on(signal, handler);
        }
      }
      void ended.then(release);
      resolve({
        pid,
        ended,
        release,
        async stop(graceMs = DEFAULT_STOP_GRACE_MS) {
          signalGroup(pid, 'SIGTERM');
          const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
          const end = await ended;
          clearTimeout(timer);
          return end;
        },
      });
    });
  });
}
