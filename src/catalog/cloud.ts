// The cloud price catalog's library API: load (validated once, cached), list, per-GPU prices, the
// cheapest way to rent a GPU model, and the dates the prices were read. Pure data: no I/O.

import { CLOUD_CATALOG_DATA } from './data/cloud/index.js';
import {
  cloudOfferingSchema,
  hourlyPrices,
  PRICE_KINDS,
  type CloudCatalog,
  type CloudOffering,
  type CloudProvider,
  type Currency,
  type PriceKind,
} from './cloud-schema.js';
import { validateEntries } from './servers-validate.js';

export * from './cloud-schema.js';
export { cloudProviderName, isCloudProvider, CLOUD_PROVIDER_INFO, type CloudProviderInfo } from './cloud-providers.js';

export function validateCloudCatalog(raw: { sources: readonly unknown[]; offerings: readonly unknown[] }): CloudCatalog {
  const { sources, entries } = validateEntries('Cloud price catalog', 'offerings', { sources: raw.sources, entries: raw.offerings }, cloudOfferingSchema);
  return { sources, offerings: entries };
}

let cached: CloudCatalog | null = null;

/** The built-in cloud price catalog, validated on first use. */
export function loadCloudCatalog(): CloudCatalog {
  cached ??= validateCloudCatalog(CLOUD_CATALOG_DATA);
  return cached;
}

export interface CloudFilter {
  provider?: CloudProvider;
  gpuId?: string;
  /** Keep instances with at least this many GPUs. */
  minGpuCount?: number;
}

export function listCloudOfferings(filter: CloudFilter = {}, catalog: CloudCatalog = loadCloudCatalog()): CloudOffering[] {
  return catalog.offerings.filter(
    (offering) =>
      (filter.provider === undefined || offering.provider === filter.provider) &&
      (filter.gpuId === undefined || offering.gpuId === filter.gpuId) &&
      (filter.minGpuCount === undefined || offering.gpuCount >= filter.minGpuCount),
  );
}

export function getCloudOffering(id: string, catalog: CloudCatalog = loadCloudCatalog()): CloudOffering | null {
  return catalog.offerings.find((offering) => offering.id === id) ?? null;
}

export type PricesPerGpuHour = Record<PriceKind, number | null>;

/** Each instance price divided by the GPU count; null where the instance price is missing. */
export function perGpuHour(offering: CloudOffering): PricesPerGpuHour {
  const prices = {} as PricesPerGpuHour;
  for (const kind of PRICE_KINDS) {
    const instance = hourlyPrices(offering).perHour[kind].value;
    prices[kind] = instance === null ? null : instance / offering.gpuCount;
  }
  return prices;
}

/** An offering with a sourced price of the asked kind, and that price per GPU-hour. */
export interface RentalQuote {
  offering: CloudOffering;
  kind: PriceKind;
  /** The whole instance, as the source prices it. */
  usdPerInstanceHour: number;
  usdPerGpuHour: number;
}

/** The sourced ways to rent `gpuId` in US dollars at price kind `kind`, cheapest per GPU-hour first. */
export function rentalQuotes(gpuId: string, kind: PriceKind = 'onDemand', catalog: CloudCatalog = loadCloudCatalog()): RentalQuote[] {
  return localRentalQuotes(gpuId, kind, catalog)
    .flatMap((q) => (q.currency === 'USD' ? [{ offering: q.offering, kind, usdPerInstanceHour: q.perInstanceHour, usdPerGpuHour: q.perGpuHour }] : []))
    .sort((a, b) => a.usdPerGpuHour - b.usdPerGpuHour || a.offering.id.localeCompare(b.offering.id));
}

/** A rental price in the currency the provider charges in (CNY for AutoDL), unconverted. */
export interface LocalRentalQuote {
  offering: CloudOffering;
  kind: PriceKind;
  currency: Currency;
  perInstanceHour: number;
  perGpuHour: number;
}

/** Every sourced way to rent `gpuId` at price kind `kind`, in each provider's own currency (not sorted: currencies differ). */
export function localRentalQuotes(gpuId: string, kind: PriceKind = 'onDemand', catalog: CloudCatalog = loadCloudCatalog()): LocalRentalQuote[] {
  return listCloudOfferings({ gpuId }, catalog).flatMap((offering) => {
    const { currency, perHour } = hourlyPrices(offering);
    const instance = perHour[kind].value;
    return instance === null ? [] : [{ offering, kind, currency, perInstanceHour: instance, perGpuHour: instance / offering.gpuCount }];
  });
}

/** The oldest and newest `asOf` among the given offerings, for "prices as of …"; null when none. */
export function pricesAsOf(offerings: readonly CloudOffering[] = loadCloudCatalog().offerings): { oldest: string; newest: string } | null {
  if (offerings.length === 0) return null;
  const dates = offerings.map((o) => o.asOf).sort();
  return { oldest: dates[0] ?? '', newest: dates[dates.length - 1] ?? '' };
}

/** Every GPU catalog id the cloud catalog refers to. */
export function gpuIdsInCloudCatalog(catalog: CloudCatalog = loadCloudCatalog()): string[] {
  return [...new Set(catalog.offerings.map((offering) => offering.gpuId))].sort();
}
