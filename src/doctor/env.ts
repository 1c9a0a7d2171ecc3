// The doctor's seams: every file it reads, every program it runs, the environment variables, the
// platform and the clock come through a `DoctorEnv`, so a recorded machine (a fixture folder and
// its recorded command outputs) and the real one run the same checks.

import { lstat, readdir, readFile, readlink, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand, type Exec } from '../system/exec.js';

export type FsErrorCode = 'not-found' | 'no-permission' | 'error';
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
  return { ok: false, code: 'error', detail };
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
    readText: (path) => attempt(() => readFile(resolve(path), 'utf8')),
    readBytes: (path) => attempt(async () => new Uint8Array(await readFile(resolve(path)))),
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
