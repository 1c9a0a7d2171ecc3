// The page's strings: the project's own catalog domain files (src/i18n/messages/), imported as
// they are, so the page keeps no second copy. Only the domains the page shows are bundled — the
// whole catalog (every CLI message) would triple the download.
import { safeText } from '../../../src/core/safe-text.js';
import type { MessageSet } from '../../../src/i18n/define.js';
import { selectPlurals } from '../../../src/i18n/plural.js';
import fields from '../../../src/i18n/messages/fields.js';
import info from '../../../src/i18n/messages/info.js';
import problems from '../../../src/i18n/messages/problems.js';
import web from '../../../src/i18n/messages/web.js';
import webAdvice from '../../../src/i18n/messages/web-advice.js';
import webHistory from '../../../src/i18n/messages/web-history.js';
import webFleet from '../../../src/i18n/messages/web-fleet.js';

/** The languages the catalog has: each MessageSet's keys. */
export type WebLocale = keyof MessageSet<string>;
export const WEB_LOCALES: readonly WebLocale[] = ['en', 'zh-CN'];

const DOMAINS = [web, webHistory, webAdvice, webFleet, fields, info, problems] as const;
type KeysOf<T> = T extends MessageSet<infer K> ? K : never;
export type WebMessageKey = KeysOf<(typeof DOMAINS)[number]>;
export type WebParams = Record<string, string | number>;
export type WebTranslate = (key: WebMessageKey, params?: WebParams) => string;

function merge(locale: WebLocale): Readonly<Record<string, string>> {
  const merged: Record<string, string> = {};
  for (const domain of DOMAINS) Object.assign(merged, domain[locale]);
  return merged;
}

const MESSAGES: Record<WebLocale, Readonly<Record<string, string>>> = { en: merge('en'), 'zh-CN': merge('zh-CN') };
const PLACEHOLDER = /\{(\w+)\}/g;

/** For keys that arrive as data (a reason code): true when the page's messages have it. */
export function isWebMessageKey(value: string): value is WebMessageKey {
  return Object.hasOwn(MESSAGES.en, value);
}

/**
 * Like src/i18n's translate for a user: a missing key shows its name and a missing parameter its
 * visible placeholder, so a gap in the catalog never blanks the page. Parameters are what the
 * page fills in from outside (driver versions, GPU names, device keys, server messages, the URL),
 * so each goes through safeText here: a control or bidi character in one reaches the page shown
 * escaped, whichever call site forgot. The catalog's own text is left as it is.
 */
export function translate(locale: WebLocale, key: WebMessageKey, params: WebParams = {}): string {
  const messages = MESSAGES[locale];
  const text = Object.hasOwn(messages, key) ? messages[key] : MESSAGES.en[key];
  if (text === undefined) return key;
  return selectPlurals(text, params, locale, (_name, whole) => whole).replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(params, name) ? safeText(String(params[name])) : whole));
}

export function createTranslate(locale: WebLocale): WebTranslate {
  return (key, params) => translate(locale, key, params);
}

/** A language tag ("zh-Hans-CN", "en-GB", "zh_TW") to one we speak; null when empty. As src/i18n/locale.ts. */
export function localeFromTag(tag: string | null | undefined): WebLocale | null {
  const lower = tag?.trim().toLowerCase() ?? '';
  if (lower === '') return null;
  return lower.startsWith('zh') ? 'zh-CN' : 'en';
}

export const LOCALE_STORAGE_KEY = 'gpuwise.lang';

/** The choice saved in this browser wins; else the browser's first language; else English. */
export function initialLocale(stored: string | null, languages: readonly string[]): WebLocale {
  if (stored === 'en' || stored === 'zh-CN') return stored;
  for (const tag of languages) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return 'en';
}
