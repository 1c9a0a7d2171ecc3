// recommend(): every catalog GPU × the fewest GPUs that hold the work, with memory fit and
// headroom, a roofline speed estimate, price-performance, performance per watt, the machines
// that take them, and the reasons in words. Advice such as "80 GB to train, 40 GB to serve" is
// whatever falls out of the estimator and the catalog — nothing here names a card.

import { loadGpuCatalog, memoryBytesOf, type GpuEntry } from '../../catalog/index.js';
import { AdvisorError, requireNumber } from '../errors.js';
import { createMemoryPlanner, type MemoryPlanner } from './memory-plan.js';
import { localFits } from './local.js';
import { defaultPrecision } from './precision.js';
import { optionReasons, recommendationAssumptions } from './reasons.js';
import { throughputOf } from './throughput.js';
import {
  COMPUTE_PRECISIONS,
  DEPLOYMENTS,
  RECOMMEND_TASKS,
  SORT_KEYS,
  type ComputePrecision,
  type RecommendInput,
  type RecommendOption,
  type Recommendation,
  type SortKey,
} from './types.js';

const DEFAULT_MAX_GPUS = 8;

function check<T extends string>(name: string, value: T | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined || choices.includes(value)) return value;
  throw new AdvisorError('advisor.error.badChoice', { name, value: String(value), choices: choices.join(', ') });
}

/** 1, 2, 4, 8 … up to max, and max itself. */
export function gpuCounts(max: number): number[] {
  const counts: number[] = [];
  for (let n = 1; n <= max; n *= 2) counts.push(n);
  if (counts[counts.length - 1] !== max) counts.push(max);
  return counts;
}

function deploymentAllows(entry: GpuEntry, deployment: RecommendInput['deployment']): boolean {
  // Workstations take actively cooled cards; datacenter cards are passively cooled for server airflow.
  if (deployment === 'workstation') return entry.segment !== 'datacenter';
  if (deployment === 'cloud') return entry.segment === 'datacenter';
  return true;
}

function buildOption(entry: GpuEntry, count: number, input: RecommendInput, planner: MemoryPlanner, precision: ComputePrecision): RecommendOption {
  const capacity = memoryBytesOf(entry);
  const candidate = planner.choose(count, capacity);
  const need = candidate.perGpuNeedBytes;
  const fits = need === null ? null : need <= capacity ? (candidate.needIsLowerBound ? null : true) : false;
  const throughput = { ...throughputOf(entry, count, input.task, precision, candidate), relative: null };
  const price = entry.launchPrice.value;
  const priceUsd = price === null ? null : price.usd * count;
  const boardPowerWatts = entry.tdpWatts.value * count;
  const servers = (input.servers ?? [])
    .map((server) => ({ id: server.id, name: server.name, holds: server.gpuSlots[entry.id] ?? 0 }))
    .filter((server) => server.holds >= count);
  const option: RecommendOption = {
    gpuId: entry.id,
    gpuName: entry.name,
    count,
    memory: {
      split: candidate.split,
      zeroStage: candidate.zeroStage,
      perGpuNeedBytes: need,
      perGpuCapacityBytes: capacity,
      fits,
      needIsLowerBound: candidate.needIsLowerBound,
      headroomBytes: need === null ? null : capacity - need,
      breakdown: candidate.breakdown,
    },
    throughput,
    priceUsd,
    priceAnnounced: price?.announced ?? null,
    ratePerThousandUsd: priceUsd === null || throughput.rate === null ? null : (throughput.rate / priceUsd) * 1000,
    boardPowerWatts,
    ratePerWatt: throughput.rate === null ? null : throughput.rate / boardPowerWatts,
    withinBudget: input.budgetUsd === undefined ? null : priceUsd === null ? null : priceUsd <= input.budgetUsd,
    servers,
    reasons: [],
  };
  return option;
}

