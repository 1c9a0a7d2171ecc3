// When a GPU's NVML calls may run on the main thread instead of libuv's pool.
//
// Why: an async koffi call costs ~20 µs of CPU (marshalling, the hand-off to a pool thread and
// back, a promise) against ~0.5 µs for a synchronous one; a sampler at 1 Hz over 8 GPUs makes
// ~230 calls a tick, ~5 ms of CPU a second spent on hand-offs alone (docs/benchmarks.md).
// Why not always: a GPU hung in the driver holds whichever thread called it. On the pool that is
// one pool thread and the read answers at its deadline; on the main thread the whole process
// (Ctrl-C, `top`'s screen, `serve`'s HTTP) waits until the call returns.
//
// The rule, per GPU:
// - A GPU starts untrusted: every call goes to the pool, as before.
// - A read of it in which every call answered within SLOW_CALL_MS makes it trusted.
// - A trusted GPU's next read sends its first call (the field-values batch: a real round trip to
//   the driver) to the pool as a probe. Only if the probe answers within PROBE_BUDGET_MS do its
//   other calls run synchronously, and only while they hold the main thread less than
//   SYNC_BUDGET_MS in all; past that the rest goes back to the pool.
// - Any slow call makes it untrusted until a prompt read again. Holding the main thread past the
//   budget, or a call still in the driver at a deadline, demotes it for the rest of the session.
//
// The residual risk: a GPU that starts to hang after its probe answered (a window of about a
// millisecond a tick), or one whose hang is confined to functions other than the probe's, holds
// the main thread once, for as long as that call takes; then it is demoted and read on the pool
// from then on. `slowHolds` and `longestHoldMs` count it; `sync-trust.test.ts` plays it.

import type { SyncAfterProbe } from './plan.js';

/** An async call slower than this (native time plus its callback) makes the GPU untrusted. */
export const SLOW_CALL_MS = 25;
/** The probe must answer within this for the rest of the read to run on the main thread. */
export const PROBE_BUDGET_MS = 50;
/** At most this much of the main thread per GPU per read; past it the rest goes to the pool. */
export const SYNC_BUDGET_MS = 25;

export class SyncTrust {
  private trusted = false;
  private demoted = false;
  /** Reads whose calls on the main thread held it past SYNC_BUDGET_MS (each one a freeze). */
  slowHolds = 0;
  /** The longest such hold (ms). */
  longestHoldMs = 0;
  /** Reads that ran their calls after the probe on the main thread. */
  syncReads = 0;

  /**
   * The clock is read after every call made on the main thread (~240 a tick on 8 GPUs):
   * process.uptime() is the same monotonic clock as performance.now() (libuv's hrtime) without
   * its brand check, whose argument wrapper allocates on each reading (~22 KB a tick).
   */
  constructor(private readonly now: () => number = () => process.uptime() * 1000) {}

  /** The options for this read's `runProbed`, or null: all on the pool. */
  forRead(): SyncAfterProbe | null {
    if (!this.trusted || this.demoted) return null;
    this.syncReads++;
    return {
      probeBudgetMs: PROBE_BUDGET_MS,
      syncBudgetMs: SYNC_BUDGET_MS,
      now: this.now,
      onSlow: (heldMs) => {
        this.slowHolds++;
        this.longestHoldMs = Math.max(this.longestHoldMs, heldMs);
        this.demote();
      },
    };
  }

  /** A read of this GPU ended: `slowestCallMs` its slowest call on the pool; `inTime` false when it missed the deadline. */
  readEnded(slowestCallMs: number, inTime: boolean): void {
    this.trusted = !this.demoted && inTime && slowestCallMs <= SLOW_CALL_MS;
  }

  /** For good: the GPU held the main thread, or a call of it outlived a deadline. */
  demote(): void {
    this.demoted = true;
    this.trusted = false;
  }

  get isDemoted(): boolean {
    return this.demoted;
  }

  get isTrusted(): boolean {
    return this.trusted;
  }
}
