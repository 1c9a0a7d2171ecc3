// Where the recommended GPUs can live: machines from the server catalog that hold them, and the
// cheapest dated on-demand rental from the cloud price catalog.

import { loadCloudCatalog, localRentalQuotes, type CloudCatalog, type Currency } from '../../catalog/cloud.js';
import { convert, DEFAULT_FX, type FxTable } from '../pricing/fx.js';
import { loadServerCatalog, type ServerCatalog } from '../../catalog/servers.js';
import type { ServerCandidate } from './types.js';

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
        currency,
        quotedCurrency: quote.currency,
        asOf: quote.offering.asOf,
      });
    }
  }
  return byGpu;
}
