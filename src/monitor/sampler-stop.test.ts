// The sampler's edges a library caller meets: options turned down before anything opens, reads
// that a stop() overtakes, and asking a stopped sampler for more.

import { afterEach, describe, expect, it } from 'vitest';
import type { Backend, BackendDriver, BackendReading } from '../core/backend.js';
import { emptyGpuDevice } from '../core/empty-device.js';
import { FIXED_HOST } from './__fixtures__/fixed-host.js';
import { openSession } from '../snapshot/session.js';
import { createSampler, SamplerStoppedError, type Sampler } from './sampler.js';

const HOST = FIXED_HOST;

/** A one-GPU backend whose reads wait for `release()` (or its close, which answers them as NVML's does). */
interface HeldBackend {
  driver: BackendDriver;
  opens: number;
  closes: number;
  readsStarted: number;
  readsEnded: number;
  /** Hold each read until released (default: answer at once). */
  hold: boolean;
  release(): void;
}

function heldBackend(): HeldBackend {
  let waiting: (() => void)[] = [];
  const state: HeldBackend = {
    driver: null as unknown as BackendDriver,
    opens: 0, closes: 0, readsStarted: 0, readsEnded: 0, hold: false,
    release: () => {
      const now = waiting;
      waiting = [];
      for (const go of now) go();
    },
  };
  const backend: Backend = {
    id: 'nvml',
    capabilities: { metrics: true, processes: true },
    async read(): Promise<BackendReading> {
      state.readsStarted++;
      if (state.hold) await new Promise<void>((resolve) => waiting.push(resolve));
      state.readsEnded++;
      const device = emptyGpuDevice(0, 'nvidia', 'not-reported');
      device.uuid = 'GPU-a';
      return { driver: { driverVersion: '580.1', cudaDriverVersion: null, nvmlVersion: null, unavailable: {} }, devices: [device], processes: [], problems: [] };
    },
    close: async () => {
      state.closes++;
      state.release();
    },
  };
  state.driver = { id: 'nvml', open: async () => (state.opens++, { ok: true, backend }) };
  return state;
}

let sampler: Sampler | null = null;
afterEach(async () => {
  await sampler?.stop();
  sampler = null;
});

describe('createSampler with an option it cannot take', () => {
  it('throws naming the option, with the value as given, before any session is opened', async () => {
    const state = heldBackend();
    const sessionOptions = { drivers: [state.driver], host: HOST };
    await expect(createSampler({ historyRows: 0, sessionOptions })).rejects.toThrow(new RangeError('historyRows must be a whole number of rows, 1 or more; got 0'));
    await expect(createSampler({ historyRows: '10' as never, sessionOptions })).rejects.toThrow('historyRows must be a whole number of rows, 1 or more; got "10"');
    await expect(createSampler({ processDetailsMaxAgeMs: -1, sessionOptions })).rejects.toThrow(RangeError);
    expect(state.opens).toBe(0);
  });
});

describe('stop() during a read', () => {
  it('waits for the read in flight, which rejects with SamplerStoppedError instead of a made-up reading', async () => {
    const state = heldBackend();
    const session = await openSession({ drivers: [state.driver], host: HOST });
    const s = await createSampler({ session, autoStart: false });
    state.hold = true;
    const pending = s.refresh();
    const rejected = expect(pending).rejects.toMatchObject({ name: 'SamplerStoppedError', when: 'duringRead' });
    const stopped = s.stop();
    state.release();
    await stopped;
    // The session is not the sampler's: its read ran on, and stop() waited for it.
    expect(state.readsEnded).toBe(1);
    expect(state.closes).toBe(0);
    await rejected;
    expect(s.latest()).toBeNull();
    await session.close();
  });

  it('closes an owned session first, so that the read answers at once; the loop reports no error', async () => {
    const state = heldBackend();
    const errors: unknown[] = [];
    const s = await createSampler({ intervalMs: 50, sessionOptions: { drivers: [state.driver], host: HOST }, onSubscriberError: (error) => errors.push(error) });
    await s.first();
    state.hold = true;
    while (state.readsStarted === state.readsEnded) await new Promise((resolve) => setTimeout(resolve, 5));
    await s.stop();
    expect(state.closes).toBe(1);
    expect(state.readsEnded).toBe(state.readsStarted);
    expect(errors).toEqual([]);
  });

  it('does not wait for ever for a read that never answers', async () => {
    const state = heldBackend();
    const session = await openSession({ drivers: [state.driver], host: HOST });
    const s = await createSampler({ session, autoStart: false });
    state.hold = true;
    const pending = s.refresh();
    pending.catch(() => undefined);
    await s.stop();
    expect(state.readsEnded).toBe(0);
    state.release();
    await expect(pending).rejects.toBeInstanceOf(SamplerStoppedError);
    await session.close();
  });
});

describe('a stopped sampler', () => {
  it('refresh() rejects with SamplerStoppedError, where it made up an empty sample', async () => {
    const state = heldBackend();
    const s = await createSampler({ autoStart: false, sessionOptions: { drivers: [state.driver], host: HOST } });
    // Before start() a refresh reads as usual.
    expect((await s.refresh()).seq).toBe(1);
    await s.stop();
    await expect(s.refresh()).rejects.toMatchObject({ name: 'SamplerStoppedError', when: 'afterStop' });
    expect(state.readsStarted).toBe(1);
  });
});

describe('window() with a column not kept', () => {
  it('throws naming the columns kept, where it answered with no columns at all', async () => {
    const state = heldBackend();
    sampler = await createSampler({ autoStart: false, sessionOptions: { drivers: [state.driver], host: HOST } });
    await sampler.refresh();
    expect(() => sampler!.window(60, ['bogus' as never])).toThrow(RangeError);
    expect(() => sampler!.window(60, ['bogus' as never])).toThrow(/^no history column "bogus": the columns kept are memoryUsedBytes, .*gpuUtilPercent/);
    // Identity fields are fixed per GPU: no history of them.
    expect(() => sampler!.window(60, ['memoryTotalBytes'])).toThrow(RangeError);
    expect(Object.keys(sampler.window(60, ['gpuUtilPercent', 'throttleTimePercent.power']).devices[0]!.columns)).toEqual(['gpuUtilPercent', 'throttleTimePercent.power']);
  });
});
