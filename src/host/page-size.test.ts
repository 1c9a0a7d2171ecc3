import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAuxvPageSize, readPageSize } from './page-size.js';

function auxv(entries: Array<[number, number]>, wordBytes: 4 | 8, littleEndian: boolean): Buffer {
  const buffer = Buffer.alloc(entries.length * wordBytes * 2);
  entries.forEach(([type, value], i) => {
    for (const [slot, word] of [[0, type], [1, value]] as const) {
      const at = (i * 2 + slot) * wordBytes;
      if (wordBytes === 8) littleEndian ? buffer.writeBigUInt64LE(BigInt(word), at) : buffer.writeBigUInt64BE(BigInt(word), at);
      else littleEndian ? buffer.writeUInt32LE(word, at) : buffer.writeUInt32BE(word, at);
    }
  });
  return buffer;
}

describe('parseAuxvPageSize', () => {
  it('finds AT_PAGESZ in 64- and 32-bit vectors of either byte order', () => {
    const entries: Array<[number, number]> = [[33, 0x7ffd0000], [16, 0xbfebfbff], [6, 65536], [0, 0]];
    expect(parseAuxvPageSize(auxv(entries, 8, true), 64, 8, true)).toBe(65536);
    expect(parseAuxvPageSize(auxv(entries, 8, false), 64, 8, false)).toBe(65536);
    expect(parseAuxvPageSize(auxv(entries, 4, true), 32, 4, true)).toBe(65536);
  });

  it('rejects what no kernel uses, and a vector without the entry', () => {
    expect(parseAuxvPageSize(auxv([[6, 3000], [0, 0]], 8, true), 32, 8, true)).toBeNull();
    expect(parseAuxvPageSize(auxv([[6, 2 ** 40], [0, 0]], 8, true), 32, 8, true)).toBeNull();
    expect(parseAuxvPageSize(auxv([[16, 1], [0, 0], [6, 4096]], 8, true), 48, 8, true)).toBeNull();
    // Read in the wrong byte order, 4096 becomes 2^52: rejected, so RSS falls back to status.
    expect(parseAuxvPageSize(auxv([[6, 4096], [0, 0]], 8, true), 32, 8, false)).toBeNull();
    expect(parseAuxvPageSize(Buffer.alloc(7), 7, 8, true)).toBeNull();
  });
});

describe.runIf(process.platform === 'linux')('readPageSize on this machine', () => {
  it('agrees with the kernel’s own VmRSS for this process', () => {
    const pageSize = readPageSize('/proc')!;
    expect(pageSize).toBeGreaterThanOrEqual(4096);
    const rssPages = Number(fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')[21]);
    const vmRssKib = Number(/^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]);
    // Two reads a moment apart: RSS may move a little between them.
    expect((rssPages * pageSize) / (vmRssKib * 1024)).toBeGreaterThan(0.9);
    expect((rssPages * pageSize) / (vmRssKib * 1024)).toBeLessThan(1.1);
  });

  it('is null for a recorded tree without auxv', () => {
    expect(readPageSize('/nonexistent-gpuwise-proc')).toBeNull();
  });
});
