// The cloud price catalog's schema: GPU instances a small team would rent instead of buying, one
// entry per (provider, instance type, region, price reading). Prices change, so every entry says
// when its prices held (`asOf`) and cites where each price was read; per-GPU prices are derived
// (cloud.ts), never stored, so they cannot drift from the instance price.
//
// Units: per hour for the whole instance, in US dollars (`usdPerHour`) or, for providers that
// price in another currency (Alibaba Cloud and AutoDL in CNY), in `perHour` with its `currency`;
// an offering has exactly one of the two. `hourlyPrices` reads either. Reserved prices are the provider's
// "effective hourly" rate of a 1- or 3-year commitment; capacity blocks are AWS's short
// reservations for ML capacity, a different product from on-demand.

import { z } from 'zod';
import { CURRENCIES, localizedTextSchema, type Currency } from './gpu-schema.js';

export type { Currency };
import { catalogSourceSchema, factOrMissingSchema } from './servers-schema.js';

export const CLOUD_PROVIDERS = [
  'aws',
  'google-cloud',
  'azure',
  'lambda',
  'runpod',
  'coreweave',
  'vast-ai',
  'alibaba-cloud',
  'tencent-cloud',
  'huawei-cloud',
  'baidu-cloud',
  'volcengine',
  'autodl',
  'featurize',
  'gpushare',
  /** 算家云 and 优云智算 (UCloud's compshare): Chinese hourly GPU rental sites. */
  'suanjia-cloud',
  'ucloud-compshare',
  /** 矩池云: Chinese hourly GPU rental. */
  'matpool',
] as const;
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number];

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case slug');
const partialIsoDate = z.string().regex(/^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/, 'YYYY, YYYY-MM or YYYY-MM-DD');
const usdPerHour = z.number().positive().finite();

/** Whole-instance price per hour by how it is bought; missing where not offered or not sourced. */
const hourlySchema = z.strictObject({
  onDemand: factOrMissingSchema(usdPerHour),
  reserved1y: factOrMissingSchema(usdPerHour),
  reserved3y: factOrMissingSchema(usdPerHour),
  capacityBlock: factOrMissingSchema(usdPerHour),
});

export const PRICE_KINDS = ['onDemand', 'reserved1y', 'reserved3y', 'capacityBlock'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const cloudOfferingSchema = z
  .strictObject({
  id: slug,
  provider: z.enum(CLOUD_PROVIDERS),
  /** The provider's name for the instance or SKU: "p4d.24xlarge", "1x H100 PCIe". */
  instanceType: z.string().min(1),
  /**
   * The region the price is for, as the provider or source names it ("us-east-1", a name in every
   * language); one described in words ("China (mainland)") is bilingual text. Prices differ by region.
   */
  region: z.union([z.string().min(1), localizedTextSchema]),
  /** GPU catalog id of the instance's GPUs. */
  gpuId: slug,
  gpuCount: z.number().int().positive(),
  /** Whole-instance USD per hour (the US providers). */
  usdPerHour: hourlySchema.optional(),
  /** Whole-instance price per hour in `currency` (providers that price in CNY or EUR). */
  perHour: hourlySchema.optional(),
  currency: z.enum(CURRENCIES).optional(),
  /** Hourly GPU rental of a share of a host (AutoDL-style): the price covers the GPUs only. */
  rental: z.boolean().optional(),
  /** When these prices held, at the precision the source gives ("2024" for "Q2 2024"). */
  asOf: partialIsoDate,
  notes: z.array(localizedTextSchema),
})
  .refine((o) => (o.usdPerHour === undefined) !== (o.perHour === undefined), {
    message: 'an offering has exactly one of usdPerHour and perHour',
    path: ['perHour'],
  })
  .refine((o) => o.perHour === undefined || o.currency !== undefined, { message: 'perHour needs a currency', path: ['currency'] });
export type CloudOffering = z.infer<typeof cloudOfferingSchema>;
export type HourlyPrices = z.infer<typeof hourlySchema>;

/** The offering's hourly prices and their currency, whichever field holds them. */
export function hourlyPrices(offering: CloudOffering): { currency: Currency; perHour: HourlyPrices } {
  if (offering.perHour !== undefined) return { currency: offering.currency ?? 'USD', perHour: offering.perHour };
  // The schema's refinement guarantees one of the two; this default only satisfies the type.
  return { currency: 'USD', perHour: offering.usdPerHour ?? EMPTY_HOURLY };
}

const NONE = { value: null, reason: 'not-sourced' } as const;
const EMPTY_HOURLY: HourlyPrices = { onDemand: NONE, reserved1y: NONE, reserved3y: NONE, capacityBlock: NONE };
export type CloudOfferingInput = z.input<typeof cloudOfferingSchema>;

export const cloudCatalogSchema = z.strictObject({
  sources: z.array(catalogSourceSchema).min(1),
  offerings: z.array(cloudOfferingSchema).min(1),
});
export type CloudCatalog = z.infer<typeof cloudCatalogSchema>;
