import { afterEach, describe, expect, it } from 'vitest';
import type { Backend, BackendDriver, BackendReading } from '../core/backend.js';
import { emptyGpuDevice } from '../core/empty-device.js';
import { FIXED_HOST } from './__fixtures__/fixed-host.js';
import { openSession } from '../snapshot/session.js';
import { createSampler, MAX_INTERVAL_MS, SamplerStoppedError, type Sample, type Sampler } from './sampler.js';

const HOST = FIXED_HOST;

interface ScriptedBackend {
  driver: BackendDriver;
  reads: number;
  concurrent: number;
  maxConcurrent: number;
  /** Delay of each read, ms (by read number, 1-based; default 0). */
  delayMs: (read: number) => number;
  uuids: string[];
}

function scriptedBackend(uuids = ['GPU-a', 'GPU-b']): ScriptedBackend {
  const state: ScriptedBackend = { driver: null as unknown as BackendDriver, reads: 0, concurrent: 0, maxConcurrent: 0, delayMs: () => 0, uuids };
  const backend: Backend = {
    id: 'nvml',
    capabilities: { metrics: true, processes: true },
    async read(): Promise<BackendReading> {
      const n = ++state.reads;
      state.concurrent++;
      state.maxConcurrent = Math.max(state.maxConcurrent, state.concurrent);
      await new Promise((resolve) => setTimeout(resolve, state.delayMs(n)));
      state.concurrent--;
      const devices = state.uuids.map((uuid, index) => {
        const d = emptyGpuDevice(index, 'nvidia', 'not-reported');
        d.uuid = uuid;
        d.name = `GPU ${uuid}`;
        d.gpuUtilPercent = n;
        d.memoryUsedBytes = n * 2 ** 30;
        d.temperatureCelsius = 4294967295; // a sentinel: must reach the rings as missing
        return d;
      });
      const base = Date.now();
      return {
        driver: { driverVersion: '580.1', cudaDriverVersion: '13.0', nvmlVersion: null, unavailable: {} },
        devices,
        processes: [],
        problems: [],
        samples: [{ deviceIndex: 0, uuid: state.uuids[0] ?? null, metric: 'gpuUtilPercent', timesMs: [base - 300, base - 150], values: [n, n + 0.5] }],
      };
    },
    close: async () => undefined,
  };
  state.driver = { id: 'nvml', open: async () => ({ ok: true, backend }) };
  return state;
}

let sampler: Sampler | null = null;
afterEach(async () => {
  await sampler?.stop();
  sampler = null;
});

async function samplerOn(state: ScriptedBackend, intervalMs: number) {
  const session = await openSession({ drivers: [state.driver], host: HOST, subSecondSamples: true });
  sampler = await createSampler({ session, intervalMs, historyRows: 16 });
  return sampler;
}

function nextSamples(s: Sampler, count: number): Promise<Sample[]> {
  return new Promise((resolve) => {
    const seen: Sample[] = [];
    const off = s.subscribe((sample) => {
      seen.push(sample);
      if (seen.length === count) {
        off();
        resolve(seen);
      }
    });
  });
}

