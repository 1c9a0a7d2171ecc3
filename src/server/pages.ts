// The server's own pages: the login form, and the index shown until the dashboard (dist/web) is
// built. Plain HTML, every text through i18n and safeHtml, one inline style allowed by its hash
// in the CSP — no inline script at all.

import { createHash } from 'node:crypto';
import { safeHtml } from '../core/safe-text.js';
import type { Locale, Translate } from '../i18n/index.js';
import type { Sample } from '../monitor/sampler.js';

const STYLE = 'body{font:15px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}'
  + 'code,a{font-family:ui-monospace,monospace}dt{margin-top:.6rem}dd{margin-left:1.2rem;color:#57606a}'
  + '.error{color:#b42318}input{font:inherit;padding:.3rem}button{font:inherit;padding:.3rem .8rem}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** Same-origin everything; no inline script; the pages' one style by hash; never framed. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'", "script-src 'self'", `style-src 'self' 'sha256-${STYLE_HASH}'`, "img-src 'self' data:",
  "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html>\n<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${safeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;
}

export interface LoginPageOptions {
  locale: Locale;
  t: Translate;
  next: string;
  error: 'wrong' | 'missing' | null;
}

export function loginPage({ locale, t, next, error }: LoginPageOptions): string {
  const message = error === 'wrong' ? t('serve.http.login.wrong') : error === 'missing' ? t('serve.http.login.missing') : null;
  return page(locale, t('serve.http.login.title'), [
    `<h1>${safeHtml(t('serve.http.login.title'))}</h1>`,
    `<p>${safeHtml(t('serve.http.login.prompt'))}</p>`,
    message ? `<p class="error" role="alert">${safeHtml(message)}</p>` : '',
    `<form method="post" action="/login?lang=${locale}">`,
    `<input type="hidden" name="next" value="${safeHtml(next)}">`,
    `<label>${safeHtml(t('serve.http.login.field'))} <input type="password" name="token" autocomplete="current-password" required autofocus></label> `,
    `<button type="submit">${safeHtml(t('serve.http.login.submit'))}</button></form>`,
  ].join(''));
}

export interface IndexPageOptions {
  locale: Locale;
  t: Translate;
  version: string;
  latest: Sample | null;
  hasStore: boolean;
  hasMetrics: boolean;
  hasToken: boolean;
}

export function indexPage({ locale, t, version, latest, hasStore, hasMetrics, hasToken }: IndexPageOptions): string {
  const other: Locale = locale === 'en' ? 'zh-CN' : 'en';
  const link = (path: string, text: string) => `<dt><a href="${safeHtml(path)}">${safeHtml(path)}</a></dt><dd>${safeHtml(text)}</dd>`;
  const endpoints = [
    link('/api/v1/devices', t('serve.http.index.devices')),
    link('/api/v1/snapshot', t('serve.http.index.snapshot')),
    link('/api/v1/history?device=0&metric=gpuUtilPercent&from=-1h', t('serve.http.index.history')),
    link('/api/v1/processes', t('serve.http.index.processes')),
    link('/api/v1/events?from=-24h', t('serve.http.index.events')),
    link('/api/v1/health', t('serve.http.index.health')),
    link('/api/v1/stream', t('serve.http.index.stream')),
    hasMetrics ? link('/metrics', t('serve.http.index.metrics')) : '',
  ];
  const gpus = latest === null
    ? t('serve.http.index.noReading')
    : t('serve.http.index.gpus', { count: latest.snapshot.devices.length, backend: latest.snapshot.backend ?? '—' });
  const hostname = latest?.snapshot.host.hostname ?? '—';
  return page(locale, t('serve.http.index.title'), [
    `<p><a href="/?lang=${other}" hreflang="${other}" lang="${other}">${safeHtml(t('serve.http.index.otherLanguage'))}</a></p>`,
    `<h1>${safeHtml(t('serve.http.index.title'))}</h1>`,
    `<p>${safeHtml(t('serve.http.index.lead', { hostname, version }))}</p>`,
    `<p>${safeHtml(gpus)}</p>`,
    hasStore ? '' : `<p>${safeHtml(t('serve.http.index.noHistory'))}</p>`,
    `<h2>${safeHtml(t('serve.http.index.api'))}</h2><dl>${endpoints.join('')}</dl>`,
    `<p>${safeHtml(t('serve.http.index.docs'))}</p>`,
    hasToken ? `<form method="post" action="/logout"><button type="submit">${safeHtml(t('serve.http.logout'))}</button></form>` : '',
  ].join(''));
}
