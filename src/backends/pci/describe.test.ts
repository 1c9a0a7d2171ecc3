import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { describePciDevice, describePciLink, describePciProblem, describePciScan } from './describe.js';
import type { PciDisplayDevice, PciScanScanned } from './types.js';

const en = createTranslator('en');
const zh = createTranslator('zh-CN');

const h100: PciDisplayDevice = {
  address: '0000:17:00.0',
  vendorId: '10de',
  deviceId: '2330',
  subsystemVendorId: '10de',
  subsystemDeviceId: '16c1',
  revision: 'a1',
  classCode: '0302',
  programmingInterface: '00',
  classKind: '3d-controller',
  role: 'gpu',
  isGpuVendor: true,
  vendorName: 'NVIDIA',
  deviceName: 'H100 SXM5 80GB',
  chipName: 'GH100',
  nameSource: 'pci.ids',
  driver: null,
  driverVersion: null,
  kernelModules: ['nouveau', 'nvidia'],
  numaNode: 0,
  iommuGroup: 41,
  physicalFunction: null,
  pcieLinkSpeedGtPerSecond: 32,
  pcieLinkSpeedMaxGtPerSecond: 32,
  pcieLinkGeneration: 5,
  pcieLinkGenerationMax: 5,
  pcieLinkWidth: 16,
  pcieLinkWidthMax: 16,
};
const bmc: PciDisplayDevice = {
  ...h100,
  address: '0000:03:00.0',
  vendorId: '1a03',
  deviceId: '2000',
  classCode: '0300',
  classKind: 'vga-controller',
  role: 'other',
  isGpuVendor: false,
  vendorName: 'ASPEED',
  deviceName: 'ASPEED Graphics Family',
  chipName: null,
  driver: 'ast',
};
const scan = (devices: PciDisplayDevice[], extra: Partial<PciScanScanned> = {}): PciScanScanned => ({
  kind: 'scanned',
  source: 'sysfs',
  devices,
  problems: [],
  wsl: false,
  ...extra,
});

describe('describing a PCI scan', () => {
  it('says what is there and which driver holds it', () => {
    expect(describePciDevice(h100, en)).toBe('NVIDIA device (10de:2330, H100 SXM5 80GB) at 0000:17:00.0 — no driver bound');
    expect(describePciDevice({ ...h100, driver: 'nouveau' }, en)).toContain('driver: nouveau (the open-source driver');
    expect(describePciDevice({ ...h100, driver: 'nvidia', driverVersion: '580.65.06' }, en)).toContain('— driver: nvidia 580.65.06');
    expect(describePciDevice({ ...h100, driver: 'vfio-pci' }, en)).toContain('reserved for a virtual machine');
    expect(describePciDevice({ ...h100, deviceName: null, deviceId: '2bff' }, en)).toBe('NVIDIA device (10de:2bff) at 0000:17:00.0 — no driver bound');
    expect(describePciDevice({ ...h100, vendorName: null }, en)).toMatch(/^Unknown vendor device/);
  });

  it('speaks Chinese', () => {
    expect(describePciDevice(h100, zh)).toBe('NVIDIA 设备（10de:2330，H100 SXM5 80GB），位于 0000:17:00.0 — 未绑定驱动');
    expect(describePciScan(scan([]), zh)).toEqual(['PCI 总线上没有 GPU。']);
  });

  it('shows the link only when sysfs gave it, and the maximum only when it differs', () => {
    expect(describePciLink(h100, en)).toBe('PCIe Gen5 x16');
    expect(describePciLink({ ...h100, pcieLinkGeneration: 1 }, en)).toBe('PCIe Gen1 x16 (up to Gen5 x16)');
    expect(describePciLink({ ...h100, pcieLinkWidth: null }, en)).toBeNull();
  });

  it('summarises GPUs first, then what is on the bus but not a GPU, then notes and problems', () => {
    const lines = describePciScan(
      scan([bmc, h100, { ...h100, address: '0000:17:00.4', physicalFunction: '0000:17:00.0' }], {
        source: 'lspci',
        wsl: true,
        problems: [{ address: null, code: 'pci-ids', detail: '/usr/share/misc/pci.ids: EACCES' }],
      }),
      en,
    );
    expect(lines).toEqual([
      '1 GPU on the PCI bus:',
      '  NVIDIA device (10de:2330, H100 SXM5 80GB) at 0000:17:00.0 — no driver bound, PCIe Gen5 x16',
      '1 SR-IOV virtual function of these GPUs are not listed separately.',
      'Also on the bus, not a GPU: ASPEED Graphics Family (1a03:2000) at 0000:03:00.0 — driver: ast',
      expect.stringContaining('This is WSL'),
      expect.stringContaining('Read with lspci'),
      'Could not read the PCI name database (pci.ids), so some names are missing: /usr/share/misc/pci.ids: EACCES',
    ]);
    expect(describePciScan(scan([h100, { ...h100, address: '0000:65:00.0' }]), en)[0]).toBe('2 GPUs on the PCI bus:');
    expect(describePciScan(scan([{ ...bmc, vendorId: '102b', vendorName: 'Matrox', deviceName: null }]), zh)).toEqual([
      'PCI 总线上没有 GPU。',
      '总线上另有非 GPU 设备：Matrox 设备（102b:2000），位于 0000:03:00.0 — 驱动：ast',
    ]);
  });

  it('explains unsupported platforms and failures', () => {
    expect(describePciScan({ kind: 'unsupported', platform: 'win32' }, en)).toEqual(['Scanning the PCI bus works on Linux only (this system is win32).']);
    expect(describePciScan({ kind: 'failed', code: 'no-sysfs-no-lspci', detail: 'x', problems: [] }, zh)[0]).toContain('安装 pciutils');
    expect(describePciScan({ kind: 'failed', code: 'timeout', detail: 'lspci -Dnnk: no answer in 5000 ms', problems: [] }, en)[0]).toContain('dmesg');
    expect(describePciProblem({ address: '0000:65:00.0', code: 'no-permission', detail: 'current_link_speed: EACCES' }, en)).toBe(
      'Permission denied reading 0000:65:00.0: current_link_speed: EACCES',
    );
    expect(describePciProblem({ address: null, code: 'parse', detail: 'x' }, zh)).toBe('PCI 总线 返回了无法识别的数据：x');
  });
});