describe('createSampler', () => {
  it('reads on the interval and numbers the samples, with the time each covers', async () => {
    const state = scriptedBackend();
    const s = await samplerOn(state, 50);
    const samples = await nextSamples(s, 4);
    expect(samples.map((x) => x.seq)).toEqual([samples[0]!.seq, samples[0]!.seq + 1, samples[0]!.seq + 2, samples[0]!.seq + 3]);
    for (const sample of samples.slice(1)) {
      expect(sample.coversMs).not.toBeNull();
      expect(sample.coversMs!).toBeGreaterThan(0);
      expect(sample.backendMs).toBeGreaterThanOrEqual(0);
      expect(sample.snapshot.devices).toHaveLength(2);
    }
    expect(s.latest()?.seq).toBe(samples[3]!.seq);
  });

  it('never overlaps reads: a read slower than the interval delays the next tick', async () => {
    const state = scriptedBackend();
    state.delayMs = (n) => (n % 2 === 0 ? 120 : 0);
    const s = await samplerOn(state, 50);
    // refreshes in the middle of ticks join the read in flight instead of starting another
    const refreshes = [s.refresh(), s.refresh(), s.refresh()];
    await nextSamples(s, 5);
    await Promise.all(refreshes);
    expect(state.maxConcurrent).toBe(1);
  });

  it('refresh() joins the read in flight: two callers, one read', async () => {
    const state = scriptedBackend();
    const session = await openSession({ drivers: [state.driver], host: HOST });
    sampler = await createSampler({ session, intervalMs: 10_000, autoStart: false });
    const [a, b] = await Promise.all([sampler.refresh(), sampler.refresh()]);
    expect(a).toBe(b);
    expect(state.reads).toBe(1);
    const c = await sampler.refresh();
    expect(c.seq).toBe(a.seq + 1);
    expect(state.reads).toBe(2);
  });

  it('keeps per-GPU history keyed by UUID, bounded, with sentinels as missing', async () => {
    const state = scriptedBackend();
    const s = await samplerOn(state, 50);
    await nextSamples(s, 20); // more than historyRows (16)
    const window = s.window(3600);
    expect(window.devices.map((d) => d.key)).toEqual(['GPU-a', 'GPU-b']);
    const a = window.devices[0]!;
    expect(a.timesMs.length).toBe(16);
    const util = a.columns.gpuUtilPercent!;
    // the newest rows, oldest first, consecutive reads
    for (let i = 1; i < util.length; i++) expect(util[i]).toBe((util[i - 1] as number) + 1);
    expect(a.columns.temperatureCelsius!.every((v) => v === null)).toBe(true);
    expect(a.columns.memoryUsedBytes![15]).toBe((util[15] as number) * 2 ** 30);
    // identity fields are not kept as history
    expect(a.columns.memoryTotalBytes).toBeUndefined();
    expect(window.host.columns.cpuUtilPercent!.every((v) => v === 12)).toBe(true);
    const bytesAfter20 = s.historyBytes();
    await nextSamples(s, 5);
    expect(s.historyBytes()).toBe(bytesAfter20);
  });

  it('a GPU whose index changes keeps its history under its UUID', async () => {
    const state = scriptedBackend(['GPU-a', 'GPU-b']);
    const s = await samplerOn(state, 50);
    await nextSamples(s, 3);
    state.uuids = ['GPU-b', 'GPU-a'];
    await nextSamples(s, 3);
    const window = s.window(3600);
    const a = window.devices.find((d) => d.key === 'GPU-a')!;
    expect(a.index).toBe(1);
    expect(a.timesMs.length).toBe(window.devices.find((d) => d.key === 'GPU-b')!.timesMs.length);
  });

  it('keeps the driver sub-second samples once each, newer than the last', async () => {
    const state = scriptedBackend();
    const s = await samplerOn(state, 50);
    await nextSamples(s, 3);
    const samples = s.window(3600).devices[0]!.samples.gpuUtilPercent!;
    expect(samples.timesMs.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < samples.timesMs.length; i++) expect(samples.timesMs[i]!).toBeGreaterThan(samples.timesMs[i - 1]!);
    // Columns asked for pick the sample metrics as well as the columns.
    expect(s.window(3600, ['gpuUtilPercent']).devices[0]!.samples.gpuUtilPercent).toEqual(samples);
    expect(s.window(3600, ['powerDrawWatts']).devices[0]!.samples).toEqual({});
  });

  it('a throwing subscriber is reported and does not stop the others or the loop', async () => {
    const state = scriptedBackend();
    const errors: unknown[] = [];
    const session = await openSession({ drivers: [state.driver], host: HOST });
    sampler = await createSampler({ session, intervalMs: 50, onSubscriberError: (e) => errors.push(e) });
    sampler.subscribe(() => {
      throw new Error('boom');
    });
    await nextSamples(sampler, 3);
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });

  it('stop() ends the loop: no read after it, and it is idempotent', async () => {
    const state = scriptedBackend();
    const s = await samplerOn(state, 50);
    await s.first();
    await s.stop();
    await s.stop();
    const reads = state.reads;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(state.reads).toBe(reads);
    sampler = null;
  });
});

describe('the sampler at its edges', () => {
  it('first() rejects once stopped without a sample, instead of never settling', async () => {
    const state = scriptedBackend();
    const session = await openSession({ drivers: [state.driver], host: HOST });
    const s = await createSampler({ session, intervalMs: 50, autoStart: false });
    const waiting = s.first();
    await s.stop();
    await expect(waiting).rejects.toBeInstanceOf(SamplerStoppedError);
    await expect(s.first()).rejects.toBeInstanceOf(SamplerStoppedError);
  });

  it('a listener unsubscribed by another during a notification hears nothing more', async () => {
    const state = scriptedBackend();
    const s = await samplerOn(state, 50);
    let offB = (): void => undefined;
    let heardByB = 0;
    let offA = (): void => undefined;
    offA = s.subscribe(() => {
      offB();
      offA();
    });
    offB = s.subscribe(() => heardByB++);
    await nextSamples(s, 3);
    expect(heardByB).toBe(0);
  });

  it('an interval past what a timer can hold is a day, not a read as fast as it goes', async () => {
    const state = scriptedBackend();
    const session = await openSession({ drivers: [state.driver], host: HOST });
    sampler = await createSampler({ session, intervalMs: 3e9 });
    expect(sampler.intervalMs).toBe(MAX_INTERVAL_MS);
    expect(sampler.setInterval(1e12)).toBe(MAX_INTERVAL_MS);
    await sampler.first();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(state.reads).toBe(1);
  });

  it('the first sample says how long the warm-up before it took, and its instant is after it', async () => {
    const state = scriptedBackend();
    // Read 1 is the warm-up's quick read; read 2 the first sample's.
    state.delayMs = (n) => (n === 1 ? 200 : 0);
    const priming = { ...state.driver, open: async () => {
      const opened = await state.driver.open();
      if (opened.ok) opened.backend.prime = async () => undefined;
      return opened;
    } };
    const session = await openSession({ drivers: [priming], host: HOST, completeFirstSnapshot: true });
    const started = performance.now();
    sampler = await createSampler({ session, intervalMs: 50 });
    const [first, second] = await nextSamples(sampler, 2);
    expect(first!.warmUpMs).toBeGreaterThanOrEqual(190);
    expect(first!.monotonicMs - started).toBeGreaterThanOrEqual(190);
    expect(second!.warmUpMs).toBe(0);
    expect(second!.coversMs!).toBeLessThan(150);
  });
});
