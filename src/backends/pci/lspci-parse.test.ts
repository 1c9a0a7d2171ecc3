import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseLspci, splitLspciDescription } from './lspci-parse.js';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const OWN = join(REPO, 'test', 'fixtures', 'lspci');
const SHARED = join(REPO, '..', 'shared', 'fixtures', 'lspci');
const read = (name: string) => readFileSync(join(OWN, name), 'utf8');

describe('parseLspci on real captures', () => {
  it('reads a laptop whose NVIDIA GPU is a 3D controller (lspci -nn, no domains)', () => {
    const { records, unparsed } = parseLspci(read('dell-precision-5570_intel-iris-xe+rtx-a1000-laptop_lspci-nn.txt'));
    expect(unparsed).toEqual([]);
    expect(records).toHaveLength(25);
    const gpu = records.find((r) => r.address === '0000:01:00.0');
    expect(gpu).toMatchObject({
      className: '3D controller',
      classCode: '0302',
      vendorId: '10de',
      deviceId: '25b9',
      vendorName: 'NVIDIA Corporation',
      deviceName: 'GA107GLM [RTX A1000 Laptop GPU]',
      revision: 'a1',
      driver: null,
      kernelModules: null,
    });
    expect(records.find((r) => r.address === '0000:00:02.0')).toMatchObject({
      classCode: '0300',
      vendorName: 'Intel Corporation',
      deviceName: 'Alder Lake-P GT2 [Iris Xe Graphics]',
    });
  });

  it('reads lines without a revision and the "Device" placeholder of an unnamed function', () => {
    const { records } = parseLspci(read('slimbook-hero_intel-uhd+rtx-4060-max-q_lspci-nn.txt'));
    expect(records.find((r) => r.address === '0000:01:00.0')).toMatchObject({
      classCode: '0300',
      deviceId: '28a0',
      deviceName: 'AD107M [GeForce RTX 4060 Max-Q / Mobile]',
      revision: 'a1',
    });
    expect(records.find((r) => r.address === '0000:01:00.1')).toMatchObject({ deviceId: '22be', deviceName: null, vendorName: 'NVIDIA Corporation' });
    expect(records.find((r) => r.address === '0000:00:00.0')).toMatchObject({ revision: null, deviceId: 'a715' });
  });

  it('keeps every PCI domain of a multi-domain Arm server', () => {
    const { records } = parseLspci(read('ampere-altra-arm64_aspeed-only_pci-domains_lspci-nn.txt'));
    const domains = new Set(records.map((r) => r.address.slice(0, 4)));
    expect([...domains]).toEqual(['0000', '0001', '0002', '0003', '0004', '0005', '000c', '000d']);
    const vga = records.filter((r) => r.classCode?.startsWith('03'));
    expect(vga).toEqual([expect.objectContaining({ address: '0003:02:00.0', vendorId: '1a03', deviceId: '2000', deviceName: 'ASPEED Graphics Family' })]);
    // An unknown vendor's text cannot be split, but the ids are still there.
    expect(records.find((r) => r.address === '0000:00:00.0')).toMatchObject({
      vendorId: '1def',
      vendorName: null,
      deviceName: null,
      description: 'Ampere Computing, LLC Altra PCI Express Root Complex A',
    });
  });

  it('reads -Dnnk detail lines: subsystem, bound driver, module candidates', () => {
    const { records, unparsed } = parseLspci(read('x86-nvidia-server_lspci-Dnnk.txt'));
    expect(unparsed).toEqual([]);
    const byAddress = new Map(records.map((r) => [r.address, r]));
    expect(byAddress.get('0000:17:00.0')).toMatchObject({
      driver: 'nouveau',
      kernelModules: ['nvidiafb', 'nouveau', 'nvidia_drm', 'nvidia'],
      subsystemVendorId: '10de',
      subsystemDeviceId: '16c1',
    });
    expect(byAddress.get('0000:65:00.0')?.driver).toBeNull();
    expect(byAddress.get('0000:ca:00.0')).toMatchObject({ driver: 'vfio-pci', deviceId: '2bff', deviceName: null });
    expect(byAddress.get('0000:03:00.0')).toMatchObject({ driver: 'ast', kernelModules: ['ast'] });
  });
});

