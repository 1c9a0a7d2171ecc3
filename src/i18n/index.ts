// t(key, params): the only way user-facing text is produced.

import { messageText, type MessageKey } from './catalog.js';
import type { Locale } from './locale.js';
import { selectPlurals } from './plural.js';

export type { MessageKey } from './catalog.js';
export { detectLocale, isLocale, LOCALES, type Locale } from './locale.js';

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Under the test runner a message that cannot be produced whole is a bug to report at once: a key
 * built from an enum value the catalog lacks, or a `{count}` nobody filled in. A user instead gets
 * the key's name or the visible placeholder — never a crash in the middle of a report.
 */
const STRICT = typeof process !== 'undefined' && process.env.VITEST !== undefined && process.env.VITEST !== '';

export class MessageError extends Error {
  override name = 'MessageError';
}

function lookup(locale: Locale, key: string): string | undefined {
  return messageText(locale, key);
}

/** For keys that arrive as data (a snapshot problem's `key`): true when the catalog has it. */
export function isMessageKey(value: string): value is MessageKey {
  return lookup('en', value) !== undefined;
}

export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const text = lookup(locale, key) ?? lookup('en', key);
  if (text === undefined) {
    if (STRICT) throw new MessageError(`i18n: no message "${key}" (${locale})`);
    return key;
  }
  const fail = (name: string, whole: string) => {
    if (STRICT) throw new MessageError(`i18n: "${key}" needs the parameter {${name}}`);
    return whole;
  };
  let emptied = false;
  const filled = selectPlurals(text, params, locale, fail).replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return fail(name, whole);
    const value = String(params[name]);
    if (value === '') emptied = true;
    return value;
  });
  // An optional part left empty ("… {hint} Run …") must not leave two spaces in the sentence.
  return emptied ? filled.replace(/(\S) {2}(?=\S)/g, '$1 ').replace(/ +$/, '') : filled;
}

export function createTranslator(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params);
}
