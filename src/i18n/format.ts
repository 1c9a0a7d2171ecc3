// Numbers, money and durations the way the reader's language writes them: one module, so that a
// table never shows "$15,992" next to "3.78 美元" or "13m24s" in a Chinese sentence.
// Intl formatters are built once per locale and option set: a cached NumberFormat formats in
// about a microsecond, where building one costs ~10 µs (recommend formats every option).

import type { Locale } from './locale.js';

export type Currency = 'USD' | 'CNY' | 'EUR';

const SYMBOL: Record<Currency, string> = { USD: '$', CNY: '¥', EUR: '€' };

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, minimumFractionDigits: number, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${minimumFractionDigits}|${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits, maximumFractionDigits, useGrouping: true });
    numberFormats.set(key, format);
  }
  return format;
}

/** "1,234.5" — grouped, at most `maxDigits` decimals (both our locales group by thousands with ","). */
export function formatNumber(value: number, locale: Locale = 'en', maxDigits = 0, minDigits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  return numberFormat(locale, Math.min(minDigits, maxDigits), maxDigits).format(value);
}

/**
 * Money as people read it: "$60,000", "¥400,000", "$3.78" — no decimals from 100 up, two below.
 * The symbol comes first in both languages (Chinese price lists write "$3.78" and "¥400,000";
 * Intl's zh-CN "US$" reads as a code), so a sentence and a table agree.
 */
export function formatMoney(amount: number, currency: Currency, locale: Locale = 'en', digits?: number): string {
  const fraction = digits ?? (Math.abs(amount) >= 100 ? 0 : 2);
  const text = formatNumber(Math.abs(amount), locale, fraction, fraction);
  return `${amount < 0 ? '-' : ''}${SYMBOL[currency]}${text}`;
}

/** "¥120,000–150,000" for a range, "¥120,000" when both ends agree. */
export function formatMoneyRange(low: number, high: number, currency: Currency, locale: Locale = 'en'): string {
  if (Math.abs(high - low) < 0.5) return formatMoney(low, currency, locale);
  return `${formatMoney(low, currency, locale)}–${formatMoney(high, currency, locale).slice(SYMBOL[currency].length)}`;
}

const DURATION_UNITS: Record<Locale, { d: string; h: string; m: string; s: string; join: string }> = {
  en: { d: 'd', h: 'h', m: 'm', s: 's', join: '' },
  // "13 分 24 秒": a space between a number and a Chinese unit, as the rest of the catalog writes it.
  'zh-CN': { d: ' 天', h: ' 小时', m: ' 分', s: ' 秒', join: ' ' },
};

/** Seconds as "3d04h", "2h13m", "4m05s", "12s" — in Chinese "3 天 4 小时", "13 分 24 秒". */
export function formatDuration(seconds: number, locale: Locale = 'en'): string {
  const u = DURATION_UNITS[locale];
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  // English pads the second unit to two digits so a column of ages lines up; Chinese does not.
  const two = (n: number) => (locale === 'en' ? String(n).padStart(2, '0') : String(n));
  const pair = (a: number, ua: string, b: number, ub: string) => `${a}${ua}${u.join}${two(b)}${ub}`;
  if (d > 0) return pair(d, u.d, h, u.h);
  if (h > 0) return pair(h, u.h, m, u.m);
  if (m > 0) return pair(m, u.m, s % 60, u.s);
  return `${s}${u.s}`;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/** The plural category of `count` in `locale` ("one", "other" …); Chinese has only "other". */
export function pluralCategory(count: number, locale: Locale): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}
