// The price of a GPU (or a machine) in the currency asked for: which quote we take, converted how.
// Order of preference: the newest street price in the market that matches the currency (CNY → the
// Chinese market, EUR → Europe, USD → the US) or quoted in it, then the newest street price
// anywhere, then launch prices in the same order — street prices are what a buyer pays today; MSRPs of datacenter parts are
// rarely what anyone pays. Unknown stays unknown (null), and never passes a budget.

import type { Currency, GpuEntry, PriceMarket, PriceQuote } from '../../catalog/index.js';
import { convert, DEFAULT_FX, type FxTable } from './fx.js';

export interface ChosenPrice {
  /** Per unit as sold, converted: the middle of the range, and its ends. */
  amount: number;
  low: number;
  high: number;
  currency: Currency;
  /** As quoted, before conversion. */
  quotedCurrency: Currency;
  kind: PriceQuote['kind'];
  market: PriceMarket;
  asOf: string;
  sources: string[];
}

const HOME_MARKET: Record<Currency, PriceMarket> = { CNY: 'cn', USD: 'us', EUR: 'eu' };

/** All quotes of an entry, the launch price included, as PriceQuotes. */
export function quotesOf(entry: GpuEntry): PriceQuote[] {
  const quotes = [...(entry.prices ?? [])];
  const launch = entry.launchPrice;
  if (launch.value !== null) {
    quotes.push({ kind: 'launch', currency: 'USD', market: 'global', low: launch.value.usd, high: launch.value.usd, asOf: launch.value.announced, sources: launch.sources });
  }
  return quotes;
}

/** The market a buyer paying in `currency` shops in (CNY → China, USD → the US, EUR → Europe). */
export function homeMarket(currency: Currency): PriceMarket {
  return HOME_MARKET[currency];
}

/** A quote from the asked currency's market, or quoted in that currency: shown without conversion risk. */
export function isHomeQuote(quote: Pick<PriceQuote, 'market' | 'currency'>, currency: Currency): boolean {
  return quote.market === HOME_MARKET[currency] || quote.currency === currency;
}

/** Lower is better: street before launch; within each, the asked market or currency first. */
function rank(quote: PriceQuote, currency: Currency): number {
  return (quote.kind === 'launch' ? 2 : 0) + (isHomeQuote(quote, currency) ? 0 : 1);
}

/** The newest quote from the asked currency's market (any kind); null when the catalog has none. */
export function newestHomeQuote(quotes: readonly PriceQuote[], currency: Currency): PriceQuote | null {
  let best: PriceQuote | null = null;
  for (const quote of quotes) if (isHomeQuote(quote, currency) && (best === null || quote.asOf > best.asOf)) best = quote;
  return best;
}

export function choosePrice(quotes: readonly PriceQuote[], currency: Currency, fx: FxTable = DEFAULT_FX): ChosenPrice | null {
  let best: PriceQuote | null = null;
  for (const quote of quotes) {
    if (best === null) best = quote;
    else {
      const byRank = rank(quote, currency) - rank(best, currency);
      if (byRank < 0 || (byRank === 0 && quote.asOf > best.asOf)) best = quote;
    }
  }
  if (best === null) return null;
  const to = (value: number) => convert(value, best.currency, currency, fx);
  return {
    amount: to((best.low + best.high) / 2),
    low: to(best.low),
    high: to(best.high),
    currency,
    quotedCurrency: best.currency,
    kind: best.kind,
    market: best.market,
    asOf: best.asOf,
    sources: best.sources.map((s) => s.source),
  };
}

export function gpuPrice(entry: GpuEntry, currency: Currency, fx: FxTable = DEFAULT_FX): ChosenPrice | null {
  return choosePrice(quotesOf(entry), currency, fx);
}
