import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SYSFS_FIXTURES_DIR } from '../../../test/fixtures/sysfs/materialize.js';
import { createPciIdsReader, parsePciIdsVendorBlock } from './pci-ids.js';

const PCI_IDS = join(SYSFS_FIXTURES_DIR, '_system', 'pci.ids');

describe('parsePciIdsVendorBlock', async () => {
  const text = await readFile(PCI_IDS, 'utf8');

  it('reads one vendor block and stops at the next vendor', () => {
    const nvidia = parsePciIdsVendorBlock(text, '10de');
    expect(nvidia?.vendorName).toBe('NVIDIA Corporation');
    expect(nvidia?.devices.get('2330')).toBe('GH100 [H100 SXM5 80GB]');
    // Intel's 2330 follows in the file and must not leak into NVIDIA's block.
    expect(parsePciIdsVendorBlock(text, '8086')?.devices.get('2330')).toBe('DH89xxCC SMBus Controller');
    expect(nvidia?.devices.has('46a6')).toBe(false);
  });

  it('skips subsystem lines and comments', () => {
    const aspeed = parsePciIdsVendorBlock(text, '1A03');
    expect([...(aspeed?.devices.keys() ?? [])]).toEqual(['1150', '2000']);
  });

  it('returns null for a vendor the file does not list, even if the id appears elsewhere', () => {
    expect(parsePciIdsVendorBlock(text, '1ed5')).toBeNull();
    // "2330" is a device id in the file, never a vendor line.
    expect(parsePciIdsVendorBlock(text, '2330')).toBeNull();
  });

  it('handles CRLF files and a vendor on the first line', () => {
    const crlf = '10de  NVIDIA Corporation\r\n\t2330  GH100 [H100 SXM5 80GB]\r\n1a03  ASPEED\r\n';
    expect(parsePciIdsVendorBlock(crlf, '10de')).toEqual({ vendorName: 'NVIDIA Corporation', devices: new Map([['2330', 'GH100 [H100 SXM5 80GB]']]) });
  });
});

describe('createPciIdsReader', () => {
  it('uses the first path that exists and reads it again only for new vendors', async () => {
    const reads: string[] = [];
    const reader = createPciIdsReader({
      paths: ['/nowhere/pci.ids', PCI_IDS],
      readBytes: async (path) => {
        reads.push(path);
        return readFile(path);
      },
    });
    const first = await reader.lookup(['10de', '1002']);
    expect(first.path).toBe(PCI_IDS);
    expect(first.vendors.get('1002')?.devices.get('740f')).toBe('Aldebaran/MI200 [Instinct MI210]');
    await reader.lookup(['10de']);
    expect(reads).toEqual(['/nowhere/pci.ids', PCI_IDS]);
    const withNewVendor = await reader.lookup(['1a03']);
    expect(withNewVendor.vendors.get('1a03')?.vendorName).toBe('ASPEED Technology, Inc.');
    expect(reads).toHaveLength(4);
  });

  it('reads a gzipped pci.ids', async () => {
    const gz = gzipSync(await readFile(PCI_IDS));
    const reader = createPciIdsReader({ paths: ['/x/pci.ids.gz'], readBytes: async () => gz });
    expect((await reader.lookup(['10de'])).vendors.get('10de')?.devices.get('2331')).toBe('GH100 [H100 PCIe]');
  });

  it('reports no file as path null, and an unreadable or corrupt one as a problem', async () => {
    const absent = createPciIdsReader({ paths: [join(SYSFS_FIXTURES_DIR, 'no-such.ids')] });
    expect(await absent.lookup(['10de'])).toEqual({ path: null, vendors: new Map([['10de', null]]), problem: null });

    const denied = createPciIdsReader({
      paths: ['/usr/share/misc/pci.ids'],
      readBytes: async () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      },
    });
    expect((await denied.lookup(['10de'])).problem).toMatch(/permission denied/);

    const corrupt = createPciIdsReader({ paths: ['/x/pci.ids.gz'], readBytes: async () => Buffer.from([0x1f, 0x8b, 0, 1, 2]) });
    const result = await corrupt.lookup(['10de']);
    expect(result.problem).toMatch(/^\/x\/pci\.ids\.gz: /);
    expect(result.vendors.get('10de')).toBeNull();
  });
});
