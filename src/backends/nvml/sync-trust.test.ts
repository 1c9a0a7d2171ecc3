// Calls after a probe on the main thread (sync-trust.ts): which calls go where, what demotes a
// GPU, and over the fake NVML that a hung GPU is never read that way while a healthy one is, with
// the same answers as on the pool.

import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';
import { editedScenario } from '../../../test/fake-nvml/session.js';
import type { Backend } from '../../core/backend.js';
import { createNvmlDeadlineDriver } from './deadline.js';
import { nativeCallsInFlight } from './in-flight.js';
import type { NvmlFunction } from './library.js';
import { AsyncCaller, call, runProbed, type Plan, type SyncAfterProbe } from './plan.js';
import { SLOW_CALL_MS, SyncTrust, SYNC_BUDGET_MS } from './sync-trust.js';

/** A stand-in NVML function that records whether it was called directly or through `.async`. */
function fakeFn(name: string, log: string[], opts: { asyncDelayMs?: number; syncBlockMs?: number } = {}): NvmlFunction {
  const fn = ((..._args: unknown[]) => {
    log.push(`${name}:sync`);
    const until = performance.now() + (opts.syncBlockMs ?? 0);
    while (performance.now() < until) {
      // a call that holds its thread, as a hung ioctl does
    }
    return 0;
  }) as NvmlFunction & { async?: unknown };
  fn.async = (...args: unknown[]) => {
    log.push(`${name}:pool`);
    const callback = args[args.length - 1] as (error: unknown, result: number) => void;
    setTimeout(() => callback(null, 0), opts.asyncDelayMs ?? 0);
  };
  return fn;
}

function* threeCalls(a: NvmlFunction, b: NvmlFunction, c: NvmlFunction): Plan<number[]> {
  const codes: number[] = [];
  codes.push(yield call(a));
  codes.push(yield call(b));
  codes.push(yield call(c));
  return codes;
}

const never = { passed: false };
const syncOptions = (onSlow = vi.fn()): SyncAfterProbe => ({ probeBudgetMs: 50, syncBudgetMs: SYNC_BUDGET_MS, now: () => performance.now(), onSlow });

describe('runProbed', () => {
  it('sends the probe to the pool and, when it answers promptly, makes the other calls directly', async () => {
    const log: string[] = [];
    const codes = await runProbed(threeCalls(fakeFn('a', log), fakeFn('b', log), fakeFn('c', log)), new AsyncCaller(2), never, undefined, syncOptions());
    expect(codes).toEqual([0, 0, 0]);
    expect(log).toEqual(['a:pool', 'b:sync', 'c:sync']);
  });

  it('without sync options, every call goes to the pool', async () => {
    const log: string[] = [];
    await runProbed(threeCalls(fakeFn('a', log), fakeFn('b', log), fakeFn('c', log)), new AsyncCaller(2), never, undefined, null);
    expect(log).toEqual(['a:pool', 'b:pool', 'c:pool']);
  });

  it('keeps every call on the pool when the probe answers late', async () => {
    const log: string[] = [];
    await runProbed(threeCalls(fakeFn('a', log, { asyncDelayMs: 120 }), fakeFn('b', log), fakeFn('c', log)), new AsyncCaller(2), never, undefined, syncOptions());
    expect(log).toEqual(['a:pool', 'b:pool', 'c:pool']);
  });

  it('sends the rest back to the pool once the direct calls held the main thread past the budget, and says so', async () => {
    const log: string[] = [];
    const onSlow = vi.fn();
    const hangs = fakeFn('b', log, { syncBlockMs: SYNC_BUDGET_MS * 3 });
    await runProbed(threeCalls(fakeFn('a', log), hangs, fakeFn('c', log)), new AsyncCaller(2), never, undefined, syncOptions(onSlow));
    expect(log).toEqual(['a:pool', 'b:sync', 'c:pool']);
    expect(onSlow).toHaveBeenCalledTimes(1);
    expect(onSlow.mock.calls[0]![0]).toBeGreaterThan(SYNC_BUDGET_MS);
  });
});

describe('SyncTrust', () => {
  it('trusts a GPU only after a read whose every call was prompt, and only until a slow one', () => {
    const trust = new SyncTrust();
    expect(trust.forRead()).toBeNull();
    trust.readEnded(SLOW_CALL_MS / 2, true);
    expect(trust.forRead()).not.toBeNull();
    trust.readEnded(SLOW_CALL_MS * 2, true);
    expect(trust.forRead()).toBeNull();
    trust.readEnded(1, true);
    expect(trust.forRead()).not.toBeNull();
    trust.readEnded(1, false); // missed the deadline
    expect(trust.forRead()).toBeNull();
  });

  it('never trusts again a GPU that held the main thread, and counts the hold', () => {
    const trust = new SyncTrust();
    trust.readEnded(1, true);
    trust.forRead()!.onSlow(2000);
    expect(trust.slowHolds).toBe(1);
    expect(trust.longestHoldMs).toBe(2000);
    for (let i = 0; i < 5; i++) trust.readEnded(1, true);
    expect(trust.forRead()).toBeNull();
    expect(trust.isDemoted).toBe(true);
  });
});

