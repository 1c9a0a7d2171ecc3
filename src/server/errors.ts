// Every error the server answers is JSON of one shape, `{ error: { key, message, details? } }`:
// the message key for programs, the text in the request's language for people.

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { toSafeJson } from '../core/safe-text.js';
import type { MessageKey, MessageParams } from '../i18n/index.js';
import type { ServerEnv } from './options.js';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
    readonly details?: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
  }
}

/** JSON written with toSafeJson (command lines and driver strings may hold bidi or C1 controls). */
export function jsonAnswer(c: Context<ServerEnv>, value: unknown, status: ContentfulStatusCode = 200, headers: Record<string, string> = {}): Response {
  return c.body(toSafeJson(value), status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
}

export function errorAnswer(c: Context<ServerEnv>, error: ApiError): Response {
  const body: { key: MessageKey; message: string; details?: Record<string, unknown> } = { key: error.key, message: c.var.t(error.key, error.params) };
  if (error.details) body.details = error.details;
  return jsonAnswer(c, { error: body }, error.status, error.headers);
}
