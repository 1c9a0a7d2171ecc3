// NVML through koffi's async calls under one deadline per read (one-shot info), over the fake
// NVML: hung GPUs cost one deadline for the whole read, a healthy GPU next to a hung one is still
// read, a hung driver says so, and the process can end while calls are still in the driver.

import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Backend } from '../../core/backend.js';
import { checkReading } from '../../../test/contract/backend-contract.js';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../../test/fake-nvml/paths.js';
import { editedScenario } from '../../../test/fake-nvml/session.js';
import { createNvmlDeadlineDriver } from './deadline.js';
import { nativeCallsInFlight } from './in-flight.js';
import { openNvml } from './index.js';

const opened: Backend[] = [];
beforeAll(ensureFakeNvmlBuilt, 120_000);
afterEach(async () => {
  // Let hung calls come back first: nvmlShutdown only runs on a library nothing is inside.
  await until(() => nativeCallsInFlight() === 0);
  for (const backend of opened.splice(0)) await backend.close();
}, 20_000);

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 25));
}

async function open(file: string, readTimeoutMs = 3000): Promise<Backend> {
  const env = fakeNvmlEnv(file);
  Object.assign(process.env, env);
  delete process.env.FAKE_NVML_STEP;
  const result = await createNvmlDeadlineDriver({ env, platform: 'linux', readTimeoutMs }).open();
  if (!result.ok) throw new Error(`did not open: ${result.unavailable.detail}`);
  opened.push(result.backend);
  return result.backend;
}

/** Both GPUs of two-hung-gpus.json, their memory and utilisation calls hung for `ms`. */
const bothHung = (ms: number) =>
  editedScenario('two-hung-gpus', (scenario) => {
    for (const device of scenario.devices as Record<string, unknown>[]) device.hangMs = { nvmlDeviceGetMemoryInfo: ms, nvmlDeviceGetUtilizationRates: ms };
  });

