// The restart policy: after an attempt ends, restart or stop, and how long to wait first. Pure —
// the clock and the random source are the caller's — so the supervisor's timing is tested
// exactly, without sleeping (policy.test.ts, supervisor.test.ts).
//
// Rules (docs/run.md "Restarts"):
//  - success (exit 0) is restarted only under `always`; a failure never under `never`;
//  - failures count toward --max-restarts only while they are younger than --restart-window,
//    so a job that ran fine for hours before it failed does not find its budget spent;
//  - the wait doubles with every restart inside the window (min, 2·min, 4·min … up to max), with
//    ±20 % jitter so that many jobs failing together (a shared file system, a lost node) do not
//    come back at the same instant; it never leaves [min, max]. A job that exits at once under
//    `always` therefore backs off too: no restart storm in any mode.

export type RestartMode = 'on-failure' | 'always' | 'never';

export interface RestartPolicyOptions {
  mode: RestartMode;
  /** Failures within the window that may be restarted; the next one stops the run. */
  maxRestarts: number;
  backoffMinMs: number;
  backoffMaxMs: number;
  windowMs: number;
  /** Share of the wait drawn at random either side (default 0.2). */
  jitter?: number;
}

export const DEFAULT_POLICY: RestartPolicyOptions = {
  mode: 'on-failure',
  maxRestarts: 3,
  backoffMinMs: 10_000,
  backoffMaxMs: 300_000,
  windowMs: 3_600_000,
  jitter: 0.2,
};

export interface AttemptEnd {
  /** Wall ms when the attempt ended. */
  endedMs: number;
  succeeded: boolean;
}

export type StopReason = 'succeeded' | 'failed-no-restart' | 'restart-limit' | 'success-no-restart';

export type Decision =
  | { restart: true; delayMs: number; /** 1 for the first restart in the window, 2 … */ step: number; failuresInWindow: number }
  | { restart: false; reason: StopReason; failuresInWindow: number };

export interface RestartPolicy {
  readonly options: Readonly<Required<RestartPolicyOptions>>;
  /** The decision for an attempt that just ended; it is remembered for the next decisions. */
  next(end: AttemptEnd, random: () => number): Decision;
  /** Every attempt end seen so far (oldest first). */
  history(): readonly AttemptEnd[];
}

export function createRestartPolicy(given: Partial<RestartPolicyOptions> = {}): RestartPolicy {
  const options: Required<RestartPolicyOptions> = { ...DEFAULT_POLICY, jitter: 0.2, ...given } as Required<RestartPolicyOptions>;
  checkOptions(options);
  const ends: AttemptEnd[] = [];
  /** Wall ms of the restarts decided, for the back-off step. */
  const restarts: number[] = [];

  return {
    options,
    history: () => ends,
    next(end, random) {
      ends.push(end);
      const since = end.endedMs - options.windowMs;
      const failuresInWindow = ends.filter((e) => !e.succeeded && e.endedMs > since).length;
      if (end.succeeded && options.mode !== 'always') return { restart: false, reason: 'succeeded', failuresInWindow };
      if (!end.succeeded && options.mode === 'never') return { restart: false, reason: 'failed-no-restart', failuresInWindow };
      if (!end.succeeded && failuresInWindow > options.maxRestarts) return { restart: false, reason: 'restart-limit', failuresInWindow };
      const step = restarts.filter((at) => at > since).length + 1;
      restarts.push(end.endedMs);
      return { restart: true, delayMs: backoffDelay(options, step, random()), step, failuresInWindow };
    },
  };
}

/** The wait before restart number `step` (1-based) within the window, for a random draw in [0, 1). */
export function backoffDelay(options: Pick<Required<RestartPolicyOptions>, 'backoffMinMs' | 'backoffMaxMs' | 'jitter'>, step: number, draw: number): number {
  // 2^(step-1) capped early: past 2^40 the product is beyond any max anyway.
  const base = Math.min(options.backoffMaxMs, options.backoffMinMs * 2 ** Math.min(Math.max(step - 1, 0), 40));
  const clampedDraw = Number.isFinite(draw) ? Math.min(Math.max(draw, 0), 1) : 0.5;
  const jittered = base * (1 + options.jitter * (clampedDraw * 2 - 1));
  return Math.round(Math.min(options.backoffMaxMs, Math.max(options.backoffMinMs, jittered)));
}

function checkOptions(options: Required<RestartPolicyOptions>): void {
  const positive = (name: string, value: number, allowZero = false) => {
    if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) throw new RangeError(`restart policy: ${name} must be a positive number; got ${String(value)}`);
  };
  if (!['on-failure', 'always', 'never'].includes(options.mode)) throw new RangeError(`restart policy: unknown mode ${String(options.mode)}`);
  if (!Number.isInteger(options.maxRestarts) || options.maxRestarts < 0) throw new RangeError(`restart policy: maxRestarts must be a whole number ≥ 0; got ${String(options.maxRestarts)}`);
  positive('backoffMinMs', options.backoffMinMs, true);
  positive('backoffMaxMs', options.backoffMaxMs, true);
  positive('windowMs', options.windowMs);
  if (options.backoffMaxMs < options.backoffMinMs) throw new RangeError('restart policy: backoffMaxMs is below backoffMinMs');
  if (!(options.jitter >= 0 && options.jitter < 1)) throw new RangeError(`restart policy: jitter must be in [0, 1); got ${String(options.jitter)}`);
}
