// NVML for one-shot commands (`gpuwise info`): every call goes to libuv's thread pool through
// koffi's async calls, and one deadline covers the whole read — all GPUs at once, not one
// deadline per GPU. A GPU hung in the driver blocks a pool thread, never the main thread: at the
// deadline the read answers with what it has (the GPUs that answered, the others as last seen
// with reason `timeout`), and Ctrl-C still works.
//
// Why not the worker thread of ./isolated.ts here: it costs ~80 ms of start-up and ~16 MiB of
// RSS (measured on the fake 8×H100: `info --json` 0.19–0.28 s and 56 MiB inline against 0.27–0.30 s
// and 71 MiB with the worker; bare Node 0.07–0.12 s and 40 MiB), against one-shot targets of
// ≤ 2× Node's wall time and ≤ 1.2× its peak RSS. An async call costs ~22 µs instead of ~0.3 µs
// (measured), about 5 ms for 8 GPUs' ~250 calls, and the GPUs are read side by side, so on a
// real GPU, where calls cost 0.1–6 ms each, the read is faster than the sequential one. The
// sampler reads through this driver too; there a GPU that has answered every call promptly has
// only its first call of a read sent to the pool, as a probe, and the others made synchronously
// (./sync-trust.ts: what that saves, and the risk it leaves). A GPU that a read had to wait for
// a second or more, or until the deadline, is from then on read apart, in the background, so
// that it no longer holds the other GPUs' figures back (./apart-read.ts).

import type { BackendDriver, BackendOpenResult, BackendReading } from '../../core/backend.js';
import type { SnapshotProblem } from '../../core/snapshot.js';
import { APART_READ_DEADLINE_MS, noteIfSlow, SLOW_DEVICE_READ_MS } from './apart-read.js';
import { deviceWithoutData } from './assemble.js';
import { initFailureCode, nvmlCapabilities, readerOptions, CLOSE_SETTLE_MS, NVML_BACKEND_ID, type NvmlBackendOptions } from './index.js';
import { loadNvmlLibrary } from './library.js';
import { startMallocTrim } from './malloc-trim.js';
import { AsyncCaller, call, runAsync, runProbed, type Deadline, type Plan } from './plan.js';
import { NvmlReader, type DeviceResult } from './reader.js';
import { nvmlReturnName, NVML_SUCCESS } from './return-codes.js';
import { secondsSince, timedOutDevice } from './timeout-device.js';

export interface DeadlineNvmlOptions extends NvmlBackendOptions {
  /** One deadline for a whole read, every GPU together. Default 3 s. */
  readTimeoutMs?: number;
  /** Deadline for nvmlInit. Default 15 s (without persistence mode the driver starts each GPU). */
  openTimeoutMs?: number;
  /** Native calls at once; default libuv's pool size less one, left for the host's /proc reads. */
  maxConcurrentCalls?: number;
  /**
   * Run a GPU's calls after a probe on the main thread once it has answered promptly
   * (./sync-trust.ts). Default true; false: every call on the pool.
   */
  syncAfterProbe?: boolean;
}

export const DEFAULT_READ_TIMEOUT_MS = 3000;

export function createNvmlDeadlineDriver(options: DeadlineNvmlOptions = {}): BackendDriver {
  return { id: NVML_BACKEND_ID, open: () => openDeadline(options) };
}

function poolConcurrency(env: NodeJS.ProcessEnv): number {
  const size = Number(env.UV_THREADPOOL_SIZE);
  return Math.max(1, (Number.isInteger(size) && size > 0 ? size : 4) - 1);
}

interface TimedDeadline extends Deadline {
  /** Resolves when the time is up (never, once cancelled). */
  readonly reached: Promise<void>;
  cancel(): void;
  /** Passes it now (the backend is closing). */
  expire(): void;
}

function startDeadline(ms: number): TimedDeadline {
  let timer: NodeJS.Timeout | undefined;
  let reach = () => {};
  const state = {
    passed: false,
    reached: Promise.resolve(),
    cancel: () => clearTimeout(timer),
    expire: () => {
      clearTimeout(timer);
      state.passed = true;
      reach();
    },
  };
  state.reached = new Promise<void>((resolve) => {
    reach = resolve;
    timer = setTimeout(() => {
      state.passed = true;
      resolve();
    }, ms);
  });
  return state;
}

