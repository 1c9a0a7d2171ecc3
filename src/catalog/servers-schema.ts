// The server catalog's schema: machines that hold GPUs (DGX systems, OEM GPU servers, and a few
// products that popular lists wrongly call servers), every fact tied to where it was read.
//
// Same representation as the GPU catalog (gpu-schema.ts): a fact is `{ value, sources: [...] }`
// and a missing one `{ value: null, reason }`, never 0 or a guess. Two widenings, both because a
// server's facts often live in secondary material:
//   - sources may also be news articles, reviews and benchmark submissions (MLPerf system
//     descriptions are written by the vendor that built the machine), and a source may be a copy of
//     a vendor document hosted elsewhere (`copyOf` names the original);
//   - a fact may be absent because we found no source we can cite yet (`not-sourced`), which is
//     different from the vendor not publishing it.
//
// Units: memory in GiB as vendors sell DIMMs ("2 TB" of DDR4 = 2048 GiB); power in watts.

import { z } from 'zod';
import { ABSENT_REASONS, absentSchema, localizedTextSchema, PRICE_RANGE_ERROR, priceQuoteShape, priceRangeOk, SOURCE_KINDS, sourcedSchema, sourceRefSchema, sourceSchema } from './gpu-schema.js';
import type { LocalizedText, Sourced } from './gpu-schema.js';

export const CATALOG_SOURCE_KINDS = [
  ...SOURCE_KINDS,
  /** A hands-on review. */
  'review',
  /** A system description filed with a public benchmark (MLPerf) by the system's vendor. */
  'benchmark-submission',
] as const;
export type CatalogSourceKind = (typeof CATALOG_SOURCE_KINDS)[number];

export const catalogSourceSchema = sourceSchema.extend({
  kind: z.enum(CATALOG_SOURCE_KINDS),
  /** Where the cited URL is a copy of someone else's document: the original's title and number. */
  copyOf: z.string().min(1).optional(),
});
export type CatalogSource = z.infer<typeof catalogSourceSchema>;

export const CATALOG_ABSENT_REASONS = [
  ...ABSENT_REASONS,
  /** It is published somewhere, but not in any material we could read and cite. */
  'not-sourced',
] as const;
export type CatalogAbsentReason = (typeof CATALOG_ABSENT_REASONS)[number];

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case slug such as dgx-a100');
const partialIsoDate = z.string().regex(/^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/, 'YYYY, YYYY-MM or YYYY-MM-DD');
const positive = z.number().positive().finite();
const positiveInt = z.number().int().positive();

/** A present fact: the GPU catalog's sourced figure, `{ value, sources: [≥1], note? }`. */
export const factSchema = sourcedSchema;

/** A missing fact: the GPU catalog's absent figure, with `not-sourced` among the reasons. */
export const missingSchema = absentSchema.extend({ reason: z.enum(CATALOG_ABSENT_REASONS) });
export type Missing = z.infer<typeof missingSchema>;

export function factOrMissingSchema<T extends z.ZodType>(value: T) {
  return z.union([factSchema(value), missingSchema]);
}

export type Fact<T> = Sourced<T>;
export type FactOrMissing<T> = Fact<T> | Missing;

export const SERVER_CATEGORIES = ['server', 'workstation', 'gaming-desktop'] as const;
export type ServerCategory = (typeof SERVER_CATEGORIES)[number];

export const formFactorSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('rack'), rackUnits: positiveInt }),
  z.strictObject({ kind: z.literal('tower') }),
  z.strictObject({ kind: z.literal('desktop') }),
]);
export type ServerFormFactor = z.infer<typeof formFactorSchema>;

/** How the GPUs talk to each other: NVSwitch (all-to-all), direct NVLink, bridges, or PCIe only. */
export const GPU_INTERCONNECTS = ['nvswitch', 'nvlink', 'nvlink-bridge', 'pcie'] as const;
export type GpuInterconnect = (typeof GPU_INTERCONNECTS)[number];

