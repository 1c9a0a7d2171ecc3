// Input and typed result of the cost model (cost.ts).

import type { CloudCatalog } from '../catalog/cloud.js';
import type { Currency, PriceMarket } from '../catalog/gpu-enums.js';
import type { GpuCatalog, PriceQuote } from '../catalog/index.js';
import type { AdvisorNote } from './estimate/types.js';
import type { FxTable } from './pricing/fx.js';
import type { ComputePrecision } from './recommend/types.js';

export interface CostInput {
  /** Catalog id or name. */
  gpu: string;
  /** GPUs as the driver shows them (an MI250X board is two); default one board. Whole boards are bought. */
  count?: number;
  /** Per GPU (per GCD of a multi-GCD board); default: the catalog's price (cost-prices.ts), a board's ÷ its GPUs. */
  purchasePriceUsd?: number;
  /** The host around the GPUs (server, chassis, network), once; default 0. */
  hostPriceUsd?: number;
  years?: number;
  /** Share of the time the GPUs do work (and would be rented). Default 50. */
  utilizationPercent?: number;
  /** Draw of one GPU while working; default its board power (TDP), a multi-GCD board's ÷ its GPUs. */
  powerWattsPerGpu?: number;
  electricityUsdPerKwh?: number;
  /** Power usage effectiveness of the room: total facility power ÷ IT power. */
  pue?: number;
  /** What the hardware sells for at the end, as a share of the purchase. Default 0. */
  resalePercent?: number;
  /** Yearly maintenance/support as a share of the purchase. Default 0. */
  maintenancePercentPerYear?: number;
  /** Per GPU-hour; default: the cloud catalog's dated on-demand price, one charged in `currency` first (cost-prices.ts). */
  cloudUsdPerGpuHour?: number;
  /** Precision for cost per unit of work; default bf16 (fp16 where the GPU has no bf16). */
  precision?: ComputePrecision;
  /** A training run, to price: its total FLOPs … */
  runFlops?: number;
  /** … or the GPU-hours it takes. */
  runGpuHours?: number;
  /** Model FLOPs utilisation assumed to turn runFlops into hours. Default 40. */
  mfuPercent?: number;
  /**
   * The buyer's currency (default USD): which catalog readings are taken — a price from its market
   * or quoted in it, a rental charged in it (cost-prices.ts) — and how the notes write money.
   * The amounts above and the result stay in USD.
   */
  currency?: Currency;
  /** Exchange rates (default: the dated table in pricing/fx.ts). */
  fx?: FxTable;
  catalog?: GpuCatalog;
  cloudCatalog?: CloudCatalog;
}

/** The catalog price reading a purchase was taken from, per GPU, in the buyer's currency. */
export interface PriceReading {
  kind: PriceQuote['kind'];
  market: PriceMarket;
  quotedCurrency: Currency;
  currency: Currency;
  /** The middle of the range (what the model takes), and its ends. */
  amount: number;
  low: number;
  high: number;
  asOf: string;
  /** Source ids in the GPU catalog. */
  sources: string[];
  /** Not quoted in the buyer's currency (even if from the buyer's market): converted, at the rate the notes state. */
  converted: boolean;
  /** Derived from the price of this many units sold together, ÷ that many; null: a per-unit price. */
  shareOfUnits: number | null;
  /** The only figure is a ceiling the source gave ("up to"): the price is at most this. */
  upperBound: boolean;
}

/** The rental a rent price was taken from, as the provider charges it. */
export interface RentalReading {
  offeringId: string;
  provider: string;
  instanceType: string;
  chargedIn: Currency;
  chargedPerGpuHour: number;
  /** Charged in another currency than the buyer's (none in it is in the catalog): converted. */
  converted: boolean;
}

export interface PriceWithOrigin {
  usd: number;
  origin: 'catalog' | 'user';
  /** When the price held: launch announcement or the cloud price's asOf; null for user prices. */
  asOf: string | null;
  /** For a catalog purchase price: which reading, from which market, and whether it was converted. */
  reading?: PriceReading;
}

export interface CostResult {
  gpu: { id: string; name: string };
  /** The buyer's currency the readings were chosen for (the amounts are in USD). */
  currency: Currency;
  count: number;
  /** GPUs the driver shows per board (2 for an MI250X, else 1): figures and prices are per GPU. */
  devicesPerBoard: number;
  /** Boards bought for `count` GPUs: ceil(count / devicesPerBoard), each paid in full. */
  boards: number;
  years: number;
  utilizationPercent: number;
  /** GPU-hours of work over the period: count × years × 8760 × utilisation. */
  busyGpuHours: number;
  own: {
    purchasePerGpu: PriceWithOrigin;
    purchaseUsd: number;
    hostUsd: number;
    powerWattsPerGpu: number;
    energyKwh: number;
    electricityUsdPerKwh: number;
    pue: number;
    powerUsd: number;
    maintenanceUsd: number;
    resaleUsd: number;
    totalUsd: number;
    usdPerBusyGpuHour: number;
  };
  /** Renting the same GPU-hours; null (with `rentReason`) when no price is known. */
  rent: { perGpuHour: PriceWithOrigin; offeringId: string | null; provider: string | null; totalUsd: number; rental: RentalReading | null } | null;
  rentReason: 'no-cloud-price' | null;
  /**
   * Months until what renting would have cost beyond the running cost repays the purchase less the
   * resale value (taken at the end); null: never (see verdict). Within `years` exactly when the verdict is buy.
   */
  paybackMonths: number | null;
  /** Whether the payback counted a resale value (`resalePercent` > 0). */
  paybackCountsResale?: boolean;
  /** Whether that payback falls within the period asked for (`years`); a longer one is a projection. */
  paybackWithinPeriod?: boolean;
  /** The utilisation above which buying beats renting over `years`; null when it never does. */
  breakEvenUtilizationPercent: number | null;
  verdict: 'buy' | 'rent' | 'unknown';
  work: {
    precision: ComputePrecision | null;
    tflopsPerGpu: number | null;
    ownUsdPerTflopHour: number | null;
    rentUsdPerTflopHour: number | null;
  };
  run: { gpuHours: number; ownUsd: number; rentUsd: number | null; mfuPercent: number | null } | null;
  assumptions: AdvisorNote[];
}
