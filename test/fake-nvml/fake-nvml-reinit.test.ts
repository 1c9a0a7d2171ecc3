// The fake NVML across sessions in one test process: a session that ends without its
// nvmlShutdown (gpuwise closing a worker whose read is still in the driver) must not leave the
// fake playing its scenario for the next session — an nvmlInit always plays the scenario the
// environment names — while the init count, concurrent callers and a call asleep in a hang
// still behave as before.

import { copyFileSync, readFileSync } from 'node:fs';

import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { createIsolatedNvmlDriver } from '../../src/backends/nvml/isolated.js';
import { code, loadNvml } from './nvml-binding.js';
import { ensureFakeNvmlBuilt, FAKE_NVML_LIBRARY, fakeNvmlEnv, scenarioPath } from './paths.js';
import { deviceCount, deviceHandle, editedScenario, readString } from './session.js';

beforeAll(ensureFakeNvmlBuilt, 180_000);

const nvml = () => loadNvml(FAKE_NVML_LIBRARY);
const init = () => Number(nvml().fn('nvmlInit_v2')());
const shutdown = () => Number(nvml().fn('nvmlShutdown')());
const name = (index: number) => readString(nvml(), 'nvmlDeviceGetName', [deviceHandle(nvml(), index)]).value;

const uuidsOf = (scenario: string) => (JSON.parse(readFileSync(scenarioPath(scenario), 'utf8')) as { devices: { uuid: string }[] }).devices.map((d) => d.uuid);

function select(path: string): void {
  process.env.FAKE_NVML_SCENARIO = path;
  delete process.env.FAKE_NVML_STEP;
}

// Whatever a test leaves initialised is shut down, so the next one starts from zero.
afterEach(() => {
  while (shutdown() === code('SUCCESS')) {
    /* NVML counts its inits */
  }
});

describe('fake NVML: a new session plays the scenario its environment names', () => {
  it('after a worker closed mid-read (no nvmlShutdown), the next session reads its own scenario, not the previous one', async () => {
    // The library stays loaded in this thread (as in any test process that bound it), so the
    // fake's state outlives the worker. slow-gpu: 2 A10s, GPU 1's utilisation call takes 1.5 s —
    // the read is in the driver when the session closes.
    nvml();
    const slow = fakeNvmlEnv(scenarioPath('slow-gpu'));
    Object.assign(process.env, slow);
    delete process.env.FAKE_NVML_STEP;
    const first = await createIsolatedNvmlDriver({ env: slow, platform: 'linux', readTimeoutMs: 5000 }).open();
    if (!first.ok) throw new Error(first.unavailable.detail);
    const reading = first.backend.read();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await first.backend.close();
    await reading;

    const next = fakeNvmlEnv(scenarioPath('4gpu-server-load'));
    Object.assign(process.env, next);
    const second = await createIsolatedNvmlDriver({ env: next, platform: 'linux', readTimeoutMs: 5000 }).open();
    if (!second.ok) throw new Error(second.unavailable.detail);
    try {
      const devices = (await second.backend.read()).devices;
      expect(devices.map((d) => d.uuid)).toEqual(uuidsOf('4gpu-server-load'));
    } finally {
      await second.backend.close();
    }
  }, 20_000);

  it('an init naming another scenario loads it while an earlier init was never shut down; the count goes on', () => {
    select(scenarioPath('slow-gpu'));
    expect(init()).toBe(code('SUCCESS'));
    expect(deviceCount(nvml())).toBe(2);
    select(scenarioPath('8x-h100'));
    expect(init()).toBe(code('SUCCESS'));
    expect(deviceCount(nvml())).toBe(8);
    expect(name(0)).toContain('H100');
    // Two inits, two shutdowns; a third is one too many.
    expect(shutdown()).toBe(code('SUCCESS'));
    expect(deviceCount(nvml())).toBe(8);
    expect(shutdown()).toBe(code('SUCCESS'));
    expect(shutdown()).toBe(code('ERROR_UNINITIALIZED'));
  });

  it('the same scenario named again joins the session playing; the same file rewritten, or step mode asked, is loaded afresh', () => {
    const path = editedScenario('slow-gpu', () => {});
    select(path);
    expect(init()).toBe(code('SUCCESS'));
    expect(init()).toBe(code('SUCCESS'));
    expect(deviceCount(nvml())).toBe(2);
    // Rewritten in place (another content, so another size): the next init reads it.
    const rewritten = editedScenario('slow-gpu', (s) => {
      (s.devices as { name: string }[])[0]!.name = 'NVIDIA A10 (rewritten)';
    });
    copyFileSync(rewritten, path);
    expect(init()).toBe(code('SUCCESS'));
    expect(name(0)).toBe('NVIDIA A10 (rewritten)');
    process.env.FAKE_NVML_STEP = '1';
    expect(init()).toBe(code('SUCCESS'));
    expect(name(0)).toBe('NVIDIA A10 (rewritten)');
  });

  it('a scenario that cannot load fails its init and leaves the one playing to its holders', () => {
    select(scenarioPath('8x-h100'));
    expect(init()).toBe(code('SUCCESS'));
    select(scenarioPath('driver-not-loaded'));
    expect(init()).toBe(code('ERROR_DRIVER_NOT_LOADED'));
    expect(deviceCount(nvml())).toBe(8);
    expect(shutdown()).toBe(code('SUCCESS'));
    expect(shutdown()).toBe(code('ERROR_UNINITIALIZED'));
  });

  it('a call asleep in a hang while another scenario loads answers from the new one, without a crash', async () => {
    select(scenarioPath('slow-gpu'));
    expect(init()).toBe(code('SUCCESS'));
    const handle = deviceHandle(nvml(), 1);
    const out = Buffer.alloc(8);
    const answer = new Promise<number>((resolve, reject) => {
      nvml().fn('nvmlDeviceGetUtilizationRates').async(handle, out, (error: unknown, rc: number) => (error ? reject(error) : resolve(rc)));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    select(scenarioPath('4gpu-server-load'));
    expect(init()).toBe(code('SUCCESS'));
    expect(deviceCount(nvml())).toBe(4);
    // GPU 1 exists in the new scenario too: the call wakes, re-resolves its handle and answers
    // with the new scenario's figure (11 %), not slow-gpu's (100 %).
    expect(await answer).toBe(code('SUCCESS'));
    expect(out.readUInt32LE(0)).toBe(11);
  }, 10_000);
});
