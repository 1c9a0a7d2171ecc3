// Numbers, money and durations the way the reader's language writes them: one module, so that a
// table never shows "$15,992" next to "3.78 美元" or "13m24s" in a Chinese sentence or column.
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

interface DurationUnits {
  d: string;
  h: string;
  m: string;
  s: string;
  join: string;
  /** Pad the second unit to two digits, so a right-aligned column of ages lines up. */
  pad: boolean;
}

const DURATION_UNITS: Record<Locale, DurationUnits> = {
  en: { d: 'd', h: 'h', m: 'm', s: 's', join: '', pad: true },
  // "13 分 24 秒": a space between a number and a Chinese unit, as the rest of the catalog writes it.
  'zh-CN': { d: ' 天', h: ' 小时', m: ' 分', s: ' 秒', join: ' ', pad: false },
};

/**
 * For a narrow column (top's TIME): no spaces, and hours as 时, the way race results write
 * "2时13分" — English stays within 6 columns, Chinese within 8 (its characters are 2 wide).
 */
const COMPACT_UNITS: Record<Locale, DurationUnits> = {
  en: DURATION_UNITS.en,
  'zh-CN': { d: '天', h: '时', m: '分', s: '秒', join: '', pad: true },
};

/** The two largest units of a span, as the reader writes them; whole days alone from 100 days on when `capDays`. */
function durationText(seconds: number, u: DurationUnits, capDays: boolean): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n: number) => (u.pad ? String(n).padStart(2, '0') : String(n));
  const pair = (a: number, ua: string, b: number, ub: string) => `${a}${ua}${u.join}${two(b)}${ub}`;
  if (capDays && d >= 100) return `${d}${u.d}`;
  if (d > 0) return pair(d, u.d, h, u.h);
  if (h > 0) return pair(h, u.h, m, u.m);
  if (m > 0) return pair(m, u.m, s % 60, u.s);
  return `${s}${u.s}`;
}

/** Seconds as "3d04h", "2h13m", "4m05s", "12s" — in Chinese "3 天 4 小时", "13 分 24 秒". */
export function formatDuration(seconds: number, locale: Locale = 'en'): string {
  return durationText(seconds, DURATION_UNITS[locale], false);
}

/** Seconds for a narrow column: "12s", "4m05s", "2h13m", "3d04h", "412d" — in Chinese "12秒", "13分24秒", "2时05分", "3天04时", "412天". */
export function formatDurationCompact(seconds: number, locale: Locale = 'en'): string {
  return durationText(seconds, COMPACT_UNITS[locale], true);
}

const INTERVAL_UNITS: Record<Locale, { ms: string; s: string; min: string }> = {
  en: { ms: 'ms', s: 's', min: 'min' },
  'zh-CN': { ms: ' 毫秒', s: ' 秒', min: ' 分钟' },
};

/** A setting's interval or span: "250ms", "2s", "1.5s", "5min" — in Chinese "250 毫秒", "1.5 秒", "5 分钟". */
export function formatInterval(seconds: number, locale: Locale = 'en'): string {
  const u = INTERVAL_UNITS[locale];
  if (seconds < 1) return `${Math.round(seconds * 1000)}${u.ms}`;
  if (seconds < 60 || seconds % 60 !== 0) return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)}${u.s}`;
  return `${seconds / 60}${u.min}`;
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
