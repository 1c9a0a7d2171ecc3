// Finds a program the way the shell would, without starting it: a spawn that fails with ENOENT
// costs ~10 ms, a stat costs microseconds, and a machine without a driver tries several names.

import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export type Which = (command: string) => string | null;

export interface WhichOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

function isExecutableFile(file: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    // Windows has no execute bit; existence (with an executable extension) is what counts.
    if (platform !== 'win32') accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The full path `command` would run as, or null. A command with a slash is checked as given. */
export function which(command: string, options: WhichOptions = {}): string | null {
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  const pathApi = platform === 'win32' ? path.win32 : path.posix;
  const extensions =
    platform === 'win32' && pathApi.extname(command) === ''
      ? (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)
      : [''];
  if (command.includes('/') || (platform === 'win32' && command.includes('\\'))) {
    for (const ext of extensions) if (isExecutableFile(command + ext, platform)) return command + ext;
    return null;
  }
  const dirs = (env.PATH ?? env.Path ?? '').split(pathApi.delimiter).filter(Boolean);
  for (const dir of dirs) {
    for (const ext of extensions) {
      const candidate = pathApi.join(dir, command + ext);
      if (isExecutableFile(candidate, platform)) return candidate;
    }
  }
  return null;
}

export function createWhich(options: WhichOptions = {}): Which {
  return (command) => which(command, options);
}