describe('over the fake NVML', () => {
  const opened: Backend[] = [];
  beforeAll(ensureFakeNvmlBuilt, 120_000);
  afterEach(async () => {
    while (nativeCallsInFlight() > 0) await new Promise((resolve) => setTimeout(resolve, 25));
    for (const backend of opened.splice(0)) await backend.close();
    vi.restoreAllMocks();
  }, 20_000);

  async function open(file: string, options: { readTimeoutMs?: number; syncAfterProbe?: boolean } = {}): Promise<Backend> {
    const env = fakeNvmlEnv(file);
    Object.assign(process.env, env);
    delete process.env.FAKE_NVML_STEP;
    const result = await createNvmlDeadlineDriver({ env, platform: 'linux', ...options }).open();
    if (!result.ok) throw new Error(`did not open: ${result.unavailable.detail}`);
    opened.push(result.backend);
    return result.backend;
  }

  it('reads a healthy GPU directly after its probe from the second read on, with what the pool reads', async () => {
    const forRead = vi.spyOn(SyncTrust.prototype, 'forRead');
    const direct = await open(scenarioPath('8x-h100'));
    const first = await direct.read();
    expect(forRead.mock.results.map((r) => r.value)).toEqual(Array(8).fill(null));
    forRead.mockClear();
    const second = await direct.read();
    expect(forRead.mock.results.filter((r) => r.value !== null)).toHaveLength(8);
    await direct.close();
    opened.length = 0;

    const pooled = await open(scenarioPath('8x-h100'), { syncAfterProbe: false });
    await pooled.read();
    const viaPool = await pooled.read();
    const strip = (r: typeof second) => r.devices.map((d) => ({ ...d, pcieRxBytesPerSecond: null, pcieTxBytesPerSecond: null, nvlinkRxBytesPerSecond: null, nvlinkTxBytesPerSecond: null, powerDrawAverageWatts: null, throttleTimePercent: null, energyConsumedJoules: null, unavailable: {} }));
    // Rates differ with the interval between the two reads; everything else is the same.
    expect(strip(second)).toEqual(strip(viaPool));
    expect(second.processes).toEqual(viaPool.processes);
    expect(second.problems).toEqual([]);
    expect(first.devices.map((d) => d.uuid)).toEqual(second.devices.map((d) => d.uuid));
  });

  it('never reads a GPU with slow calls directly, so its hang never holds the main thread', async () => {
    const file = editedScenario('hung-gpu', (scenario) => {
      const devices = scenario.devices as Record<string, unknown>[];
      devices[1]!.hangMs = { nvmlDeviceGetMemoryInfo: 150, nvmlDeviceGetMemoryInfo_v2: 150, nvmlDeviceGetUtilizationRates: 150 };
    });
    const forRead = vi.spyOn(SyncTrust.prototype, 'forRead');
    const backend = await open(file, { readTimeoutMs: 2000 });
    for (let i = 0; i < 4; i++) {
      forRead.mockClear();
      const reading = await backend.read();
      // Slow, not hung: GPU 1 answers within the deadline, every time from the pool.
      expect(reading.devices.map((d) => d.state)).toEqual(['ok', 'ok']);
      expect(forRead.mock.results[1]!.value).toBeNull();
      if (i > 0) expect(forRead.mock.results[0]!.value).not.toBeNull();
    }
  });
  // Last: a backend closed with calls in the driver skips nvmlShutdown, so the fake keeps this
  // scenario loaded for the rest of the file.
  it('closed during a read, answers that read and makes no call after its probe returns', async () => {
    const file = editedScenario('8x-h100', (scenario) => {
      (scenario.system as Record<string, unknown>).callCostUs = { nvmlDeviceGetFieldValues: 20_000 };
    });
    const backend = await open(file);
    await backend.read();
    await backend.read(); // every GPU trusted: the next read's calls after the probe are direct
    const forRead = vi.spyOn(SyncTrust.prototype, 'forRead');
    const invoke = vi.spyOn(AsyncCaller.prototype, 'invoke');
    const reading = backend.read();
    await new Promise((resolve) => setTimeout(resolve, 5)); // the probes are in the driver
    await backend.close();
    opened.length = 0;
    const answered = await reading;
    expect(forRead.mock.results.filter((r) => r.value !== null).length).toBeGreaterThan(0);
    expect(answered.devices).toHaveLength(8);
    // No GPU got past its probe: each shows as not answering, none as read.
    expect(answered.devices.every((d) => d.unavailable.memoryUsedBytes === 'timeout')).toBe(true);
    while (nativeCallsInFlight() > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // Only the probes (and the device count) went out; nothing after them, on the pool or here.
    expect(invoke.mock.calls.map(([c]) => (c.fn as { name?: string }).name)).not.toContain('nvmlDeviceGetMemoryInfo_v2');
  });

});