async function openDeadline(options: DeadlineNvmlOptions): Promise<BackendOpenResult> {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  if (platform === 'darwin') return { ok: false, unavailable: { code: 'unsupported-platform', detail: 'NVIDIA has no NVML for macOS' } };
  const loaded = loadNvmlLibrary(platform, env);
  if (!loaded.ok) return { ok: false, unavailable: { code: 'library-not-found', detail: loaded.detail } };
  const lib = loaded.library;
  const caller = new AsyncCaller(options.maxConcurrentCalls ?? poolConcurrency(env));

  const openTimeoutMs = options.openTimeoutMs ?? 15_000;
  const opening = startDeadline(openTimeoutMs);
  const init = await Promise.race([caller.invoke(call(lib.fn.init)), opening.reached.then(() => null)]);
  opening.cancel();
  // Still inside nvmlInit: leave the library loaded, the call will return into it.
  if (init === null) return { ok: false, unavailable: { code: 'timeout', detail: `nvmlInit did not return within ${openTimeoutMs} ms; a GPU or the driver may be hung` } };
  if (init !== NVML_SUCCESS) {
    const detail = `${lib.path}: nvmlInit: ${nvmlReturnName(init)} (${lib.errorString(init) ?? 'no description'})`;
    lib.unload();
    return { ok: false, unavailable: { code: initFailureCode(init), detail } };
  }

  const reader = new NvmlReader(lib, readerOptions(options, platform));
  const readTimeoutMs = options.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
  const session = new DeadlineSession(reader, caller, readTimeoutMs, options.syncAfterProbe ?? true);
  // Long-running sessions give glibc's free pages back every 30 s (./malloc-trim.ts).
  const stopTrim = startMallocTrim(platform);
  let closed = false;
  return {
    ok: true,
    backend: {
      id: NVML_BACKEND_ID,
      capabilities: nvmlCapabilities(options),
      read: async () => {
        if (closed) throw new Error('NVML backend is closed');
        return session.read();
      },
      prime: async () => {
        if (closed) throw new Error('NVML backend is closed');
        await session.prime();
      },
      close: async () => {
        if (closed) return;
        closed = true;
        stopTrim();
        // A read still in flight makes no further call, and a call still in the driver keeps the
        // library and its buffers: it will return into them.
        session.abandon();
        const settled = await reader.settle(CLOSE_SETTLE_MS);
        const stuck = session.stuck;
        reader.close(session.systemStuck);
        if (settled && !stuck) lib.fn.shutdown();
      },
    },
  };
}

/** The reads of one open library: which GPU (or the driver itself) is still stuck, and since when. */
class DeadlineSession {
  /** Since when nvmlDeviceGetCount or a driver-version call has been in the driver past a deadline. */
  private systemStuckSince: number | null = null;
  /** A system call is in the driver now. */
  private systemBusy = false;
  /** The deadlines of the reads and primes in flight. */
  private readonly inFlight = new Set<TimedDeadline>();
  private lastCount = 0;

  constructor(
    private readonly reader: NvmlReader,
    private readonly caller: AsyncCaller,
    private readonly timeoutMs: number,
    private readonly syncAfterProbe: boolean,
  ) {}

  get stuck(): boolean {
    return this.systemStuck || this.reader.stuck;
  }

  get systemStuck(): boolean {
    return this.systemStuckSince !== null;
  }

  /**
   * The backend is closing: every read in flight answers now and makes no further call (a plan
   * checks its deadline before each one); a GPU with a call still in the driver counts as stuck,
   * so that its buffers are kept and nvmlShutdown is not called under it.
   */
  abandon(): void {
    for (const deadline of this.inFlight) deadline.expire();
    for (const slot of this.reader.slots) if (slot && slot.callsOut > 0) slot.stuckSince ??= performance.now();
    if (this.systemBusy) this.systemStuckSince ??= performance.now();
  }

