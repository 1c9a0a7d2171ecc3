// Budgets as people type them: "¥400000", "400k", "$60,000", "€50k", "40万", "1.2m", "RMB 400000",
// "60000 USD". A symbol or code names the currency; without one the amount is in the currency
// asked for (--currency). Anything else is an error that says what we accept, in both languages.

import type { Currency } from '../../catalog/gpu-enums.js';
import { AdvisorError } from '../errors.js';

export interface Money {
  amount: number;
  currency: Currency;
}

const SYMBOLS: Record<string, Currency> = {
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  '¥': 'CNY',
  '￥': 'CNY',
  cny: 'CNY',
  rmb: 'CNY',
  元: 'CNY',
  '€': 'EUR',
  eur: 'EUR',
};

const MULTIPLIERS: Record<string, number> = { k: 1e3, m: 1e6, 千: 1e3, 万: 1e4, 萬: 1e4, 亿: 1e8, 億: 1e8 };

// currency? number (thousands separators allowed) multiplier? currency?
const PATTERN = /^(us\$|usd|rmb|cny|eur|[$¥￥€])?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*([km千万萬亿億])?\s*(usd|rmb|cny|eur|元)?$/i;

export function parseMoney(text: string, defaultCurrency: Currency): Money {
  const cleaned = text.normalize('NFKC').trim();
  // NFKC turns the full-width ￥ into ¥ and full-width digits into ASCII ones.
  const match = PATTERN.exec(cleaned);
  const fail = () => new AdvisorError('advisor.error.badMoney', { value: text });
  if (!match) throw fail();
  const [, before, whole = '', fraction, multiplier, after] = match;
  const prefix = before ? SYMBOLS[before.toLowerCase()] : undefined;
  const suffix = after ? SYMBOLS[after.toLowerCase()] : undefined;
  if (prefix !== undefined && suffix !== undefined && prefix !== suffix) throw fail();
  const amount = Number(`${whole.replace(/,/g, '')}${fraction ? `.${fraction}` : ''}`) * (multiplier ? (MULTIPLIERS[multiplier.toLowerCase()] ?? 1) : 1);
  if (!Number.isFinite(amount) || amount <= 0) throw fail();
  return { amount, currency: prefix ?? suffix ?? defaultCurrency };
}
