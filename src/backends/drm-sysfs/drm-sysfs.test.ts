import { afterEach, describe, expect, it } from 'vitest';
import { materializeSysfsFixture, type MaterializedTree } from '../../../test/fixtures/sysfs/materialize.js';
import { createFuzzer } from '../../../test/helpers/fuzz.js';
import type { SysfsFs } from '../pci/sysfs.js';
import { createDrmSysfsDriver } from './index.js';
import { cardToDevice, DEVICE_ATTRIBUTES, HWMON_ATTRIBUTES, parseDpmLevels } from './sysfs-card.js';

let tree: MaterializedTree | null = null;
afterEach(async () => {
  await tree?.remove();
  tree = null;
});

const noProcesses = { readdir: () => [], readlink: () => '', readText: () => null };

describe.skipIf(process.platform === 'win32')('drm-sysfs backend over a recorded sysfs tree (skipped on Windows: the tree needs symlinks and \':\' in names)', () => {
  it('reads the amdgpu and i915 cards (not NVIDIA\'s, not connectors) with their live figures', async () => {
    tree = await materializeSysfsFixture('x86-radeon-arc-drm');
    const opened = await createDrmSysfsDriver({ platform: 'linux', sysfsRoot: tree.root, fdinfoFs: noProcesses, pciIdsPaths: [], kernelRelease: '6.8.0-45-generic' }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = await opened.backend.read();
    // No DKMS module version in the tree: the in-tree driver is the kernel's.
    expect(reading.driver).toMatchObject({ driverVersion: '6.8.0-45-generic', cudaDriverVersion: null, unavailable: { cudaDriverVersion: 'not-supported' } });
    expect(reading.devices.map((d) => [d.vendor, d.name, d.pciBusId])).toEqual([
      ['amd', 'AMD Instinct MI210', '00000000:03:00.0'],
      ['amd', null, '00000000:0B:00.0'],
      ['intel', null, '00000000:04:00.0'],
    ]);
    const [mi210, radeon, arc] = reading.devices;
    expect(mi210).toMatchObject({
      gpuUtilPercent: 37, memoryUtilPercent: 12, memoryTotalBytes: 68702699520, memoryUsedBytes: 40802189312, memoryFreeBytes: 68702699520 - 40802189312,
      graphicsClockMhz: 1700, graphicsClockMaxMhz: 1700, memoryClockMhz: 1600, temperatureCelsius: 43, temperatureSlowdownCelsius: 100,
      temperatureShutdownCelsius: 105, powerDrawWatts: 211, powerLimitWatts: 300, pcieLinkGeneration: 4, pcieLinkWidth: 16, serial: '692232000107',
    });
    expect(mi210!.fanSpeedPercent).toBeNull();
    expect(mi210!.unavailable.fanSpeedPercent).toBe('not-supported');
    expect(radeon).toMatchObject({ powerDrawWatts: 19, fanSpeedPercent: 20, graphicsClockMhz: 500, graphicsClockMaxMhz: 2526, pcieLinkGeneration: 1, pcieLinkGenerationMax: 4 });
    expect(arc).toMatchObject({ gpuUtilPercent: null, memoryTotalBytes: null, energyConsumedJoules: 1843.2, pcieLinkWidth: 1 });
    expect(arc!.unavailable).toMatchObject({ gpuUtilPercent: 'not-supported', memoryTotalBytes: 'not-supported' });
    expect(reading.problems).toEqual([]);
  });

  it('no amdgpu/i915/xe card: unavailable, so the chain moves on to the bus scan', async () => {
    tree = await materializeSysfsFixture('x86-nvidia-server');
    const opened = await createDrmSysfsDriver({ platform: 'linux', sysfsRoot: tree.root }).open();
    expect(opened).toMatchObject({ ok: false, unavailable: { code: 'driver-not-loaded' } });
    expect(await createDrmSysfsDriver({ platform: 'darwin' }).open()).toMatchObject({ ok: false, unavailable: { code: 'unsupported-platform' } });
  });

  it('an attribute read that never returns (a hung GPU) is a timeout problem, not a hang', async () => {
    tree = await materializeSysfsFixture('x86-radeon-arc-drm');
    const { nodeSysfsFs } = await import('../pci/sysfs.js');
    const hanging: SysfsFs = { ...nodeSysfsFs, readFile: (path) => (path.endsWith('gpu_busy_percent') ? new Promise(() => {}) : nodeSysfsFs.readFile(path)) };
    const opened = await createDrmSysfsDriver({ platform: 'linux', sysfsRoot: tree.root, sysfsFs: hanging, fdinfoFs: noProcesses, readTimeoutMs: 1000, pciIdsPaths: [] }).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = await opened.backend.read();
    expect(reading.devices[0]!.gpuUtilPercent).toBeNull();
    // One per card that was asked: the two Radeons and the Arc.
    expect(reading.problems.filter((p) => p.code === 'timeout')).toHaveLength(3);
  });
});

describe('sysfs attribute parsing', () => {
  it('pp_dpm levels: the starred one is current; none starred (a manual clock) is not reported', () => {
    expect(parseDpmLevels('0: 500Mhz\n1: 800Mhz *\n2: 1700Mhz\n')).toEqual({ current: { ok: true, value: 800 }, max: { ok: true, value: 1700 } });
    expect(parseDpmLevels('0: 500Mhz\n1: 800Mhz\n').current).toEqual({ ok: false, reason: 'not-reported' });
    expect(parseDpmLevels('S: 19Mhz *\n').max).toEqual({ ok: false, reason: 'not-reported' });
  });

  it('hostile attribute texts never throw and never give a number out of its range', () => {
    const fuzz = createFuzzer(1414);
    for (let i = 0; i < 300; i++) {
      const text = () => (fuzz.int(4) === 0 ? null : fuzz.pick(['37', '-1', '4294967295', '1e400', '0: 5Mhz *', '']) + fuzz.text(12));
      const device = Object.fromEntries(DEVICE_ATTRIBUTES.map((a) => [a, text()]));
      const hwmon = Object.fromEntries(HWMON_ATTRIBUTES.map((a) => [a, text()]));
      const { device: gpu } = cardToDevice(0, { device, hwmon }, null, []);
      for (const [field, value] of Object.entries(gpu)) {
        if (typeof value === 'number') expect(Number.isFinite(value) && value >= 0, field).toBe(true);
      }
    }
  });
});
