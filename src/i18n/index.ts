// t(key, params): the only way user-facing text is produced.

import { CATALOG, type MessageKey } from './catalog.js';
import type { Locale } from './locale.js';

export type { MessageKey } from './catalog.js';
export { detectLocale, isLocale, LOCALES, type Locale } from './locale.js';

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const text = CATALOG[locale][key];
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function createTranslator(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params);
}
