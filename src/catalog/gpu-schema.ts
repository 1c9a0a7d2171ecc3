// The GPU catalog's schema: one entry per sold variant (A100 40GB PCIe ≠ A100 80GB SXM4), and
// every figure tied to where it comes from.
//
// How a figure is stored. Every spec field is one of two shapes, told apart by `value`:
//   - sourced: `{ value, sources: [{ source, at? }, …], note? }` — at least one source;
//   - absent:  `{ value: null, reason, note?, sources? }` — never 0, -1 or NaN.
// So `entry.fp32Tflops.value` is always `number | null`, and a number without a source does not
// type-check or validate. `catalog.test.ts` also walks every number in every entry.
//
// Units (decimal unless said):
//   - memorySizeGiB: the vendor's marketed "GB" for GPU memory, which is the JEDEC binary gigabyte
//     (2^30 bytes): the "80GB" A100 has 80 GiB of HBM; drivers report slightly less (ECC, reserved).
//   - memoryBandwidthGBps: decimal gigabytes per second (10^9 bytes/s), as vendors print it.
//   - *Tflops: 10^12 floating-point operations per second; int8TensorDenseTops: 10^12 int ops/s.
//   - gpuLink.bandwidthGBps: total per GPU, both directions added (NVIDIA's convention).
//
// Tensor figures are DENSE. Datasheets (A100 onwards, and most AMD pages) print tensor rates *with
// 2:4 structured sparsity*, twice the dense rate; we store the dense one and cite the page. "Tensor"
// means NVIDIA tensor cores, AMD matrix cores / WMMA and Intel Gaudi's matrix engines (MME).

import { z } from 'zod';
import {
  ABSENT_REASONS,
  ARCHITECTURES,
  CONFIDENCE_LEVELS,
  CURRENCIES,
  FORM_FACTORS,
  GPU_LINK_TECHNOLOGIES,
  PRICE_MARKETS,
  PRICE_QUOTE_KINDS,
  SEGMENTS,
  SOURCE_KINDS,
  VENDORS,
} from './gpu-enums.js';

export * from './gpu-enums.js';

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case slug such as a100-sxm4-80gb');
/** "2020", "2020-05" or "2020-05-14": a date at the precision the source gives. */
const partialIsoDate = z.string().regex(/^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/, 'YYYY, YYYY-MM or YYYY-MM-DD');
const isoDate = z.string().regex(/^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/, 'YYYY-MM-DD');

export const localizedTextSchema = z.strictObject({ en: z.string().min(1), 'zh-CN': z.string().min(1) });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const sourceSchema = z.strictObject({
  id: slug,
  kind: z.enum(SOURCE_KINDS),
  publisher: z.string().min(1),
  title: z.string().min(1),
  url: z.url(),
  /** When the cited copy was read. */
  accessed: isoDate,
  /** Datasets only: the licence under which we use them (e.g. "CC BY 4.0"). */
  licence: z.string().min(1).optional(),
});
export type Source = z.infer<typeof sourceSchema>;

export const sourceRefSchema = z.strictObject({
  /** A Source id. */
  source: slug,
  /** Where in the source: "p. 2, table 1"; for a dataset the row, e.g. `row "NVIDIA A100 SXM4 80 GB"`. */
  at: z.string().min(1).optional(),
});
export type SourceRef = z.infer<typeof sourceRefSchema>;

export function sourcedSchema<T extends z.ZodType>(value: T) {
  return z.strictObject({
    value,
    sources: z.array(sourceRefSchema).min(1, 'a figure needs at least one source'),
    note: localizedTextSchema.optional(),
  });
}

export const absentSchema = z.strictObject({
  value: z.null(),
  reason: z.enum(ABSENT_REASONS),
  note: localizedTextSchema.optional(),
  /** A source that says it is absent (a whitepaper table with "—"), where there is one. */
  sources: z.array(sourceRefSchema).optional(),
});
export type Absent = z.infer<typeof absentSchema>;

function sourcedOrAbsent<T extends z.ZodType>(value: T) {
  return z.union([sourcedSchema(value), absentSchema]);
}

const positive = z.number().positive().finite();
const positiveInt = z.number().int().positive();

export type Sourced<T> = { value: T; sources: SourceRef[]; note?: LocalizedText };
export type SourcedOrAbsent<T> = Sourced<T> | Absent;

export const gpuLinkSchema = z.strictObject({
  technology: z.enum(GPU_LINK_TECHNOLOGIES),
  /** NVLink generation (2, 3, 4, 5); null where the technology has none. */
  generation: positiveInt.nullable(),
  /** Total per GPU, both directions added. */
  bandwidthGBps: positive,
});
export type GpuLink = z.infer<typeof gpuLinkSchema>;

