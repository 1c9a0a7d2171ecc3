// The recommender's input and typed result.

import type { CloudCatalog } from '../../catalog/cloud.js';
import type { ConfidenceLevel, Currency, GpuCatalog, PriceMarket, PriceQuote, Segment } from '../../catalog/index.js';
import type { FxTable } from '../pricing/fx.js';
import type { HostNeeds, HostShortfall } from './host.js';
import type { ImageRateChoice } from './image-rates.js';
import type { LinkKind, ParallelPlan, Scaling } from './scaling.js';
import type { Snapshot } from '../../core/snapshot.js';
import type { AdvisorNote, EstimateInput, MemoryBreakdown, ModelInput } from '../estimate/types.js';

export const RECOMMEND_TASKS = ['train', 'finetune', 'inference', 'scientific', 'analytics'] as const;
export type RecommendTask = (typeof RECOMMEND_TASKS)[number];

/** The arithmetic the work runs in; decides which catalog rate counts. */
export const COMPUTE_PRECISIONS = ['fp64', 'fp32', 'tf32', 'fp16', 'bf16', 'fp8', 'int8'] as const;
export type ComputePrecision = (typeof COMPUTE_PRECISIONS)[number];

export const DEPLOYMENTS = ['workstation', 'server', 'cloud'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

/**
 * `balanced` (the default): the fewest GPUs, then the cheapest (unknown prices last), then the
 * fastest — what a buyer asks first. The others rank only the options that have the value.
 */
export const SORT_KEYS = ['balanced', 'throughput', 'price-performance', 'performance-per-watt', 'price'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** A machine that can hold the GPUs (from the server catalog). */
export interface ServerCandidate {
  id: string;
  name: string;
  category: 'server' | 'workstation' | 'gaming-desktop';
  /** GPU catalog id → how many of it the machine holds. */
  gpuSlots: Record<string, number>;
}

export interface RecommendInput {
  task: RecommendTask;
  /** A preset or custom model (train, finetune, inference). */
  model?: ModelInput;
  /** Or the memory the work needs in all, in bytes (any task; split evenly over the GPUs). */
  memoryNeedBytes?: number;
  /** The arithmetic to rate GPUs by; default follows the task and the estimator settings. */
  precision?: ComputePrecision;
  /** Settings passed to the memory estimator (sequence length, batch, method, optimizer …). */
  estimate?: Omit<EstimateInput, 'task' | 'model' | 'gpuCount' | 'zeroStage' | 'tensorParallel'>;
  /** Currency prices are shown and budgets read in (default USD). */
  currency?: Currency;
  /** Exchange rates (default: the dated table in pricing/fx.ts). */
  fx?: FxTable;
  /** Most you will pay for the GPUs, in `currency`. Options without a price are left out, and counted. */
  budget?: number;
  /** Cloud: most you will pay per hour for all GPUs of an option, in `currency`. */
  budgetPerHour?: number;
  deployment?: Deployment;
  /** Keep only GPUs of these market segments (datacenter, workstation, consumer). */
  segments?: readonly Segment[];
  /** Memory kept free for the allocator's fragmentation, % of the visible memory (default 10 for inference, 5 for training). */
  memoryMarginPercent?: number;
  /** Most board power all GPUs together may draw (W). */
  maxPowerWatts?: number;
  /** Most GPUs in one option (default 8). */
  maxGpuCount?: number;
  sortBy?: SortKey;
  /** Keep this many options (default all). */
  limit?: number;
  /** A local snapshot: say whether the GPUs you have are enough. */
  snapshot?: Snapshot;
  catalog?: GpuCatalog;
  /** Machines to fit the GPUs in; default: the built-in server catalog. */
  servers?: readonly ServerCandidate[];
  /** Rental prices; default: the built-in cloud price catalog. */
  cloudCatalog?: CloudCatalog;
}

export type SplitKind = 'single' | 'zero' | 'tensor-parallel' | 'pipeline-parallel' | 'partition';

export interface MemoryFit {
  split: SplitKind;
  zeroStage: number | null;
  plan: ParallelPlan;
  /** What each GPU needs; null when nothing is known of the work's memory. */
  perGpuNeedBytes: number | null;
  /** What the work can use: the driver-visible size less the fragmentation margin (usable-memory.ts). */
  perGpuCapacityBytes: number;
  /** The marketed size of one device, the size the driver shows, and the margin kept free. */
  perGpuNominalBytes: number;
  perGpuVisibleBytes: number;
  marginBytes: number;
  marginShare: number;
  /** null when the need is unknown or a lower bound that fits (see `needIsLowerBound`). */
  fits: boolean | null;
  needIsLowerBound: boolean;
  headroomBytes: number | null;
  breakdown: MemoryBreakdown | null;
}

export interface Throughput {
  bound: 'compute' | 'bandwidth';
  precision: ComputePrecision | null;
  /** The precision asked for when the GPU lacks it and a slower one is used instead. */
  fallbackFrom: ComputePrecision | null;
  /** Per-GPU arithmetic rate at `precision`: TFLOPS (TOPS for int8); null when it has none. */
  perGpuRate: number | null;
  perGpuBandwidthGBps: number;
  /** LLM decoding: bytes each GPU reads per step (its weights and KV cache). */
  bytesPerStepPerGpu: number | null;
  /** Work per second of all GPUs, in the task's unit (FLOP/s, token/s, byte/s, image/s); null if unknown. */
  rate: number | null;
  rateUnit: 'flop/s' | 'token/s' | 'byte/s' | 'image/s';
  /** Roofline upper bound on tokens per second for LLMs; null otherwise. */
  peakTokensPerSecond: number | null;
  /** rate ÷ the best rate among the options that fit (1 = fastest). */
  relative: number | null;
  /** What communication leaves of linear scaling, over which link. */
  scaling: Scaling;
  /** The rate if N GPUs scaled linearly. */
  linearRate: number | null;
  /** Image models: the published images/s the rate comes from; null when none is published. */
  imageRate: ImageRateChoice | null;
}

export interface OptionPrice {
  /** All boards of the option, in the asked currency: middle of the quoted range, and its ends. */
  amount: number;
  low: number;
  high: number;
  currency: Currency;
  quotedCurrency: Currency;
  kind: PriceQuote['kind'];
  market: PriceMarket;
  asOf: string;
  boards: number;
  /** Quoted in another currency than `currency` (gpu-price.ts: the rule cost follows too). */
  converted: boolean;
  /** Derived from the price of this many units sold together, ÷ that many; null: a per-unit price. */
  shareOfUnits: number | null;
  /** The only figure is a ceiling the source gave ("up to"): the price is at most this. */
  upperBound: boolean;
}

/** A rental of an option's GPUs: per hour for all of them, in the asked currency. */
export interface RentalOffer {
  /** All instances the option rents, per hour: instances × perInstanceHour. */
  perHour: number;
  perInstanceHour: number;
  /** Whole instances rented: ceil(GPUs needed / gpusPerInstance). */
  instances: number;
  gpusPerInstance: number;
  currency: Currency;
  quotedCurrency: Currency;
  offeringId: string;
  provider: string;
  instanceType: string;
  asOf: string;
}

export interface RecommendOption {
  gpuId: string;
  gpuName: string;
  segment: Segment;
  /** GPUs as the driver shows them (an MI250X board counts as two). */
  count: number;
  /** Devices per board as sold (2 for MI250X): count ÷ this = boards to buy. */
  devicesPerBoard: number;
  /** How far the catalog's figures for this GPU can be trusted. */
  confidence: ConfidenceLevel;
  memory: MemoryFit;
  throughput: Throughput;
  /** The boards' price in the asked currency; null when no price is known. */
  price: OptionPrice | null;
  /** rate per 1000 units of the asked currency. */
  ratePerThousand: number | null;
  /**
   * Dated on-demand rental of `count` GPUs per hour in the asked currency: one charged in it where
   * the catalog has one (as cost takes it), else the cheapest converted (`converted`); null when not
   * in the price catalog. `cheaperAbroad`: a cheaper one charged in another currency, not taken.
   */
  rental: (RentalOffer & { converted: boolean; cheaperAbroad: RentalOffer | null }) | null;
  /** rate per unit of currency per hour of rental. */
  ratePerCurrencyHour: number | null;
  boardPowerWatts: number;
  ratePerWatt: number | null;
  /** Against the budget (purchase) or, in the cloud, the hourly budget; null when no budget or no price. */
  withinBudget: boolean | null;
  servers: { id: string; name: string; holds: number }[];
  /** The host these GPUs need (host.ts). */
  host: HostNeeds;
  /** With a local snapshot: what this machine's host lacks for this option; null without one. */
  localHostShortfalls: HostShortfall[] | null;
  reasons: AdvisorNote[];
}

export interface LocalFit {
  deviceName: string;
  count: number;
  catalogId: string | null;
  memoryTotalBytes: number | null;
  perGpuNeedBytes: number | null;
  fits: boolean | null;
  note: AdvisorNote;
}

export interface Recommendation {
  task: RecommendTask;
  sortBy: SortKey;
  /** Where the GPUs will run; `cloud` prices options by rental, the rest by purchase. */
  deployment: Deployment | null;
  currency: Currency;
  fx: FxTable;
  /** The memory the work needs on one GPU (before any splitting); null when unknown. */
  singleGpuNeedBytes: number | null;
  /** Options that fit (or fit as far as is known), ranked. */
  options: RecommendOption[];
  /** Options that fit but lack the value `sortBy` ranks by (no price, no rate), listed apart. */
  unranked: RecommendOption[];
  /** GPUs that cannot hold the work at any allowed count: their best try, with why. */
  notFitting: RecommendOption[];
  /**
   * How many GPU models the constraints removed, by constraint. `budgetUnpriced`: left out because
   * they have no price, so they could not be checked against the budget.
   */
  excluded: { budget: number; budgetUnpriced: number; power: number; deployment: number; segment: number };
  local: LocalFit[];
  /** With a snapshot: what this machine's host lacks for the first ranked option. */
  localHost: HostShortfall[] | null;
  assumptions: AdvisorNote[];
}

export type { LinkKind };
