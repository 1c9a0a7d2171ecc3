// Sampler.setInterval: `top` changes the refresh interval while it runs (its + and − keys).
import { afterEach, describe, expect, it } from 'vitest';
import type { Backend, BackendDriver, BackendReading } from '../core/backend.js';
import type { HostReader } from '../host/index.js';
import { openSession } from '../snapshot/session.js';
import { createSampler, MIN_INTERVAL_MS, type Sampler } from './sampler.js';

const HOST: HostReader = {
  readSummary: async () => ({
    summary: {
      hostname: 'test', platform: 'linux', kernelRelease: null, cpuModel: null, cpuLogicalCount: 1, cpuUtilPercent: null,
      loadAverage1m: null, loadAverage5m: null, loadAverage15m: null, memoryTotalBytes: null, memoryAvailableBytes: null,
      memoryUsedBytes: null, swapTotalBytes: null, swapUsedBytes: null, uptimeSeconds: null,
    },
    problems: [],
  }),
  enrichProcesses: async () => ({ processes: [], problems: [] }),
};

function countingDriver(): { driver: BackendDriver; reads: () => number } {
  let reads = 0;
  const backend: Backend = {
    id: 'nvml',
    capabilities: { metrics: true, processes: true },
    read: async (): Promise<BackendReading> => {
      reads++;
      return { driver: { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} }, devices: [], processes: [], problems: [] };
    },
    close: async () => undefined,
  };
  return { driver: { id: 'nvml', open: async () => ({ ok: true, backend }) }, reads: () => reads };
}

let sampler: Sampler | null = null;
afterEach(async () => {
  await sampler?.stop();
  sampler = null;
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Sampler.setInterval', () => {
  it('a long wait cut short: the next reads come at the new interval', async () => {
    const counter = countingDriver();
    const session = await openSession({ drivers: [counter.driver], host: HOST });
    sampler = await createSampler({ session, intervalMs: 600_000 });
    await sampler.first();
    expect(sampler.setInterval(60)).toBe(60);
    expect(sampler.intervalMs).toBe(60);
    // A minute-long wait would time the test out; the reschedule brings the next samples now.
    await new Promise<void>((resolve) => {
      let seen = 0;
      const off = sampler!.subscribe(() => {
        if (++seen === 3) {
          off();
          resolve();
        }
      });
    });
    expect(counter.reads()).toBeGreaterThanOrEqual(4);
  });

  it('a longer interval stops the quick reads', async () => {
    const counter = countingDriver();
    const session = await openSession({ drivers: [counter.driver], host: HOST });
    sampler = await createSampler({ session, intervalMs: 50 });
    await sampler.first();
    sampler.setInterval(600_000);
    await wait(60); // a read already in flight may still land
    const reads = counter.reads();
    await wait(300);
    expect(counter.reads()).toBe(reads);
  });

  it('keeps the interval within bounds', async () => {
    const counter = countingDriver();
    const session = await openSession({ drivers: [counter.driver], host: HOST });
    sampler = await createSampler({ session, intervalMs: 1000, autoStart: false });
    expect(sampler.setInterval(1)).toBe(MIN_INTERVAL_MS);
    expect(sampler.setInterval(Number.NaN)).toBe(1000);
    expect(sampler.setInterval(2500)).toBe(2500);
    // not started: changing the interval starts nothing
    await wait(80);
    expect(counter.reads()).toBe(0);
  });
});
