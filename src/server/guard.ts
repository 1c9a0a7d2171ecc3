// The checks every request passes before a route sees it: size of the request target, the Host
// header (a DNS-rebinding page on evil.example resolving to 127.0.0.1 sends Host: evil.example),
// read-only methods, the Origin of a POST (login/logout are the only ones), and the body's size.
// Plus the security headers on every answer, errors included.

import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { safeText } from '../core/safe-text.js';
import { ApiError } from './errors.js';
import { MAX_BODY_BYTES, MAX_URL_BYTES, type ServerEnv } from './options.js';

/** Paths that take a POST; everything else is GET/HEAD only. */
export const POST_PATHS: ReadonlySet<string> = new Set(['/login', '/logout']);

/** The headers on every answer, besides the Content-Security-Policy (a page may set its own). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

export function securityHeaders(contentSecurityPolicy: string): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
    if (!headers.has('content-security-policy')) headers.set('content-security-policy', contentSecurityPolicy);
  };
}

/** The request target as sent (path and query), measured in bytes of its percent-encoded form. */
export function urlSizeLimit(): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (url.pathname.length + url.search.length > MAX_URL_BYTES) throw new ApiError(414, 'serve.http.uriTooLong', { max: MAX_URL_BYTES });
    await next();
  };
}

/** Lower-cased Host of the request (the URL's host: @hono/node-server builds it from the Host header). */
export function requestHost(headerHost: string | undefined, url: string): string {
  return (headerHost ?? new URL(url).host).trim().toLowerCase();
}

export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
  return allowed.some((entry) => {
    const want = entry.trim().toLowerCase();
    return want === host || want === name;
  });
}

export function hostCheck(allowedHosts: readonly string[] | null): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    if (allowedHosts !== null) {
      // The Host header, and the URL's host where they differ: an absolute-form target
      // (`GET http://other/ HTTP/1.1`) makes @hono/node-server build the URL from the target.
      const header = c.req.header('host');
      const hosts = new Set([requestHost(undefined, c.req.url), ...(header === undefined ? [] : [requestHost(header, c.req.url)])]);
      for (const host of hosts) {
        if (!hostAllowed(host, allowedHosts)) throw new ApiError(403, 'serve.http.badHost', { allowed: allowedHosts.join(', ') });
      }
    }
    await next();
  };
}

export function readOnlyMethods(): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const method = c.req.method;
    const postable = POST_PATHS.has(c.req.path);
    if (method === 'GET' || method === 'HEAD' || (method === 'POST' && postable)) return next();
    const allow = postable ? 'POST' : 'GET, HEAD';
    throw new ApiError(405, 'serve.http.methodNotAllowed', { method: method.slice(0, 16), allow }, { allow }, { allow });
  };
}

/**
 * A POST must come from a page of this server: its Origin (every browser sends one on POST) must
 * name this host. A request without Origin is not a browser's (curl) and cannot be a CSRF.
 */
export function originCheck(): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    if (c.req.method === 'POST') {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      if (site === 'cross-site') throw new ApiError(403, 'serve.http.badOrigin', { method: 'POST', origin: 'cross-site' });
      // Our Referrer-Policy (no-referrer) makes Chromium send `Origin: null` on a same-origin form
      // POST (the login form, logout); its Sec-Fetch-Site, which no page can set, still says so.
      const nullButSameOrigin = origin === 'null' && site === 'same-origin';
      if (origin !== undefined && !nullButSameOrigin) {
        let originHost: string | null = null;
        try {
          originHost = origin === 'null' ? null : new URL(origin).host.toLowerCase();
        } catch {
          originHost = null;
        }
        if (originHost !== requestHost(c.req.header('host'), c.req.url)) throw new ApiError(403, 'serve.http.badOrigin', { method: 'POST', origin: safeText(origin.slice(0, 200)) });
      }
    }
    await next();
  };
}

export function requestBodyLimit(): MiddlewareHandler<ServerEnv> {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, 'serve.http.bodyTooLarge', { max: MAX_BODY_BYTES });
    },
  });
}
