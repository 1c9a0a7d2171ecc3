// The doctor's seams: every file it reads, every program it runs, the environment variables, the
// platform and the clock come through a `DoctorEnv`, so a recorded machine (a fixture folder and
// its recorded command outputs) and the real one run the same checks.

import { constants } from 'node:fs';
import { lstat, open, readdir, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand, type Exec } from '../system/exec.js';

/** `not-a-file`: a FIFO, socket or device where a file was expected (reading one could wait forever). */
export type FsErrorCode = 'not-found' | 'no-permission' | 'not-a-file' | 'error';
export type FsResult<T> = { ok: true; value: T } | { ok: false; code: FsErrorCode; detail: string };

export interface FileStat {
  kind: 'file' | 'directory' | 'other';
  sizeBytes: number;
}

export interface DoctorFs {
  readText(path: string): Promise<FsResult<string>>;
  readBytes(path: string): Promise<FsResult<Uint8Array>>;
  readdir(path: string): Promise<FsResult<string[]>>;
  /** Follows symbolic links. */
  stat(path: string): Promise<FsResult<FileStat>>;
  readlink(path: string): Promise<FsResult<string>>;
  exists(path: string): Promise<boolean>;
}

export interface DoctorEnv {
  fs: DoctorFs;
  exec: Exec;
  env: Readonly<Record<string, string | undefined>>;
  /** Node's `process.platform` of the machine examined. */
  platform: NodeJS.Platform;
  arch: string;
  now: () => Date;
}

function fsError(error: unknown): { ok: false; code: FsErrorCode; detail: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, code: 'not-found', detail };
  if (code === 'EACCES' || code === 'EPERM') return { ok: false, code: 'no-permission', detail };
  if (code === NOT_A_FILE) return { ok: false, code: 'not-a-file', detail };
  return { ok: false, code: 'error', detail };
}

const NOT_A_FILE = 'GPUWISE_NOT_A_FILE';
/** Every file the doctor reads is a line or a page; a bigger one (a hostile path) is cut here. */
export const MAX_READ_BYTES = 4 * 1024 * 1024;

/**
 * At most `MAX_READ_BYTES` of a regular file. Opened non-blocking and checked first: a FIFO at a
 * path the environment points to (a toolkit's version.json) would otherwise block the run for
 * ever, and /dev/zero would never end. /proc and /sys files are regular files of size 0.
 */
async function readBounded(path: string): Promise<Buffer> {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await handle.stat()).isFile()) throw Object.assign(new Error(`${path}: not a regular file`), { code: NOT_A_FILE });
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < MAX_READ_BYTES) {
      const buffer = Buffer.alloc(Math.min(64 * 1024, MAX_READ_BYTES - total));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}

async function attempt<T>(action: () => Promise<T>): Promise<FsResult<T>> {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    return fsError(error);
  }
}

/**
 * The real file system. `root` re-roots absolute POSIX paths (a recorded machine's files live under
 * a fixture folder); with the default root `/`, paths are used as given (Windows paths too).
 */
export function createNodeFs(root = '/'): DoctorFs {
  const resolve = (path: string) => {
    if (root === '/') return path;
    // A recorded Windows machine keeps C:\Python311\python.exe as <root>/C/Python311/python.exe.
    const drive = path.match(/^([A-Za-z]):[\\/](.*)$/);
    if (drive) return join(root, drive[1] ?? '', ...(drive[2] ?? '').split(/[\\/]+/));
    return path.startsWith('/') ? join(root, path) : path;
  };
  return {
    readText: (path) => attempt(async () => (await readBounded(resolve(path))).toString('utf8')),
    readBytes: (path) => attempt(async () => new Uint8Array(await readBounded(resolve(path)))),
    readdir: (path) => attempt(async () => (await readdir(resolve(path))).sort()),
    stat: (path) =>
      attempt(async () => {
        const info = await stat(resolve(path));
        const kind = info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other';
        return { kind, sizeBytes: info.size } satisfies FileStat;
      }),
    readlink: (path) =>
      attempt(async () => {
        // lstat first: readlink on a plain file gives EINVAL, which is "not a link", not an error.
        await lstat(resolve(path));
        return readlink(resolve(path));
      }),
    exists: async (path) => (await attempt(() => stat(resolve(path)))).ok,
  };
}

/** The machine gpuwise runs on. */
export function createNodeDoctorEnv(): DoctorEnv {
  return {
    fs: createNodeFs('/'),
    exec: runCommand,
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    now: () => new Date(),
  };
}
