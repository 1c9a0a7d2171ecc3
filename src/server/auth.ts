// The token: as `Authorization: Bearer <token>` or the session cookie the login form sets.
// Both are compared in constant time over SHA-256 digests (equal length whatever was sent), so
// neither the token's length nor a common prefix shows in the time an answer takes.
// The cookie holds an HMAC of the token, not the token: a copied cookie is as strong as the
// token for this server, but the token itself (which may be reused in scripts) never sits in the
// browser. Changing the token ends every session.

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { ApiError } from './errors.js';
import type { ServerAuthOptions, ServerEnv } from './options.js';

export const SESSION_COOKIE = 'gpuwise_session';
/** 30 days: a dashboard left on a wall screen should not log out overnight. */
export const SESSION_MAX_AGE_S = 30 * 24 * 3600;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

export function sameSecret(candidate: string, secret: string): boolean {
  return timingSafeEqual(digest(candidate), digest(secret));
}

export function sessionValue(token: string): string {
  return createHmac('sha256', token).update('gpuwise-session-v1').digest('base64url');
}

/** The request's https-ness decides the cookie's Secure flag (a proxy in front says so in X-Forwarded-Proto). */
export function isHttps(c: Context<ServerEnv>): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

export function sessionCookie(c: Context<ServerEnv>, value: string, maxAgeS: number): string {
  return `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeS}${isHttps(c) ? '; Secure' : ''}`;
}

export function carriesToken(c: Context<ServerEnv>, token: string): boolean {
  const header = c.req.header('authorization');
  if (header !== undefined) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
    if (match && sameSecret(match[1]!, token)) return true;
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie !== undefined && sameSecret(cookie, sessionValue(token));
}

/** Paths any client may ask for: the login form itself, and the minimal liveness answer of /api/v1/health. */
function openPath(path: string, auth: ServerAuthOptions): boolean {
  return path === '/login' || path === '/logout' || path === '/api/v1/health' || (path === '/metrics' && auth.metricsOpen);
}

export function authentication(auth: ServerAuthOptions): MiddlewareHandler<ServerEnv> {
  return async (c, next) => {
    const authenticated = auth.token === null || carriesToken(c, auth.token);
    c.set('authenticated', authenticated);
    if (authenticated || openPath(c.req.path, auth)) return next();
    // A person opening a page in a browser is sent to the form; programs get a 401 they can read.
    const wantsPage = !c.req.path.startsWith('/api/') && c.req.path !== '/metrics' && (c.req.header('accept') ?? '').includes('text/html');
    if (wantsPage) return c.redirect(`/login?next=${encodeURIComponent(c.req.path)}`, 303);
    throw new ApiError(401, 'serve.http.unauthorized', {}, undefined, { 'www-authenticate': 'Bearer realm="gpuwise"' });
  };
}

/** Where to go after logging in: only a path on this server (no `//evil.example`, no scheme). */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !/^\/(?![/\\])[\x21-\x7e]*$/.test(next) || next.length > 512) return '/';
  return next;
}
