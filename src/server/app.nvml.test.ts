// The app over a real sampler reading the fake NVML (the FFI path `serve` uses) and the real
// SQLite store: what the API answers for an 8-GPU box, a GPU that falls off the bus, and a
// machine where NVML finds no GPU.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../test/fake-nvml/paths.js';
import { createSampler, type Sample, type Sampler } from '../monitor/sampler.js';
import { openHistoryStore } from '../store/sqlite-store.js';
import type { HistoryStore } from '../store/types.js';
import { createServerApp, type ServerApp } from './app.js';

beforeAll(ensureFakeNvmlBuilt, 120_000);

let sampler: Sampler | null = null;
let store: HistoryStore | null = null;
afterEach(async () => {
  await sampler?.stop();
  store?.close();
  sampler = null;
  store = null;
});

async function serverOn(scenario: string): Promise<{ app: ServerApp; sampler: Sampler; store: HistoryStore }> {
  const env = fakeNvmlEnv(scenarioPath(scenario));
  // The fake reads its scenario with getenv(): the process environment.
  Object.assign(process.env, env);
  delete process.env.FAKE_NVML_STEP;
  sampler = await createSampler({
    intervalMs: 50,
    historyRows: 32,
    sessionOptions: { backend: 'nvml', env, platform: 'linux', hostOptions: { firstSampleWindowMs: 0 } },
  });
  store = openHistoryStore({ path: join(mkdtempSync(join(tmpdir(), 'gpuwise-serve-')), 'history.db') });
  const recording = store;
  sampler.subscribe((sample) => recording.append([sample]));
  const app = createServerApp({ sampler, store, auth: { token: null, metricsOpen: false }, allowedHosts: null, version: 'test' });
  return { app, sampler, store };
}

function samples(s: Sampler, count: number): Promise<Sample> {
  return new Promise((resolve) => {
    let seen = 0;
    const off = s.subscribe((sample) => {
      if (++seen === count) {
        off();
        resolve(sample);
      }
    });
  });
}

