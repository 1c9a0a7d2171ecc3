// Money as people read it: "$60,000", "¥400,000", "€50,000" — no decimals above 100, two below.

import type { Currency } from '../../catalog/gpu-enums.js';

const SYMBOL: Record<Currency, string> = { USD: '$', CNY: '¥', EUR: '€' };

export function formatMoney(amount: number, currency: Currency): string {
  const digits = Math.abs(amount) >= 100 ? 0 : 2;
  return `${SYMBOL[currency]}${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** "¥120,000–150,000" for a range, "¥120,000" when both ends agree. */
export function formatMoneyRange(low: number, high: number, currency: Currency): string {
  if (Math.abs(high - low) < 0.5) return formatMoney(low, currency);
  return `${formatMoney(low, currency)}–${formatMoney(high, currency).slice(SYMBOL[currency].length)}`;
}