export const launchPriceSchema = z.strictObject({
  /** The vendor's announced launch price (MSRP) in US dollars, not a street or reseller price. */
  usd: positive,
  /** When the vendor announced it. */
  announced: partialIsoDate,
});
export type LaunchPrice = z.infer<typeof launchPriceSchema>;

/**
 * A dated price in its own currency, with a range where sources disagree (`low` = `high` for a
 * single figure). Street prices move; `asOf` says when this one held, and the advisor shows it.
 * Converting to another currency is the advisor's job (a dated exchange-rate table), never the
 * data's: a CNY street price stays in CNY here.
 */
export const priceQuoteShape = {
  kind: z.enum(PRICE_QUOTE_KINDS),
  currency: z.enum(CURRENCIES),
  market: z.enum(PRICE_MARKETS),
  /** Per unit as sold: one card / board (an MI250X board is two GPUs), or one whole server. */
  low: positive,
  high: positive,
  /** When the price held, at the precision the source gives. */
  asOf: partialIsoDate,
  sources: z.array(sourceRefSchema).min(1, 'a price needs at least one source'),
  note: localizedTextSchema.optional(),
  /**
   * The source priced this many units together (Intel's 8-accelerator kit, an 8-GPU module) and
   * `low`/`high` are that price ÷ the count: derived, not a per-unit price anyone published, and
   * the advisor says so. Absent: the source gives the per-unit price itself.
   */
  shareOfUnits: z.number().int().min(2).optional(),
  /**
   * The source gave only a ceiling ("in China a card can reach up to $70,000"): `low` = `high` = that
   * ceiling. Nobody was quoted it, so the advisor takes it only when no other quote exists, and then
   * says it is an upper bound (advisor/pricing/gpu-price.ts).
   */
  upperBound: z.literal(true).optional(),
};
/** A range's ends in order; shared with the server prices. */
export const priceRangeOk = (p: { low: number; high: number }): boolean => p.low <= p.high;
export const PRICE_RANGE_ERROR = { message: 'low must not exceed high', path: ['high'] };
export const priceQuoteSchema = z.strictObject(priceQuoteShape).refine(priceRangeOk, PRICE_RANGE_ERROR);
export type PriceQuote = z.infer<typeof priceQuoteSchema>;

