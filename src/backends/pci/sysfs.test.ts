import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materializeSysfsFixture, type MaterializedTree } from '../../../test/fixtures/sysfs/materialize.js';
import { nodeSysfsFs, readSysfsPciDevices, type SysfsFs } from './sysfs.js';

const errno = (code: string, path: string) => Object.assign(new Error(`${code}: denied, open '${path}'`), { code });

describe.skipIf(process.platform === 'win32')('readSysfsPciDevices', () => {
  let server: MaterializedTree;
  let altra: MaterializedTree;
  let amd: MaterializedTree;
  beforeAll(async () => {
    [server, altra, amd] = await Promise.all(['x86-nvidia-server', 'arm64-ampere-altra', 'x86-amd-mi300x'].map(materializeSysfsFixture)) as [MaterializedTree, MaterializedTree, MaterializedTree];
  });
  afterAll(async () => {
    await Promise.all([server, altra, amd].map((tree) => tree?.remove()));
  });

  it('reads every display function with its attributes, in bus order', async () => {
    const result = await readSysfsPciDevices(server.root);
    expect(result.kind).toBe('ok');
    if (result.kind !== 'ok') return;
    expect(result.problems).toEqual([]);
    expect(result.devices.map((d) => d.address)).toEqual(['0000:03:00.0', '0000:17:00.0', '0000:65:00.0', '0000:b1:00.0', '0000:ca:00.0']);
    expect(result.devices[1]).toEqual({
      address: '0000:17:00.0',
      vendorId: '10de',
      deviceId: '2330',
      subsystemVendorId: '10de',
      subsystemDeviceId: '16c1',
      revision: 'a1',
      classCode: '0302',
      programmingInterface: '00',
      classKind: '3d-controller',
      driver: 'nouveau',
      driverVersion: null,
      numaNode: 0,
      iommuGroup: 41,
      physicalFunction: null,
      pcieLinkSpeedGtPerSecond: 2.5,
      pcieLinkSpeedMaxGtPerSecond: 32,
      pcieLinkGeneration: 1,
      pcieLinkGenerationMax: 5,
      pcieLinkWidth: 16,
      pcieLinkWidthMax: 16,
      modalias: 'pci:v000010DEd00002330sv000010DEsd000016C1bc03sc02i00',
      kernelModules: null,
      reportedDeviceName: null,
      reportedVendorName: null,
    });
  });

  it('reads the bound driver through the symlink, none when unbound, and the nvidia module version', async () => {
    const result = await readSysfsPciDevices(server.root);
    if (result.kind !== 'ok') throw new Error(result.kind);
    const byAddress = new Map(result.devices.map((d) => [d.address, d]));
    expect(byAddress.get('0000:65:00.0')).toMatchObject({ driver: null, driverVersion: null });
    expect(byAddress.get('0000:b1:00.0')).toMatchObject({ driver: 'nvidia', driverVersion: '580.65.06', pcieLinkWidth: 8, pcieLinkGeneration: 4, numaNode: 1 });
    // Older kernels' "8 GT/s" strings and a NUMA node of -1 (none).
    expect(byAddress.get('0000:ca:00.0')).toMatchObject({ driver: 'vfio-pci', pcieLinkGeneration: 3, pcieLinkGenerationMax: 4, numaNode: null, iommuGroup: null });
  });

  it('follows the kernel\'s symlinked layout across PCI domains', async () => {
    const result = await readSysfsPciDevices(altra.root);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.devices.map((d) => [d.address, d.vendorId, d.driver])).toEqual([['0003:02:00.0', '1a03', 'ast']]);
  });

  it('marks SR-IOV virtual functions with their physical function', async () => {
    const result = await readSysfsPciDevices(amd.root);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.devices.map((d) => [d.address, d.classKind, d.physicalFunction])).toEqual([
      ['0000:05:00.0', 'processing-accelerator', null],
      ['0000:05:02.0', 'processing-accelerator', '0000:05:00.0'],
      ['0000:2a:00.0', 'vga-controller', null],
      ['0000:85:00.0', 'processing-accelerator', null],
    ]);
  });

  it('says "absent" when there is no /sys/bus/pci, and "no devices" for an empty bus', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'gpuwise-sysfs-empty-'));
    try {
      expect((await readSysfsPciDevices(empty)).kind).toBe('absent');
      await mkdir(join(empty, 'bus', 'pci', 'devices'), { recursive: true });
      expect(await readSysfsPciDevices(empty)).toEqual({ kind: 'ok', devices: [], problems: [] });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('fails clearly when the device list is unreadable', async () => {
    const denied: SysfsFs = { ...nodeSysfsFs, readdir: async (path) => Promise.reject(errno('EACCES', path)) };
    const result = await readSysfsPciDevices(server.root, denied);
    expect(result).toMatchObject({ kind: 'failed', code: 'no-permission' });
    expect(result.kind === 'failed' && result.detail).toContain('bus/pci/devices');
  });

  it('keeps going when one device or one attribute cannot be read', async () => {
    const flaky: SysfsFs = {
      ...nodeSysfsFs,
      readFile: async (path) => {
        if (path.endsWith('0000:17:00.0/class')) throw errno('EIO', path);
        if (path.endsWith('0000:65:00.0/current_link_speed')) throw errno('EACCES', path);
        return nodeSysfsFs.readFile(path);
      },
    };
    const result = await readSysfsPciDevices(server.root, flaky);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.devices.map((d) => d.address)).toEqual(['0000:03:00.0', '0000:65:00.0', '0000:b1:00.0', '0000:ca:00.0']);
    expect(result.devices[1]).toMatchObject({ pcieLinkSpeedGtPerSecond: null, pcieLinkGeneration: null, pcieLinkWidth: 16 });
    expect(result.problems.map((p) => [p.address, p.code])).toEqual([
      ['0000:17:00.0', 'read-failed'],
      ['0000:65:00.0', 'no-permission'],
    ]);
  });

  it('reports malformed ids instead of inventing a device', async () => {
    const garbled: SysfsFs = {
      ...nodeSysfsFs,
      readFile: async (path) => (path.endsWith('0000:65:00.0/vendor') ? 'nvidia\n' : nodeSysfsFs.readFile(path)),
    };
    const result = await readSysfsPciDevices(server.root, garbled);
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.devices.some((d) => d.address === '0000:65:00.0')).toBe(false);
    expect(result.problems).toEqual([expect.objectContaining({ address: '0000:65:00.0', code: 'parse' })]);
  });
});
