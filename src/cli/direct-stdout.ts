// stdout written straight to its file descriptor, for one-shot commands whose stdout is a file, a
// pipe, a socket (what Node's child_process gives a child) or /dev/null: Node's process.stdout for
// those is a stream (SyncWriteStream, or a net socket) that loads Node's streams (and net),
// 1.1–2.4 MiB of `info --json`'s peak RSS (docs/benchmarks.md, "Levers tried after 19:30"). All
// of the output is written before the process ends either way; a descriptor left non-blocking by
// whoever opened it (EAGAIN) hands the rest to process.stdout, which waits for the reader as
// before. A terminal, a closed descriptor, Windows: null, and the caller uses process.stdout.

import { fstatSync, statSync, writeSync } from 'node:fs';

type ErrorListener = (error: NodeJS.ErrnoException) => void;

export interface DirectStdout {
  /** Writes all of `text` before it returns (or hands it to process.stdout, see above). */
  write(text: string): void;
  /** Write errors, as process.stdout emits them: once, on the next tick (output-errors.ts). */
  on(event: 'error', listener: ErrorListener): DirectStdout;
}

function writable(fd: number): boolean {
  if (process.platform === 'win32') return false;
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() || stat.isFIFO() || stat.isSocket()) return true;
    return stat.isCharacterDevice() && stat.rdev === statSync('/dev/null').rdev;
  } catch {
    return false;
  }
}

/** The direct writer for `fd`, or null where process.stdout should write (see the top). */
export function directStdout(fd = 1, fallback: () => { write(text: string | Uint8Array): unknown } = () => process.stdout): DirectStdout | null {
  if (!writable(fd)) return null;
  const listeners: ErrorListener[] = [];
  let failed = false;
  let handedOver = false;
  const self: DirectStdout = {
    on: (_event, listener) => {
      listeners.push(listener);
      return self;
    },
    write: (text) => {
      if (failed) return;
      if (handedOver) return void fallback().write(text);
      const bytes = Buffer.from(text, 'utf8');
      let done = 0;
      try {
        while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
          handedOver = true;
          fallback().write(bytes.subarray(done));
          return;
        }
        failed = true;
        process.nextTick(() => {
          if (listeners.length === 0) throw error;
          for (const listener of listeners) listener(error as NodeJS.ErrnoException);
        });
      }
    },
  };
  return self;
}
