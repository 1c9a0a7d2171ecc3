// Names from the system's pci.ids (the file lspci reads), parsed lazily: only the blocks of the
// vendors actually on the bus, and the file is read again only when a new vendor turns up.

import { readFile } from 'node:fs/promises';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';

const gunzipAsync = promisify(gunzip);

/** Where distributions install pci.ids (pciutils, hwdata), plain first. */
export const DEFAULT_PCI_IDS_PATHS: readonly string[] = [
  '/usr/share/misc/pci.ids',
  '/usr/share/hwdata/pci.ids',
  '/usr/share/pci.ids',
  '/usr/local/share/pci.ids',
  '/usr/share/misc/pci.ids.gz',
  '/usr/share/hwdata/pci.ids.gz',
];

export interface PciIdsVendorBlock {
  vendorName: string;
  /** Device id (4 lower-case hex digits) → the pci.ids device line, e.g. "GH100 [H100 SXM5 80GB]". */
  devices: ReadonlyMap<string, string>;
}

/** "\t2330  GH100 [H100 SXM5 80GB]": the id, then the name (trimmed, not matched: linear). */
const DEVICE_ID = /^\t([0-9a-fA-F]{4})\s/;

/** The block of one vendor in pci.ids text; null when the vendor is not listed. */
export function parsePciIdsVendorBlock(text: string, vendorId: string): PciIdsVendorBlock | null {
  const id = vendorId.toLowerCase();
  let position: number;
  if (text.startsWith(`${id}  `)) position = 0;
  else {
    const at = text.indexOf(`\n${id}  `);
    if (at < 0) return null;
    position = at + 1;
  }
  const nextLine = (): string | null => {
    if (position >= text.length) return null;
    const end = text.indexOf('\n', position);
    const line = text.slice(position, end < 0 ? text.length : end).replace(/\r$/, '');
    position = end < 0 ? text.length : end + 1;
    return line;
  };
  const vendorName = (nextLine() ?? '').slice(id.length).trim();
  const devices = new Map<string, string>();
  for (let line = nextLine(); line !== null; line = nextLine()) {
    if (line === '' || line.startsWith('#')) continue;
    // A line that is not indented starts the next vendor (or the class list): the block is over.
    if (!line.startsWith('\t')) break;
    const id = DEVICE_ID.exec(line)?.[1];
    const name = line.slice(6).trim();
    if (id !== undefined && name !== '') devices.set(id.toLowerCase(), name);
  }
  return { vendorName, devices };
}

export type ReadBytes = (path: string) => Promise<Buffer>;

export interface PciIdsLookup {
  /** The file names come from; null when none of the paths exists. */
  path: string | null;
  vendors: ReadonlyMap<string, PciIdsVendorBlock | null>;
  /** Why the file could not be used (unreadable, corrupt gzip), when that happened. */
  problem: string | null;
}

export interface PciIdsReader {
  /** Blocks for these vendors, reading the file only for vendors not seen before. */
  lookup(vendorIds: readonly string[]): Promise<PciIdsLookup>;
}

export interface PciIdsReaderOptions {
  paths?: readonly string[];
  readBytes?: ReadBytes;
}

export function createPciIdsReader(options: PciIdsReaderOptions = {}): PciIdsReader {
  const paths = options.paths ?? DEFAULT_PCI_IDS_PATHS;
  const readBytes = options.readBytes ?? ((path: string) => readFile(path));
  const cache = new Map<string, PciIdsVendorBlock | null>();
  let foundPath: string | null = null;

  async function readText(): Promise<{ path: string; text: string } | { path: string | null; problem: string | null }> {
    for (const path of paths) {
      let bytes: Buffer;
      try {
        bytes = await readBytes(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        return { path, problem: `${path}: ${(error as Error).message}` };
      }
      try {
        const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
        return { path, text: (gzipped ? await gunzipAsync(bytes) : bytes).toString('utf8') };
      } catch (error) {
        return { path, problem: `${path}: ${(error as Error).message}` };
      }
    }
    return { path: null, problem: null };
  }

  return {
    async lookup(vendorIds) {
      const wanted = Array.from(new Set(vendorIds.map((id) => id.toLowerCase())));
      const missing = wanted.filter((id) => !cache.has(id));
      let problem: string | null = null;
      if (missing.length > 0) {
        const read = await readText();
        if ('text' in read) {
          foundPath = read.path;
          for (const id of missing) cache.set(id, parsePciIdsVendorBlock(read.text, id));
        } else {
          foundPath = read.path;
          problem = read.problem;
        }
      }
      const vendors = new Map(wanted.map((id) => [id, cache.get(id) ?? null]));
      return { path: foundPath, vendors, problem };
    },
  };
}
