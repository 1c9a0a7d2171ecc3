// Native calls as data. Every read step is a generator that yields the NVML calls it needs and
// is resumed with their return codes, so one reader runs two ways:
// - synchronously (`runSync`): the worker thread of the long-running commands, tests, benchmarks;
//   ~55 ns per call on top of koffi's own (measured on Node 20);
// - through koffi's async calls on libuv's thread pool (`runAsync`): one-shot `info`, which
//   needs a deadline over the whole read but cannot afford a worker thread (see ./deadline.ts);
// - a probe on the pool, then the rest synchronously (`runProbed`): a GPU that answered every
//   call promptly so far, in the sampler (./sync-trust.ts).

import type { NvmlFunction } from './library.js';
import { trackNativeCall } from './in-flight.js';

export interface NvmlCall {
  fn: NvmlFunction;
  args: unknown[];
}

/** A read step: yields calls, receives each one's nvmlReturn_t, returns its result. */
export type Plan<T> = Generator<NvmlCall, T, number>;

export function call(fn: NvmlFunction, ...args: unknown[]): NvmlCall {
  return { fn, args };
}

/** Without spreading the arguments: a spread costs more than the koffi call itself. */
export function invokeSync(c: NvmlCall): number {
  const a = c.args;
  switch (a.length) {
    case 0: return c.fn();
    case 1: return c.fn(a[0]);
    case 2: return c.fn(a[0], a[1]);
    case 3: return c.fn(a[0], a[1], a[2]);
    case 4: return c.fn(a[0], a[1], a[2], a[3]);
    default: return c.fn(...a);
  }
}

export function runSync<T>(plan: Plan<T>): T {
  let step = plan.next();
  while (!step.done) step = plan.next(invokeSync(step.value));
  return step.value;
}

type AsyncNative = (...args: unknown[]) => void;

export function asyncOf(fn: NvmlFunction): AsyncNative | null {
  const candidate = (fn as unknown as { async?: unknown }).async;
  return typeof candidate === 'function' ? (candidate as AsyncNative) : null;
}

/** What `runAsync` rejects with when its deadline passed before its next call could start. */
export class DeadlinePassed extends Error {
  constructor() {
    super('deadline passed');
  }
}

export interface Deadline {
  readonly passed: boolean;
}

/**
 * Hands calls to the thread pool, at most `maxConcurrent` at once: a GPU hung in the driver holds
 * one pool thread per call, and the host side of a snapshot reads /proc through the same pool.
 */
export class AsyncCaller {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly maxConcurrent: number) {}

  /**
   * One call on the pool. A call still waiting for a pool thread when `deadline` passes is not
   * made at all; `onCall` hears when the native call starts (true) and returns (false).
   */
  async invoke(c: NvmlCall, deadline?: Deadline, onCall?: (inDriver: boolean) => void): Promise<number> {
    const native = asyncOf(c.fn);
    // A missing symbol's stand-in (or anything not from koffi) answers at once.
    if (!native) return invokeSync(c);
    while (this.running >= this.maxConcurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (deadline?.passed) {
      this.waiting.shift()?.();
      throw new DeadlinePassed();
    }
    this.running++;
    const done = trackNativeCall();
    onCall?.(true);
    try {
      return await new Promise<number>((resolve, reject) => {
        native.call(c.fn, ...c.args, (error: unknown, result: unknown) => (error ? reject(error) : resolve(result as number)));
      });
    } finally {
      done();
      onCall?.(false);
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Runs a plan through the pool. `onCall` hears when a native call starts (true) and returns
 * (false), so the caller knows whether a plan abandoned at its deadline left a call in the driver.
 */
export async function runAsync<T>(plan: Plan<T>, caller: AsyncCaller, deadline: Deadline, onCall?: (inDriver: boolean) => void): Promise<T> {
  return runProbed(plan, caller, deadline, onCall, null);
}

/**
 * How a plan may run its calls after the first on the main thread (see ./sync-trust.ts). The
 * first call always goes to the pool: it is the probe that shows the GPU answers at all.
 */
export interface SyncAfterProbe {
  /** The probe must answer within this (ms, from when it was handed to the pool) for the rest to run here. */
  probeBudgetMs: number;
  /** The calls run here must all be done within this (ms); past it the rest goes to the pool. */
  syncBudgetMs: number;
  now: () => number;
  /** Told when the calls run here took longer than `syncBudgetMs` (the main thread was held that long). */
  onSlow(heldMs: number): void;
}

/**
 * `runAsync`, except that with `sync`, once the first call (the probe) answered promptly, the
 * plan's other calls run synchronously — ~0.5 µs each instead of ~20 µs for an async call's
 * hand-off to libuv's pool and back. A GPU that hangs between its probe and those calls holds
 * the main thread until the call returns (the residual risk: ./sync-trust.ts).
 */
export async function runProbed<T>(plan: Plan<T>, caller: AsyncCaller, deadline: Deadline, onCall: ((inDriver: boolean) => void) | undefined, sync: SyncAfterProbe | null): Promise<T> {
  let step = plan.next();
  let mode: 'probe' | 'sync' | 'async' = sync === null ? 'async' : 'probe';
  let syncStart = 0;
  while (!step.done) {
    if (deadline.passed) {
      plan.return(undefined as never);
      throw new DeadlinePassed();
    }
    if (mode === 'sync') {
      const code = invokeSync(step.value);
      const held = sync!.now() - syncStart;
      if (held > sync!.syncBudgetMs) {
        mode = 'async';
        sync!.onSlow(held);
      }
      step = plan.next(code);
      continue;
    }
    const handed: number = mode === 'probe' ? sync!.now() : 0;
    const code = await caller.invoke(step.value, deadline, onCall);
    if (mode === 'probe') {
      const now = sync!.now();
      mode = now - handed <= sync!.probeBudgetMs ? 'sync' : 'async';
      syncStart = now;
    }
    step = plan.next(code);
  }
  return step.value;
}
