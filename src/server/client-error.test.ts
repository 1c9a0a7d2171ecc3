// Node's parser refusals over a real socket: a plain http server with only this handler, the
// request written raw (fetch could not send a 16 KiB request line or a broken one).

import { createServer, maxHeaderSize, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError } from './client-error.js';

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((_request, response) => response.end('answered'));
  server.on('clientError', (error: Error, socket) => answerClientError(error, socket, maxHeaderSize));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Writes `raw` and reads until the server closes: the status line, headers and body as one text. */
function exchange(raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' && chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function parsed(answer: string): { status: number; headers: string; body: { error: { key: string; message: string } } } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) as never };
}

describe('answerClientError', () => {
  it('a request line past the header limit is the documented 414 JSON, in the asked language', async () => {
    const answer = parsed(await exchange(`GET /?lang=zh-CN&x=${'a'.repeat(16_500)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    expect(answer.status).toBe(414);
    expect(answer.headers).toContain('content-type: application/json; charset=utf-8');
    expect(answer.body.error).toEqual({ key: 'serve.http.uriTooLong', message: '请求地址超过 4096 字节；请分次少量请求。' });
  });

  it('headers past the limit (a short request line) are 431 JSON, not an empty body', async () => {
    const answer = parsed(await exchange(`GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${'c'.repeat(17_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body.error.key).toBe('serve.http.headersTooLarge');
    expect(answer.body.error.message).toContain(String(maxHeaderSize));
  });

  it('other parse errors keep Node’s own answer, and the server goes on serving', async () => {
    expect(await exchange('NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(await exchange('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/answered$/);
  });

  it('a client that reset its connection gets nothing written', () => {
    let destroyed = false;
    const written: unknown[] = [];
    const socket = { writable: true, destroy: () => void (destroyed = true), end: (data: unknown) => written.push(data) };
    answerClientError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket as never, maxHeaderSize);
    expect(destroyed).toBe(true);
    expect(written).toEqual([]);
  });
});
