// The recommender's input and typed result.

import type { CloudCatalog } from '../../catalog/cloud.js';
import type { GpuCatalog } from '../../catalog/index.js';
import type { Snapshot } from '../../core/snapshot.js';
import type { AdvisorNote, CustomModelInput, EstimateInput, MemoryBreakdown } from '../estimate/types.js';

export const RECOMMEND_TASKS = ['train', 'finetune', 'inference', 'scientific', 'analytics'] as const;
export type RecommendTask = (typeof RECOMMEND_TASKS)[number];

/** The arithmetic the work runs in; decides which catalog rate counts. */
export const COMPUTE_PRECISIONS = ['fp64', 'fp32', 'tf32', 'fp16', 'bf16', 'fp8', 'int8'] as const;
export type ComputePrecision = (typeof COMPUTE_PRECISIONS)[number];

export const DEPLOYMENTS = ['workstation', 'server', 'cloud'] as const;
export type Deployment = (typeof DEPLOYMENTS)[number];

export const SORT_KEYS = ['throughput', 'price-performance', 'performance-per-watt'] as const;
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
  model?: string | CustomModelInput;
  /** Or the memory the work needs in all, in bytes (any task; split evenly over the GPUs). */
  memoryNeedBytes?: number;
  /** The arithmetic to rate GPUs by; default follows the task and the estimator settings. */
  precision?: ComputePrecision;
  /** Settings passed to the memory estimator (sequence length, batch, method, optimizer …). */
  estimate?: Omit<EstimateInput, 'task' | 'model' | 'gpuCount' | 'zeroStage' | 'tensorParallel'>;
  /** Most you will pay for the GPUs, at launch prices (USD). */
  budgetUsd?: number;
  /** Cloud: most you will pay per hour for all GPUs of an option (USD). */
  budgetUsdPerHour?: number;
  deployment?: Deployment;
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

export type SplitKind = 'single' | 'zero' | 'tensor-parallel' | 'partition';

export interface MemoryFit {
  split: SplitKind;
  zeroStage: number | null;
  /** What each GPU needs; null when nothing is known of the work's memory. */
  perGpuNeedBytes: number | null;
  perGpuCapacityBytes: number;
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
  /** Work per second of all GPUs, in the task's unit (FLOP/s, token/s, byte/s); null if unknown. */
  rate: number | null;
  rateUnit: 'flop/s' | 'token/s' | 'byte/s';
  /** Roofline upper bound on tokens per second for LLMs; null otherwise. */
  peakTokensPerSecond: number | null;
  /** rate ÷ the best rate among the options that fit (1 = fastest). */
  relative: number | null;
}

export interface RecommendOption {
  gpuId: string;
  gpuName: string;
  count: number;
  memory: MemoryFit;
  throughput: Throughput;
  /** Launch price × count; null when not published. */
  priceUsd: number | null;
  priceAnnounced: string | null;
  /** rate per 1000 USD of launch price. */
  ratePerThousandUsd: number | null;
  /** Cheapest dated on-demand rental of `count` GPUs per hour; null when not in the price catalog. */
  rental: { usdPerHour: number; offeringId: string; provider: string; instanceType: string; asOf: string } | null;
  /** rate per USD per hour of rental. */
  ratePerUsdHour: number | null;
  boardPowerWatts: number;
  ratePerWatt: number | null;
  /** Against budgetUsd (purchase) or, in the cloud, budgetUsdPerHour; null when a price is unknown. */
  withinBudget: boolean | null;
  servers: { id: string; name: string; holds: number }[];
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
  /** The memory the work needs on one GPU (before any splitting); null when unknown. */
  singleGpuNeedBytes: number | null;
  options: RecommendOption[];
  /** How many GPU × count options the constraints removed, by constraint. */
  excluded: { budget: number; power: number; deployment: number };
  local: LocalFit[];
  assumptions: AdvisorNote[];
}
