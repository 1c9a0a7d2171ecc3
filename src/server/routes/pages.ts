// What a browser opens: the login form, logout, the dashboard's files (or the index page that
// lists the API until the dashboard is built), and /metrics for Prometheus.

import type { Hono } from 'hono';
import { ApiError } from '../errors.js';
import type { ServerAppOptions, ServerEnv } from '../options.js';
import { loginPage, indexPage } from '../pages.js';
import { parseQuery } from '../query.js';
import { hasDashboard, readStaticFile } from '../static.js';
import { SESSION_MAX_AGE_S, sameSecret, safeNext, sessionCookie, sessionValue } from '../auth.js';

const HTML = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export function pageRoutes(app: Hono<ServerEnv>, options: ServerAppOptions): void {
  const token = options.auth.token;

  app.get('/login', (c) => {
    if (token === null) return c.redirect('/', 303);
    const next = safeNext(new URL(c.req.url).searchParams.get('next'));
    return c.body(loginPage({ locale: c.var.locale, t: c.var.t, next, error: null }), 200, HTML);
  });

  app.post('/login', async (c) => {
    if (token === null) return c.redirect('/', 303);
    let form: Record<string, unknown> = {};
    try {
      form = await c.req.parseBody();
    } catch {
      // Not a form (or a broken one): the same as an empty form.
    }
    const next = safeNext(form.next);
    const given = typeof form.token === 'string' ? form.token.trim() : '';
    if (given === '' || !sameSecret(given, token)) {
      const error = given === '' ? 'missing' : 'wrong';
      return c.body(loginPage({ locale: c.var.locale, t: c.var.t, next, error }), given === '' ? 400 : 401, HTML);
    }
    c.header('set-cookie', sessionCookie(c, sessionValue(token), SESSION_MAX_AGE_S));
    return c.redirect(next, 303);
  });

  app.post('/logout', (c) => {
    c.header('set-cookie', sessionCookie(c, '', 0));
    return c.redirect(token === null ? '/' : '/login', 303);
  });

  app.get('/metrics', (c) => {
    if (!options.metrics) throw new ApiError(404, 'serve.api.noMetrics');
    return c.body(options.metrics(), 200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
  });

  app.get('*', async (c) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path === '/api') throw new ApiError(404, 'serve.api.notFound', { path: safePath(path) });
    const dashboard = await hasDashboard(options.webRoot);
    if (!dashboard && (path === '/' || path === '/index.html')) {
      parseQuery(new URL(c.req.url), {});
      const html = indexPage({
        locale: c.var.locale, t: c.var.t, version: options.version, latest: options.sampler.latest(),
        hasStore: options.store !== null, hasMetrics: options.metrics !== undefined, hasToken: token !== null,
      });
      return c.body(html, 200, HTML);
    }
    const file = dashboard && options.webRoot !== undefined ? await readStaticFile(options.webRoot, rawPath(c.req.url)) : null;
    if (file === null) throw new ApiError(404, 'serve.http.notFound');
    return c.body(file.body, 200, {
      'content-type': file.contentType,
      'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
  });
}

/** The path as it came, still percent-encoded (c.req.path is decoded, hiding %2F). */
function rawPath(url: string): string {
  const afterScheme = url.indexOf('://');
  const start = url.indexOf('/', afterScheme + 3);
  const end = url.search(/[?#]/);
  return start < 0 ? '/' : url.slice(start, end < 0 ? undefined : end);
}

function safePath(path: string): string {
  return path.slice(0, 200).replace(/[^\x21-\x7e]/g, '?');
}
