// Which catalog prices the cost model takes, for a buyer paying in `currency`. The purchase price is
// chosen exactly as recommend chooses it (pricing/gpu-price.ts: street before launch, the asked
// currency's market first, newest first), so `cost --currency CNY` and `recommend --currency CNY`
// price an H20 from the same Chinese reading. A rental charged in the asked currency comes before a
// cheaper one charged in another (a buyer in China rents from 矩池云 or 算家云 in yuan). Whatever is
// converted says so, with the rate and its date; the model itself works in USD.

import { loadCloudCatalog, type CloudCatalog } from '../catalog/cloud.js';
import type { Currency } from '../catalog/gpu-enums.js';
import { getSource, type GpuCatalog, type GpuEntry } from '../catalog/index.js';
import { formatMoney, formatMoneyRange } from '../i18n/format.js';
import type { PriceReading, PriceWithOrigin, RentalReading } from './cost-types.js';
import type { AdvisorNote } from './estimate/types.js';
import { convert, rateText, type FxTable } from './pricing/fx.js';
import { gpuPrice, homeMarket, newestQuoteIn, quotesOf, type ChosenPrice } from './pricing/gpu-price.js';
import { homeFirstRentals, type RentalPick } from './recommend/markets.js';

export { rateText } from './pricing/fx.js';

/** Money in a sentence: whole units from 100 up, else two or three decimals ("$0.13", "$1.098"). */
export function noteMoney(amount: number, currency: Currency): string {
  if (Math.abs(amount) >= 100) return formatMoney(amount, currency, 'en', 0);
  return formatMoney(amount, currency, 'en', 3).replace(/(\.\d\d)0$/, '$1');
}

const publishers = (ids: readonly string[], catalog: GpuCatalog): string =>
  [...new Set(ids.map((id) => getSource(id, catalog)?.publisher ?? id))].join('; ');

/** The catalog's purchase price per GPU for a buyer paying in `currency`; null when it has none. */
export function catalogPurchase(entry: GpuEntry, currency: Currency, fx: FxTable, catalog: GpuCatalog): { price: PriceWithOrigin; notes: AdvisorNote[] } | null {
  const chosen = gpuPrice(entry, currency, fx);
  if (chosen === null) return null;
  // A price per board (a dual-GCD MI250) is shared among the devices on it.
  const devices = entry.devicesPerBoard?.value ?? 1;
  // The same rule as recommend's (gpu-price.ts): a price not quoted in the buyer's currency is converted,
  // even one from the buyer's market (Reuters' "$27,000" for an H200 sold in China).
  const { converted } = chosen;
  const reading: PriceReading = {
    kind: chosen.kind,
    market: chosen.market,
    quotedCurrency: chosen.quotedCurrency,
    currency,
    amount: chosen.amount / devices,
    low: chosen.low / devices,
    high: chosen.high / devices,
    asOf: chosen.asOf,
    sources: chosen.sources,
    converted,
    shareOfUnits: chosen.shareOfUnits,
    upperBound: chosen.upperBound,
  };
  const source = publishers(chosen.sources, catalog);
  const params = { price: noteMoney(reading.amount, currency), range: formatMoneyRange(reading.low, reading.high, currency), market: chosen.market, asOf: chosen.asOf, source };
  const ranged = Math.abs(reading.high - reading.low) >= 0.5;
  const key = chosen.upperBound ? 'advisor.cost.assumeCeiling' : chosen.kind === 'launch' ? 'advisor.cost.assumeLaunchPrice' : ranged ? 'advisor.cost.assumeStreetRange' : 'advisor.cost.assumeStreetPrice';
  const notes: AdvisorNote[] = [{ key, params }];
  if (devices > 1) notes.push({ key: 'advisor.cost.boardPriceDivided', params: { board: noteMoney(chosen.amount, currency), perBoard: devices, price: params.price } });
  if (chosen.shareOfUnits !== null) notes.push({ key: 'advisor.cost.priceShareOfUnits', params: { units: chosen.shareOfUnits } });
  if (converted) {
    // Street prices rank first, so a converted street price means there is none nearer: "no street price", not "no price".
    const away = chosen.kind === 'launch' ? 'advisor.cost.priceConverted' : 'advisor.cost.streetPriceConverted';
    notes.push({ key: chosen.market === homeMarket(currency) ? 'advisor.cost.homePriceConverted' : away, params: { home: homeMarket(currency), to: currency, market: chosen.market, from: chosen.quotedCurrency, ...rateText(chosen.quotedCurrency, currency, fx) } });
    // Only a launch price can rank below a converted street price: say it was there and why not taken.
    const passed = newestQuoteIn(quotesOf(entry), currency);
    if (passed !== null && passed.kind === 'launch') {
      const price = convert((passed.low + passed.high) / 2, passed.currency, currency, fx) / devices;
      notes.push({ key: 'advisor.cost.homeLaunchPassedOver', params: { home: homeMarket(currency), price: noteMoney(price, currency), asOf: passed.asOf } });
    }
  }
  notes.push(...ceilingPassedOver(entry, chosen, currency, fx, devices));
  return { price: { usd: convert(reading.amount, currency, 'USD', fx), origin: 'catalog', asOf: chosen.asOf, reading }, notes };
}

