// `{count:GPU|GPUs}` in a message: the word for `count` by the language's plural rules
// (Intl.PluralRules), so English never prints "1 GPU(s)". The first form is for "one", the second
// for every other category; Chinese messages need none. Shared by the CLI's translate and the
// dashboard's, which both read the same catalog files.

import { pluralCategory } from './format.js';
import type { Locale } from './locale.js';

const PLURAL = /\{(\w+):([^|{}]*)\|([^|{}]*)\}/g;

/** `missing(name)` decides what a form whose count was not given becomes (or throws). */
export function selectPlurals(text: string, params: Readonly<Record<string, string | number>>, locale: Locale, missing: (name: string, whole: string) => string): string {
  if (!text.includes(':')) return text;
  return text.replace(PLURAL, (whole, name: string, one: string, other: string) => {
    if (!Object.hasOwn(params, name)) return missing(name, whole);
    // A count may arrive formatted ("1,234").
    return pluralCategory(Number(String(params[name]).replaceAll(',', '')), locale) === 'one' ? one : other;
  });
}
