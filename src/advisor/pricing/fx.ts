// Exchange rates for showing prices in one currency. Prices in the catalog stay in the currency
// they were quoted in (a Chinese street price in CNY, an AWS price in USD); the advisor converts
// them with this table, and says which rate and which month it used. The defaults are the
// official reference rates of the month below, rounded to 2–3 digits (not live: this tool works
// offline, and the daily fixings were not re-read for this table — check the pages below before a
// purchase); a buyer's bank differs by a percent or two anyway, so `--fx USD:CNY=7.1` overrides
// any of them.
//   USD→CNY ≈ 7.08: People's Bank of China central parity (人民币汇率中间价), published daily by
//            CFETS, https://www.chinamoney.com.cn/english/bmkcpr/
//   EUR→USD ≈ 1.16: ECB euro foreign exchange reference rate,
//            https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/eurofxref-graph-usd.en.html

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
  perUsd: { USD: 1, CNY: 7.08, EUR: 1 / 1.16 },
  asOf: '2025-11',
  source: 'PBoC central parity (USD/CNY), ECB reference rate (EUR/USD)',
  overridden: [],
};

export function convert(amount: number, from: Currency, to: Currency, fx: FxTable = DEFAULT_FX): number {
  if (from === to) return amount;
  return (amount / fx.perUsd[from]) * fx.perUsd[to];
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
