import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materializeSysfsFixture, SYSFS_FIXTURES_DIR, type MaterializedTree } from '../../../test/fixtures/sysfs/materialize.js';
import type { GpuDevice } from '../../core/snapshot.js';
import type { Exec } from '../../system/exec.js';
import { openFirstBackend } from '../chain.js';
import { noGpuAtOpen } from '../no-gpu.js';
import { createPciDriver, pciScanToReading, type PciDriverOptions } from './index.js';
import { nodeSysfsFs } from './sysfs.js';

const SYSTEM = join(SYSFS_FIXTURES_DIR, '_system');
const noLspci: Exec = async () => ({ kind: 'not-found', detail: 'lspci: spawn lspci ENOENT' });
const options = (sysfsRoot: string, extra: PciDriverOptions = {}): PciDriverOptions => ({
  platform: 'linux',
  kernelRelease: '6.8.0-45-generic',
  sysfsRoot,
  pciIdsPaths: [join(SYSTEM, 'pci.ids')],
  modulesAliasPaths: [join(SYSTEM, 'modules.alias')],
  exec: noLspci,
  ...extra,
});

describe.skipIf(process.platform === 'win32')('the pci backend', () => {
  let server: MaterializedTree;
  let amd: MaterializedTree;
  let altra: MaterializedTree;
  beforeAll(async () => {
    server = await materializeSysfsFixture('x86-nvidia-server');
    amd = await materializeSysfsFixture('x86-amd-mi300x');
    altra = await materializeSysfsFixture('arm64-ampere-altra');
  });
  afterAll(async () => {
    await Promise.all([server, amd, altra].map((tree) => tree?.remove()));
  });

  it('opens, reads GPUs in bus order with their driver, and closes', async () => {
    const driver = createPciDriver(options(server.root));
    expect(driver.id).toBe('pci');
    const opened = await driver.open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const backend = opened.backend;
    expect(backend.id).toBe('pci');
    expect(backend.capabilities).toEqual({ metrics: false, processes: false });

    const reading = await backend.read();
    expect(reading.processes).toEqual([]);
    expect(reading.problems).toEqual([]);
    expect(reading.driver).toEqual({
      driverVersion: '580.65.06',
      cudaDriverVersion: null,
      nvmlVersion: null,
      unavailable: { cudaDriverVersion: 'not-reported', nvmlVersion: 'not-reported' },
    });
    expect(reading.devices.map((d) => [d.index, d.vendor, d.name, d.pciBusId, d.state, d.stateDetail])).toEqual([
      [0, 'nvidia', 'NVIDIA H100 SXM5 80GB', '00000000:17:00.0', 'ok', 'driver: nouveau'],
      [1, 'nvidia', 'NVIDIA H100 SXM5 80GB', '00000000:65:00.0', 'ok', 'no driver bound'],
      [2, 'nvidia', 'NVIDIA H100 PCIe', '00000000:B1:00.0', 'ok', 'driver: nvidia'],
      [3, 'nvidia', null, '00000000:CA:00.0', 'ok', 'driver: vfio-pci'],
    ]);
    // The BMC's display is not a GPU, but the scan behind the backend keeps it.
    expect(backend.lastScan.kind === 'scanned' && backend.lastScan.devices.map((d) => d.address)).toContain('0000:03:00.0');
    await backend.close();
  });

  it('fills PCIe link figures from sysfs and leaves every metric null with a reason', async () => {
    const opened = await createPciDriver(options(server.root)).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const [first, , third, unnamed] = (await opened.backend.read()).devices as GpuDevice[];
    expect(first).toMatchObject({ pcieLinkGeneration: 1, pcieLinkGenerationMax: 5, pcieLinkWidth: 16, pcieLinkWidthMax: 16 });
    expect(third).toMatchObject({ pcieLinkGeneration: 4, pcieLinkWidth: 8 });
    for (const field of ['memoryTotalBytes', 'gpuUtilPercent', 'temperatureCelsius', 'powerDrawWatts', 'uuid', 'pcieRxBytesPerSecond'] as const) {
      expect(first?.[field], field).toBeNull();
      expect(first?.unavailable[field], field).toBe('not-reported');
    }
    expect(first?.unavailable.pcieLinkGeneration).toBeUndefined();
    expect(unnamed?.unavailable.name).toBe('not-reported');
    expect(first?.migDevices).toEqual([]);
    expect(Object.values(first ?? {}).some((value) => typeof value === 'number' && Number.isNaN(value))).toBe(false);
  });

  it('lists accelerators but not their SR-IOV virtual functions, BMC displays or NPUs', async () => {
    const opened = await createPciDriver(options(amd.root)).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    const reading = await opened.backend.read();
    expect(reading.devices.map((d) => [d.index, d.vendor, d.name, d.stateDetail])).toEqual([[0, 'amd', 'AMD Instinct MI300X', 'driver: amdgpu']]);
    expect(reading.driver.driverVersion).toBeNull();
    expect(reading.driver.unavailable.driverVersion).toBe('not-reported');
  });

  it('opens with zero GPUs: "no GPU on the PCI bus" is an answer, the last word only when no backend has a GPU', async () => {
    const opened = await createPciDriver(options(altra.root)).open();
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect((await opened.backend.read()).devices).toEqual([]);
    expect(noGpuAtOpen(opened.backend)).toEqual({ code: 'error', detail: 'the PCI bus shows no GPU' });
    const withGpu = await createPciDriver(options(amd.root)).open();
    expect(withGpu.ok && noGpuAtOpen(withGpu.backend)).toBeNull();
  });

  it('re-scans on each read after the first, so a driver binding shows up', async () => {
    let denied = false;
    const sysfsFs = { ...nodeSysfsFs, readdir: async (path: string) => (denied ? Promise.reject(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })) : nodeSysfsFs.readdir(path)) };
    const opened = await createPciDriver(options(server.root, { sysfsFs })).open();
    if (!opened.ok) throw new Error(opened.unavailable.detail);
    expect((await opened.backend.read()).devices).toHaveLength(4);
    denied = true;
    const reading = await opened.backend.read();
    expect(reading.devices).toEqual([]);
    expect(reading.problems).toEqual([expect.objectContaining({ scope: 'pci', code: 'no-permission' })]);
    expect(opened.backend.lastScan.kind).toBe('failed');
  });

  it('is the chain\'s last word when NVML and nvidia-smi are absent', async () => {
    const result = await openFirstBackend([
      { id: 'nvml', open: async () => ({ ok: false, unavailable: { code: 'library-not-found', detail: 'libnvidia-ml.so.1' } }) },
      createPciDriver(options(server.root)),
    ]);
    expect(result.backend?.id).toBe('pci');
  });
});

