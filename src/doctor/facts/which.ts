// Finds a program on PATH the way a shell would, through the doctor's file-system seam (so a
// recorded machine answers too).

import type { DoctorEnv } from '../env.js';

function pathSeparator(env: DoctorEnv): string {
  return env.platform === 'win32' ? ';' : ':';
}

function joinPath(env: DoctorEnv, dir: string, name: string): string {
  const sep = env.platform === 'win32' ? '\\' : '/';
  return dir.endsWith(sep) || dir.endsWith('/') ? `${dir}${name}` : `${dir}${sep}${name}`;
}

/** Every match on PATH in order (the first one is what runs). */
export async function findAllOnPath(env: DoctorEnv, name: string): Promise<string[]> {
  const pathValue = env.env.PATH ?? env.env.Path ?? '';
  const dirs = pathValue.split(pathSeparator(env)).filter(Boolean);
  const names =
    env.platform === 'win32' && !/\.\w+$/.test(name)
      ? (env.env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').filter(Boolean).map((ext) => `${name}${ext.toLowerCase()}`)
      : [name];
  const candidates = dirs.flatMap((dir) => names.map((n) => joinPath(env, dir, n)));
  const found = await Promise.all(
    candidates.map(async (candidate) => {
      const info = await env.fs.stat(candidate);
      return info.ok && info.value.kind === 'file' ? candidate : null;
    }),
  );
  return [...new Set(found.filter((path): path is string => path !== null))];
}

export async function findOnPath(env: DoctorEnv, name: string): Promise<string | null> {
  return (await findAllOnPath(env, name))[0] ?? null;
}
