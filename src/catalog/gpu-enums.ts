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

export const VENDORS = ['nvidia', 'amd', 'intel'] as const;
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
] as const;
export const FORM_FACTORS = ['pcie', 'sxm', 'oam'] as const;
export const GPU_LINK_TECHNOLOGIES = ['nvlink', 'nvlink-bridge', 'infinity-fabric', 'roce'] as const;

export type Vendor = (typeof VENDORS)[number];
export type Segment = (typeof SEGMENTS)[number];
export type Architecture = (typeof ARCHITECTURES)[number];
export type FormFactor = (typeof FORM_FACTORS)[number];
