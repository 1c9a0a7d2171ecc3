// The catalog's enumerations, without zod: the CLI registers its options from these at start-up,
// and importing them must not pull the validator into every command.

export const SOURCE_KINDS = [
  'datasheet',
  'whitepaper',
  'product-page',
  'press-release',
  'documentation',
  'dataset',
  'spec-database',
  /** A news or magazine article (China-market specs, launch and street prices). */
  'article',
  /** A page that lists prices (a cloud price list, a reseller's listing, a price comparison). */
  'price-list',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const ABSENT_REASONS = [
  /** The hardware cannot do it (Volta has no TF32; a GTX 1080 Ti has no tensor cores). */
  'unsupported',
  /** It exists or may exist, but the vendor publishes no figure (or no launch price). */
  'not-published',
  /** The field means nothing for this product (MIG on an AMD GPU, slot width of an SXM module). */
  'not-applicable',
] as const;
export type AbsentReason = (typeof ABSENT_REASONS)[number];

export const VENDORS = ['nvidia', 'amd', 'intel', 'huawei'] as const;
export const SEGMENTS = ['datacenter', 'workstation', 'consumer'] as const;
export const ARCHITECTURES = [
  'Pascal',
  'Volta',
  'Turing',
  'Ampere',
  'Ada Lovelace',
  'Hopper',
  'Blackwell',
  'RDNA 3',
  'CDNA 2',
  'CDNA 3',
  'Gaudi 2',
  'Gaudi 3',
  /** Huawei Ascend (910B): the Da Vinci AI core. */
  'Da Vinci',
] as const;
export const FORM_FACTORS = ['pcie', 'sxm', 'oam'] as const;
/** `hccs`: Huawei Cache Coherence System, the Ascend 910B's chip-to-chip link. */
export const GPU_LINK_TECHNOLOGIES = ['nvlink', 'nvlink-bridge', 'infinity-fabric', 'roce', 'hccs'] as const;

/** Currencies prices are written and shown in (ISO 4217). */
export const CURRENCIES = ['USD', 'CNY', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * What a price quote is: the vendor's launch price (MSRP), a street price (what shops and
 * resellers ask), or a system integrator's quote for a configured machine.
 */
export const PRICE_QUOTE_KINDS = ['launch', 'street', 'quote'] as const;
export type PriceQuoteKind = (typeof PRICE_QUOTE_KINDS)[number];

/** Where a price holds: prices for the same part differ between the US, China and Europe. */
export const PRICE_MARKETS = ['global', 'us', 'cn', 'eu'] as const;
export type PriceMarket = (typeof PRICE_MARKETS)[number];

/**
 * How far an entry's figures can be trusted: `official` = the vendor's own datasheet or page;
 * `secondary` = no vendor datasheet (China-market parts such as H20), figures from press, spec
 * databases or leaked documents that agree; `estimate` = sources disagree or are indirect.
 */
export const CONFIDENCE_LEVELS = ['official', 'secondary', 'estimate'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

export type Vendor = (typeof VENDORS)[number];
export type Segment = (typeof SEGMENTS)[number];
export type Architecture = (typeof ARCHITECTURES)[number];
export type FormFactor = (typeof FORM_FACTORS)[number];
