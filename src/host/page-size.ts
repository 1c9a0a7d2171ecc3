// The kernel's page size, to turn /proc/<pid>/stat's resident pages into bytes — so that a tick
// reads stat alone instead of stat and status (status costs more to generate than the rest). Node
// has no sysconf(_SC_PAGESIZE); the kernel hands every process its page size in the auxiliary
// vector (AT_PAGESZ), which /proc/self/auxv shows: 4 KiB on x86-64, 4, 16 or 64 KiB on arm64,
// 64 KiB on most ppc64le kernels.

import os from 'node:os';
import { readBytes } from './proc-files.js';

const AT_NULL = 0;
const AT_PAGESZ = 6;
const MIN_PAGE_BYTES = 4096;
const MAX_PAGE_BYTES = 1024 * 1024;
const ARCHES_32_BIT = new Set(['arm', 'ia32', 'mips', 'mipsel', 'ppc', 's390']);

/**
 * AT_PAGESZ from the bytes of an auxv file: (type, value) pairs of machine words in the machine's
 * byte order. Null unless it is a power of two a kernel could use.
 */
export function parseAuxvPageSize(bytes: Buffer, length: number, wordBytes: 4 | 8, littleEndian: boolean): number | null {
  const entryBytes = wordBytes * 2;
  for (let offset = 0; offset + entryBytes <= length; offset += entryBytes) {
    const word = (at: number) =>
      wordBytes === 8
        ? Number(littleEndian ? bytes.readBigUInt64LE(at) : bytes.readBigUInt64BE(at))
        : littleEndian ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at);
    const type = word(offset);
    if (type === AT_NULL) return null;
    if (type !== AT_PAGESZ) continue;
    const value = word(offset + wordBytes);
    if (!(value >= MIN_PAGE_BYTES && value <= MAX_PAGE_BYTES)) return null;
    return (value & (value - 1)) === 0 ? value : null;
  }
  return null;
}

/** The page size from `<procRoot>/self/auxv`, or null (then RSS comes from status's VmRSS). */
export function readPageSize(procRoot: string): number | null {
  const buffer = Buffer.alloc(4096);
  const read = readBytes(`${procRoot}/self/auxv`, buffer);
  if (!read.ok) return null;
  const wordBytes = ARCHES_32_BIT.has(process.arch) ? 4 : 8;
  return parseAuxvPageSize(buffer, read.length, wordBytes, os.endianness() === 'LE');
}
