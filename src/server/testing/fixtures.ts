// Snapshots and an app over the fake sampler and the memory store, for the server's tests.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { device, gpuProcess, snapshot } from '../../cli/render/__fixtures__/snapshot.js';
import type { Snapshot } from '../../core/snapshot.js';
import { openHistoryStore } from '../../store/sqlite-store.js';
import type { HistoryStore } from '../../store/types.js';
import { createServerApp, type ServerApp } from '../app.js';
import type { ServerAppOptions } from '../options.js';
import { createFakeSampler, type FakeSampler } from './fake-sampler.js';
import { createMemoryStore, type MemoryStore } from './memory-store.js';

export const T0 = Date.parse('2026-12-01T12:00:00.000Z');

/** Two GPUs and one process with a hostile command line, at T0 + i seconds. */
export function twoGpus(i: number, util = 10 + i): Snapshot {
  return snapshot(
    [
      device({ index: 0, name: 'NVIDIA H100 80GB HBM3', uuid: 'GPU-aaaa', pciBusId: '00000000:17:00.0', gpuUtilPercent: util, memoryTotalBytes: 2 ** 36, memoryUsedBytes: 2 ** 34, temperatureCelsius: 50 }),
      device({ index: 1, name: 'NVIDIA H100 80GB HBM3', uuid: 'GPU-bbbb', pciBusId: '00000000:2A:00.0', gpuUtilPercent: 100 - util, memoryTotalBytes: 2 ** 36, memoryUsedBytes: 2 ** 30, temperatureCelsius: 60 }),
    ],
    {
      at: new Date(T0 + i * 1000).toISOString(),
      processes: [gpuProcess({ pid: 4242, gpuIndex: 0, gpuUuid: 'GPU-aaaa', name: 'python3', command: 'python3 train.py \u202e\u001b[2J' })],
    },
  );
}

export function noGpuSnapshot(): Snapshot {
  return snapshot([], {
    at: new Date(T0).toISOString(), backend: null, capabilities: null,
    backendAttempts: [
      { backend: 'nvml', ok: false, code: 'library-not-found', detail: 'libnvidia-ml.so.1: cannot open shared object file' },
      { backend: 'nvidia-smi', ok: false, code: 'library-not-found', detail: 'nvidia-smi not on PATH' },
    ],
  });
}

export interface TestServer<Store extends HistoryStore = HistoryStore> {
  app: ServerApp;
  sampler: FakeSampler;
  store: Store;
  nowMs: { value: number };
}

/**
 * The real SQLite store in a fresh folder (A's openHistoryStore). Its clock (retention, pruning)
 * is the tests' own, beside T0: on the real clock, samples from T0 are pruned once T0 is a day
 * old, and the tests would pass only on the day they were written.
 */
export function sqliteStore(now: () => number = () => T0 + 3000): HistoryStore {
  return openHistoryStore({ path: join(mkdtempSync(join(tmpdir(), 'gpuwise-serve-test-')), 'history.db'), now });
}

/** An app over the fake sampler with `samples` samples pushed and stored (SQLite unless a store is given). */
export function testServer<Store extends HistoryStore = HistoryStore>(overrides: Partial<ServerAppOptions> = {}, samples = 3, given?: Store): TestServer<Store> {
  const sampler = createFakeSampler();
  const nowMs = { value: T0 + samples * 1000 };
  const store = given ?? (sqliteStore(() => nowMs.value) as Store);
  for (let i = 0; i < samples; i++) store.append([sampler.push(twoGpus(i))]);
  const app = createServerApp({
    sampler, store, auth: { token: null, metricsOpen: false }, allowedHosts: null, version: '0.1.0-test',
    now: () => nowMs.value, metrics: () => '# HELP up\nup 1\n', ...overrides,
  });
  return { app, sampler, store, nowMs };
}

export function memoryServer(overrides: Partial<ServerAppOptions> = {}): TestServer<MemoryStore> {
  return testServer(overrides, 3, createMemoryStore());
}

export async function json(response: Response): Promise<Record<string, unknown> & { error?: { key: string; message: string; details?: Record<string, unknown> } }> {
  return (await response.json()) as never;
}
