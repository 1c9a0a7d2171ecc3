import { describe, expect, it } from 'vitest';
import type { Backend, BackendReading } from '../core/backend.js';
import { singleFlight } from './single-flight.js';

/** A backend whose reads and primes finish only when the test says so, counting each. */
function controlled() {
  const calls: string[] = [];
  const finishers: (() => void)[] = [];
  const wait = () => new Promise<void>((resolve) => finishers.push(resolve));
  let n = 0;
  const backend: Backend & { extra: string } = {
    id: 'nvml',
    capabilities: { metrics: true, processes: true, intervalRates: true },
    extra: 'kept',
    read: async () => {
      calls.push('read');
      await wait();
      n++;
      if (n === 2) throw new Error('the driver said no');
      return { driver: { driverVersion: `r${n}`, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} }, devices: [], processes: [], problems: [] };
    },
    prime: async () => {
      calls.push('prime');
      await wait();
    },
    close: async () => {
      calls.push('close');
    },
  };
  const finishNext = async () => {
    while (finishers.length === 0) await new Promise((resolve) => setImmediate(resolve));
    finishers.shift()!();
  };
  return { backend, calls, finishNext };
}

const version = (reading: BackendReading) => reading.driver.driverVersion;

describe('single-flight reads', () => {
  it('joins a read in flight, starts a fresh one after it, and does not keep a failure', async () => {
    const { backend, calls, finishNext } = controlled();
    const wrapped = singleFlight(backend);
    const [a, b] = [wrapped.read(), wrapped.read()];
    await finishNext();
    expect([version(await a), version(await b)]).toEqual(['r1', 'r1']);
    const failing = wrapped.read();
    await finishNext();
    await expect(failing).rejects.toThrow('the driver said no');
    const after = wrapped.read();
    await finishNext();
    expect(version(await after)).toBe('r3');
    expect(calls).toEqual(['read', 'read', 'read']);
  });

  it('runs a read after a prime in flight (its baselines are what the read measures from), and a prime during a read joins the read', async () => {
    const { backend, calls, finishNext } = controlled();
    const wrapped = singleFlight(backend);
    const priming = wrapped.prime!();
    const reading = wrapped.read();
    await finishNext();
    await priming;
    const primeDuringRead = wrapped.prime!();
    await finishNext();
    expect(version(await reading)).toBe('r1');
    await primeDuringRead;
    expect(calls).toEqual(['prime', 'read']);
  });

  it('keeps what the backend offers besides, and wraps once', async () => {
    const { backend } = controlled();
    const wrapped = singleFlight(backend) as typeof backend;
    expect(wrapped.extra).toBe('kept');
    expect(wrapped.capabilities.intervalRates).toBe(true);
    expect(singleFlight(wrapped)).toBe(wrapped);
    const noPrime = singleFlight({ ...backend, prime: undefined });
    expect(noPrime.prime).toBeUndefined();
  });
});
