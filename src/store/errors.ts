// The one error type the store throws for what a user can run into (a file that is not a gpuwise
// history, a newer schema, a read-only or full disk, a damaged file): a message key with its
// parameters, so `serve` says what happened and what to do in the user's language.

import { translate, type MessageKey, type MessageParams } from '../i18n/index.js';

export type StoreErrorKey = Extract<MessageKey, `store.error.${string}`>;

/** What went wrong, for code that reacts (the recorder keeps retrying on `disk-full`). */
export type StoreErrorCode =
  | 'not-database' | 'foreign-database' | 'newer-schema' | 'read-only' | 'disk-full' | 'corrupt'
  | 'cannot-open' | 'busy' | 'locked' | 'locked-elsewhere' | 'lock-lost' | 'file-gone' | 'not-a-file' | 'io' | 'closed'
  | 'unknown-metric' | 'bad-query';

const KEYS: Record<StoreErrorCode, StoreErrorKey> = {
  'not-database': 'store.error.notDatabase',
  'foreign-database': 'store.error.foreignDatabase',
  'newer-schema': 'store.error.newerSchema',
  'read-only': 'store.error.readOnly',
  'disk-full': 'store.error.diskFull',
  corrupt: 'store.error.corrupt',
  'cannot-open': 'store.error.cannotOpen',
  busy: 'store.error.busy',
  locked: 'store.error.locked',
  'locked-elsewhere': 'store.error.lockedElsewhere',
  'lock-lost': 'store.error.lockLost',
  'file-gone': 'store.error.fileGone',
  'not-a-file': 'store.error.notAFile',
  io: 'store.error.io',
  closed: 'store.error.closed',
  'unknown-metric': 'store.error.unknownMetric',
  'bad-query': 'store.error.badQuery',
};

export class StoreError extends Error {
  readonly code: StoreErrorCode;
  readonly key: StoreErrorKey;
  readonly params: MessageParams;

  constructor(code: StoreErrorCode, params: MessageParams, options?: { cause?: unknown }) {
    // English as `message` keeps logs and stack traces readable; renderers use key + params.
    super(translate('en', KEYS[code], params), options);
    this.name = 'StoreError';
    this.code = code;
    this.key = KEYS[code];
    this.params = params;
  }
}

export function isStoreError(error: unknown): error is StoreError {
  return error instanceof StoreError;
}

/** SQLite's result code (better-sqlite3's SqliteError.code) or a Node errno code. */
function codeOf(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return typeof code === 'string' ? code : '';
}

function detailOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Turns what SQLite (or the file system under it) threw into a StoreError; a StoreError passes
 * through, and anything else — a bug, not the disk — is thrown again as it was.
 */
export function toStoreError(error: unknown, path: string): StoreError {
  if (error instanceof StoreError) return error;
  const code = codeOf(error);
  const params = { path, detail: detailOf(error) };
  const as = (storeCode: StoreErrorCode) => new StoreError(storeCode, params, { cause: error });
  if (code === 'SQLITE_NOTADB') return as('not-database');
  if (code.startsWith('SQLITE_CORRUPT')) return as('corrupt');
  if (code === 'SQLITE_FULL' || code === 'ENOSPC') return as('disk-full');
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return as('read-only');
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'ENOENT' || code === 'ENOTDIR') return as('cannot-open');
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return as('busy');
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_')) return as('io');
  // better-sqlite3 reports a missing folder as a plain TypeError before SQLite sees the path.
  if (error instanceof TypeError && /directory does not exist/i.test(detailOf(error))) return as('cannot-open');
  throw error;
}

/** Runs `work`, turning SQLite's failures into StoreErrors. */
export function guarded<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw toStoreError(error, path);
  }
}
