// A log file that rotates by size with a bounded count: name.log, name.log.1 … name.log.<keep>.
// Writes are synchronous (fs.writeSync): a chunk is in the kernel's page cache before the next
// one is read from the job, so a kill -9 of the job — or of gpuwise — loses nothing already read.

import { closeSync, existsSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';

export interface RotatingFileOptions {
  path: string;
  /** Rotate once the file holds this many bytes (default 64 MiB). */
  maxBytes?: number;
  /** Rotated files kept besides the live one (default 5). */
  keep?: number;
}

export interface RotatingFile {
  readonly path: string;
  write(data: string | Buffer): void;
  /** Bytes written through this writer (all files). */
  bytesWritten(): number;
  close(): void;
}

export const DEFAULT_LOG_MAX_BYTES = 64 * 1024 * 1024;
export const DEFAULT_LOG_KEEP = 5;

export function openRotatingFile(options: RotatingFileOptions): RotatingFile {
  const maxBytes = Math.max(1, options.maxBytes ?? DEFAULT_LOG_MAX_BYTES);
  const keep = Math.max(0, options.keep ?? DEFAULT_LOG_KEEP);
  const path = options.path;
  // Append: a restarted gpuwise given the same --log-dir continues the file.
  let fd: number | null = openSync(path, 'a', 0o600);
  let size = existsSync(path) ? statSync(path).size : 0;
  let total = 0;

  const rotate = () => {
    if (fd !== null) closeSync(fd);
    if (keep === 0) rmSync(path, { force: true });
    else {
      rmSync(`${path}.${keep}`, { force: true });
      for (let i = keep - 1; i >= 1; i--) if (existsSync(`${path}.${i}`)) renameSync(`${path}.${i}`, `${path}.${i + 1}`);
      renameSync(path, `${path}.1`);
    }
    fd = openSync(path, 'a', 0o600);
    size = 0;
  };

  return {
    path,
    write(data) {
      if (fd === null) return;
      const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      if (buffer.length === 0) return;
      // A chunk is never split across files: a line stays whole in one file.
      if (size > 0 && size + buffer.length > maxBytes) rotate();
      let offset = 0;
      while (offset < buffer.length) offset += writeSync(fd as number, buffer, offset);
      size += buffer.length;
      total += buffer.length;
    },
    bytesWritten: () => total,
    close() {
      if (fd === null) return;
      closeSync(fd);
      fd = null;
    },
  };
}