export const gpuOptionSchema = z.strictObject({
  /** A GPU catalog id (`a100-sxm4-80gb`). */
  gpuId: slug,
  /** How many of this model the server holds at most. */
  count: factSchema(positiveInt),
  interconnect: factOrMissingSchema(z.enum(GPU_INTERCONNECTS)),
});
export type GpuOption = z.infer<typeof gpuOptionSchema>;

export const psuSchema = z.strictObject({
  count: positiveInt,
  wattsEach: positive,
  /** "3+3", "N+1"; null where the source gives the supplies but not how they are shared. */
  redundancy: z.string().min(1).nullable(),
});
export type Psu = z.infer<typeof psuSchema>;

export const listPriceSchema = z.strictObject({
  usd: positive,
  /** When the vendor announced it. */
  announced: partialIsoDate,
});

export const CORRECTED_FIELDS = ['gpuCountMax', 'gpuModels', 'category', 'formFactor', 'name', 'maxMemoryGiB', 'cpuFamilies'] as const;
export type CorrectedField = (typeof CORRECTED_FIELDS)[number];

/** A claim popular lists make about this product, what is right instead, and who says so. */
export const correctionSchema = z.strictObject({
  field: z.enum(CORRECTED_FIELDS),
  /** The wrong value as lists print it (8 GPUs, "2U"), for programs; null where it is prose. */
  claimed: z.union([z.number(), z.string()]).nullable(),
  /** The right value, same shape. */
  actual: z.union([z.number(), z.string()]).nullable(),
  claim: localizedTextSchema,
  correction: localizedTextSchema,
  /** Sources for the correction (never for the wrong claim). */
  sources: z.array(sourceRefSchema).min(1, 'a correction needs a source'),
  /** Where the wrong claim was seen, if we can point at it. */
  claimSeenIn: z.array(sourceRefSchema).optional(),
});
export type Correction = z.infer<typeof correctionSchema>;

export const serverEntrySchema = z.strictObject({
  id: slug,
  vendor: z.string().min(1),
  /** The product name as the vendor writes it. */
  model: z.string().min(1),
  /** Other names the product goes by in lists and shops. */
  aliases: z.array(z.string().min(1)),
  category: z.enum(SERVER_CATEGORIES),
  formFactor: factOrMissingSchema(formFactorSchema),
  /** The most GPUs the machine holds, of any model. */
  gpuCountMax: factOrMissingSchema(positiveInt),
  /** GPU models (catalog ids) it is sold or qualified with, each with its own count and link. */
  gpuOptions: z.array(gpuOptionSchema),
  cpuSockets: factOrMissingSchema(positiveInt),
  cpuFamilies: factOrMissingSchema(z.array(z.string().min(1)).min(1)),
  maxMemoryGiB: factOrMissingSchema(positive),
  psu: factOrMissingSchema(psuSchema),
  /** The vendor's maximum system power draw. */
  maxPowerWatts: factOrMissingSchema(positive),
  driveBays: factOrMissingSchema(z.string().min(1)),
  launchYear: factOrMissingSchema(z.number().int().min(1990).max(2100)),
  listPrice: factOrMissingSchema(listPriceSchema),
  /**
   * Dated prices of a configured machine (street prices, integrators' quotes), each in its own
   * currency and market with a range where sources disagree; `gpuCount` says which configuration.
   */
  prices: z
    .array(z.strictObject({ ...priceQuoteShape, gpuId: slug.optional(), gpuCount: positiveInt.optional() }).refine(priceRangeOk, PRICE_RANGE_ERROR))
    .optional(),
  corrections: z.array(correctionSchema),
  notes: z.array(localizedTextSchema),
});
export type ServerEntry = z.infer<typeof serverEntrySchema>;
export type ServerEntryInput = z.input<typeof serverEntrySchema>;

export const serverCatalogSchema = z.strictObject({
  sources: z.array(catalogSourceSchema).min(1),
  servers: z.array(serverEntrySchema).min(1),
});
export type ServerCatalog = z.infer<typeof serverCatalogSchema>;

/** `{ value: null, reason: 'not-sourced' }`: published somewhere, but nowhere we could cite. */
export function notSourced(note?: LocalizedText): Missing {
  return note === undefined ? { value: null, reason: 'not-sourced' } : { value: null, reason: 'not-sourced', note };
}
