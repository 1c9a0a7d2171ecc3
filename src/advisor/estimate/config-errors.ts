// Why a `--config` file could not be used, as an AdvisorError the reader gets in their language.
// The engine's own words (Node's errno text, V8's JSON.parse message, zod's issue text) are
// English: each is turned into a message key with its facts as parameters — the errno code kept
// in brackets, the line and column where the JSON breaks, the field and its bound.

import type { ZodError } from 'zod';
import { AdvisorError, type AdvisorErrorKey } from '../errors.js';

/** Errno codes a user meets reading a file they named, by what they mean. */
const READ_KEYS: Readonly<Record<string, AdvisorErrorKey>> = {
  ENOENT: 'advisor.error.configNoFile',
  ENOTDIR: 'advisor.error.configNoFile',
  EACCES: 'advisor.error.configDenied',
  EPERM: 'advisor.error.configDenied',
  EISDIR: 'advisor.error.configNotFile',
};

/** The file exists but is a directory, a device or a pipe: not one to parse. */
export function configNotFileError(path: string): AdvisorError {
  return new AdvisorError('advisor.error.configNotFile', { path });
}

/** `stat` or `read` failed: the reason by its errno code, the code itself in brackets. */
export function configReadError(path: string, error: unknown): AdvisorError {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string') return new AdvisorError('advisor.error.configUnreadable', { path, code: '?' });
  const key = Object.hasOwn(READ_KEYS, code) ? READ_KEYS[code] : undefined;
  return new AdvisorError(key ?? 'advisor.error.configUnreadable', { path, code });
}

/** Line and column (from 1) of a UTF-16 offset into `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * JSON.parse refused `text`: where it broke, read from V8's "… at position N" (Node 20) — an
 * early end has no position, it breaks at the end. A message of another shape keeps the engine's
 * words, in brackets, rather than guess.
 */
export function configJsonError(path: string, text: string, error: unknown): AdvisorError {
  const message = error instanceof Error ? error.message : String(error);
  const position = /\bposition (\d+)/.exec(message);
  const offset = position ? Number(position[1]) : /end of (?:JSON )?input/i.test(message) ? text.length : null;
  if (offset === null) return new AdvisorError('advisor.error.configNotJsonEngine', { path, detail: message.length > 200 ? `${message.slice(0, 200)}…` : message });
  if (offset >= text.trimEnd().length) return new AdvisorError('advisor.error.configNotJsonEnd', { path });
  return new AdvisorError('advisor.error.configNotJson', { path, ...lineAndColumn(text, offset) });
}

/** The first schema issue of a config.json, said as which field is wrong and how. */
export function configSchemaError(path: string, error: ZodError): AdvisorError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  if (!issue || field === '') return new AdvisorError('advisor.error.configNotObject', { path });
  if (issue.code === 'too_big') {
    const max = Number(issue.maximum);
    return issue.origin === 'string' ? new AdvisorError('advisor.error.configFieldTooLong', { path, field, max }) : new AdvisorError('advisor.error.configFieldTooLarge', { path, field, max });
  }
  if (issue.code === 'too_small') {
    // Every number in the schema is whole: "> 0" is "at least 1".
    const min = Number(issue.minimum) + (issue.inclusive ? 0 : 1);
    return new AdvisorError('advisor.error.configFieldTooSmall', { path, field, min });
  }
  if (issue.code === 'invalid_type') {
    if (issue.expected === 'int') return new AdvisorError('advisor.error.configFieldNotWhole', { path, field });
    if (issue.expected === 'number') return new AdvisorError('advisor.error.configFieldNotNumber', { path, field });
    if (issue.expected === 'string') return new AdvisorError('advisor.error.configFieldNotText', { path, field });
    if (issue.expected === 'boolean') return new AdvisorError('advisor.error.configFieldNotBoolean', { path, field });
  }
  return new AdvisorError('advisor.error.configFieldBad', { path, field });
}
