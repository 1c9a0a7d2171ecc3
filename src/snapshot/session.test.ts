// The session over the fake NVML through the real FFI path: what one-shot `info` gets.

import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFakeNvmlBuilt, fakeNvmlEnv, scenarioPath } from '../../test/fake-nvml/paths.js';
import { openSession } from './session.js';

beforeAll(ensureFakeNvmlBuilt, 120_000);

async function firstSnapshot(firstSampleWindowMs: number) {
  const env = fakeNvmlEnv(scenarioPath('8x-h100'));
  Object.assign(process.env, env); // the fake reads its scenario with getenv()
  delete process.env.FAKE_NVML_STEP;
  const session = await openSession({ backend: 'nvml', env, platform: 'linux', hostOptions: { firstSampleWindowMs } });
  try {
    return await session.take();
  } finally {
    await session.close();
  }
}

describe('the first snapshot of a session', () => {
  it('with a CPU window, has its rates over that window: PCIe, NVLink, average power, throttle time, GPM', async () => {
    const snapshot = await firstSnapshot(100);
    expect(snapshot.devices).toHaveLength(8);
    for (const device of snapshot.devices) {
      expect(device.pcieRxBytesPerSecond, 'pcie rx').not.toBeNull();
      expect(device.nvlinkTxBytesPerSecond, 'nvlink tx').not.toBeNull();
      expect(device.powerDrawAverageWatts, 'average power').toBeGreaterThan(0);
      expect(device.throttleTimePercent, 'throttle').not.toBeNull();
      expect(device.smActivePercent, 'GPM').not.toBeNull();
      expect(Object.values(device.unavailable)).not.toContain('first-sample');
    }
    expect(snapshot.host.cpuUtilPercent).not.toBeNull();
  });

  it('without a window (scripts asking for JSON at once), says the rates need a second reading', async () => {
    const snapshot = await firstSnapshot(0);
    const device = snapshot.devices[0]!;
    expect(device.pcieRxBytesPerSecond).toBeNull();
    expect(device.unavailable.pcieRxBytesPerSecond).toBe('first-sample');
    expect(device.unavailable.smActivePercent).toBe('first-sample');
    expect(device.memoryUsedBytes).toBeGreaterThan(0);
  });
});

describe('NVML sentinels through the real FFI path', () => {
  it('a utilisation of 0xFFFFFFFF is missing (out-of-range), never a clamped 100 %', async () => {
    const { editedScenario } = await import('../../test/fake-nvml/session.js');
    const path = editedScenario('4gpu-server-load', (scenario) => {
      const frames = scenario.timeline as { devices: Record<string, unknown>[] }[];
      for (const frame of frames) {
        Object.assign(frame.devices[0]!, { gpuUtilPercent: 4294967295, temperatureCelsius: 4294967295 });
        const processes = frame.devices[0]!.processes as Record<string, unknown>[];
        Object.assign(processes[0]!, { smUtilPercent: 4294967295 });
      }
    });
    const env = fakeNvmlEnv(path);
    Object.assign(process.env, env);
    delete process.env.FAKE_NVML_STEP;
    const session = await openSession({ backend: 'nvml', env, platform: 'linux', hostOptions: { firstSampleWindowMs: 0 } });
    try {
      const snapshot = await session.take();
      const d = snapshot.devices[0]!;
      expect(d.gpuUtilPercent).toBeNull();
      expect(d.unavailable.gpuUtilPercent).toBe('out-of-range');
      expect(d.temperatureCelsius).toBeNull();
      expect(d.unavailable.temperatureCelsius).toBe('out-of-range');
      expect(snapshot.devices[1]!.gpuUtilPercent).toBe(11);
      expect(snapshot.problems.some((p) => p.code === 'out-of-range' && p.message.includes('4294967295'))).toBe(true);
      const p = snapshot.processes.find((x) => x.pid === 48211)!;
      if (p.smUtilPercent !== null) throw new Error(`process SM util shown as ${p.smUtilPercent}`);
    } finally {
      await session.close();
    }
  });
});
