// The units nvidia-smi prints in its CSV header, converted into the base units our field names
// promise. A unit we do not know is an error, never a guess.

import { BYTES_PER_GIB, BYTES_PER_KIB, BYTES_PER_MIB } from '../../core/units.js';

export type Quantity = 'bytes' | 'watts' | 'megahertz' | 'percent' | 'celsius';

const FACTORS: Readonly<Record<Quantity, Readonly<Record<string, number>>>> = {
  bytes: { B: 1, KiB: BYTES_PER_KIB, MiB: BYTES_PER_MIB, GiB: BYTES_PER_GIB },
  watts: { W: 1, mW: 0.001 },
  megahertz: { MHz: 1, GHz: 1000 },
  percent: { '%': 1 },
  celsius: { C: 1 },
};

/** The unit nvidia-smi uses when its header names none (temperatures print no unit). */
export const DEFAULT_UNIT: Readonly<Record<Quantity, string>> = {
  bytes: 'MiB',
  watts: 'W',
  megahertz: 'MHz',
  percent: '%',
  celsius: 'C',
};

/** The factor from `unit` to the base unit of `quantity`, or null when the unit is not one of its. */
export function unitFactor(quantity: Quantity, unit: string | null): number | null {
  return FACTORS[quantity][unit ?? DEFAULT_UNIT[quantity]] ?? null;
}
