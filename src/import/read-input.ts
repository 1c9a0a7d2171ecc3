// Reading what `--from` names: a file, or standard input for "-". Bounded while reading (a
// stream that never ends, or a 1 GB line, stops at the limit; nothing larger is held), decoded
// from UTF-8 or the UTF-16 PowerShell 5 writes with `>` on Windows, and refused when it is not
// text at all.

import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { ImportError } from './types.js';

/** Far above any one machine's output (256 GPUs of -q -x is ~30 MB). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

export interface ReadImportOptions {
  stdin?: Readable & { isTTY?: boolean };
  maxBytes?: number;
}

/** Collects a stream's bytes up to `maxBytes`; past it, stops reading and throws. */
export async function readBounded(stream: AsyncIterable<Buffer | string>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > maxBytes) {
      // Stop the source: a generator or pipe is not drained to its end.
      (stream as { destroy?: () => void }).destroy?.();
      throw new ImportError('import.error.tooLarge', { limit: maxBytes });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

/** UTF-8 (BOM dropped), or UTF-16 LE/BE by its BOM. */
export function decodeText(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  const text = bytes.toString('utf8');
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

const BINARY_WINDOW = 64 * 1024;

/** Throws when the head of `text` is not text: NULs, or more than 1 % other control characters. */
export function assertText(text: string): void {
  const head = text.length > BINARY_WINDOW ? text.slice(0, BINARY_WINDOW) : text;
  let nul = 0;
  let control = 0;
  for (let i = 0; i < head.length; i++) {
    const code = head.charCodeAt(i);
    if (code === 0) nul++;
    else if ((code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 27) || code === 0xfffd) control++;
  }
  if (nul > 0 || control > head.length / 100) throw new ImportError('import.error.binary', { count: nul + control, window: head.length });
}

/** The text of `source` ("-" is standard input). */
export async function readImportText(source: string, options: ReadImportOptions = {}): Promise<string> {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_BYTES;
  let bytes: Buffer;
  if (source === '-') {
    const stdin = options.stdin ?? process.stdin;
    if (stdin.isTTY) throw new ImportError('import.error.stdinTerminal');
    bytes = await readBounded(stdin, maxBytes);
  } else {
    let handle;
    try {
      handle = await open(source, 'r');
    } catch (error) {
      throw new ImportError('import.error.readFile', { path: source, detail: (error as NodeJS.ErrnoException).code ?? String(error) });
    }
    try {
      const stat = await handle.stat();
      if (stat.isDirectory()) throw new ImportError('import.error.readFile', { path: source, detail: 'EISDIR' });
      // A regular file's size is known before reading; a FIFO or device is read up to the limit.
      if (stat.isFile() && stat.size > maxBytes) throw new ImportError('import.error.tooLarge', { limit: maxBytes });
      bytes = await readBounded(handle.createReadStream({ autoClose: false }), maxBytes);
    } finally {
      await handle.close();
    }
  }
  const text = decodeText(bytes);
  if (text.trim() === '') throw new ImportError('import.error.empty');
  assertText(text);
  return text;
}
