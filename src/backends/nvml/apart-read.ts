// A GPU that answered slowly or not at all is read apart from the others. A reading waits for
// every GPU it reads, so one GPU whose calls take seconds (a hung or failing GPU, the slow-gpu
// and hung-gpu scenarios) held every other GPU's figures back: on hung-gpu at 4 Hz, a sampler got
// nothing for 3 s in every 4. Apart, its read runs in the background under a deadline of its own,
// each reading takes its newest answer (said to be a read behind), and the other GPUs update on
// time. Only later reads go apart: a one-shot read has no later, and waits for it as before.

import type { SnapshotProblem } from '../../core/snapshot.js';
import type { DeviceResult } from './reader.js';

/**
 * A read of one GPU slower than this holds every frame back (the reading waits for the slowest
 * GPU): NVML answers in well under a millisecond, so a second is a GPU or driver in trouble.
 */
export const SLOW_DEVICE_READ_MS = 1000;

/**
 * Prompt answers in a row before a GPU is read with the others again. Read apart, a GPU costs the
 * readings nothing but its figures being a read behind; back with them, a relapse costs every GPU
 * a whole read deadline. So it takes ten seconds of prompt answers at 1 Hz to come back.
 */
export const PROMPT_READS_TO_REJOIN = 10;

/**
 * The deadline of a read made apart. It holds no reading back, so it can wait for a GPU that
 * takes seconds a read (hung-gpu: two calls of 2 s each, past the 3 s of a shared read), which
 * then still shows its figures, said to be slow, instead of "not answering".
 */
export const APART_READ_DEADLINE_MS = 30_000;

const tenths = (ms: number) => Math.round(ms / 100) / 10;

export class ApartRead {
  /**
   * Read apart since (ms, monotonic: performance.now; every time here is, so that a step of the
   * wall clock — NTP, a VM resumed — cannot make a slow GPU look hung); null: with the others.
   */
  since: number | null = null;
  /** A background read of this GPU is running. */
  inFlight = false;
  /** When the background read in flight began (ms, monotonic). */
  private inFlightSince = 0;
  /** Since when no read of this GPU has answered within its deadline (ms, monotonic); null: one has. */
  unansweredSince: number | null = null;
  /** The newest answer, how long its read took and when that read began (ms, monotonic). */
  private latest: { result: DeviceResult; ms: number; startedMs: number; fresh: boolean } | null = null;
  private promptInARow = 0;

  /** A read waited for this GPU past its deadline; its call still out began at `callStartedMs`. */
  timedOut(callStartedMs: number): void {
    this.since ??= performance.now();
    this.unansweredSince ??= callStartedMs;
    this.latest = null;
    this.promptInARow = 0;
  }

  /** A reading waited `ms` for this GPU's answer (`result`, which that reading used). */
  slowAnswer(result: DeviceResult, ms: number): void {
    const now = performance.now();
    this.since ??= now;
    this.promptInARow = 0;
    // Its sub-second samples are in that reading already.
    this.latest = { result, ms, startedMs: now - ms, fresh: false };
  }

  started(nowMs: number): void {
    this.inFlight = true;
    this.inFlightSince = nowMs;
    this.unansweredSince ??= nowMs;
  }

  ended(): void {
    this.inFlight = false;
  }

  /** A background read answered within its deadline, in `ms`. */
  answered(result: DeviceResult, ms: number, nowMs: number = performance.now()): void {
    this.unansweredSince = null;
    this.promptInARow = ms < SLOW_DEVICE_READ_MS ? this.promptInARow + 1 : 0;
    if (this.promptInARow >= PROMPT_READS_TO_REJOIN) {
      this.since = null;
      this.latest = null;
      this.promptInARow = 0;
      return;
    }
    this.latest = { result, ms, startedMs: nowMs - ms, fresh: true };
  }

  /**
   * The answer a reading takes for this GPU: the newest, its sub-second samples given once only,
   * with a problem that says it was read apart; null before the first, and once the read in
   * flight has taken longer than `staleAfterMs` and twice the last one (it is hanging, not slow):
   * then the GPU is shown as not answering rather than as it was. The device says how old its
   * figures are (`readingAgeMs`, from the start of the read that gave them): /metrics exports it,
   * so that figures a read behind are not taken for current ones.
   */
  take(index: number, nowMs: number, staleAfterMs: number): DeviceResult | null {
    const latest = this.latest;
    if (latest === null) return null;
    if (this.inFlight && nowMs - this.inFlightSince > Math.max(staleAfterMs, 2 * latest.ms)) return null;
    const seconds = tenths(latest.ms);
    const problem: SnapshotProblem = {
      scope: `device:${index}`,
      code: 'slow',
      message: `GPU ${index} answers slowly (${seconds} s a read), so it is read apart: its figures may be a read behind the others`,
      key: 'problems.readApart',
      params: { index, seconds },
    };
    const device = { ...latest.result.device, readingAgeMs: Math.max(0, Math.round(nowMs - latest.startedMs)) };
    const result: DeviceResult = { ...latest.result, device, samples: latest.fresh ? latest.result.samples : [], problems: [...latest.result.problems, problem] };
    latest.fresh = false;
    return result;
  }
}

/** Says which GPU made this read slow, so that a reader does not blame the tool or all GPUs. */
export function noteIfSlow(index: number, result: DeviceResult, ms: number): DeviceResult {
  if (ms < SLOW_DEVICE_READ_MS) return result;
  const seconds = tenths(ms);
  const problem: SnapshotProblem = {
    scope: `device:${index}`,
    code: 'slow',
    message: `GPU ${index} is slow to answer: this read took ${seconds} s, and every other GPU waited for it`,
    key: 'problems.slow',
    params: { index, seconds },
  };
  return { ...result, problems: [...result.problems, problem] };
}