describe('NVML under one deadline per read', () => {
  it('reads what the synchronous reader reads', async () => {
    const reading = await (await open(scenarioPath('8x-h100'))).read();
    checkReading(reading, 8);
    const env = fakeNvmlEnv(scenarioPath('8x-h100'));
    const inline = openNvml({ env, platform: 'linux' });
    if (!inline.ok) throw new Error('inline did not open');
    const expected = await inline.backend.read();
    await inline.backend.close();
    const identity = (r: typeof reading) => r.devices.map((d) => [d.uuid, d.name, d.memoryTotalBytes, d.pciBusId]);
    expect(identity(reading)).toEqual(identity(expected));
    expect(reading.processes.map((p) => p.pid)).toEqual(expected.processes.map((p) => p.pid));
    expect(reading.problems).toEqual([]);
  });

  it('primes at open so that the first read has its rates (one-shot info reads after its CPU window)', async () => {
    const backend = await open(scenarioPath('8x-h100'));
    await backend.prime?.();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const device = (await backend.read()).devices[5]!;
    expect(device.pcieRxBytesPerSecond).toBeGreaterThan(0);
    expect(device.powerDrawAverageWatts).toBeGreaterThan(0);
    expect(device.smActivePercent).toBeTypeOf('number');
    // Nothing missing but what an SXM H100 on Linux has not: fans and a driver model.
    expect(device.unavailable).toEqual({ fanSpeedPercent: 'not-supported', driverModel: 'not-supported' });
  });

  it('gives up on two hung GPUs together at one deadline, not one per GPU, and says who they are', async () => {
    const backend = await open(bothHung(1500), 200);
    const reading = await backend.read();
    // Answered while both GPUs were still inside the driver: the read waited for neither.
    expect(nativeCallsInFlight()).toBeGreaterThanOrEqual(2);
    checkReading(reading, 2);
    for (const device of reading.devices) {
      expect(device).toMatchObject({ state: 'error', name: 'NVIDIA A10', memoryUsedBytes: null });
      expect(device.uuid).toMatch(/^GPU-/);
      expect(device.unavailable.memoryUsedBytes).toBe('timeout');
    }
    expect(reading.problems.map((p) => [p.scope, p.code])).toEqual([['device:0', 'timeout'], ['device:1', 'timeout']]);
    expect(reading.problems[0]?.message).toContain('did not answer within 200 ms');

    // While they are still stuck, a read answers at once instead of queueing more calls behind them.
    const again = await backend.read();
    expect(again.problems[0]?.message).toContain('has not answered for');
    // Counted from when the hung calls began, so at least the 200 ms waited for them (not "0 s").
    expect(again.problems[0]).toMatchObject({ key: 'problems.deviceStuck', params: { seconds: expect.any(Number) } });
    expect(Number(again.problems[0]?.params?.seconds)).toBeGreaterThanOrEqual(0.2);
    expect(again.devices.map((d) => d.state)).toEqual(['error', 'error']);
  });

  it('a prompt prime grants no trust: after it, the hung calls of the read still go to the pool (one-shot info with its CPU window)', async () => {
    const backend = await open(bothHung(1500), 300);
    await backend.prime?.(); // the counters only: they answer at once
    // A hung call made on the main thread would stop this clock for its whole 1.5 s.
    let last = performance.now();
    let longestGapMs = 0;
    const clock = setInterval(() => {
      longestGapMs = Math.max(longestGapMs, performance.now() - last);
      last = performance.now();
    }, 20);
    const reading = await backend.read();
    clearInterval(clock);
    expect(longestGapMs).toBeLessThan(1000);
    // Answered at the deadline with both hung calls still on the pool.
    expect(nativeCallsInFlight()).toBeGreaterThanOrEqual(2);
    expect(reading.problems.map((p) => [p.scope, p.key])).toEqual([['device:0', 'problems.deviceTimeout'], ['device:1', 'problems.deviceTimeout']]);
  });

  it('still reads a healthy GPU next to a hung one', async () => {
    const backend = await open(scenarioPath('hung-gpu'), 300);
    const reading = await backend.read();
    checkReading(reading, 2);
    expect(reading.devices[0]).toMatchObject({ state: 'ok', name: 'NVIDIA A10' });
    expect(reading.devices[0]?.memoryUsedBytes).toBeGreaterThan(0);
    expect(reading.devices[1]?.unavailable.gpuUtilPercent).toBe('timeout');
    expect(reading.problems).toContainEqual(expect.objectContaining({ scope: 'device:1', code: 'timeout' }));
  });

  it('after giving up on a GPU once, reads it apart: the next readings do not wait for it', async () => {
    // GPU 1's memory and utilisation calls take 600 ms each, past a 300 ms deadline.
    const file = editedScenario('hung-gpu', (scenario) => {
      (scenario.devices as Record<string, unknown>[])[1]!.hangMs = { nvmlDeviceGetMemoryInfo: 600, nvmlDeviceGetMemoryInfo_v2: 600, nvmlDeviceGetUtilizationRates: 600 };
    });
    const backend = await open(file, 300);
    const first = await backend.read();
    expect(first.problems).toContainEqual(expect.objectContaining({ scope: 'device:1', key: 'problems.deviceTimeout' }));
    await until(() => nativeCallsInFlight() === 0);
    // Its call is back; with the others it would be waited for again until the deadline. Apart,
    // the reading answers while its new call is in the driver, and says how long it has been silent.
    for (let i = 0; i < 3; i++) {
      const reading = await backend.read();
      expect(nativeCallsInFlight()).toBeGreaterThanOrEqual(1);
      expect(reading.devices[0]).toMatchObject({ state: 'ok' });
      expect(reading.devices[0]?.memoryUsedBytes).toBeGreaterThan(0);
      expect(reading.devices[1]).toMatchObject({ state: 'error', name: 'NVIDIA A10' });
      expect(reading.problems).toEqual([expect.objectContaining({ scope: 'device:1', code: 'timeout', key: 'problems.deviceStuck' })]);
    }
  });

  it('reads a GPU that answers in seconds apart, and the readings take its newest answer', async () => {
    const backend = await open(scenarioPath('slow-gpu'));
    const first = await backend.read();
    expect(first.problems).toEqual([expect.objectContaining({ scope: 'device:1', code: 'slow', key: 'problems.slow' })]);
    // Answered at once, with GPU 1 as the last read found it, while its next read is in the driver.
    const second = await backend.read();
    expect(nativeCallsInFlight()).toBeGreaterThanOrEqual(1);
    expect(second.devices.map((d) => [d.state, d.gpuUtilPercent])).toEqual([['ok', first.devices[0]?.gpuUtilPercent], ['ok', first.devices[1]?.gpuUtilPercent]]);
    expect(second.problems).toEqual([expect.objectContaining({ scope: 'device:1', code: 'slow', key: 'problems.readApart', params: { index: 1, seconds: expect.any(Number) } })]);
    // Its figures say how old they are (its 1.5 s read began at least that long ago); GPU 0's are this read's.
    expect(second.devices[1]?.readingAgeMs).toBeGreaterThanOrEqual(1400);
    expect(second.devices[0]?.readingAgeMs).toBeUndefined();
    checkReading(second, 2);
  });

  it('a step of the wall clock does not make a GPU read apart look hung (every duration is monotonic)', async () => {
    const backend = await open(scenarioPath('slow-gpu'));
    await backend.read();
    await backend.read();
    // An NTP step or a VM's clock set an hour ahead while GPU 1's read apart is in the driver.
    const realNow = Date.now.bind(Date);
    const stepped = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 3_600_000);
    try {
      const reading = await backend.read();
      expect(reading.devices[1]).toMatchObject({ state: 'ok' });
      expect(reading.problems).toEqual([expect.objectContaining({ scope: 'device:1', code: 'slow', key: 'problems.readApart' })]);
    } finally {
      stepped.mockRestore();
    }
  });

  it('says the driver did not answer when nvmlDeviceGetCount hangs, with a timeout problem', async () => {
    const file = editedScenario('hung-driver', (scenario) => {
      (scenario.system as Record<string, unknown>).hangMs = { nvmlDeviceGetCount: 1500 };
    });
    const reading = await (await open(file, 200)).read();
    expect(reading.devices).toEqual([]);
    expect(reading.problems).toEqual([expect.objectContaining({ scope: 'devices', code: 'timeout' })]);
    expect(reading.problems[0]?.message).toContain('nvmlDeviceGetCount did not answer');
  });
});

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Runs a script in a child Node (with tsx, like the tests) and resolves with its exit. */
function runChild(script: string, env: Record<string, string>, onStdout?: (text: string, kill: () => void) => void) {
  const dir = mkdtempSync(path.join(tmpdir(), 'gpuwise-exit-'));
  const file = path.join(dir, 'child.mts');
  writeFileSync(file, script);
  return new Promise<{ code: number | null; stdout: string }>((resolve) => {
    let stdout = '';
    const child = execFile(process.execPath, ['--import', 'tsx', file], { env: { ...process.env, ...env }, cwd: path.resolve(HERE, '../../..') }, (error) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout });
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout, () => child.kill('SIGTERM'));
    });
  });
}

