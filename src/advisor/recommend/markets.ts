// Where the recommended GPUs can live: machines from the server catalog that hold them, and the
// dated on-demand rental to take from the cloud price catalog — for a buyer paying in a currency,
// one charged in it before a cheaper one charged in another (cost and recommend choose alike).

import { loadCloudCatalog, localRentalQuotes, type CloudCatalog, type Currency } from '../../catalog/cloud.js';
import { convert, DEFAULT_FX, type FxTable } from '../pricing/fx.js';
import { loadServerCatalog, type ServerCatalog } from '../../catalog/servers.js';
import type { RentalOffer, ServerCandidate } from './types.js';

/** The server catalog as the recommender reads it: sourced GPU options only. */
export function serverCandidates(catalog: ServerCatalog = loadServerCatalog()): ServerCandidate[] {
  return catalog.servers
    .filter((server) => server.gpuOptions.length > 0)
    .map((server) => ({
      id: server.id,
      name: `${server.vendor} ${server.model}`,
      category: server.category,
      gpuSlots: Object.fromEntries(server.gpuOptions.map((option) => [option.gpuId, option.count.value])),
    }));
}

export interface RentalPrice {
  offeringId: string;
  provider: string;
  instanceType: string;
  /** Converted to the asked currency. */
  perGpuHour: number;
  /** The whole instance, converted to the asked currency: what is charged, as it is rented whole. */
  perInstanceHour: number;
  /** GPUs in one instance (8 in a p4d.24xlarge, 1 in a "1x" rental). */
  gpusPerInstance: number;
  currency: Currency;
  quotedCurrency: Currency;
  asOf: string;
}

export interface RentalChoice {
  /** Take a rental charged in `currency` over a cheaper one charged in another (cost's choice). */
  chargedInCurrencyFirst?: boolean;
}

/**
 * Cheapest on-demand price per GPU-hour for every GPU id the cloud catalog prices, compared in
 * `currency` (an AutoDL price in CNY against a Lambda price in USD, at the same exchange rate).
 */
export function cheapestRentals(catalog: CloudCatalog = loadCloudCatalog(), currency: Currency = 'USD', fx: FxTable = DEFAULT_FX, choice: RentalChoice = {}): Map<string, RentalPrice> {
  const abroad = (charged: Currency) => (choice.chargedInCurrencyFirst === true && charged !== currency ? 1 : 0);
  const byGpu = new Map<string, RentalPrice>();
  for (const gpuId of new Set(catalog.offerings.map((o) => o.gpuId))) {
    for (const quote of localRentalQuotes(gpuId, 'onDemand', catalog)) {
      const perGpuHour = convert(quote.perGpuHour, quote.currency, currency, fx);
      const known = byGpu.get(gpuId);
      const byHome = known ? abroad(quote.currency) - abroad(known.quotedCurrency) : 0;
      if (known && (byHome > 0 || (byHome === 0 && (known.perGpuHour < perGpuHour || (known.perGpuHour === perGpuHour && known.offeringId < quote.offering.id))))) continue;
      byGpu.set(gpuId, {
        offeringId: quote.offering.id,
        provider: quote.offering.provider,
        instanceType: quote.offering.instanceType,
        perGpuHour,
        perInstanceHour: convert(quote.perInstanceHour, quote.currency, currency, fx),
        gpusPerInstance: quote.offering.gpuCount,
        currency,
        quotedCurrency: quote.currency,
        asOf: quote.offering.asOf,
      });
    }
  }
  return byGpu;
}

/** The rental a buyer paying in `currency` takes, and a cheaper one charged in another currency when there is one. */
export interface RentalPick {
  chosen: RentalPrice;
  /** Cheaper at the table's rate but charged in another currency: named, not taken. */
  cheaperAbroad: RentalPrice | null;
}

/**
 * Per GPU id: a rental charged in `currency` where one exists (a buyer in China rents from 矩池云
 * or 算家云 in yuan), else the cheapest converted; plus the cheaper foreign one passed over.
 */
export function homeFirstRentals(catalog: CloudCatalog = loadCloudCatalog(), currency: Currency = 'USD', fx: FxTable = DEFAULT_FX): Map<string, RentalPick> {
  const cheapest = cheapestRentals(catalog, currency, fx);
  const picks = new Map<string, RentalPick>();
  for (const [gpuId, chosen] of cheapestRentals(catalog, currency, fx, { chargedInCurrencyFirst: true })) {
    const other = cheapest.get(gpuId);
    const cheaperAbroad = other !== undefined && other.quotedCurrency !== currency && other.perGpuHour < chosen.perGpuHour ? other : null;
    picks.set(gpuId, { chosen, cheaperAbroad });
  }
  return picks;
}

/**
 * `count` GPUs of a rental, per hour: whole instances, as they are rented. Four A100s from a
 * p4d.24xlarge are the whole 8-GPU instance at its price, not half of it.
 */
export function rentalOffer(price: RentalPrice, count: number): RentalOffer {
  const { offeringId, provider, instanceType, currency, quotedCurrency, asOf, gpusPerInstance } = price;
  const instances = Math.ceil(count / gpusPerInstance);
  return { perHour: price.perInstanceHour * instances, perInstanceHour: price.perInstanceHour, instances, gpusPerInstance, currency, quotedCurrency, offeringId, provider, instanceType, asOf };
}