  async read(): Promise<BackendReading> {
    const deadline = startDeadline(this.timeoutMs);
    this.inFlight.add(deadline);
    try {
      const driver = this.reader.driver ?? (await this.system(() => this.reader.driverPlan(), deadline));
      const count = driver === null ? null : await this.system(() => this.reader.countPlan(), deadline);
      if (driver === null || count === null) return this.unanswered(deadline);
      if (!count.ok) return { driver, devices: [], processes: [], problems: [this.reader.problem('devices', count.code, 'nvmlDeviceGetCount')] };
      this.reader.driver = driver;
      this.lastCount = count.value;
      const results: (DeviceResult | null)[] = new Array<DeviceResult | null>(count.value).fill(null);
      // The GPUs this read does not wait for: stuck in the driver, or read apart (./apart-read.ts).
      const notWaited = new Set<number>();
      const reads = results.map((_, index) => this.device(index, deadline, (result) => (results[index] = result), notWaited));
      await Promise.race([Promise.all(reads), deadline.reached]);
      const finished = results.map((result, index) => result ?? this.gaveUp(index, deadline.passed && !notWaited.has(index)));
      return this.reader.combine(driver, finished, []);
    } finally {
      deadline.cancel();
      this.inFlight.delete(deadline);
    }
  }

  async prime(): Promise<void> {
    const deadline = startDeadline(this.timeoutMs);
    this.inFlight.add(deadline);
    try {
      const count = await this.system(() => this.reader.countPlan(), deadline);
      if (!count?.ok) return;
      // A GPU still stuck from an earlier read is left alone: its buffers are the driver's now.
      const primes = Array.from({ length: count.value }, (_, index) =>
        this.reader.slot(index).stuckSince !== null || this.reader.slot(index).callsOut > 0 ? undefined : this.run(index, () => this.reader.primePlan(index), deadline, false).catch(() => undefined),
      );
      await Promise.race([Promise.all(primes), deadline.reached]);
    } finally {
      deadline.cancel();
      this.inFlight.delete(deadline);
    }
  }

  /** A system call under the deadline; null when it did not answer (or the driver is stuck). */
  private async system<T>(plan: () => Plan<T>, deadline: TimedDeadline): Promise<T | null> {
    if (this.systemStuckSince !== null) return null;
    let busy = false;
    let busySince = 0;
    const answer = runAsync(plan(), this.caller, deadline, (now) => {
      busy = now;
      if (now) busySince = performance.now();
      this.systemBusy = now;
      if (!now) this.systemStuckSince = null; // it came back
    }).catch(() => null);
    const result = await Promise.race([answer, deadline.reached.then(() => null)]);
    if (result === null && busy) this.systemStuckSince = busySince;
    return result;
  }

  private device(index: number, deadline: TimedDeadline, done: (result: DeviceResult) => void, notWaited: Set<number>): Promise<void> {
    const slot = this.reader.slot(index);
    if (slot.stuckSince !== null || slot.apart.since !== null) {
      notWaited.add(index);
      if (slot.apart.since !== null) {
        const answer = slot.apart.take(index, performance.now(), this.timeoutMs);
        if (answer !== null) done(answer);
        this.readApart(index);
      }
      return Promise.resolve();
    }
    const started = performance.now();
    return this.run(index, () => this.reader.devicePlan(index), deadline).then(
      (result) => {
        const ms = performance.now() - started;
        if (ms >= SLOW_DEVICE_READ_MS) slot.apart.slowAnswer(result, ms);
        done(noteIfSlow(index, result, ms));
      },
      (error: unknown) => {
        if (!deadline.passed) done(this.reader.guarded(index, () => { throw error; }));
      },
    );
  }

  /**
   * Reads a GPU that is read apart in the background, under a deadline of its own; the next
   * reading takes its answer. One such read at a time, and none while a call of it is still out.
   */
  private readApart(index: number): void {
    const slot = this.reader.slot(index);
    const apart = slot.apart;
    if (apart.inFlight || slot.callsOut > 0 || slot.stuckSince !== null) return;
    const own = startDeadline(Math.max(this.timeoutMs, APART_READ_DEADLINE_MS));
    this.inFlight.add(own);
    const started = performance.now();
    apart.started(started);
    this.run(index, () => this.reader.devicePlan(index), own)
      .then(
        (result) => {
          if (!own.passed) apart.answered(result, performance.now() - started);
        },
        (error: unknown) => {
          if (!own.passed) apart.answered(this.reader.guarded(index, () => { throw error; }), performance.now() - started);
        },
      )
      .finally(() => {
        own.cancel();
        this.inFlight.delete(own);
        apart.ended();
      });
  }

