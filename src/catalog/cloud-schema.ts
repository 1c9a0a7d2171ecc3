// The cloud price catalog's schema: GPU instances a small team would rent instead of buying, one
// entry per (provider, instance type, region, price reading). Prices change, so every entry says
// when its prices held (`asOf`) and cites where each price was read; per-GPU prices are derived
// (cloud.ts), never stored, so they cannot drift from the instance price.
//
// Units: US dollars per hour for the whole instance. Reserved prices are the provider's
// "effective hourly" rate of a 1- or 3-year commitment; capacity blocks are AWS's short
// reservations for ML capacity, a different product from on-demand.

import { z } from 'zod';
import { localizedTextSchema } from './gpu-schema.js';
import { catalogSourceSchema, factOrMissingSchema } from './servers-schema.js';

export const CLOUD_PROVIDERS = ['aws', 'google-cloud', 'azure', 'lambda', 'runpod', 'coreweave'] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case slug');
const partialIsoDate = z.string().regex(/^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/, 'YYYY, YYYY-MM or YYYY-MM-DD');
const usdPerHour = z.number().positive().finite();

export const PRICE_KINDS = ['onDemand', 'reserved1y', 'reserved3y', 'capacityBlock'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const cloudOfferingSchema = z.strictObject({
  id: slug,
  provider: z.enum(CLOUD_PROVIDERS),
  /** The provider's name for the instance or SKU: "p4d.24xlarge", "1x H100 PCIe". */
  instanceType: z.string().min(1),
  /** The region the price is for, as the provider or source names it; prices differ by region. */
  region: z.string().min(1),
  /** GPU catalog id of the instance's GPUs. */
  gpuId: slug,
  gpuCount: z.number().int().positive(),
  /** Whole-instance USD per hour, by how it is bought; missing where not offered or not sourced. */
  usdPerHour: z.strictObject({
    onDemand: factOrMissingSchema(usdPerHour),
    reserved1y: factOrMissingSchema(usdPerHour),
    reserved3y: factOrMissingSchema(usdPerHour),
    capacityBlock: factOrMissingSchema(usdPerHour),
  }),
  /** When these prices held, at the precision the source gives ("2024" for "Q2 2024"). */
  asOf: partialIsoDate,
  notes: z.array(localizedTextSchema),
});
export type CloudOffering = z.infer<typeof cloudOfferingSchema>;
export type CloudOfferingInput = z.input<typeof cloudOfferingSchema>;

export const cloudCatalogSchema = z.strictObject({
  sources: z.array(catalogSourceSchema).min(1),
  offerings: z.array(cloudOfferingSchema).min(1),
});
export type CloudCatalog = z.infer<typeof cloudCatalogSchema>;
