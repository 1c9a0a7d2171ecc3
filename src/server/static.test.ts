// Static files from webRoot: the dashboard's files are served, nothing outside it ever is.

import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loopbackAllowedHosts } from './options.js';
import { safeSegments } from './static.js';
import { testServer } from './testing/fixtures.js';

function builtDashboard() {
  const base = mkdtempSync(join(tmpdir(), 'gpuwise-web-'));
  const root = join(base, 'web');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>dashboard</title><script type="module" src="/assets/app-1a2b.js"></script>');
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'console.log("dashboard")');
  writeFileSync(join(root, '.env'), 'SECRET=1');
  writeFileSync(join(base, 'secret.txt'), 'TOP SECRET');
  symlinkSync(join(base, 'secret.txt'), join(root, 'link.txt'));
  return { base, root };
}

describe('static files', () => {
  it('serves the built dashboard: / is its index.html, hashed assets are immutable', async () => {
    const { root } = builtDashboard();
    const { app } = testServer({ webRoot: root });
    const index = await app.request('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await index.text()).toContain('<title>dashboard</title>');
    const asset = await app.request('/assets/app-1a2b.js');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await asset.text()).toBe('console.log("dashboard")');
  });

  it('never serves a file outside webRoot, a hidden file or one through a symlink out of it', async () => {
    const { root } = builtDashboard();
    const { app } = testServer({ webRoot: root });
    const attempts = [
      '/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/%2E%2E/%2e%2e/secret.txt', '/..%2fsecret.txt', '/..%2Fsecret.txt',
      '/..%5csecret.txt', '/assets/..%5c..%5csecret.txt', '/%252e%252e/secret.txt', '//etc/passwd', '/etc/passwd', `/${root}/index.html`,
      '/C:/Windows/win.ini', '/index.html%00.js', '/assets/%00', '/.env', '/assets/.', '/link.txt', '/%c0%ae%c0%ae/secret.txt', '/assets//app-1a2b.js',
    ];
    for (const path of attempts) {
      const response = await app.request(path);
      const text = await response.text();
      expect(text, path).not.toContain('TOP SECRET');
      expect(text, path).not.toContain('SECRET=1');
      expect(text, path).not.toContain('root:');
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
    }
  });

  it('decodes one level of escapes and refuses any segment that could climb or hide', () => {
    expect(safeSegments('/assets/app%20x.js')).toEqual(['assets', 'app x.js']);
    expect(safeSegments('/')).toEqual(['index.html']);
    expect(safeSegments('/assets/')).toEqual(['assets', 'index.html']);
    for (const bad of ['/..', '/a/..', '/.git/config', '/a%2fb', '/a%5Cb', '/a\\b', '/%00', '/%zz', 'relative', '/a//b', '/C:', '/a%0ab']) {
      expect(safeSegments(bad), bad).toBeNull();
    }
  });

  it('without a built dashboard, only the index page is there; other paths are 404', async () => {
    const { app } = testServer({ webRoot: join(tmpdir(), 'gpuwise-no-such-web-dir') });
    expect(await (await app.request('/')).text()).toContain('gpuwise serve');
    expect((await app.request('/assets/app.js')).status).toBe(404);
  });
});

/** A raw request target, sent as written: node's client does not normalise the path. */
function rawGet(port: number, path: string, host = `127.0.0.1:${port}`): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host }, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('over a real socket (@hono/node-server), where request targets reach the app unparsed', () => {
  it('refuses traversal in raw targets and hostile Host headers', async () => {
    const { root } = builtDashboard();
    const { app } = testServer({ webRoot: root });
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      expect((await rawGet(port, '/assets/app-1a2b.js')).body).toBe('console.log("dashboard")');
      for (const path of ['/../secret.txt', '/assets/../../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/.%2e/secret.txt', '/..\\secret.txt', '//../secret.txt', '/link.txt']) {
        const answer = await rawGet(port, path);
        expect(answer.body, path).not.toContain('TOP SECRET');
        expect([400, 404], path).toContain(answer.status);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The app is made once the port is known, as `serve` does, so the loopback names carry the real port.
    let guarded: ReturnType<typeof testServer>['app'] | null = null;
    const server2 = serve({ fetch: (req) => guarded!.fetch(req), hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server2.once('listening', resolve));
    const port2 = (server2.address() as AddressInfo).port;
    guarded = testServer({ allowedHosts: loopbackAllowedHosts(port2) }).app;
    try {
      expect((await rawGet(port2, '/api/v1/snapshot')).status).toBe(200);
      expect((await rawGet(port2, '/api/v1/snapshot', `localhost:${port2}`)).status).toBe(200);
      for (const host of ['evil.example', `evil.example:${port2}`, `127.0.0.1:${port2 + 1}`, '127.0.0.1']) {
        const answer = await rawGet(port2, '/api/v1/snapshot', host);
        expect(answer.status, host).toBe(403);
        expect(answer.body).toContain('serve.http.badHost');
      }
    } finally {
      await new Promise((resolve) => server2.close(resolve));
    }
  });
});
