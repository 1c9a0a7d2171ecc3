// The supervision loop: start the job in its own group, copy its output live and into the logs,
// wait for it, reap what is left of its group, ask the policy, wait out the back-off, start again.
// Time comes from an injected clock and waits from an injected sleep, so tests run real child
// processes and still check every wait against the policy exactly (supervisor.test.ts).

import type { ExitStatus } from './exit.js';
import { exitCodeOf, signalNumber, succeeded } from './exit.js';
import type { Recognizer } from './failures/recognize.js';
import type { OomKillWatcher } from './failures/kernel-oom.js';
import type { Failure } from './failures/types.js';
import { trackFamily, type FamilyTracker } from './family.js';
import { commandLine } from './notify.js';
import type { JobLogs, StreamName } from './job-logs.js';
import { createRestartPolicy, type RestartPolicyOptions, type StopReason } from './policy.js';
import { spawnJob, type JobProcess } from './process-group.js';

export interface Clock {
  now(): number;
  /** Resolves after `ms`, or early when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const REAL_CLOCK: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    }),
};

export type SupervisorEvent =
  | { type: 'attempt-start'; attempt: number; pid: number; args: string[] }
  | { type: 'attempt-end'; attempt: number; status: ExitStatus; seconds: number; failures: Failure[] }
  | { type: 'restart-scheduled'; attempt: number; delayMs: number; step: number; failuresInWindow: number; maxRestarts: number }
  /**
   * A stop signal and what it does: 'waiting' — none is running (a back-off wait), so there is
   * nothing to pass on and the run ends without restarting; 'forwarded' — the first Ctrl-C, the
   * job's to handle; 'grace' — passed on, and SIGKILL follows after `graceMs` unless it stops.
   */
  | { type: 'stop-asked'; signal: NodeJS.Signals; graceMs: number; phase: 'waiting' | 'forwarded' | 'grace' }
  /** SIGKILL to the group: the grace period ran out, or a third Ctrl-C asked for it. */
  | { type: 'forcing'; graceMs: number; reason: 'grace-over' | 'asked' };

export interface SupervisorOptions {
  command: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  policy?: Partial<RestartPolicyOptions>;
  /** Appended to the arguments of restarts only (`--resume latest`). */
  resumeArgs?: readonly string[];
  /** Stop asked → SIGKILL after this (ms; default 10 s). */
  graceMs?: number;
  logs: JobLogs;
  recognizer: Recognizer;
  oomWatcher?: OomKillWatcher;
  /** The job's output as it arrives (gpuwise's own stdout/stderr). */
  live?: (stream: StreamName, chunk: Buffer) => void;
  clock?: Clock;
  random?: () => number;
  onEvent?: (event: SupervisorEvent) => void;
  /** How often the group's pids are read from /proc (ms; default 2000). */
  groupScanMs?: number;
}

export interface AttemptRecord {
  attempt: number;
  pid: number;
  args: string[];
  startedMs: number;
  endedMs: number;
  status: ExitStatus;
  exitCode: number;
  /** The wait before the next attempt; null for the last. */
  restartDelayMs: number | null;
}

export type RunStop = StopReason | 'stopped' | 'start-failed';

export interface RunOutcome {
  attempts: AttemptRecord[];
  exitCode: number;
  stop: RunStop;
  /** The signal that stopped the run (stop === 'stopped'). */
  stoppedBy: NodeJS.Signals | null;
  startError: string | null;
  failuresInWindow: number;
  failures: Failure[];
}

export interface Supervisor {
  readonly outcome: Promise<RunOutcome>;
  /** A signal gpuwise received: forwarded to the job's group (docs/run.md "Stopping"). */
  signal(signal: NodeJS.Signals): void;
  /** The attempt running now (or the last one); 0 before the first. */
  attempt(): number;
}

export const DEFAULT_GRACE_MS = 10_000;
/** How long a kernel-log OOM record may lag the kill it tells (the journal's can; /dev/kmsg's do not). */
export const OOM_RECORD_LAG_MS = 1000;

export function supervise(options: SupervisorOptions): Supervisor {
  const clock = options.clock ?? REAL_CLOCK;
  const random = options.random ?? Math.random;
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const policy = createRestartPolicy(options.policy);
  const emit = (event: SupervisorEvent) => options.onEvent?.(event);
  let attempt = 0;
  let job: JobProcess | null = null;
  /** The running attempt's processes, those that left its group included (./family.ts). */
  let family: FamilyTracker | null = null;
  let stopSignal: NodeJS.Signals | null = null;
  let interrupts = 0;
  /** SIGTERM/SIGHUP received. */
  let terminations = 0;
  let killedByUs = false;
  let forceTimer: NodeJS.Timeout | null = null;
  /** SIGKILL was due (a grace period ran out, a third Ctrl-C) while the job was still starting. */
  let forceDue = false;
  /** In a back-off wait: no job to pass a signal to. */
  let waiting = false;
  let finished = false;
  const backoff = new AbortController();

  /** The group, and what of the family left it (setsid): the same signal, read from /proc first. */
  const signalJob = (target: JobProcess, name: NodeJS.Signals) => {
    family?.scan();
    target.signalGroup(name);
    family?.signalEscaped(name);
  };
  const force = (reason: 'grace-over' | 'asked') => {
    if (killedByUs) return;
    if (!job) {
      forceDue = true;
      return;
    }
    emit({ type: 'forcing', graceMs, reason });
    killedByUs = true;
    signalJob(job, 'SIGKILL');
  };
  // Ctrl-C: the first is the job's to handle (a checkpoint on KeyboardInterrupt may take long);
  // the second starts the grace period, a third kills at once. SIGTERM/SIGHUP (systemd, a closed
  // terminal) start the grace period at once: a supervisor above us will not wait for ever.
  const graceDue = () => terminations > 0 || interrupts >= 2;
  const armForce = () => {
    if (forceTimer === null) forceTimer = setTimeout(() => force('grace-over'), graceMs);
  };

  const signal = (name: NodeJS.Signals) => {
    if (finished) return;
    const first = stopSignal === null;
    if (first) {
      stopSignal = name;
      backoff.abort();
    }
    if (name === 'SIGINT') interrupts++;
    else terminations++;
    if (waiting) {
      if (first) emit({ type: 'stop-asked', signal: name, graceMs, phase: 'waiting' });
      return;
    }
    if (name === 'SIGINT' && interrupts >= 3) return force('asked');
    // A job still starting gets the signal once it has started (runAttempt).
    if (job) signalJob(job, name);
    if (graceDue() && forceTimer === null) {
      armForce();
      emit({ type: 'stop-asked', signal: name, graceMs, phase: 'grace' });
    } else if (first) {
      emit({ type: 'stop-asked', signal: name, graceMs, phase: 'forwarded' });
    }
  };

  const runAttempt = async (args: string[]): Promise<AttemptRecord> => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, GPUWISE_RUN_ATTEMPT: String(attempt), GPUWISE_RUN_RESTARTS: String(attempt - 1) };
    // Python buffers stdout into a pipe: without this, its lines reach the log late and out of order with stderr.
    env.PYTHONUNBUFFERED ??= '1';
    const started = await spawnJob({ command: options.command, args, env, cwd: options.cwd });
    const tracker = trackFamily(started.pid);
    tracker.scan();
    family = tracker;
    job = started;
    const startedMs = clock.now();
    options.logs.note(`started: pid ${started.pid}: ${commandLine([options.command, ...args])}`, attempt);
    emit({ type: 'attempt-start', attempt, pid: started.pid, args });
    if (stopSignal !== null) {
      // Asked to stop while it was starting: what the signals asked for, now that there is a job.
      if (interrupts >= 3 || forceDue) force(interrupts >= 3 ? 'asked' : 'grace-over');
      else signalJob(started, stopSignal);
    }
    const scan = setInterval(() => tracker.scan(), options.groupScanMs ?? 2000);
    const streams = (['out', 'err'] as const).map((name) => drain(name, name === 'out' ? started.stdout : started.stderr));
    const status = await started.exited;
    tracker.scan();
    await reapGroup(started, tracker);
    clearInterval(scan);
    const pids = new Set(tracker.seen());
    // A process that left the group (setsid) may still hold the pipes: wait at most 2 s for them.
    let streamTimer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(streams), new Promise<void>((resolve) => (streamTimer = setTimeout(resolve, 2000)))]);
    clearTimeout(streamTimer);
    started.stdout.destroy();
    started.stderr.destroy();
    const endedMs = clock.now();
    job = null;
    family = null;
    if (forceTimer) clearTimeout(forceTimer);
    forceTimer = null;
    options.recognizer.attemptEnded({
      attempt, status, atMs: endedMs, pids, oomKills: await oomKillsFor(status, pids), kernelLogUnavailable: options.oomWatcher === undefined ? 'not-watched' : options.oomWatcher.unavailable, killedByUs,
    });
    const failures = options.recognizer.failures().filter((f) => f.attempt === attempt);
    options.logs.note(`ended: ${status.signal ?? `exit code ${status.code}`}`, attempt);
    emit({ type: 'attempt-end', attempt, status, seconds: Math.round((endedMs - startedMs) / 100) / 10, failures });
    return { attempt, pid: started.pid, args, startedMs, endedMs, status, exitCode: exitCodeOf(status), restartDelayMs: null };
  };

  /**
   * The OOM kills logged during the attempt. A SIGKILL from outside with none of the job's among
   * them is about to be called "not the OOM killer": the journal's records can lag the kill by a
   * moment, so the log is looked at again for up to OOM_RECORD_LAG_MS first.
   */
  const oomKillsFor = async (status: ExitStatus, pids: ReadonlySet<number>) => {
    const watcher = options.oomWatcher;
    if (!watcher) return [];
    const kills = watcher.read();
    const ours = () => kills.some((kill) => pids.has(kill.pid));
    if (status.signal !== 'SIGKILL' || killedByUs || watcher.unavailable !== null) return kills;
    for (let waitedMs = 0; !ours() && waitedMs < OOM_RECORD_LAG_MS; waitedMs += 100) {
      await delay(100);
      kills.push(...watcher.read());
    }
    return kills;
  };

  const drain = (name: StreamName, stream: NodeJS.ReadableStream) =>
    new Promise<void>((resolve) => {
      const at = attempt;
      stream.on('data', (chunk: Buffer) => {
        options.live?.(name, chunk);
        options.logs.write(name, chunk, at);
      });
      const done = () => {
        options.logs.endStream(name, at);
        resolve();
      };
      stream.once('end', done);
      stream.once('error', done);
    });

  /**
   * What outlives the leader (workers, a background shell job, a process that left the group with
   * setsid) is stopped too: it may hold the GPU.
   */
  const reapGroup = async (started: JobProcess, tracker: FamilyTracker) => {
    const alive = () => started.groupAlive() || tracker.escapedAlive();
    if (!alive()) return;
    started.signalGroup('SIGTERM');
    tracker.signalEscaped('SIGTERM');
    const deadline = Date.now() + graceMs;
    while (alive() && Date.now() < deadline) await delay(50);
    if (!alive()) return;
    started.signalGroup('SIGKILL');
    tracker.signalEscaped('SIGKILL');
    while (alive() && Date.now() < deadline + 2000) await delay(20);
  };

  const outcome = (async (): Promise<RunOutcome> => {
    const attempts: AttemptRecord[] = [];
    const finish = (stop: RunStop, exitCode: number, failuresInWindow: number, startError: string | null = null): RunOutcome => {
      finished = true;
      return { attempts, exitCode, stop, stoppedBy: stop === 'stopped' ? stopSignal : null, startError, failuresInWindow, failures: options.recognizer.failures() };
    };
    for (;;) {
      attempt++;
      const args = attempt === 1 ? [...options.args] : [...options.args, ...(options.resumeArgs ?? [])];
      let record: AttemptRecord;
      try {
        record = await runAttempt(args);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        options.logs.note(`could not start: ${detail}`, attempt);
        // 127: the shell's "command not found"; 126: found but not executable.
        const code = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 127 : 126;
        return finish('start-failed', code, 0, detail);
      }
      attempts.push(record);
      if (stopSignal !== null) return finish('stopped', record.exitCode, 0);
      const decision = policy.next({ endedMs: record.endedMs, succeeded: succeeded(record.status) }, random);
      if (!decision.restart) return finish(decision.reason, record.exitCode, decision.failuresInWindow);
      record.restartDelayMs = decision.delayMs;
      waiting = true;
      emit({ type: 'restart-scheduled', attempt, delayMs: decision.delayMs, step: decision.step, failuresInWindow: decision.failuresInWindow, maxRestarts: policy.options.maxRestarts });
      options.logs.note(`restart in ${decision.delayMs} ms`, attempt);
      await clock.sleep(decision.delayMs, backoff.signal);
      waiting = false;
      if (stopSignal !== null) return finish('stopped', 128 + (signalNumber(stopSignal) ?? 0), decision.failuresInWindow);
    }
  })();

  return { outcome, signal, attempt: () => attempt };
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
