// The one way gpuwise runs another program (nvidia-smi, lspci, python …): never a shell, always a
// timeout, never throws. On timeout the whole process group gets SIGTERM, then SIGKILL after a
// grace period, so neither a hung driver tool nor a grandchild holding our pipes can hang us.

import { spawn } from 'node:child_process';

export interface ExecOptions {
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Output beyond this many bytes is dropped and `truncated` is set. */
  maxOutputBytes?: number;
  /** Time between SIGTERM and SIGKILL once the timeout fires. */
  killGraceMs?: number;
}

export type ExecResult =
  | { kind: 'exited'; exitCode: number; stdout: string; stderr: string; truncated: boolean; durationMs: number }
  | { kind: 'not-found'; detail: string }
  | { kind: 'no-permission'; detail: string }
  | { kind: 'timeout'; stdout: string; stderr: string; durationMs: number }
  | { kind: 'signal'; signal: string; stdout: string; stderr: string; durationMs: number }
  | { kind: 'error'; detail: string };

export type Exec = (file: string, args: readonly string[], options: ExecOptions) => Promise<ExecResult>;

const DEFAULT_MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

export const runCommand: Exec = (file, args, options) =>
  new Promise((resolve) => {
    const started = performance.now();
    const limit = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let truncated = false;
    let timedOut = false;
    let settled = false;
    const finish = (result: ExecResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      clearTimeout(drainTimer);
      resolve(result);
    };

    let child;
    try {
      child = spawn(file, args, {
        env: options.env ?? process.env,
        cwd: options.cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
        // Its own process group, so a timeout can take down its children too (POSIX).
        detached: process.platform !== 'win32',
      });
    } catch (error) {
      resolve({ kind: 'error', detail: String(error) });
      return;
    }

    const collect = (chunks: Buffer[], isOut: boolean) => (chunk: Buffer) => {
      const used = isOut ? outBytes : errBytes;
      if (used >= limit) {
        truncated = true;
        return;
      }
      const kept = used + chunk.length > limit ? chunk.subarray(0, limit - used) : chunk;
      if (kept !== chunk) truncated = true;
      chunks.push(kept);
      if (isOut) outBytes += kept.length;
      else errBytes += kept.length;
    };
    child.stdout.on('data', collect(out, true));
    child.stderr.on('data', collect(err, false));

    const killTree = (signal: NodeJS.Signals) => {
      try {
        if (process.platform !== 'win32' && child.pid !== undefined) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // Already gone.
      }
    };
    let killTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      killTree('SIGTERM');
      killTimer = setTimeout(() => killTree('SIGKILL'), options.killGraceMs ?? 1000);
    }, options.timeoutMs);

    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') finish({ kind: 'not-found', detail: `${file}: ${error.message}` });
      else if (error.code === 'EACCES') finish({ kind: 'no-permission', detail: `${file}: ${error.message}` });
      else finish({ kind: 'error', detail: `${file}: ${error.message}` });
    });

    // 'close' waits for the pipes; a grandchild that inherited them could keep them open for
    // ever, so once the program itself has exited, give the pipes a moment and then stop.
    child.on('exit', () => {
      drainTimer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        child.emit('close', child.exitCode, child.signalCode);
      }, 250);
    });

    child.on('close', (code, signal) => {
      clearTimeout(drainTimer);
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      const durationMs = performance.now() - started;
      if (timedOut) finish({ kind: 'timeout', stdout, stderr, durationMs });
      else if (code === null) finish({ kind: 'signal', signal: signal ?? 'unknown', stdout, stderr, durationMs });
      else finish({ kind: 'exited', exitCode: code, stdout, stderr, truncated, durationMs });
    });
  });