describe('ending the process while GPU calls hang (30 s here)', () => {
  const registry = JSON.stringify(path.resolve(HERE, '../registry.ts'));
  const driverModule = (isolated: boolean) => JSON.stringify(path.resolve(HERE, isolated ? 'isolated.ts' : 'deadline.ts'));
  const script = (isolated: boolean, readTimeoutMs: number) => `
    import { exitWithoutWaitingForDrivers, nativeCallsInFlight } from ${registry};
    import * as drivers from ${driverModule(isolated)};
    const create = drivers.createIsolatedNvmlDriver ?? drivers.createNvmlDeadlineDriver;
    process.once('SIGTERM', () => void exitWithoutWaitingForDrivers(143));
    const opened = await create({ platform: 'linux', readTimeoutMs: ${readTimeoutMs} }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = opened.backend.read();
    console.log('reading');
    const done = await reading;
    console.log(JSON.stringify({ problems: done.problems.map((p) => p.code), inFlight: nativeCallsInFlight() }));
    await opened.backend.close();
    await exitWithoutWaitingForDrivers(0);
  `;

  it('prints within the deadline and exits at once, though both GPUs are still in the driver', async () => {
    const env = fakeNvmlEnv(bothHung(30_000));
    const { code, stdout } = await runChild(script(false, 300), env);
    expect(code).toBe(0);
    const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { problems: string[]; inFlight: number };
    expect(result.problems).toEqual(['timeout', 'timeout']);
    expect(result.inFlight).toBeGreaterThanOrEqual(2);
  }, 20_000);

  for (const isolated of [false, true]) {
    it(`ends at once on SIGTERM in the middle of a hung read (${isolated ? 'worker thread' : 'async calls'})`, async () => {
      const env = fakeNvmlEnv(bothHung(30_000));
      const { code, stdout } = await runChild(script(isolated, 60_000), env, (text, kill) => {
        if (text.includes('reading')) kill();
      });
      expect(stdout).toContain('reading');
      expect(code).toBe(143);
    }, 20_000);
  }
});
