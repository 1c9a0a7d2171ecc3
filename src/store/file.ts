// The history file itself, around what SQLite does with it. SQLite opens whatever path it is
// given: /dev/null "works" until the first write fails as a disk I/O error (and, as root, leaves
// a /dev/null-journal behind), a FIFO hangs it at its first read, and a file deleted while open
// takes the writes into an inode no one will see again. So the store makes the folder, creates
// the file private, checks it is a regular file before SQLite (or the lock) touches it, and
// checks at each write that the path still names the file it opened.

import { accessSync, closeSync, constants, fstatSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreError } from './errors.js';

/** Which file a path named when the store opened it. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

/** Deeper than any real path: a guard against a file system that answers ENOENT for ever. */
const MAX_FOLDER_DEPTH = 64;

/**
 * mkdir -p (0700: the history names the processes and commands that ran), one level at a time.
 * Node's own `recursive: true` never returns for a folder inside /proc: mkdir there answers
 * ENOENT for a parent that exists, and Node retries for ever. Here that ENOENT is thrown.
 */
export function makeFolder(folder: string, depth = 0): void {
  try {
    makeOneFolder(folder);
  } catch (error) {
    const parent = dirname(folder);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === folder || depth >= MAX_FOLDER_DEPTH) throw error;
    makeFolder(parent, depth + 1);
    makeOneFolder(folder);
  }
}

/** mkdir, content with a folder already there (another process made it a moment ago). */
function makeOneFolder(folder: string): void {
  try {
    mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (statSync(folder).isDirectory()) return;
    // A file where the folder should be: the errno a path through a file gets, for toStoreError.
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${folder}'`), { code: 'ENOTDIR', cause: error });
  }
}

/**
 * Creates `path` when missing, mode 0600 (SQLite gives its -wal and -shm the main file's mode),
 * and throws StoreError 'not-a-file' when it is a device, a folder or a pipe. Opened read-only
 * and non-blocking, so a FIFO does not wait for a writer and a read-only history is still told
 * by SQLite, as read-only. Other failures are thrown as Node's errors, for toStoreError.
 */
export function createHistoryFile(path: string): FileIdentity {
  let fd: number;
  try {
    // O_NONBLOCK is absent on Windows, which has no FIFOs at a path to block on.
    fd = openSync(path, constants.O_RDONLY | constants.O_CREAT | (constants.O_NONBLOCK ?? 0), 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') throw new StoreError('not-a-file', { path }, { cause: error });
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new StoreError('not-a-file', { path });
    return { dev: stat.dev, ino: stat.ino };
  } finally {
    closeSync(fd);
  }
}

/**
 * Before a write: throws StoreError 'file-gone' when `path` no longer names the file opened (it
 * was deleted, or replaced by another). A file moved back passes again. A stat failing otherwise
 * (a folder made unreadable) is left to the write, which says what it is.
 */
export function checkStillThere(path: string, opened: FileIdentity): void {
  let now: FileIdentity;
  try {
    now = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoreError('file-gone', { path }, { cause: error });
    return;
  }
  if (now.dev !== opened.dev || now.ino !== opened.ino) throw new StoreError('file-gone', { path });
}

/**
 * The -wal or -shm beside `path` that this user cannot write, or null. SQLite's own word for one
 * (left by a crash of another user's process) is "attempt to write a readonly database", about a
 * database that is writable: the user is told which file to fix instead.
 */
export function readOnlyLeftover(path: string): string | null {
  // A read-only history (or disk) is what SQLite said already.
  if (!writable(path)) return null;
  return [`${path}-wal`, `${path}-shm`].find((file) => !writable(file)) ?? null;
}

/** False only for a file there that this user may not write: EACCES, or EPERM when immutable (even to root). */
function writable(file: string): boolean {
  try {
    accessSync(file, constants.W_OK);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== 'EACCES' && code !== 'EPERM';
  }
}
