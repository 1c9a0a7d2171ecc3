// The sampler over the real FFI path: the fake NVML in a worker thread, as `top` and `serve` use it.

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../test/fake-nvml/paths.js';
import { createSampler, type Sampler } from './sampler.js';

beforeAll(ensureFakeNvmlBuilt, 120_000);

let sampler: Sampler | null = null;
afterEach(async () => {
  await sampler?.stop();
  sampler = null;
});

async function samplerOn(scenario: string, intervalMs: number, processDetailsMaxAgeMs?: number): Promise<Sampler> {
  const env = fakeNvmlEnv(scenarioPath(scenario));
  // The fake reads its scenario with getenv(): the process environment, not the worker's copy.
  Object.assign(process.env, env);
  delete process.env.FAKE_NVML_STEP;
  sampler = await createSampler({
    intervalMs,
    historyRows: 32,
    ...(processDetailsMaxAgeMs === undefined ? {} : { processDetailsMaxAgeMs }),
    sessionOptions: { backend: 'nvml', env, platform: 'linux', hostOptions: { firstSampleWindowMs: 0 } },
  });
  return sampler;
}

function samples(s: Sampler, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const off = s.subscribe(() => {
      if (++seen === count) {
        off();
        resolve();
      }
    });
  });
}

describe('sampler over the fake NVML in a worker', () => {
  it('keeps a history row per GPU per tick, keyed by the GPUs\' UUIDs', async () => {
    const s = await samplerOn('8x-h100', 50);
    const first = await s.first();
    expect(first.snapshot.backend).toBe('nvml');
    expect(first.snapshot.devices).toHaveLength(8);
    await samples(s, 4);
    const window = s.window(3600);
    expect(window.devices).toHaveLength(8);
    expect(window.devices.map((d) => d.key)).toEqual(first.snapshot.devices.map((d) => d.uuid));
    for (const device of window.devices) {
      expect(device.timesMs.length).toBeGreaterThanOrEqual(5);
      expect(device.columns.memoryUsedBytes!.every((v) => typeof v === 'number' && v > 0)).toBe(true);
    }
  });

  it('a refresh during the interval joins the in-flight read instead of jamming the worker', async () => {
    const s = await samplerOn('4gpu-server-load', 50);
    await s.first();
    const all = await Promise.all([s.refresh(), s.refresh(), s.refresh()]);
    expect(new Set(all.map((x) => x.seq)).size).toBe(1);
    const later = await s.refresh();
    expect(later.seq).toBeGreaterThan(all[0]!.seq);
    expect(later.snapshot.problems.filter((p) => p.code === 'timeout')).toEqual([]);
    expect(later.snapshot.devices.every((d) => d.state === 'ok')).toBe(true);
  });

  it('stops at once even while a GPU hangs in the driver', async () => {
    const s = await samplerOn('hung-gpu', 50);
    const pending = s.refresh();
    const rejected = expect(pending).rejects.toMatchObject({ name: 'SamplerStoppedError', when: 'duringRead' });
    const started = performance.now();
    await s.stop();
    sampler = null;
    expect(performance.now() - started).toBeLessThan(3000);
    // Not a reading that says the driver did not answer: the close cut the read short.
    await rejected;
  });
});

describe('a GPU that hangs for good', () => {
  it('is shown as not answering while the healthy GPU keeps updating, tick after tick', async () => {
    const { editedScenario } = await import('../../test/fake-nvml/session.js');
    const path = editedScenario('hung-gpu', (scenario) => {
      const devices = scenario.devices as Record<string, unknown>[];
      devices[1]!.hangMs = { nvmlDeviceGetMemoryInfo: 30_000, nvmlDeviceGetMemoryInfo_v2: 30_000, nvmlDeviceGetUtilizationRates: 30_000 };
    });
    const env = fakeNvmlEnv(path);
    Object.assign(process.env, env);
    delete process.env.FAKE_NVML_STEP;
    sampler = await createSampler({
      intervalMs: 100,
      sessionOptions: { backend: 'nvml', env, platform: 'linux', nvmlReadTimeoutMs: 300, hostOptions: { firstSampleWindowMs: 0 } },
    });
    const states: string[] = [];
    await new Promise<void>((resolve) => {
      const off = sampler!.subscribe((sample) => {
        const [healthy, hung] = sample.snapshot.devices;
        states.push(`${healthy?.state}:${healthy?.memoryUsedBytes !== null}|${hung?.state}:${hung?.unavailable.memoryUsedBytes}`);
        if (states.length === 4) {
          off();
          resolve();
        }
      });
    });
    expect(states).toEqual(Array(4).fill('ok:true|error:timeout'));
  }, 30_000);
});

describe('the processes\' host details between full reads', () => {
  it('are reused for 5 s by default, and each snapshot says when they were read', async () => {
    const s = await samplerOn('8x-h100', 50);
    const first = await s.first();
    expect(first.snapshot.processes.length).toBeGreaterThan(0);
    await samples(s, 3);
    const later = s.latest()!.snapshot;
    expect(later.processDetailsAt).toBeDefined();
    // Read at or before this snapshot, within the 5 s.
    const ageMs = Date.parse(later.at) - Date.parse(later.processDetailsAt!);
    expect(ageMs).toBeGreaterThan(0);
    expect(ageMs).toBeLessThan(5000);
    expect(later.processes.map((p) => [p.pid, p.hostResolution])).toEqual(first.snapshot.processes.map((p) => [p.pid, p.hostResolution]));
  });

  it('are read on every tick with processDetailsMaxAgeMs 0 (as top asks)', async () => {
    const s = await samplerOn('8x-h100', 50, 0);
    await s.first();
    await samples(s, 3);
    expect(s.latest()!.snapshot.processDetailsAt).toBeUndefined();
  });
});

describe('a GPU whose process list takes milliseconds a call (a desktop\'s graphics clients)', () => {
  it('is read every 5 s, and each snapshot says how old the carried entries are', async () => {
    // rtx4090-desktop-costs: the graphics list costs 4.5 ms, the compute list 100 µs.
    const s = await samplerOn('rtx4090-desktop-costs', 20);
    await s.first();
    await samples(s, 4);
    const processes = s.latest()!.snapshot.processes;
    const graphics = processes.filter((p) => p.type === 'graphics');
    expect(graphics.length).toBeGreaterThan(0);
    for (const p of graphics) {
      expect(p.listedAgeMs, `${p.pid}`).toBeGreaterThan(0);
      expect(p.listedAgeMs!, `${p.pid}`).toBeLessThan(5000);
    }
    // The training job is in the quick compute list: read for this snapshot, no age.
    const compute = processes.filter((p) => p.type === 'compute');
    expect(compute.length).toBeGreaterThan(0);
    for (const p of compute) expect(p.listedAgeMs, `${p.pid}`).toBeUndefined();
  });
});