describe('parseLspci on other forms', () => {
  it('reads plain lspci (no ids): the vendor from its name, the id from the "Device 7551" placeholder', () => {
    const text = '03:00.0 VGA compatible controller: Advanced Micro Devices, Inc. [AMD/ATI] Device 7551 (rev c0)\n';
    expect(parseLspci(text).records[0]).toMatchObject({
      address: '0000:03:00.0',
      className: 'VGA compatible controller',
      classCode: null,
      vendorId: '1002',
      deviceId: '7551',
      deviceName: null,
      revision: 'c0',
    });
  });

  it('reads -v: prog-if, NUMA node and IOMMU group from Flags', () => {
    const text = [
      '0000:17:00.0 3D controller [0302]: NVIDIA Corporation GH100 [H100 SXM5 80GB] [10de:2330] (rev a1) (prog-if 00 [Normal decode])',
      '\tSubsystem: NVIDIA Corporation Device [10de:16c1]',
      '\tPhysical Slot: 1',
      '\tFlags: bus master, fast devsel, latency 0, IRQ 16, NUMA node 1, IOMMU group 41',
      '\tCapabilities: <access denied>',
    ].join('\n');
    expect(parseLspci(text).records[0]).toMatchObject({ programmingInterface: '00', revision: 'a1', numaNode: 1, iommuGroup: 41, deviceId: '2330' });
  });

  it('reads an unknown vendor\'s placeholder with both ids', () => {
    expect(parseLspci('00:05.0 Processing accelerators: Device 1e52:401e').records[0]).toMatchObject({ vendorId: '1e52', deviceId: '401e' });
    expect(parseLspci('00:05.0 Processing accelerators [1200]: Device [1e52:401e]').records[0]).toMatchObject({ vendorId: '1e52', deviceId: '401e', classCode: '1200' });
  });

  it('collects lines it cannot read instead of guessing', () => {
    const result = parseLspci('pcilib: Cannot open /sys/bus/pci\nlspci: Cannot find any working access method.\n\tKernel modules: x\n');
    expect(result.records).toEqual([]);
    expect(result.unparsed).toHaveLength(3);
    expect(parseLspci('')).toEqual({ records: [], unparsed: [], unparsedCount: 0 });
  });

  it('lets a caller who read pci.ids split an unknown vendor\'s text', () => {
    expect(splitLspciDescription('Ampere Computing, LLC Altra PCI Express Root Port a0', '1def', 'Ampere Computing, LLC')).toEqual({
      vendorId: '1def',
      deviceId: null,
      vendorName: 'Ampere Computing, LLC',
      deviceName: 'Altra PCI Express Root Port a0',
    });
  });
});

// Every capture in ../shared/fixtures/lspci: each non-empty line is a device line, and every
// display-class line is read with an address, a class and a vendor.
describe.skipIf(!existsSync(SHARED))('parseLspci on every shared capture', () => {
  const files = existsSync(SHARED) ? readdirSync(SHARED).filter((name) => name.endsWith('.txt')) : [];
  it.each(files)('%s', (name) => {
    const text = readFileSync(join(SHARED, name), 'utf8');
    const { records, unparsed } = parseLspci(text);
    const deviceLines = text.split('\n').filter((line) => /^\S/.test(line));
    expect(unparsed).toEqual([]);
    expect(records).toHaveLength(deviceLines.length);
    const display = records.filter((r) => /VGA|3D|Display/.test(r.className));
    expect(display.length).toBeGreaterThan(0);
    for (const record of display) {
      expect(record.address).toMatch(/^[0-9a-f]{4,}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-7]$/);
      expect(record.vendorId, record.address).toMatch(/^[0-9a-f]{4}$/);
    }
  });

  it('reads the R9700 capture whose pci.ids predates the card', () => {
    const name = files.find((file) => file.includes('r9700'));
    if (name === undefined) return;
    const { records } = parseLspci(readFileSync(join(SHARED, name), 'utf8'));
    expect(records.map((r) => [r.address, r.vendorId, r.deviceId, r.deviceName])).toEqual([
      ['0000:03:00.0', '1002', '7551', null],
      ['0000:43:00.0', '1002', '7551', null],
      ['0000:c6:00.0', '1a03', null, 'ASPEED Graphics Family'],
    ]);
  });
});

describe.runIf(!existsSync(SHARED))('shared lspci captures', () => {
  it.skip(`skipped: ${SHARED} is not on this machine`, () => {});
});
