// How long the doctor waits for each program it asks, and how it says which one it is waiting
// for. A hung probe (python3 stuck in a CUDA init on a broken driver, a docker daemon that never
// answers) is the usual reason a doctor run is slow; the user sees its name, how long it has
// taken, and that --timeout changes the limit.

import type { Exec } from '../../system/exec.js';
import type { DoctorEnv } from '../env.js';

export interface ProbeLimits {
  /** A tool that prints its version and exits (nvcc, modinfo, mokutil, docker --version, ver). */
  versionMs: number;
  /** A question a daemon answers (docker info). */
  daemonMs: number;
  /** The framework probe in one interpreter. */
  frameworksMs: number;
}

/**
 * Version tools start, print a line and exit in well under a second, even from a cold disk; 5 s
 * only fires when one hangs. A daemon round trip is a socket call, but a busy dockerd can take
 * seconds: 10 s. The framework probe imports PyTorch, TensorFlow and JAX one after another and
 * initialises CUDA in each: a cold import of TensorFlow alone takes 10–20 s on a slow disk, and
 * torch's CUDA init plus a kernel launch a few seconds per GPU. 60 s covers the three cold (it
 * used to be 120 s, twice what a healthy machine needs); a run that needs more is slow enough
 * to be worth seeing, and --timeout raises it.
 */
export const DEFAULT_PROBE_LIMITS: Readonly<ProbeLimits> = { versionMs: 5_000, daemonMs: 10_000, frameworksMs: 60_000 };

/** The limits for a run: `timeoutMs` (the user's --timeout) for every probe, else the defaults. */
export function probeLimits(timeoutMs?: number): ProbeLimits {
  return timeoutMs === undefined ? { ...DEFAULT_PROBE_LIMITS } : { versionMs: timeoutMs, daemonMs: timeoutMs, frameworksMs: timeoutMs };
}

/** "12 s", "1.5 s": how a limit or a wait reads in a message. */
export function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${seconds >= 10 ? Math.round(seconds) : Math.round(seconds * 10) / 10} s`;
}

export interface ProbeWait {
  /** The program and its arguments, the probe script shortened. */
  command: string;
  elapsedMs: number;
  timeoutMs: number;
}

export interface WatchOptions {
  onWaiting: (wait: ProbeWait) => void;
  /** First notice after this long (default 3 s: shorter waits are normal). */
  firstNoticeMs?: number;
  /** Then one every this long (default 10 s). */
  repeatNoticeMs?: number;
}

function describeCommand(file: string, args: readonly string[]): string {
  return [file, ...args.map((arg) => (arg.length > 60 || arg.includes('\n') ? '<script>' : arg))].join(' ');
}

/** `env` whose exec reports every program still running after `firstNoticeMs`, and again every `repeatNoticeMs`. */
export function watchProbes(env: DoctorEnv, options: WatchOptions): DoctorEnv {
  const first = options.firstNoticeMs ?? 3_000;
  const repeat = options.repeatNoticeMs ?? 10_000;
  const exec: Exec = async (file, args, execOptions) => {
    const started = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const notice = (after: number) => {
      timer = setTimeout(() => {
        options.onWaiting({ command: describeCommand(file, args), elapsedMs: performance.now() - started, timeoutMs: execOptions.timeoutMs });
        notice(repeat);
      }, after);
      // A notice is no reason to keep the process alive.
      timer.unref?.();
    };
    notice(first);
    try {
      return await env.exec(file, args, execOptions);
    } finally {
      clearTimeout(timer);
    }
  };
  return { ...env, exec };
}
