// NVML in a worker thread over the fake NVML: the same readings as inline, and a hung GPU that
// costs one deadline instead of freezing the caller.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../core/backend.js';
import { checkReading } from '../../../test/contract/backend-contract.js';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';
import { nativeCallsInFlight } from './in-flight.js';
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

  it('answers two reads at once with one read, and a third with a new one (two reads used to jam it for good)', async () => {
    const backend = await open('4gpu-server-load');
    const [first, second] = await Promise.all([backend.read(), backend.read()]);
    const third = await backend.read();
    for (const reading of [first, second, third]) {
      checkReading(reading, 4);
      expect(reading.problems.filter((p) => p.code === 'timeout')).toEqual([]);
    }
    expect(second).toBe(first);
    expect(third).not.toBe(first);
    await backend.close();
  });

  it('primes in the worker: the first read then has its rates, and carries sub-second samples when asked', async () => {
    const env = fakeNvmlEnv(scenarioPath('8x-h100'));
    Object.assign(process.env, env);
    const result = await createIsolatedNvmlDriver({ env, platform: 'linux', subSecondSamples: true }).open();
    if (!result.ok) throw new Error(result.unavailable.detail);
    opened.push(result.backend);
    await result.backend.prime?.();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const reading = await result.backend.read();
    expect(reading.devices[0]?.pcieTxBytesPerSecond).toBeTypeOf('number');
    expect(reading.devices[0]?.unavailable.pcieTxBytesPerSecond).toBeUndefined();
    expect(reading.samples?.some((series) => series.metric === 'powerDrawWatts' && series.values.length > 0)).toBe(true);
    await result.backend.close();
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
    // With a message key, so that a reader sees it in their language (not this English).
    expect(hung.problems[0]).toMatchObject({ key: 'problems.deviceTimeout', params: { ms: 300 } });

    // While the worker is still inside the driver, a read does not queue behind it: it answers
    // from what it knows, saying how long NVML has been silent.
    const stillHung = await backend.read();
    expect(stillHung.problems[0]).toMatchObject({ code: 'timeout', message: expect.stringContaining('has not answered for') });
    // Since the read that did not come back began: at least its 300 ms, in tenths (not "0 s").
    const silentSeconds = Number(/has not answered for (\d+(?:\.\d)?) s/.exec(stillHung.problems[0]?.message ?? '')?.[1]);
    expect(silentSeconds).toBeGreaterThanOrEqual(0.3);
    expect(stillHung.problems[0]).toMatchObject({ key: 'problems.deviceStuck', params: { seconds: silentSeconds } });
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

  // Last: the worker it leaves inside the driver never shuts the fake down.
  it('closes at once while a read is stuck in the driver, answering that read', async () => {
    const backend = await open('hung-gpu', 10_000);
    const reading = backend.read();
    // GPU 1's calls hang for 2 s each: close well before they return.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await backend.close();
    // Closed while the worker was still inside the driver (Node's exit would wait for it).
    expect(nativeCallsInFlight()).toBeGreaterThan(0);
    const answered = await reading;
    expect(answered.problems).toContainEqual(expect.objectContaining({ code: 'closed', key: 'problems.closedDuringRead' }));
    await expect(backend.read()).rejects.toThrow(/closed/);
  }, 30_000);

});

describe('the worker\'s Node flags', () => {
  it('drops --input-type (which breaks the worker\'s bootstrap) and keeps V8 flags', async () => {
    const { workerExecArgv } = await import('./isolated.js');
    expect(workerExecArgv(['--input-type=module', '--max-semi-space-size=1'])).toEqual(['--max-semi-space-size=1']);
    expect(workerExecArgv(['--input-type', 'module', '--expose-gc'])).toEqual(['--expose-gc']);
    expect(workerExecArgv([])).toEqual([]);
  });
});
