// recommend(): every catalog GPU × the fewest GPUs that hold the work, with memory fit and
// headroom, a roofline speed estimate, price-performance, performance per watt, the machines
// that take them, and the reasons in words. Advice such as "80 GB to train, 40 GB to serve" is
// whatever falls out of the estimator and the catalog — nothing here names a card.

import { loadGpuCatalog, memoryBytesOf, type GpuEntry } from '../../catalog/index.js';
import { AdvisorError, requireNumber } from '../errors.js';
import { cheapestRentals, serverCandidates, type RentalPrice } from './markets.js';
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
  type ServerCandidate,
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

interface Context {
  input: RecommendInput;
  planner: MemoryPlanner;
  precision: ComputePrecision;
  servers: readonly ServerCandidate[];
  rentals: Map<string, RentalPrice>;
}

function deploymentAllows(entry: GpuEntry, context: Context): boolean {
  switch (context.input.deployment) {
    case 'workstation':
      // Actively cooled cards; datacenter cards only where a workstation in the catalog takes them
      // (DGX Station): they are passively cooled for server airflow.
      return entry.segment !== 'datacenter' || context.servers.some((s) => s.category === 'workstation' && (s.gpuSlots[entry.id] ?? 0) > 0);
    case 'cloud':
      return context.rentals.has(entry.id);
    case 'server':
    case undefined:
      return true;
  }
}

function budgetCheck(input: RecommendInput, priceUsd: number | null, rentalPerHour: number | null): boolean | null {
  if (input.deployment === 'cloud') {
    if (input.budgetUsdPerHour === undefined) return null;
    return rentalPerHour === null ? null : rentalPerHour <= input.budgetUsdPerHour;
  }
  if (input.budgetUsd === undefined) return null;
  return priceUsd === null ? null : priceUsd <= input.budgetUsd;
}

function buildOption(entry: GpuEntry, count: number, context: Context): RecommendOption {
  const { input, planner, precision } = context;
  const capacity = memoryBytesOf(entry);
  const candidate = planner.choose(count, capacity);
  const need = candidate.perGpuNeedBytes;
  const fits = need === null ? null : need <= capacity ? (candidate.needIsLowerBound ? null : true) : false;
  const throughput = { ...throughputOf(entry, count, input.task, precision, candidate), relative: null };
  const price = entry.launchPrice.value;
  const priceUsd = price === null ? null : price.usd * count;
  const boardPowerWatts = entry.tdpWatts.value * count;
  const servers = context.servers
    .map((server) => ({ id: server.id, name: server.name, holds: server.gpuSlots[entry.id] ?? 0 }))
    .filter((server) => server.holds >= count);
  const rentalPrice = context.rentals.get(entry.id);
  const rental = rentalPrice
    ? { usdPerHour: rentalPrice.usdPerGpuHour * count, offeringId: rentalPrice.offeringId, provider: rentalPrice.provider, instanceType: rentalPrice.instanceType, asOf: rentalPrice.asOf }
    : null;
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
    rental,
    ratePerUsdHour: rental === null || throughput.rate === null ? null : throughput.rate / rental.usdPerHour,
    boardPowerWatts,
    ratePerWatt: throughput.rate === null ? null : throughput.rate / boardPowerWatts,
    withinBudget: budgetCheck(input, priceUsd, rental?.usdPerHour ?? null),
    servers,
    reasons: [],
  };
  return option;
}

/** The fewest GPUs of this model that hold the work; the most allowed when none does. */
/** A workstation holds a datacenter card only as a catalog workstation does (DGX Station: 4). */
function countsFor(entry: GpuEntry, counts: number[], context: Context): number[] {
  if (context.input.deployment !== 'workstation' || entry.segment !== 'datacenter') return counts;
  const slots = Math.max(0, ...context.servers.filter((s) => s.category === 'workstation').map((s) => s.gpuSlots[entry.id] ?? 0));
  const allowed = counts.filter((n) => n <= slots);
  return allowed.length > 0 ? allowed : counts.slice(0, 1);
}

function optionForGpu(entry: GpuEntry, counts: number[], context: Context): RecommendOption {
  let last: RecommendOption | null = null;
  for (const count of countsFor(entry, counts, context)) {
    last = buildOption(entry, count, context);
    if (last.memory.fits !== false) return last;
  }
  if (!last) throw new Error('no GPU count to try');
  return last;
}

function sortValue(sortBy: SortKey, cloud: boolean): (o: RecommendOption) => number | null {
  switch (sortBy) {
    case 'throughput':
      return (o) => o.throughput.rate;
    case 'price-performance':
      return cloud ? (o) => o.ratePerUsdHour : (o) => o.ratePerThousandUsd;
    case 'performance-per-watt':
      return (o) => o.ratePerWatt;
  }
}

const fitRank = (o: RecommendOption) => (o.memory.fits === true ? 0 : o.memory.fits === null ? 1 : 2);

export function compareOptions(sortBy: SortKey, cloud = false) {
  const value = sortValue(sortBy, cloud);
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
  if (input.budgetUsdPerHour !== undefined) requireNumber('budgetUsdPerHour', input.budgetUsdPerHour);
  if (input.maxPowerWatts !== undefined) requireNumber('maxPowerWatts', input.maxPowerWatts, { min: 0, exclusiveMin: true });
  if (input.limit !== undefined) requireNumber('limit', input.limit, { min: 1, integer: true });

  const catalog = input.catalog ?? loadGpuCatalog();
  const planner = createMemoryPlanner(input);
  const precision = input.precision ?? defaultPrecision(input.task, input.estimate ?? {});
  const context: Context = { input, planner, precision, servers: input.servers ?? serverCandidates(), rentals: cheapestRentals(input.cloudCatalog) };
  const counts = gpuCounts(maxGpus);
  const excluded = { budget: 0, power: 0, deployment: 0 };

  const options: RecommendOption[] = [];
  for (const entry of catalog.gpus) {
    if (!deploymentAllows(entry, context)) {
      excluded.deployment += 1;
      continue;
    }
    const option = optionForGpu(entry, counts, context);
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
  options.sort(compareOptions(sortBy, input.deployment === 'cloud'));

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
