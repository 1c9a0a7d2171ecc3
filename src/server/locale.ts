// The language of an answer: ?lang=, else the browser's Accept-Language, else English.

import type { Locale } from '../i18n/index.js';
import { normaliseLocaleTag } from '../i18n/locale.js';

/** Reads `lang` from the query without trusting it: anything starting with zh reads zh-CN. */
export function requestLocale(url: URL, acceptLanguage: string | undefined): Locale {
  const asked = url.searchParams.get('lang');
  if (asked !== null && asked.trim() !== '') return normaliseLocaleTag(asked) ?? 'en';
  return acceptedLocale(acceptLanguage) ?? 'en';
}

/** The supported language with the highest q in an Accept-Language header (RFC 9110 12.5.4). */
export function acceptedLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  let best: { locale: Locale; q: number } | null = null;
  // A header is bounded by the server's header limit; cap the list anyway so one request cannot make us sort thousands.
  for (const part of header.split(',').slice(0, 32)) {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    const lower = tag.trim().toLowerCase();
    const locale: Locale | null = lower.startsWith('zh') ? 'zh-CN' : lower === 'en' || lower.startsWith('en-') ? 'en' : null;
    if (locale && (!best || q > best.q)) best = { locale, q };
  }
  return best?.locale ?? null;
}

