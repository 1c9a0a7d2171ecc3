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
