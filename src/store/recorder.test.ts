// The recorder: batches, one transaction per flush, failing writes kept bounded; and a real
// sampler over the fake NVML recorded into a real store.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../test/fake-nvml/paths.js';
import type { GpuEvent } from '../events/types.js';
import { createSampler, type Sample, type SampleListener, type Sampler } from '../monitor/sampler.js';
import { busySample, handDevice, handSample } from './__fixtures__/samples.js';
import { StoreError } from './errors.js';
import { createRecorder, type RecorderStats } from './recorder.js';
import { openHistoryStore } from './sqlite-store.js';
import type { HistoryStore } from './types.js';

const T0 = Date.UTC(2026, 11, 1, 10, 0, 0);

/** A sampler that publishes what the test hands it. */
function handSampler() {
  const listeners = new Set<SampleListener>();
  return {
    subscribe(listener: SampleListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish: (sample: Sample) => listeners.forEach((listener) => listener(sample)),
    listeners,
  };
}

function memoryStore(fail: () => boolean = () => false) {
  const batches: { samples: readonly Sample[]; events: readonly GpuEvent[] }[] = [];
  const store: Pick<HistoryStore, 'append'> = {
    append(samples, events = []) {
      if (fail()) throw new StoreError('disk-full', { path: '/full/history.db', detail: 'database or disk is full' });
      batches.push({ samples: [...samples], events: [...events] });
    },
  };
  return { store, batches };
}

afterEach(() => vi.useRealTimers());

describe('recorder', () => {
  it('writes what it heard in one append per flush, every flushEveryMs, and flushes on stop', () => {
    vi.useFakeTimers();
    const sampler = handSampler();
    const { store, batches } = memoryStore();
    const deriveEvents = (sample: Sample): GpuEvent[] =>
      sample.seq % 2 === 0 ? [{ atMs: sample.wallMs, kind: 'memory-nearly-full', severity: 'warning', deviceKey: 'GPU-0', gpuIndex: 0, key: 'events.memoryNearlyFull', params: { usedPercent: 97 } }] : [];
    const flushed: number[] = [];
    const recorder = createRecorder({ sampler, store, deriveEvents, flushEveryMs: 5000, onFlush: (info) => flushed.push(info.lastSeq) });
    for (let seq = 1; seq <= 5; seq++) sampler.publish(handSample(seq, T0 + seq * 1000, [handDevice(0)]));
    expect(batches).toHaveLength(0);
    vi.advanceTimersByTime(5000);
    expect(batches.map((b) => [b.samples.map((s) => s.seq), b.events.length])).toEqual([[[1, 2, 3, 4, 5], 2]]);
    vi.advanceTimersByTime(5000);
    expect(batches).toHaveLength(1); // nothing new, nothing written
    sampler.publish(handSample(6, T0 + 6000, [handDevice(0)]));
    expect(recorder.stop()).toBe(true);
    expect(batches.map((b) => b.samples.map((s) => s.seq))).toEqual([[1, 2, 3, 4, 5], [6]]);
    expect(sampler.listeners.size).toBe(0);
    expect(flushed).toEqual([5, 6]);
    expect(recorder.stats()).toMatchObject({ written: 6, pending: 0, droppedSamples: 0, failedWrites: 0 });
  });

  it('a failing write is told to onError, never to the sampler; samples wait, bounded, oldest dropped and counted', () => {
    const sampler = handSampler();
    let full = true;
    const { store, batches } = memoryStore(() => full);
    const errors: [unknown, RecorderStats][] = [];
    const recorder = createRecorder({ sampler, store, flushEveryMs: 0, maxPendingSamples: 3, onError: (error, stats) => errors.push([error, stats]) });
    for (let seq = 1; seq <= 5; seq++) {
      expect(() => sampler.publish(handSample(seq, T0 + seq * 1000, []))).not.toThrow();
      expect(recorder.flush()).toBe(false);
    }
    expect(errors).toHaveLength(5);
    expect(errors[4]![0]).toMatchObject({ code: 'disk-full', key: 'store.error.diskFull' });
    expect(recorder.stats()).toMatchObject({ written: 0, pending: 3, droppedSamples: 2, failedWrites: 5 });
    full = false;
    expect(recorder.flush()).toBe(true);
    expect(batches.map((b) => b.samples.map((s) => s.seq))).toEqual([[3, 4, 5]]);
    expect(recorder.stats()).toMatchObject({ written: 3, pending: 0, droppedSamples: 2 });
  });

  it('a deriveEvents that throws is reported, and the sample is still recorded', () => {
    const sampler = handSampler();
    const { store, batches } = memoryStore();
    const errors: unknown[] = [];
    const recorder = createRecorder({ sampler, store, flushEveryMs: 0, deriveEvents: () => { throw new Error('bug'); }, onError: (e) => errors.push(e) });
    sampler.publish(handSample(1, T0, []));
    recorder.stop();
    expect(errors).toEqual([new Error('bug')]);
    expect(batches[0]!.samples).toHaveLength(1);
  });

  it('stops for good when another recorder took the history over, telling it once, and leaves the file to that one', () => {
    vi.useFakeTimers();
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-recorder-'));
    const path = join(dir, 'history.db');
    try {
      const store = openHistoryStore({ path, lockForRecording: true });
      const sampler = handSampler();
      const errors: unknown[] = [];
      const recorder = createRecorder({ sampler, store, flushEveryMs: 5000, onError: (error) => errors.push(error) });
      sampler.publish(busySample(1, Date.now()));
      vi.advanceTimersByTime(5000);
      // A recorder on another host took the lock over (this one had been paused too long).
      writeFileSync(`${path}.lock`, JSON.stringify({ pid: 4242, host: 'other-host', started: null, id: 'theirs' }));
      sampler.publish(busySample(2, Date.now()));
      vi.advanceTimersByTime(5000);
      expect(errors).toEqual([expect.objectContaining({ code: 'lock-lost' })]);
      // No retry can land: it no longer hears samples nor tries, and what it held is counted as dropped.
      expect(sampler.listeners.size).toBe(0);
      vi.advanceTimersByTime(60_000);
      expect(recorder.stop()).toBe(false);
      expect(errors).toHaveLength(1);
      expect(recorder.stats()).toMatchObject({ written: 1, pending: 0, droppedSamples: 1, failedWrites: 1 });
      store.close();
      const reader = openHistoryStore({ path });
      expect(reader.stats().rows.raw).toBe(9);
      reader.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('over a real store, a failed transaction leaves nothing half-written and the retry writes it whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-recorder-'));
    try {
      const real = openHistoryStore({ path: join(dir, 'history.db'), now: () => T0 });
      let failNext = true;
      const store: Pick<HistoryStore, 'append'> = {
        append(samples, events) {
          real.append(samples, events);
          // Fail after the write, as if the commit had not happened: same samples again next time.
          if (failNext) {
            failNext = false;
            throw new StoreError('io', { path: real.path, detail: 'test' });
          }
        },
      };
      const sampler = handSampler();
      const recorder = createRecorder({ sampler, store, flushEveryMs: 0, onError: () => {} });
      for (let seq = 1; seq <= 3; seq++) sampler.publish(busySample(seq, T0 + seq * 1000));
      expect(recorder.flush()).toBe(false);
      expect(recorder.flush()).toBe(true);
      const power = real.history({ device: 'GPU-0', metrics: ['powerDrawWatts', 'energyConsumedJoules'], fromMs: T0 + 1000, toMs: T0 + 3999, points: 3 });
      expect(power.series[0]!.points.map((p) => p.avg)).toEqual([301, 302, 303]);
      // Written twice (INSERT OR REPLACE on (GPU, time)): one row each, and no doubled energy.
      expect(power.series[1]!.points.map((p) => p.delta)).toEqual([null, 350, 350]);
      expect(real.stats().rows.raw).toBe(3 * 9);
      real.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('recorder over a real sampler (fake NVML)', () => {
  beforeAll(ensureFakeNvmlBuilt, 120_000);
  let sampler: Sampler | null = null;
  afterEach(async () => {
    await sampler?.stop();
    sampler = null;
  });

  it('stores every GPU of every sample, value for value', async () => {
    const env = fakeNvmlEnv(scenarioPath('8x-h100'));
    Object.assign(process.env, env);
    delete process.env.FAKE_NVML_STEP;
    sampler = await createSampler({ intervalMs: 50, historyRows: 32, sessionOptions: { backend: 'nvml', env, platform: 'linux', hostOptions: { firstSampleWindowMs: 0 } } });
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-recorder-'));
    const store = openHistoryStore({ path: join(dir, 'history.db') });
    try {
      const heard: Sample[] = [];
      const off = sampler.subscribe((sample) => heard.push(sample));
      const recorder = createRecorder({ sampler, store, flushEveryMs: 120 });
      await new Promise<void>((resolve) => {
        const done = sampler!.subscribe(() => heard.length >= 8 && (done(), resolve()));
      });
      recorder.stop();
      off();
      expect(recorder.stats().written).toBe(heard.length);
      const first = heard[0]!;
      const last = heard.at(-1)!;
      expect(store.devices().map((d) => d.key)).toEqual(first.snapshot.devices.map((d) => d.uuid));
      for (const device of first.snapshot.devices) {
        const answer = store.history({ device: device.uuid!, metrics: ['memoryUsedBytes', 'powerDrawWatts'], fromMs: first.wallMs, toMs: last.wallMs, points: last.wallMs - first.wallMs + 1 });
        expect(answer.tier).toBe('raw');
        const stored = answer.series.map((s) => s.points.filter((p) => p.avg !== null).map((p) => p.avg));
        const expected = (['memoryUsedBytes', 'powerDrawWatts'] as const).map((field) =>
          heard.map((sample) => sample.snapshot.devices.find((d) => d.uuid === device.uuid)![field]),
        );
        expect(stored).toEqual(expected);
        expect(expected[0]!.every((v) => typeof v === 'number' && v > 0)).toBe(true);
      }
      // The same real samples, re-timed 20 s apart (three minutes): the minute rollups equal
      // min/avg/max computed here from the samples themselves.
      // Its clock is the samples' (T0): on the real one, retention would prune them a day after T0.
      const spread = openHistoryStore({ path: join(dir, 'spread.db'), now: () => T0 + 3 * 60_000 });
      const retimed = heard.map((sample, i) => ({ ...sample, wallMs: T0 + i * 20_000 }));
      spread.append(retimed);
      spread.append([{ ...last, seq: last.seq + 1, wallMs: T0 + 3 * 60_000 }]); // finishes the last minute
      for (const device of first.snapshot.devices) {
        const answer = spread.history({ device: device.uuid!, metrics: ['powerDrawWatts', 'energyConsumedJoules'], fromMs: T0, toMs: T0 + 3 * 60_000 - 1, points: 3 });
        expect(answer.tier).toBe('minute');
        const expected = [0, 1, 2].map((minute) => {
          const values = retimed
            .filter((sample) => Math.floor((sample.wallMs - T0) / 60_000) === minute)
            .map((sample) => sample.snapshot.devices.find((d) => d.uuid === device.uuid)!.powerDrawWatts!);
          if (values.length === 0) return { min: null, avg: null, max: null };
          return { min: Math.min(...values), avg: values.reduce((a, b) => a + b, 0) / values.length, max: Math.max(...values) };
        });
        answer.series[0]!.points.forEach((point, i) => {
          expect(point.min).toBe(expected[i]!.min);
          expect(point.max).toBe(expected[i]!.max);
          if (expected[i]!.avg === null) expect(point.avg).toBeNull();
          else expect(point.avg).toBeCloseTo(expected[i]!.avg!, 9);
        });
        const energy = retimed.map((sample) => sample.snapshot.devices.find((d) => d.uuid === device.uuid)!.energyConsumedJoules);
        expect(energy.every((v) => typeof v === 'number')).toBe(true);
        const total = answer.series[1]!.points.reduce((sum, p) => sum + (p.delta ?? 0), 0);
        expect(total).toBeCloseTo(energy.at(-1)! - energy[0]!, 6);
      }
      spread.close();
      const seen = store.processes({ fromMs: first.wallMs, toMs: last.wallMs });
      expect(seen.length).toBe(new Set(heard.flatMap((s) => s.snapshot.processes.map((p) => `${p.gpuUuid}/${p.pid}`))).size);
      expect(store.integrityCheck()).toBe('ok');
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