/** The fewest GPUs of this model that hold the work; the most allowed when none does. */
function optionForGpu(entry: GpuEntry, counts: number[], input: RecommendInput, planner: MemoryPlanner, precision: ComputePrecision): RecommendOption {
  let last: RecommendOption | null = null;
  for (const count of counts) {
    last = buildOption(entry, count, input, planner, precision);
    if (last.memory.fits !== false) return last;
  }
  if (!last) throw new Error('no GPU count to try');
  return last;
}

const SORT_VALUE: Record<SortKey, (o: RecommendOption) => number | null> = {
  throughput: (o) => o.throughput.rate,
  'price-performance': (o) => o.ratePerThousandUsd,
  'performance-per-watt': (o) => o.ratePerWatt,
};

const fitRank = (o: RecommendOption) => (o.memory.fits === true ? 0 : o.memory.fits === null ? 1 : 2);

export function compareOptions(sortBy: SortKey) {
  const value = SORT_VALUE[sortBy];
  return (a: RecommendOption, b: RecommendOption): number => {
    const fit = fitRank(a) - fitRank(b);
    if (fit !== 0) return fit;
    const va = value(a);
    const vb = value(b);
    if (va !== vb) {
      if (va === null) return 1;
      if (vb === null) return -1;
      return vb - va;
    }
    return a.count - b.count || (a.priceUsd ?? Infinity) - (b.priceUsd ?? Infinity) || a.gpuId.localeCompare(b.gpuId);
  };
}

export function recommend(input: RecommendInput): Recommendation {
  if (!(RECOMMEND_TASKS as readonly string[]).includes(input.task)) {
    throw new AdvisorError('advisor.error.badChoice', { name: 'task', value: String(input.task), choices: RECOMMEND_TASKS.join(', ') });
  }
  check('precision', input.precision, COMPUTE_PRECISIONS);
  check('deployment', input.deployment, DEPLOYMENTS);
  const sortBy = check('sortBy', input.sortBy, SORT_KEYS) ?? 'throughput';
  const maxGpus = input.maxGpuCount === undefined ? DEFAULT_MAX_GPUS : requireNumber('maxGpuCount', input.maxGpuCount, { min: 1, integer: true });
  if (input.budgetUsd !== undefined) requireNumber('budgetUsd', input.budgetUsd);
  if (input.maxPowerWatts !== undefined) requireNumber('maxPowerWatts', input.maxPowerWatts, { min: 0, exclusiveMin: true });
  if (input.limit !== undefined) requireNumber('limit', input.limit, { min: 1, integer: true });

  const catalog = input.catalog ?? loadGpuCatalog();
  const planner = createMemoryPlanner(input);
  const precision = input.precision ?? defaultPrecision(input.task, input.estimate ?? {});
  const counts = gpuCounts(maxGpus);
  const excluded = { budget: 0, power: 0, deployment: 0 };

  const options: RecommendOption[] = [];
  for (const entry of catalog.gpus) {
    if (!deploymentAllows(entry, input.deployment)) {
      excluded.deployment += 1;
      continue;
    }
    const option = optionForGpu(entry, counts, input, planner, precision);
    if (input.maxPowerWatts !== undefined && option.boardPowerWatts > input.maxPowerWatts) {
      excluded.power += 1;
      continue;
    }
    if (option.withinBudget === false) {
      excluded.budget += 1;
      continue;
    }
    options.push(option);
  }

  const best = Math.max(0, ...options.filter((o) => o.memory.fits !== false).map((o) => o.throughput.rate ?? 0));
  for (const option of options) {
    option.throughput.relative = option.throughput.rate === null || best === 0 ? null : option.throughput.rate / best;
    option.reasons = optionReasons(option, input);
  }
  options.sort(compareOptions(sortBy));

  const single = planner.candidates(1)[0] ?? null;
  return {
    task: input.task,
    sortBy,
    singleGpuNeedBytes: single?.perGpuNeedBytes ?? null,
    options: input.limit === undefined ? options : options.slice(0, input.limit),
    excluded,
    local: input.snapshot ? localFits(input.snapshot, planner, catalog) : [],
    assumptions: recommendationAssumptions(input, single?.estimate ?? null, precision),
  };
}
