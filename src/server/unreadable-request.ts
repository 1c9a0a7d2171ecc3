// Requests the HTTP adapter (@hono/node-server) cannot make a Request of, so that no app runs for
// them: a backslash in the path (`/..\package.json`), a missing or malformed Host (`Host:`,
// `Host: 127.0.0.1:8478.evil`, `Host: localhost:8478,evil.example`). The adapter's own answer is a
// bare 400 on a connection kept alive; here they get the API's JSON error, the security headers,
// and the connection closes (a client that sends such a request is not one to keep talking to).

import type { IncomingMessage } from 'node:http';
import { RequestError } from '@hono/node-server';
import { toSafeJson } from '../core/safe-text.js';
import { translate, type MessageKey } from '../i18n/index.js';
import { SECURITY_HEADERS } from './guard.js';
import { requestLocale } from './locale.js';
import { CONTENT_SECURITY_POLICY } from './pages.js';

/** The request's ?lang=, where its target can be read at all. */
function targetUrl(target: string | undefined): URL {
  try {
    return new URL(target ?? '/', 'http://localhost');
  } catch {
    return new URL('http://localhost/');
  }
}

/**
 * The answer for the adapter's errorHandler: 400 serve.http.badRequest for a request it could not
 * read (`details.reason`: the adapter's words), 500 serve.api.internal for anything else (told to
 * `onError`). `incoming` is the request being read, where known, for its language.
 */
export function unreadableRequestAnswer(error: unknown, incoming: IncomingMessage | null, onError?: (error: unknown) => void): Response {
  const unreadable = error instanceof RequestError;
  if (!unreadable) onError?.(error);
  const acceptLanguage = incoming?.headers['accept-language'];
  const locale = requestLocale(targetUrl(incoming?.url), typeof acceptLanguage === 'string' ? acceptLanguage : undefined);
  const key: MessageKey = unreadable ? 'serve.http.badRequest' : 'serve.api.internal';
  const body: { key: MessageKey; message: string; details?: { reason: string } } = { key, message: translate(locale, key) };
  if (unreadable) body.details = { reason: error.message.slice(0, 200) };
  return new Response(toSafeJson({ error: body }), {
    status: unreadable ? 400 : 500,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...SECURITY_HEADERS,
      'content-security-policy': CONTENT_SECURITY_POLICY,
      connection: 'close',
    },
  });
}