/** A ceiling from the buyer's market ("up to $70,000 in China") that a real price outranked: said, not silently dropped. */
function ceilingPassedOver(entry: GpuEntry, chosen: ChosenPrice, currency: Currency, fx: FxTable, devices: number): AdvisorNote[] {
  if (chosen.upperBound) return [];
  const ceiling = quotesOf(entry).find((q) => q.upperBound === true && q.market === homeMarket(currency));
  if (ceiling === undefined) return [];
  const price = convert(ceiling.high, ceiling.currency, currency, fx) / devices;
  return [{ key: 'advisor.cost.ceilingPassedOver', params: { market: ceiling.market, price: noteMoney(price, currency), quoted: noteMoney(ceiling.high / devices, ceiling.currency), asOf: ceiling.asOf } }];
}

/**
 * What a buyer paying in `currency` is told about the rental picked: charged in another currency
 * (converted, with the rate and its date), or a cheaper one abroad passed over. Said alike by cost
 * and by recommend's cloud options.
 */
export function rentalPickNotes({ chosen, cheaperAbroad }: RentalPick, currency: Currency, fx: FxTable): AdvisorNote[] {
  if (chosen.quotedCurrency !== currency) {
    const charged = convert(chosen.perGpuHour, currency, chosen.quotedCurrency, fx);
    return [{ key: 'advisor.cost.cloudConverted', params: { to: currency, provider: chosen.provider, charged: noteMoney(charged, chosen.quotedCurrency), from: chosen.quotedCurrency, ...rateText(chosen.quotedCurrency, currency, fx) } }];
  }
  // Cheaper abroad, at today's rate: worth a line, not the default (another currency, another market).
  if (cheaperAbroad === null) return [];
  const abroad = convert(cheaperAbroad.perGpuHour, currency, cheaperAbroad.quotedCurrency, fx);
  return [{ key: 'advisor.cost.cloudCheaperAbroad', params: { from: cheaperAbroad.quotedCurrency, to: currency, provider: cheaperAbroad.provider, instance: cheaperAbroad.instanceType, charged: noteMoney(abroad, cheaperAbroad.quotedCurrency), price: noteMoney(cheaperAbroad.perGpuHour, currency) } }];
}

/** The catalog's on-demand rental for a buyer paying in `currency`; null when nobody rents it out. */
export function catalogRental(gpuId: string, currency: Currency, fx: FxTable, cloud: CloudCatalog = loadCloudCatalog()): { rental: RentalReading; perGpuHour: PriceWithOrigin; notes: AdvisorNote[] } | null {
  const pick = homeFirstRentals(cloud, currency, fx).get(gpuId);
  if (pick === undefined) return null;
  const quote = pick.chosen;
  const charged = convert(quote.perGpuHour, currency, quote.quotedCurrency, fx);
  const converted = quote.quotedCurrency !== currency;
  const rental: RentalReading = { offeringId: quote.offeringId, provider: quote.provider, instanceType: quote.instanceType, chargedIn: quote.quotedCurrency, chargedPerGpuHour: charged, converted };
  const notes: AdvisorNote[] = [
    { key: 'advisor.cost.assumeCloudPrice', params: { price: noteMoney(quote.perGpuHour, currency), provider: quote.provider, instance: quote.instanceType, asOf: quote.asOf } },
    ...rentalPickNotes(pick, currency, fx),
  ];
  return { rental, perGpuHour: { usd: convert(quote.perGpuHour, currency, 'USD', fx), origin: 'catalog', asOf: quote.asOf }, notes };
}