async function body<T>(app: ServerApp, path: string): Promise<T> {
  const response = await app.request(path);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

describe('serve over the fake NVML', () => {
  it('8x-h100: devices, snapshot, history from SQLite, processes, health and ≥2 streamed samples', async () => {
    const { app, sampler: s } = await serverOn('8x-h100');
    await samples(s, 4);
    const devices = await body<{ devices: { key: string; index: number; live: boolean; firstSeenMs: number | null }[] }>(app, '/api/v1/devices');
    expect(devices.devices).toHaveLength(8);
    expect(devices.devices.every((d) => d.key.startsWith('GPU-') && d.live && d.firstSeenMs !== null)).toBe(true);

    const snapshot = await body<{ seq: number; snapshot: { backend: string; devices: { memoryUsedBytes: number }[] } }>(app, '/api/v1/snapshot');
    expect(snapshot.snapshot.backend).toBe('nvml');
    expect(snapshot.snapshot.devices.every((d) => d.memoryUsedBytes > 0)).toBe(true);

    const history = await body<{ device: string; tier: string; series: { metric: string; points: { avg: number | null }[] }[] }>(
      app, '/api/v1/history?device=3&metric=memoryUsedBytes,temperatureCelsius&from=-10m&points=500',
    );
    expect(history.device).toBe(devices.devices.find((d) => d.index === 3)!.key);
    expect(history.tier).toBe('raw');
    expect(history.series.map((series) => series.metric)).toEqual(['memoryUsedBytes', 'temperatureCelsius']);
    // Buckets before the first sample are there with null (never 0); those with samples carry the memory in use.
    const filled = history.series[0]!.points.filter((p) => p.avg !== null);
    expect(filled.length).toBeGreaterThanOrEqual(1);
    expect(filled.every((p) => p.avg! > 2 ** 20)).toBe(true);

    const processes = await body<{ processes: { pid: number; deviceKey: string | null }[] }>(app, '/api/v1/processes');
    const seen = await body<{ processes: { pid: number }[] }>(app, '/api/v1/processes?from=-10m');
    expect(new Set(seen.processes.map((p) => p.pid))).toEqual(new Set(processes.processes.map((p) => p.pid)));
    expect(processes.processes.every((p) => p.deviceKey?.startsWith('GPU-'))).toBe(true);

    const health = await body<{ status: string; backend: string; gpus: number; store: { stats: { rows: { raw: number } } } }>(app, '/api/v1/health');
    expect(health).toMatchObject({ status: 'ok', backend: 'nvml', gpus: 8 });
    expect(health.store.stats.rows.raw).toBeGreaterThan(0);

    const stream = await app.request('/api/v1/stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while ((text.match(/^event: sample$/gm) ?? []).length < 3) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    const seqs = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(seqs.length).toBeGreaterThanOrEqual(3);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
  }, 30_000);

  it('a GPU that falls off the bus is shown lost, and stays listed', async () => {
    const { app, sampler: s } = await serverOn('gpu-falls-off-bus');
    // The scenario loses GPU 1 one second in.
    await new Promise<void>((resolve) => {
      const off = s.subscribe((sample) => {
        if (sample.snapshot.devices.some((d) => d.state === 'lost')) {
          off();
          resolve();
        }
      });
    });
    const devices = await body<{ devices: { index: number; state: string | null }[] }>(app, '/api/v1/devices');
    expect(devices.devices.map((d) => d.index).sort()).toEqual([0, 1]);
    expect(devices.devices.find((d) => d.index === 0)!.state).toBe('ok');
    expect(devices.devices.find((d) => d.index === 1)!.state).toBe('lost');
  }, 30_000);

  for (const scenario of ['driver-not-loaded', 'no-gpus']) {
    it(`${scenario}: the server answers, and says no GPU was found and what the backend chain tried`, async () => {
      const { app, sampler: s } = await serverOn(scenario);
      await s.first();
      const snapshot = await body<{ snapshot: { devices: unknown[] }; noGpu: { key: string; message: string; backendAttempts: { backend: string; ok: boolean; code: string | null }[] } }>(app, '/api/v1/snapshot?lang=zh-CN');
      expect(snapshot.snapshot.devices).toEqual([]);
      expect(snapshot.noGpu.key).toBe('serve.api.noGpu');
      expect(snapshot.noGpu.message).toMatch(/^未找到 GPU。已尝试的后端：nvml: /);
      expect(snapshot.noGpu.backendAttempts[0]!.backend).toBe('nvml');
      const health = await body<{ status: string; gpus: number }>(app, '/api/v1/health');
      expect(health).toMatchObject({ status: 'ok', gpus: 0 });
      const history = await app.request('/api/v1/history?device=0&metric=gpuUtilPercent');
      expect(history.status).toBe(400);
      expect(((await history.json()) as { error: { key: string } }).error.key).toBe('serve.api.badDevice');
    }, 30_000);
  }

  // Last: the fake's hung call keeps running after the test, and would hold up a later one.
  it('hung-driver: the answer says the driver did not answer, not that there is no GPU', async () => {
    const { app, sampler: s } = await serverOn('hung-driver');
    await s.first();
    const answer = await body<{ noGpu: { key: string; message: string; problems: { code: string }[] } }>(app, '/api/v1/snapshot?lang=en');
    expect(answer.noGpu.key).toBe('serve.api.noDevicesRead');
    expect(answer.noGpu.message).toMatch(/^The nvml backend opened but could not read the GPUs: timed out \(.*the driver may be hung\)\.$/);
    expect(answer.noGpu.problems.map((p) => p.code)).toContain('timeout');
    const zh = await body<{ noGpu: { message: string } }>(app, '/api/v1/devices?lang=zh-CN');
    expect(zh.noGpu.message).toMatch(/^nvml 后端已打开，但读不到 GPU：超时（.*驱动可能已挂起）。$/);
    // The problem's text from its key, not its English message.
    expect(zh.noGpu.message).not.toMatch(/answer|driver|hung/);
  }, 30_000);
});
