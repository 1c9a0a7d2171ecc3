// Money as people read it: "$60,000", "¥400,000", "€50,000" — no decimals above 100, two below.

import type { Currency } from '../../catalog/gpu-enums.js';

const SYMBOL: Record<Currency, string> = { USD: '$', CNY: '¥', EUR: '€' };

/** Thousands separated by commas. Not toLocaleString: Intl costs ~10 µs a call, and recommend() formats every option. */
function grouped(whole: string): string {
  let out = '';
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) out += ',';
    out += whole[i];
  }
  return out;
}

export function formatMoney(amount: number, currency: Currency): string {
  const digits = Math.abs(amount) >= 100 ? 0 : 2;
  const [whole = '0', fraction] = Math.abs(amount).toFixed(digits).split('.');
  return `${amount < 0 ? '-' : ''}${SYMBOL[currency]}${grouped(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** "¥120,000–150,000" for a range, "¥120,000" when both ends agree. */
export function formatMoneyRange(low: number, high: number, currency: Currency): string {
  if (Math.abs(high - low) < 0.5) return formatMoney(low, currency);
  return `${formatMoney(low, currency)}–${formatMoney(high, currency).slice(SYMBOL[currency].length)}`;
}
