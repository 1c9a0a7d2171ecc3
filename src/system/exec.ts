// The one way gpuwise runs another program (nvidia-smi, lspci, python …): never a shell, always a
// timeout, never throws. The program runs in its own process group. On timeout, and again once
// it has exited, that whole group gets SIGTERM, then SIGKILL after a grace period: neither a hung
// driver tool nor a grandchild it left behind (holding our pipes, or just running) outlives it.

import { createRequire } from 'node:module';
import { MAX_TOOL_OUTPUT_BYTES } from './limits.js';

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

function groupHasMembers(groupId: number | undefined): boolean {
  if (groupId === undefined) return false;
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    // ESRCH: no one left. EPERM: someone is there, but not ours to signal (a setuid helper); nothing to do then.
    return false;
  }
}

export const runCommand: Exec = (file, args, options) =>
  new Promise((resolve) => {
    const started = performance.now();
    const limit = options.maxOutputBytes ?? MAX_TOOL_OUTPUT_BYTES;
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
      clearTimeout(drainTimer);
      resolve(result);
    };

    let child;
    try {
      // Loaded on first use: most runs never start a tool, and child_process (with net, dgram)
      // is part of a one-shot command's peak RSS otherwise (docs/benchmarks.md, "Round four").
      const { spawn } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
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
    let groupEnded = false;
    /** SIGTERM to the group now, SIGKILL to whatever ignored it after the grace period. */
    const endGroup = () => {
      if (groupEnded) return;
      groupEnded = true;
      killTree('SIGTERM');
      // Not cleared when the result is in: a grandchild that ignores SIGTERM must still go. Unref'd,
      // so it never keeps gpuwise itself alive.
      setTimeout(() => killTree('SIGKILL'), options.killGraceMs ?? 1000).unref();
    };
    let drainTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      endGroup();
    }, options.timeoutMs);

    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') finish({ kind: 'not-found', detail: `${file}: ${error.message}` });
      else if (error.code === 'EACCES') finish({ kind: 'no-permission', detail: `${file}: ${error.message}` });
      else finish({ kind: 'error', detail: `${file}: ${error.message}` });
    });

    // 'close' waits for the pipes; a grandchild that inherited them could keep them open for
    // ever, so once the program itself has exited, its group is ended (on Windows there is no
    // group to end), and the pipes get a moment before we stop waiting: a grandchild that left
    // the group (setsid) is out of reach.
    child.on('exit', () => {
      // Signal 0 only asks whether anyone is left in the group: usually no one, and then no
      // signal is sent at all.
      if (process.platform !== 'win32' && groupHasMembers(child.pid)) endGroup();
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
