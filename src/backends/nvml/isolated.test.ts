// NVML in a worker thread over the fake NVML: the same readings as inline, and a hung GPU that
// costs one deadline instead of freezing the caller.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../core/backend.js';
import { checkReading } from '../../../test/contract/backend-contract.js';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';
import { createIsolatedNvmlDriver } from './isolated.js';

const opened: Backend[] = [];
beforeAll(ensureFakeNvmlBuilt, 120_000);
afterAll(async () => {
  for (const backend of opened) await backend.close();
});

async function open(scenario: string, readTimeoutMs = 5000): Promise<Backend> {
  const env = fakeNvmlEnv(scenarioPath(scenario));
  Object.assign(process.env, env);
  delete process.env.FAKE_NVML_STEP;
  const result = await createIsolatedNvmlDriver({ env, platform: 'linux', readTimeoutMs }).open();
  if (!result.ok) throw new Error(`did not open: ${result.unavailable.detail}`);
  opened.push(result.backend);
  return result.backend;
}

describe('NVML in a worker thread', () => {
  // First: a worker abandoned inside a hang (below) never shuts the fake down, so the fake would
  // not re-read its scenario for tests after it.
  it('reports a driver that cannot start, like the inline backend', async () => {
    const env = fakeNvmlEnv(scenarioPath('driver-not-loaded'));
    Object.assign(process.env, env);
    const result = await createIsolatedNvmlDriver({ env, platform: 'linux' }).open();
    expect(result).toMatchObject({ ok: false, unavailable: { code: 'driver-not-loaded' } });
  });

  it('reads what the inline backend reads', async () => {
    const backend = await open('8x-h100');
    const reading = await backend.read();
    checkReading(reading, 8);
    expect(reading.processes).toHaveLength(8);
    await backend.close();
  });

  it('gives up on a hung GPU at the deadline, keeps the GPUs read before it, and reads again once it answers', async () => {
    const backend = await open('hung-gpu', 300);
    const hung = await backend.read();
    checkReading(hung, 2);
    expect(hung.devices[0]).toMatchObject({ state: 'ok', name: 'NVIDIA A10' });
    expect(hung.devices[0]?.memoryUsedBytes).toBeGreaterThan(0);
    expect(hung.devices[1]).toMatchObject({ state: 'error', memoryUsedBytes: null });
    expect(hung.devices[1]?.unavailable.memoryUsedBytes).toBe('timeout');
    expect(hung.problems).toContainEqual(expect.objectContaining({ scope: 'device:1', code: 'timeout' }));
    expect(hung.problems[0]?.message).toContain('did not answer within 300 ms');

    // While the worker is still inside the driver, a read does not queue behind it: it answers
    // from what it knows, saying how long NVML has been silent.
    const stillHung = await backend.read();
    expect(stillHung.problems[0]).toMatchObject({ code: 'timeout', message: expect.stringContaining('has not answered for') });
    // No fresh data for either GPU: GPU 0 keeps its identity as last seen, GPU 1 has never
    // finished a read, so not even its name is known.
    expect(stillHung.devices.map((d) => [d.name, d.state])).toEqual([['NVIDIA A10', 'error'], [null, 'error']]);
    expect(stillHung.devices[0]?.unavailable.gpuUtilPercent).toBe('timeout');
    // Once the hung calls return (2 × 2 s here), the worker takes new reads again: GPU 0 fresh,
    // GPU 1 — still slow on every call in this scenario — again cut off at the deadline.
    await new Promise((resolve) => setTimeout(resolve, 4500));
    const next = await backend.read();
    expect(next.devices[0]?.state).toBe('ok');
    expect(next.problems).toContainEqual(expect.objectContaining({ scope: 'device:1', code: 'timeout' }));
    expect(next.problems[0]?.message).toContain('within 300 ms');
  }, 30_000);

});