  /**
   * Runs one GPU's plan; a call still out when the deadline passes marks the GPU stuck until it
   * returns. A GPU that has answered a whole read promptly runs its calls after the first on the
   * main thread. A prime (`wholeRead` false) makes only the counter calls, so it grants no trust:
   * on two-hung-gpus, whose hangs spare them, a prompt prime let the one-shot read that followed
   * make its hung memory call on the main thread, and `info` took 8 s instead of its 3 s deadline.
   */
  private run<T>(index: number, plan: () => Plan<T>, deadline: TimedDeadline, wholeRead = true): Promise<T> {
    const slot = this.reader.slot(index);
    const trust = slot.trust;
    let busy = false;
    let callStarted = 0;
    let slowestCall = 0;
    const runStartedMs = performance.now();
    void deadline.reached.then(() => {
      if (!busy) return;
      // Stuck since the call that is still out began, not since this read stopped waiting for it.
      slot.stuckSince ??= callStarted;
      // Silent since this read of it began: its earlier calls may have answered, slowly.
      slot.apart.timedOut(runStartedMs);
      trust.demote();
    });
    const sync = this.syncAfterProbe && wholeRead ? trust.forRead() : null;
    const running = runProbed(plan(), this.caller, deadline, (now) => {
      busy = now;
      slot.callsOut += now ? 1 : -1;
      const at = performance.now();
      if (now) callStarted = at;
      else slowestCall = Math.max(slowestCall, at - callStarted);
      if (!now && slot.stuckSince !== null) slot.stuckSince = null; // it came back
    }, sync);
    return running.then(
      (value) => {
        if (wholeRead) trust.readEnded(slowestCall, !deadline.passed);
        return value;
      },
      (error: unknown) => {
        trust.readEnded(Infinity, false);
        throw error;
      },
    );
  }

  /**
   * A GPU this read has no answer for: who it is as last seen, and why nothing else. `timedOutNow`:
   * this read waited for it until its deadline; else it has been silent since an earlier one.
   */
  private gaveUp(index: number, timedOutNow: boolean): DeviceResult {
    const slot = this.reader.slot(index);
    // The earlier of the two: a GPU read apart may have been silent through several stuck calls.
    const since = earliest(slot.stuckSince, slot.apart.unansweredSince);
    const seconds = since === null ? 0 : secondsSince(since);
    const stuck = since !== null && !timedOutNow;
    const message = stuck
      ? `NVML has not answered for ${seconds} s; a GPU or the driver may be hung`
      : `NVML did not answer within ${this.timeoutMs} ms; a GPU or the driver may be hung`;
    const said: Pick<SnapshotProblem, 'key' | 'params'> = stuck ? { key: 'problems.deviceStuck', params: { seconds } } : { key: 'problems.deviceTimeout', params: { ms: this.timeoutMs } };
    const problems: SnapshotProblem[] = [{ scope: `device:${index}`, code: 'timeout', message, ...said }];
    // Who it is: as last read in full, else as identified by a prime or an unfinished read.
    const known = slot.lastSeen ?? (slot.identity ? deviceWithoutData(index, slot.identity.identity, 'error', message, slot.identity.unavailable) : null);
    return { device: timedOutDevice(index, known, message), processes: [], problems, samples: [] };
  }

  /** The driver itself did not answer (nvmlDeviceGetCount or the version calls). */
  private unanswered(deadline: Deadline): BackendReading {
    const since = this.systemStuckSince;
    const seconds = since === null ? 0 : secondsSince(since);
    const stuck = since !== null && !deadline.passed;
    const message = stuck ? `NVML has not answered for ${seconds} s; the driver may be hung` : `nvmlDeviceGetCount did not answer within ${this.timeoutMs} ms; the driver may be hung`;
    const said: Pick<SnapshotProblem, 'key' | 'params'> = stuck ? { key: 'problems.driverStuck', params: { seconds } } : { key: 'problems.driverTimeout', params: { ms: this.timeoutMs } };
    const devices = Array.from({ length: this.lastCount }, (_, index) => timedOutDevice(index, this.reader.slots[index]?.lastSeen ?? null, message));
    const driver = this.reader.driver ?? { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: { driverVersion: 'timeout' as const, cudaDriverVersion: 'timeout' as const, nvmlVersion: 'timeout' as const } };
    return { driver, devices, processes: [], problems: [{ scope: 'devices', code: 'timeout', message, ...said }] };
  }
}

function earliest(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}