export const gpuEntrySchema = z.strictObject({
  /** Stable slug: vendor-free model, module/bus, memory — `a100-sxm4-80gb`, `rtx-4090`. */
  id: slug,
  vendor: z.enum(VENDORS),
  /** Product line as the vendor brands it: "Tesla", "NVIDIA Data Center", "GeForce", "Instinct", … */
  brand: z.string().min(1),
  /** Model family shared by the variants: "A100", "RTX 4090", "MI300X". */
  family: z.string().min(1),
  /** Display name of this variant: "NVIDIA A100 80GB SXM4". */
  name: z.string().min(1),
  /** Other names it goes by, including the exact names drivers print ("NVIDIA A100-SXM4-80GB"). */
  aliases: z.array(z.string().min(1)),
  architecture: z.enum(ARCHITECTURES),
  /** The die: "GA100", "AD102", "Aqua Vanjaram"; null where unnamed. */
  chip: z.string().min(1).nullable(),
  segment: z.enum(SEGMENTS),
  /**
   * When it came out, at the precision the source gives: the launch announcement for datacenter
   * parts (sold through server makers, they have no shop date), the retail launch for cards.
   */
  releaseDate: sourcedSchema(partialIsoDate),
  /** Sources for the entry's categorical facts (architecture, memory type, form factor). */
  sources: z.array(sourceRefSchema).min(1),

  memorySizeGiB: sourcedSchema(positive),
  memoryType: z.string().min(1),
  memoryBusWidthBits: sourcedOrAbsent(positiveInt),
  memoryBandwidthGBps: sourcedSchema(positive),

  /** CUDA cores (NVIDIA), stream processors (AMD); absent on Gaudi (TPCs are not comparable). */
  shaderCores: sourcedOrAbsent(positiveInt),
  /** Tensor cores (NVIDIA), matrix cores / AI accelerators (AMD), matrix engines (Gaudi MME). */
  tensorCores: sourcedOrAbsent(positiveInt),
  boostClockMhz: sourcedOrAbsent(positive),

  // Vector (non-tensor) rates.
  fp64Tflops: sourcedOrAbsent(positive),
  fp32Tflops: sourcedOrAbsent(positive),
  /** Non-tensor FP16 (packed half2 / dual-rate units). */
  fp16Tflops: sourcedOrAbsent(positive),

  // Tensor / matrix rates — all DENSE (datasheets print twice these "with sparsity").
  fp64TensorDenseTflops: sourcedOrAbsent(positive),
  /** FP32 on matrix cores (AMD CDNA); NVIDIA has none (its FP32 path on tensor cores is TF32). */
  fp32TensorDenseTflops: sourcedOrAbsent(positive),
  tf32TensorDenseTflops: sourcedOrAbsent(positive),
  /** FP16 inputs, the vendor's headline rate (on GeForce: FP16 accumulate). */
  fp16TensorDenseTflops: sourcedOrAbsent(positive),
  /**
   * FP16 inputs with FP32 accumulate — what mixed-precision training uses. Equal to the headline
   * rate on datacenter, workstation and Titan cards; half of it on GeForce RTX 20/30/40/50.
   */
  fp16TensorFp32AccDenseTflops: sourcedOrAbsent(positive),
  /** BF16 always accumulates in FP32, so on GeForce it runs at the FP32-accumulate rate. */
  bf16TensorDenseTflops: sourcedOrAbsent(positive),
  fp8TensorDenseTflops: sourcedOrAbsent(positive),
  /** Blackwell FP4 (NVFP4/MXFP4); absent before Blackwell. */
  fp4TensorDenseTflops: sourcedOrAbsent(positive),
  int8TensorDenseTops: sourcedOrAbsent(positive),

  /** Board power limit in watts: TDP / TGP / total board power, as the vendor names it. */
  tdpWatts: sourcedSchema(positive),
  formFactor: z.enum(FORM_FACTORS),
  /**
   * The module or card standard: "SXM4", "OAM", "PCIe card" (a name, the same in every language);
   * a description in words ("SXM module on the 8-GPU HGX H20 board") is bilingual text.
   */
  module: z.union([z.string().min(1), localizedTextSchema]),
  /** Expansion slots a PCIe card occupies (2.5 exists); not-applicable for SXM/OAM modules. */
  slots: sourcedOrAbsent(positive),
  /** PCIe generation of the host link. */
  pcieGeneration: sourcedOrAbsent(positiveInt),
  /** GPU-to-GPU link (NVLink, NVLink bridge, Infinity Fabric, Gaudi's on-chip RoCE). */
  gpuLink: sourcedOrAbsent(gpuLinkSchema),
  /**
   * How many GPUs drivers show for one board, when more than one: an MI250X is two GCDs, each
   * reported with half the memory. Absent means one.
   */
  devicesPerBoard: sourcedSchema(positiveInt).optional(),
  /** Multi-Instance GPU: the most instances; unsupported on GPUs without MIG. */
  migMaxInstances: sourcedOrAbsent(positiveInt),
  /** CUDA compute capability ("8.0") on NVIDIA, the LLVM target ("gfx942") on AMD. */
  computeCapability: sourcedOrAbsent(z.string().regex(/^(?:\d+\.\d+|gfx[0-9a-f]+)$/)),
  launchPrice: sourcedOrAbsent(launchPriceSchema),
  /**
   * Dated prices beyond the launch price: street prices by market, in their own currency. The
   * advisor prefers the newest street price in the market asked for, then any street price, then
   * the launch price. Absent or empty means no price beyond `launchPrice`.
   */
  prices: z.array(priceQuoteSchema).optional(),
  /** How far the figures can be trusted; absent means `official` (a vendor datasheet). */
  confidence: z.enum(CONFIDENCE_LEVELS).optional(),
  /** Caveats a buyer should read: disagreements between sources, corrections, naming traps. */
  notes: z.array(localizedTextSchema),
});

export type GpuEntry = z.infer<typeof gpuEntrySchema>;
/** What data files write (same as GpuEntry: the schema has no transforms). */
export type GpuEntryInput = z.input<typeof gpuEntrySchema>;

/** The spec fields that hold a sourced-or-absent figure, for walkers and comparisons. */
export type GpuFigureField = {
  [K in keyof GpuEntry]: GpuEntry[K] extends { value: unknown } ? K : never;
}[keyof GpuEntry];

/** The numeric figures the advisor compares; each is `{ value: number | null }`. */
export const NUMERIC_FIGURE_FIELDS = [
  'memorySizeGiB',
  'memoryBusWidthBits',
  'memoryBandwidthGBps',
  'shaderCores',
  'tensorCores',
  'boostClockMhz',
  'fp64Tflops',
  'fp32Tflops',
  'fp16Tflops',
  'fp64TensorDenseTflops',
  'fp32TensorDenseTflops',
  'tf32TensorDenseTflops',
  'fp16TensorDenseTflops',
  'fp16TensorFp32AccDenseTflops',
  'bf16TensorDenseTflops',
  'fp8TensorDenseTflops',
  'fp4TensorDenseTflops',
  'int8TensorDenseTops',
  'tdpWatts',
  'slots',
  'pcieGeneration',
  'migMaxInstances',
] as const satisfies readonly GpuFigureField[];
export type NumericFigureField = (typeof NUMERIC_FIGURE_FIELDS)[number];

export const gpuCatalogSchema = z.strictObject({
  sources: z.array(sourceSchema).min(1),
  gpus: z.array(gpuEntrySchema).min(1),
});
export type GpuCatalog = z.infer<typeof gpuCatalogSchema>;
