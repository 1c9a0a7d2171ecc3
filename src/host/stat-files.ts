// Reading /proc/<pid>/stat once per tick for every tracked process, cheaply: the descriptor is
// kept open between ticks and read again at offset 0, which makes procfs generate fresh content.
// On a 2-vCPU VM, for 200 processes: open/read/close 12 µs a file, a held descriptor 6 µs (the
// path walk and the file setup are gone), and no path string is built after the first read.
//
// A held descriptor is tied to the process, not to its number: once the process exits a read
// fails with ESRCH, even if a new process has taken the PID. That failure is answered by one
// fresh open through the path, which finds the new process (if any) as a new reading.

import fs from 'node:fs';
import { classifyReadError, readBytes, type ByteReadResult } from './proc-files.js';

export interface StatFileReader {
  /** Reads the file of `id` into `buffer`; `pathOf` is called only when a path is needed. */
  read(id: number, pathOf: () => string, buffer: Buffer): ByteReadResult;
  /** Closes the descriptor of one id (a file that could not be parsed is not worth holding). */
  forget(id: number): void;
  /** Closes the descriptors of ids not in `keep`. */
  retainOnly(keep: Pick<ReadonlySet<number>, 'has'>): void;
  /** Closes every held descriptor; the reader still works, opening files again as needed. */
  close(): void;
}

export interface StatFileReaderOptions {
  /**
   * Keep descriptors open. Only for a real procfs: in a recorded tree the files are regular files,
   * and a held descriptor would keep reading one a test has replaced.
   */
  hold: boolean;
  /** At most this many held at once (beyond it, files are opened per read); default 1024. */
  maxHeld?: number;
}

const DEFAULT_MAX_HELD = 1024;

function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // Already closed or invalid: nothing to release.
  }
}

export function createStatFileReader(options: StatFileReaderOptions): StatFileReader {
  const maxHeld = options.maxHeld ?? DEFAULT_MAX_HELD;
  const held = new Map<number, number>();
  // A held file is read again with readvSync into a one-buffer list kept between calls: the same
  // pread as readSync(fd, buffer, 0, length, 0), without its five argument validators, each of
  // which allocates (~400 bytes of garbage a read, 200 reads a tick).
  let listed: Buffer | null = null;
  let list: Buffer[] = [];
  const listOf = (buffer: Buffer): Buffer[] => {
    if (buffer !== listed) {
      listed = buffer;
      list = [buffer];
    }
    return list;
  };

  function drop(id: number): void {
    const fd = held.get(id);
    if (fd === undefined) return;
    held.delete(id);
    closeQuietly(fd);
  }

  function openAndRead(id: number, path: string, buffer: Buffer): ByteReadResult {
    if (!options.hold || held.size >= maxHeld) return readBytes(path, buffer);
    let fd: number;
    try {
      fd = fs.openSync(path, 'r');
    } catch (error) {
      // EMFILE and the like: fall back to the plain read, which reports its own error.
      const classified = classifyReadError(error);
      return classified.failure === 'error' ? readBytes(path, buffer) : { ok: false, ...classified };
    }
    try {
      const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
      held.set(id, fd);
      return { ok: true, length };
    } catch (error) {
      closeQuietly(fd);
      return { ok: false, ...classifyReadError(error) };
    }
  }

  return {
    read(id, pathOf, buffer) {
      const fd = held.get(id);
      if (fd !== undefined) {
        try {
          return { ok: true, length: fs.readvSync(fd, listOf(buffer), 0) };
        } catch {
          drop(id);
        }
      }
      return openAndRead(id, pathOf(), buffer);
    },
    forget: drop,
    retainOnly(keep) {
      // forEach (deleting the visited entry is safe): no copy of the keys, no iterator results.
      held.forEach((_, id) => keep.has(id) || drop(id));
    },
    close() {
      for (const id of [...held.keys()]) drop(id);
    },
  };
}
