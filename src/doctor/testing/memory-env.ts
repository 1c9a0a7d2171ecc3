// A machine made up in a test: files as a map, symbolic links, recorded commands. For checks
// that need one odd detail (a version mismatch, WSL 1, a Pascal GPU on R590) without a folder.

import type { DoctorEnv, DoctorFs, FsResult } from '../env.js';
import { createRecordedExec, type RecordedCommand } from './fixture-env.js';

export interface MemoryMachine {
  files?: Record<string, string>;
  /** path → target (relative to the link's folder, or absolute). */
  links?: Record<string, string>;
  commands?: RecordedCommand[];
  env?: Record<string, string>;
  platform?: NodeJS.Platform;
  arch?: string;
  now?: string;
}

const missing = (path: string) => ({ ok: false as const, code: 'not-found' as const, detail: `ENOENT: ${path}` });

export function createMemoryFs(files: Record<string, string>, links: Record<string, string> = {}): DoctorFs {
  const resolve = (path: string): string => {
    for (let hop = 0; hop < 8; hop++) {
      const target = links[path];
      if (target === undefined) return path;
      path = target.startsWith('/') ? target : `${path.slice(0, path.lastIndexOf('/'))}/${target}`;
    }
    return path;
  };
  const isDir = (path: string) => Object.keys(files).some((f) => f.startsWith(`${path.replace(/\/$/, '')}/`)) || Object.keys(links).some((l) => l.startsWith(`${path}/`));
  const entries = (dir: string): string[] => {
    const prefix = `${dir.replace(/\/$/, '')}/`;
    const names = [...Object.keys(files), ...Object.keys(links)].filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length).split('/')[0] ?? '');
    return [...new Set(names.filter(Boolean))].sort();
  };
  return {
    readText: async (path): Promise<FsResult<string>> => {
      const real = resolve(path);
      return files[real] !== undefined ? { ok: true, value: files[real] } : missing(path);
    },
    readBytes: async (path): Promise<FsResult<Uint8Array>> => {
      const real = resolve(path);
      return files[real] !== undefined ? { ok: true, value: new TextEncoder().encode(files[real]) } : missing(path);
    },
    readdir: async (path) => (isDir(resolve(path)) ? { ok: true, value: entries(resolve(path)) } : missing(path)),
    stat: async (path) => {
      const real = resolve(path);
      if (files[real] !== undefined) return { ok: true, value: { kind: 'file', sizeBytes: files[real].length } };
      return isDir(real) ? { ok: true, value: { kind: 'directory', sizeBytes: 0 } } : missing(path);
    },
    readlink: async (path) => (links[path] !== undefined ? { ok: true, value: links[path] } : missing(path)),
    exists: async (path) => files[resolve(path)] !== undefined || isDir(resolve(path)),
  };
}

export function createMemoryEnv(machine: MemoryMachine): DoctorEnv & { ran: string[] } {
  const ran: string[] = [];
  return {
    fs: createMemoryFs(machine.files ?? {}, machine.links),
    exec: createRecordedExec(machine.commands ?? [], ran),
    env: machine.env ?? { PATH: '/usr/bin:/bin' },
    platform: machine.platform ?? 'linux',
    arch: machine.arch ?? 'x64',
    now: () => new Date(machine.now ?? '2026-11-29T12:00:00.000Z'),
    ran,
  };
}