describe('the pci backend where it cannot scan', () => {
  it('is unavailable with unsupported-platform on Windows and macOS', async () => {
    for (const platform of ['win32', 'darwin']) {
      const opened = await createPciDriver({ platform }).open();
      expect(opened).toEqual({
        ok: false,
        unavailable: { code: 'unsupported-platform', detail: `PCI scan supports linux, not ${platform}` },
        scan: { kind: 'unsupported', platform },
      });
    }
  });

  it('maps an unreadable sysfs without lspci to no-permission, not a crash', async () => {
    const sysfsFs = { ...nodeSysfsFs, readdir: async () => Promise.reject(Object.assign(new Error("EACCES: permission denied, scandir '/sys/bus/pci/devices'"), { code: 'EACCES' })) };
    const opened = await createPciDriver(options('/sys', { sysfsFs })).open();
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.unavailable.code).toBe('no-permission');
    expect(opened.unavailable.detail).toContain('permission denied');
  });

  it('maps no sysfs and no lspci to command-not-found', async () => {
    const opened = await createPciDriver(options(join(SYSFS_FIXTURES_DIR, 'missing'))).open();
    expect(opened.ok === false && opened.unavailable.code).toBe('command-not-found');
  });

  it('turns a failed scan into a reading with a problem and no devices', () => {
    const reading = pciScanToReading({ kind: 'failed', code: 'timeout', detail: 'lspci -Dnnk: no answer in 5000 ms', problems: [] });
    expect(reading.devices).toEqual([]);
    expect(reading.problems).toEqual([{ scope: 'pci', code: 'timeout', message: 'lspci -Dnnk: no answer in 5000 ms' }]);
  });
});
