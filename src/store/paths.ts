// Where the history lives by default: the platform's usual folder for an application's data.

import { homedir as osHomedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { toStoreError } from './errors.js';
import { makeFolder } from './file.js';

const FILE = 'history.db';

/**
 * $XDG_DATA_HOME/gpuwise/history.db (else ~/.local/share/…) on Linux and the other Unixes,
 * %LOCALAPPDATA%\gpuwise\history.db on Windows, ~/Library/Application Support/gpuwise/… on macOS.
 * A relative XDG_DATA_HOME is ignored, as the XDG spec says. The folder is created, private (0700):
 * the history names the processes and commands that ran. A folder that cannot be made is a
 * StoreError (read-only, cannot-open).
 */
export function defaultHistoryPath(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  homedir: string = osHomedir(),
  options: { create?: boolean } = {},
): string {
  let folder: string;
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA;
    folder = win32.join(local && win32.isAbsolute(local) ? local : win32.join(homedir, 'AppData', 'Local'), 'gpuwise');
  } else if (platform === 'darwin') {
    folder = posix.join(homedir, 'Library', 'Application Support', 'gpuwise');
  } else {
    const xdg = env.XDG_DATA_HOME;
    folder = posix.join(xdg && posix.isAbsolute(xdg) ? xdg : posix.join(homedir, '.local', 'share'), 'gpuwise');
  }
  // A path worked out for another platform (a test, a printed hint) is not one to create here.
  const path = platform === 'win32' ? win32.join(folder, FILE) : posix.join(folder, FILE);
  if (options.create ?? platform === process.platform) {
    try {
      // One level at a time: Node's recursive mkdir never returns under /proc (./file.ts).
      makeFolder(folder);
    } catch (error) {
      throw toStoreError(error, path);
    }
  }
  return path;
}
