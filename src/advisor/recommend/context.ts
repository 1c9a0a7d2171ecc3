// What every step of one recommend() call shares: the input, the memory planner, the precision,
// the currency and rates, the fragmentation margin, and the machines and rentals to look in.

import type { Currency } from '../../catalog/gpu-enums.js';
import type { FxTable } from '../pricing/fx.js';
import type { RentalPick } from './markets.js';
import type { MemoryPlanner } from './memory-plan.js';
import type { ComputePrecision, RecommendInput, ServerCandidate } from './types.js';

export interface Context {
  input: RecommendInput;
  planner: MemoryPlanner;
  precision: ComputePrecision;
  currency: Currency;
  fx: FxTable;
  /** Share of the visible memory kept for fragmentation. */
  margin: number;
  servers: readonly ServerCandidate[];
  /** The rental each GPU id is offered at, charged in the asked currency first (as cost chooses). */
  rentals: Map<string, RentalPick>;
  /** Catalog id → name, to name the GPUs a published figure exists for. */
  gpuNames: Map<string, string>;
}
