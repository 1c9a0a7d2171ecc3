// What Node's HTTP parser refuses before the app sees a request. A request line and headers past
// Node's header limit (16 KiB) would get a bare 431 with no body; here they get the documented
// JSON error: 414 serve.http.uriTooLong when the request line alone is too long (the app's own
// check answers a shorter one the same way), 431 serve.http.headersTooLarge otherwise. Every
// other parse error keeps Node's own answer.

import type { Duplex } from 'node:stream';
import { toSafeJson } from '../core/safe-text.js';
import { translate, type Locale, type MessageKey, type MessageParams } from '../i18n/index.js';
import { MAX_URL_BYTES } from './options.js';
import { requestLocale } from './locale.js';

/** Node's bare answers for the rest, as its own handler writes them (lib/_http_server.js). */
const NODE_ANSWERS: Readonly<Record<string, string>> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n',
  ERR_HTTP_REQUEST_TIMEOUT: 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
};
const BAD_REQUEST = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';

interface ClientError extends Error {
  code?: string;
  /** What the parser was reading when it failed (the current chunk), where Node has it. */
  rawPacket?: Buffer;
}

/** For `server.on('clientError', …)`; `maxHeaderBytes` is the server's limit (http.maxHeaderSize). */
export function answerClientError(error: ClientError, socket: Duplex, maxHeaderBytes: number): void {
  // A client that went away, or a socket with an answer under way, gets nothing more written.
  if (error.code === 'ECONNRESET' || !socket.writable || isAnswering(socket)) {
    socket.destroy();
    return;
  }
  // As Node does: the answer, then the connection closes (the parser cannot go on reading it).
  const answer = (bytes: string | Buffer) => socket.end(bytes, () => socket.destroy());
  if (error.code !== 'HPE_HEADER_OVERFLOW') {
    answer(NODE_ANSWERS[error.code ?? ''] ?? BAD_REQUEST);
    return;
  }
  const head = error.rawPacket?.toString('latin1') ?? '';
  const line = requestLine(head);
  const locale = requestLocale(targetUrl(line), acceptLanguage(head));
  const tooLongTarget = line !== null && line.length > MAX_URL_BYTES;
  answer(
    tooLongTarget
      ? jsonResponse(414, 'URI Too Long', translateError(locale, 'serve.http.uriTooLong', { max: MAX_URL_BYTES }))
      : jsonResponse(431, 'Request Header Fields Too Large', translateError(locale, 'serve.http.headersTooLarge', { max: maxHeaderBytes })),
  );
}

/** Node marks a socket whose response has begun; a parse error then must not write a second one. */
function isAnswering(socket: Duplex): boolean {
  const message = Reflect.get(socket, '_httpMessage') as { headersSent?: boolean } | null | undefined;
  return message?.headersSent === true;
}

/** The request line as far as the chunk has it (`GET /aaaa…`), or null when the chunk does not start one. */
function requestLine(head: string): string | null {
  if (!/^[A-Z]{3,10} /.test(head)) return null;
  const end = head.indexOf('\r\n');
  return end === -1 ? head : head.slice(0, end);
}

/** The target of the request line, for its ?lang=; a bare URL when there is none to read. */
function targetUrl(line: string | null): URL {
  const target = line?.split(' ')[1] ?? '/';
  try {
    return new URL(target.slice(0, MAX_URL_BYTES * 4), 'http://localhost');
  } catch {
    return new URL('http://localhost/');
  }
}

function acceptLanguage(head: string): string | undefined {
  return /\r\naccept-language:[ \t]*([^\r\n]{0,512})/i.exec(head)?.[1];
}

function translateError(locale: Locale, key: MessageKey, params: MessageParams): { key: MessageKey; message: string } {
  return { key, message: translate(locale, key, params) };
}

/** The app's error shape (errors.ts), written on the raw socket: no app runs for this request. */
function jsonResponse(status: number, reason: string, error: { key: MessageKey; message: string }): Buffer {
  const body = Buffer.from(toSafeJson({ error }));
  const head =
    `HTTP/1.1 ${status} ${reason}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${body.length}\r\n` +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}
