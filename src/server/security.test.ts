// Auth, the login cookie flow, Host/Origin guards, size limits and headers, through app.request.

import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, sameSecret, safeNext, sessionValue } from './auth.js';
import { hostAllowed } from './guard.js';
import { loopbackAllowedHosts, MAX_BODY_BYTES } from './options.js';
import { json, testServer } from './testing/fixtures.js';

const TOKEN = 'c0ffee-4f1d-token-0123456789abcdef';

function secured(metricsOpen = false) {
  return testServer({ auth: { token: TOKEN, metricsOpen } }).app;
}

function form(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } };
}

describe('the token', () => {
  it('every route answers 401 JSON without it, with WWW-Authenticate, in the asked language', async () => {
    const app = secured();
    for (const path of ['/api/v1/devices', '/api/v1/snapshot', '/api/v1/history?device=0&metric=gpuUtilPercent', '/api/v1/processes', '/api/v1/events', '/api/v1/stream', '/metrics', '/', '/api/v1/nope']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="gpuwise"');
      expect((await json(response)).error?.key).toBe('serve.http.unauthorized');
    }
    const zh = await json(await app.request('/api/v1/snapshot?lang=zh-CN'));
    expect(zh.error?.message).toMatch(/^此服务需要访问令牌/);
  });

  it('Authorization: Bearer with the token opens every route; a wrong, longer, shorter or empty token does not', async () => {
    const app = secured();
    expect((await app.request('/api/v1/snapshot', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await app.request('/api/v1/snapshot', { headers: { authorization: `bearer  ${TOKEN}` } })).status).toBe(200);
    for (const bad of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, 'Bearer ', `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN} extra`, `Bearer ${TOKEN.toUpperCase()}`]) {
      expect((await app.request('/api/v1/snapshot', { headers: { authorization: bad } })).status, bad).toBe(401);
    }
  });

  it('the comparison does not depend on the lengths (equal-length digests)', () => {
    expect(sameSecret(TOKEN, TOKEN)).toBe(true);
    expect(sameSecret('', TOKEN)).toBe(false);
    expect(sameSecret(TOKEN + TOKEN, TOKEN)).toBe(false);
    expect(sameSecret('\u0000'.repeat(10_000), TOKEN)).toBe(false);
  });

  it('a browser asking for a page is sent to the login form', async () => {
    const response = await secured().request('/some/page', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login?next=%2Fsome%2Fpage');
  });

  it('/api/v1/health without the token says only the status (liveness); with it, everything', async () => {
    const app = secured();
    const open = await app.request('/api/v1/health');
    expect(open.status).toBe(200);
    expect(await json(open)).toEqual({ status: 'ok' });
    const full = await json(await app.request('/api/v1/health', { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(full).toMatchObject({ status: 'ok', backend: 'nvml', store: { stats: expect.any(Object) } });
  });

  it('/metrics is protected unless metricsOpen', async () => {
    expect((await secured(false).request('/metrics')).status).toBe(401);
    const open = await secured(true).request('/metrics');
    expect(open.status).toBe(200);
    expect(await open.text()).toContain('up 1');
    expect((await secured(true).request('/api/v1/snapshot')).status).toBe(401);
  });
});

describe('the login form and its cookie', () => {
  it('GET /login is a form in the asked language; POST with the token sets an HttpOnly SameSite=Strict cookie that opens the API', async () => {
    const app = secured();
    const page = await app.request('/login?next=/api/v1/devices', { headers: { 'accept-language': 'zh-CN' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/login?lang=zh-CN">');
    expect(html).toContain('name="next" value="/api/v1/devices"');
    expect(html).toContain('此 gpuwise 服务需要访问令牌');

    const login = await app.request('/login', form({ token: TOKEN, next: '/api/v1/devices' }, { origin: 'http://localhost' }));
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/api/v1/devices');
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]+; HttpOnly; SameSite=Strict; Path=/; Max-Age=\\d+$`));
    // The cookie carries a value derived from the token, never the token itself.
    expect(cookie).not.toContain(TOKEN);
    const value = cookie.split(';')[0]!;
    expect((await app.request('/api/v1/devices', { headers: { cookie: value } })).status).toBe(200);
    expect((await app.request('/api/v1/devices', { headers: { cookie: `${SESSION_COOKIE}=${sessionValue('another-token')}` } })).status).toBe(401);
    expect((await app.request('/api/v1/devices', { headers: { cookie: `${SESSION_COOKIE}=${TOKEN}` } })).status).toBe(401);

    const logout = await app.request('/logout', { method: 'POST', headers: { cookie: value, origin: 'http://localhost' } });
    expect(logout.status).toBe(303);
    expect(logout.headers.get('location')).toBe('/login');
    expect(logout.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0$`));
  });

  it('the cookie is Secure when the request came over https (directly or through a proxy)', async () => {
    const app = secured();
    const direct = await app.request('https://localhost/login', form({ token: TOKEN }));
    expect(direct.headers.get('set-cookie')).toMatch(/; Secure$/);
    const proxied = await app.request('/login', form({ token: TOKEN }, { 'x-forwarded-proto': 'https' }));
    expect(proxied.headers.get('set-cookie')).toMatch(/; Secure$/);
    expect((await app.request('/login', form({ token: TOKEN }))).headers.get('set-cookie')).not.toMatch(/Secure/);
  });

  it('a wrong or missing token shows the form again with the reason, and sets no cookie', async () => {
    const app = secured();
    const wrong = await app.request('/login', form({ token: 'guess' }));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('That is not the token. Try again.');
    const missing = await app.request('/login?lang=zh-CN', form({}));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('请输入令牌。');
    const notForm = await app.request('/login', { method: 'POST', body: '{"token":1}', headers: { 'content-type': 'application/json' } });
    expect(notForm.status).toBe(400);
  });

  it('after login, only a path on this server is followed', () => {
    expect(safeNext('/api/v1/devices?x=1')).toBe('/api/v1/devices?x=1');
    for (const bad of ['//evil.example/', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/a\nb', '', 5, undefined, '/' + 'a'.repeat(600)]) {
      expect(safeNext(bad), String(bad)).toBe('/');
    }
  });

  it('the login page escapes what it echoes', async () => {
    const html = await (await secured().request('/login?next=/%22%3E%3Cscript%3Ealert(1)%3C/script%3E')).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('Host and Origin (DNS rebinding, CSRF)', () => {
  it('on loopback, only localhost, 127.0.0.1 and [::1] with the port are answered', async () => {
    const allowed = loopbackAllowedHosts(8321);
    const { app } = testServer({ allowedHosts: allowed });
    for (const host of ['localhost:8321', '127.0.0.1:8321', '[::1]:8321', 'LOCALHOST:8321']) {
      expect((await app.request(`http://${host}/api/v1/snapshot`, { headers: { host } })).status, host).toBe(200);
    }
    for (const host of ['evil.example:8321', 'evil.example', 'localhost:80', 'localhost', '127.0.0.1.evil.example:8321', 'localhost:8321.evil.example', '127.0.0.2:8321', '[::1]:8322', '', 'localhost:8321@evil.example']) {
      const response = await app.request('http://localhost:8321/api/v1/snapshot', { headers: { host } });
      expect(response.status, host).toBe(403);
      const body = await json(response);
      expect(body.error?.key).toBe('serve.http.badHost');
      expect(body.error?.message).toContain('localhost:8321');
    }
    // The rebinding page does not even get the login form or the health answer.
    expect((await app.request('http://localhost:8321/api/v1/health', { headers: { host: 'evil.example:8321' } })).status).toBe(403);
    // An absolute-form target naming another host is refused too, whatever the Host header says.
    expect((await app.request('http://evil.example:8321/api/v1/snapshot', { headers: { host: 'localhost:8321' } })).status).toBe(403);
  });

  it('port 80 also accepts the bare names (browsers leave :80 out)', () => {
    const allowed = loopbackAllowedHosts(80);
    expect(hostAllowed('localhost', allowed)).toBe(true);
    expect(hostAllowed('[::1]', allowed)).toBe(true);
    expect(hostAllowed('evil.example', allowed)).toBe(false);
  });

  it('a POST from another origin, a null origin or a cross-site fetch is refused', async () => {
    const app = secured();
    const refused: Record<string, string>[] = [{ origin: 'http://evil.example' }, { origin: 'null' }, { origin: 'not a url' }, { origin: 'http://localhost:9999' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of refused) {
      const response = await app.request('/login', form({ token: TOKEN }, headers));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect((await json(response)).error).toMatchObject({ key: 'serve.http.badOrigin', message: expect.stringMatching(/^A POST request from another site \(/) });
    }
    expect((await app.request('/logout', { method: 'POST', headers: { origin: 'http://evil.example' } })).status).toBe(403);
    // A null origin from a page on another site that hides itself stays refused.
    expect((await app.request('/login', form({ token: TOKEN }, { origin: 'null', 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
  });

  it('the login form as Chromium posts it under our no-referrer policy (Origin: null, Sec-Fetch-Site: same-origin) logs in', async () => {
    const app = secured();
    const response = await app.request('/login', form({ token: TOKEN }, { origin: 'null', 'sec-fetch-site': 'same-origin' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toMatch(/^gpuwise_session=/);
  });
});

describe('sizes', () => {
  it('a query past 4 KiB is 414; one just under it is answered', async () => {
    const { app } = testServer();
    const long = await app.request(`/api/v1/events?kind=${'gpu-lost,'.repeat(460)}`);
    expect(long.status).toBe(414);
    expect((await json(long)).error?.key).toBe('serve.http.uriTooLong');
    const under = await app.request(`/api/v1/events?kind=${'gpu-lost,'.repeat(440)}xid`);
    expect(under.status).toBe(200);
  });

  it('a body past 8 KiB is 413, with or without a Content-Length', async () => {
    const app = secured();
    const big = 'token=' + 'x'.repeat(MAX_BODY_BYTES);
    const withLength = await app.request('/login', { method: 'POST', body: big, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(big.length) } });
    expect(withLength.status).toBe(413);
    expect((await json(withLength)).error?.key).toBe('serve.http.bodyTooLarge');
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await app.request('/login', { method: 'POST', body: chunks, headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' }, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
  });
});

describe('headers', () => {
  it('every answer, errors included, carries the security headers and a strict CSP', async () => {
    const app = secured();
    for (const path of ['/api/v1/health', '/login', '/api/v1/snapshot', '/nope']) {
      const headers = (await app.request(path)).headers;
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      const csp = headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
    }
  });
});
