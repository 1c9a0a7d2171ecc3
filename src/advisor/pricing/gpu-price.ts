// The price of a GPU (or a machine) in the currency asked for: which quote we take, converted how.
// One rule for cost and recommend. Street prices before launch prices (MSRPs of datacenter parts
// are rarely what anyone pays); within each, by how little stands between the quote and the buyer
// (MARKET_FIT): the buyer's market quoted in the buyer's currency (CNY → a Chinese price in yuan),
// then a worldwide price in that currency, then the buyer's market in another currency, and so on;
// within a tier the newest, dates compared as dates ("2026-01" is not older than "2026-01-08").
// A ceiling a source gave ("up to $70,000", `upperBound`) is no price: it comes after every other
// quote, so a newer or nearer one never loses to it, and `upperBound` says so when it is all there is.
// A quote in another currency is converted, and `converted` says so. Unknown stays unknown (null),
// and never passes a budget.

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
  /** Quoted in another currency than the one asked for: shown at an exchange rate, said with it. */
  converted: boolean;
  /** The quote is the price of this many units sold together (a kit, a module) ÷ that many; null: a per-unit price. */
  shareOfUnits: number | null;
  /** The only figure is a ceiling the source gave ("up to"): the price is at most this. */
  upperBound: boolean;
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

/**
 * "2026-01" against "2026-01-08": compared at the precision both have, so a month is neither older
 * nor newer than a day inside it (0). Comparing the strings would make every day of a month newer.
 */
export function compareAsOf(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  return a.slice(0, length) < b.slice(0, length) ? -1 : a.slice(0, length) > b.slice(0, length) ? 1 : 0;
}

/**
 * Lower is nearer the buyer: [market home / worldwide / foreign] × [quoted in the buyer's currency or not].
 * A Chinese price in yuan (0) beats a Chinese price in dollars (2) for a buyer paying in CNY; a
 * worldwide dollar price (1) beats a Chinese one in dollars (3) for a buyer paying in USD.
 */
const MARKET_FIT = { home: [0, 2], global: [1, 4], foreign: [3, 5] } as const;

function marketFit(quote: Pick<PriceQuote, 'market' | 'currency'>, currency: Currency): number {
  const where = quote.market === HOME_MARKET[currency] ? 'home' : quote.market === 'global' ? 'global' : 'foreign';
  return MARKET_FIT[where][quote.currency === currency ? 0 : 1];
}

/** Lower is better: street before launch, any price before a ceiling; within each, the nearest market and currency first. */
function rank(quote: PriceQuote, currency: Currency): number {
  return (quote.upperBound === true ? 20 : 0) + (quote.kind === 'launch' ? 10 : 0) + marketFit(quote, currency);
}

/** The newest quote already in the asked currency (any kind); null when the catalog has none. */
export function newestQuoteIn(quotes: readonly PriceQuote[], currency: Currency): PriceQuote | null {
  let best: PriceQuote | null = null;
  for (const quote of quotes) if (quote.currency === currency && (best === null || compareAsOf(quote.asOf, best.asOf) > 0)) best = quote;
  return best;
}

export function choosePrice(quotes: readonly PriceQuote[], currency: Currency, fx: FxTable = DEFAULT_FX): ChosenPrice | null {
  let best: PriceQuote | null = null;
  for (const quote of quotes) {
    if (best === null) best = quote;
    else {
      const byRank = rank(quote, currency) - rank(best, currency);
      if (byRank < 0 || (byRank === 0 && compareAsOf(quote.asOf, best.asOf) > 0)) best = quote;
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
    converted: best.currency !== currency,
    shareOfUnits: best.shareOfUnits ?? null,
    upperBound: best.upperBound === true,
  };
}

export function gpuPrice(entry: GpuEntry, currency: Currency, fx: FxTable = DEFAULT_FX): ChosenPrice | null {
  return choosePrice(quotesOf(entry), currency, fx);
}
