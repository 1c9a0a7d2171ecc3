// recommend(): every catalog GPU × the fewest GPUs that hold the work, checked against the memory
// the work can really use, with the parallel split that runs fastest over the GPU's link, a
// roofline speed that pays for communication, the price in the asked currency, the host the GPUs
// need, and the reasons in words. Only options that fit are ranked; those that do not are listed
// apart. Advice such as "80 GB to train, 40 GB to serve" is whatever falls out of the estimator
// and the catalog — nothing here names a card.

import { loadGpuCatalog, SEGMENTS, type GpuEntry } from '../../catalog/index.js';
import { AdvisorError, requireNumber } from '../errors.js';
import { DEFAULT_FX } from '../pricing/fx.js';
import { gpuPrice } from '../pricing/gpu-price.js';
import { boardsFor, deviceView, type DeviceView } from './device.js';
import { hostNeeds, hostShortfalls } from './host.js';
import { homeFirstRentals, rentalOffer, serverCandidates } from './markets.js';
import { createMemoryPlanner, type SplitCandidate } from './memory-plan.js';
import { localFits } from './local.js';
import { defaultPrecision } from './precision.js';
import { optionReasons, recommendationAssumptions } from './reasons.js';
import { compareOptions, sortValue } from './sort.js';
import { throughputOf } from './throughput.js';
import { COMPUTE_PRECISIONS, DEPLOYMENTS, RECOMMEND_TASKS, SORT_KEYS, type RecommendInput, type RecommendOption, type Recommendation, type Throughput } from './types.js';
import { defaultMargin, usableMemory, type UsableMemory } from './usable-memory.js';
import { CURRENCIES } from '../../catalog/gpu-enums.js';
import type { Context } from './context.js';
import type { AdvisorNote } from '../estimate/types.js';

export { compareOptions } from './sort.js';

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

function budgetCheck(context: Context, price: number | null, rentalPerHour: number | null): boolean | null {
  const { input } = context;
  if (input.deployment === 'cloud') {
    if (input.budgetPerHour === undefined) return null;
    return rentalPerHour === null ? null : rentalPerHour <= input.budgetPerHour;
  }
  if (input.budget === undefined) return null;
  return price === null ? null : price <= input.budget;
}

interface Evaluated {
  candidate: SplitCandidate;
  fits: boolean | null;
  /** null for a split that does not fit: rated only if it is the one kept (optionForGpu). */
  throughput: Omit<Throughput, 'relative'> | null;
}

/** Of the ways to split the work over `count` GPUs, the fastest that fits; else the smallest need. */
function bestSplit(view: DeviceView, count: number, usableBytes: number, context: Context): Evaluated {
  let best: Evaluated | null = null;
  let smallest: SplitCandidate | null = null;
  for (const candidate of context.planner.candidates(count)) {
    const need = candidate.perGpuNeedBytes;
    if (smallest === null || (need ?? Infinity) < (smallest.perGpuNeedBytes ?? Infinity)) smallest = candidate;
    if (need !== null && need > usableBytes) continue;
    const fits = need === null || candidate.needIsLowerBound ? null : true;
    const throughput = throughputOf(view, count, context.input.task, context.precision, candidate);
    if (best === null || (throughput.rate ?? 0) > (best.throughput?.rate ?? 0)) best = { candidate, fits, throughput };
    // Candidates come least communication first: one that loses nothing cannot be beaten.
    if (best.throughput !== null && best.throughput.scaling.efficiency >= 1) break;
  }
  if (best) return best;
  if (!smallest) throw new Error('memory planner produced no candidate');
  return { candidate: smallest, fits: false, throughput: null };
}

function buildOption(view: DeviceView, count: number, context: Context, usable: UsableMemory, split: Evaluated): RecommendOption {
  const { entry } = view;
  const { candidate, fits } = split;
  const throughput = split.throughput ?? throughputOf(view, count, context.input.task, context.precision, candidate);
  const need = candidate.perGpuNeedBytes;
  const boards = boardsFor(view, count);
  const chosen = gpuPrice(entry, context.currency, context.fx);
  const price = chosen === null ? null : { amount: chosen.amount * boards, low: chosen.low * boards, high: chosen.high * boards, currency: chosen.currency, quotedCurrency: chosen.quotedCurrency, kind: chosen.kind, market: chosen.market, asOf: chosen.asOf, boards, converted: chosen.converted, shareOfUnits: chosen.shareOfUnits, upperBound: chosen.upperBound };
  const boardPowerWatts = Math.round(view.tdpWatts * count);
  const servers = context.servers
    .map((server) => ({ id: server.id, name: server.name, holds: (server.gpuSlots[entry.id] ?? 0) * view.devicesPerBoard }))
    .filter((server) => server.holds >= count);
  const pick = context.rentals.get(entry.id);
  const rental = pick
    ? { ...rentalOffer(pick.chosen, count), converted: pick.chosen.quotedCurrency !== pick.chosen.currency, cheaperAbroad: pick.cheaperAbroad && rentalOffer(pick.cheaperAbroad, count) }
    : null;
  return {
    gpuId: entry.id,
    gpuName: view.devicesPerBoard > 1 ? `${entry.name} (GCD)` : entry.name,
    segment: entry.segment,
    count,
    devicesPerBoard: view.devicesPerBoard,
    confidence: entry.confidence ?? 'official',
    memory: {
      split: candidate.split,
      zeroStage: candidate.zeroStage,
      plan: candidate.plan,
      perGpuNeedBytes: need,
      perGpuCapacityBytes: usable.usableBytes,
      perGpuNominalBytes: usable.nominalBytes,
      perGpuVisibleBytes: usable.visibleBytes,
      marginBytes: usable.marginBytes,
      marginShare: usable.marginShare,
      fits,
      needIsLowerBound: candidate.needIsLowerBound,
      headroomBytes: need === null ? null : usable.usableBytes - need,
      breakdown: candidate.breakdown,
    },
    throughput: { ...throughput, relative: null },
    price,
    ratePerThousand: price === null || throughput.rate === null ? null : (throughput.rate / price.amount) * 1000,
    rental,
    ratePerCurrencyHour: rental === null || throughput.rate === null ? null : throughput.rate / rental.perHour,
    boardPowerWatts,
    ratePerWatt: throughput.rate === null ? null : throughput.rate / boardPowerWatts,
    withinBudget: budgetCheck(context, price?.amount ?? null, rental?.perHour ?? null),
    servers,
    host: hostNeeds(view, count, context.input.task, candidate.estimate, throughput.rateUnit === 'image/s' ? throughput.rate : null),
    localHostShortfalls: null,
    reasons: [],
  };
}

/** A workstation holds a datacenter card only as a catalog workstation does (DGX Station: 4). */
function countsFor(entry: GpuEntry, counts: number[], context: Context): number[] {
  if (context.input.deployment !== 'workstation' || entry.segment !== 'datacenter') return counts;
  const slots = Math.max(0, ...context.servers.filter((s) => s.category === 'workstation').map((s) => s.gpuSlots[entry.id] ?? 0));
  const allowed = counts.filter((n) => n <= slots);
  return allowed.length > 0 ? allowed : counts.slice(0, 1);
}

/**
 * The fewest GPUs of this model that hold the work; the most allowed when none does. Only the
 * count kept becomes a full option (price, machines, host): the others are fit checks alone.
 */
function optionForGpu(entry: GpuEntry, counts: number[], context: Context): RecommendOption {
  const view = deviceView(entry);
  const usable = usableMemory(entry, view.memoryBytes, context.margin);
  let last: { count: number; split: Evaluated } | null = null;
  for (const count of countsFor(entry, counts, context)) {
    // A count the model's heads cannot be split over (vLLM refuses it) is not an option.
    if (context.planner.candidates(count).length === 0) continue;
    last = { count, split: bestSplit(view, count, usable.usableBytes, context) };
    if (last.split.fits !== false) break;
  }
  if (!last) throw new Error('no GPU count to try');
  return buildOption(view, last.count, context, usable, last.split);
}

/** Counts the model's heads cannot be split over (no candidate): said once, so "does not fit on 4" is not read as "8 were too few". */
function skippedCountNotes(counts: readonly number[], context: Context, model: string | null): AdvisorNote[] {
  const skipped = counts.filter((count) => context.planner.candidates(count).length === 0);
  return skipped.length === 0 || model === null ? [] : [{ key: 'advisor.assume.tensorParallelSkipped', params: { counts: skipped.join(', '), model } }];
}

function validate(input: RecommendInput): void {
  if (!(RECOMMEND_TASKS as readonly string[]).includes(input.task)) {
    throw new AdvisorError('advisor.error.badChoice', { name: 'task', value: String(input.task), choices: RECOMMEND_TASKS.join(', ') });
  }
  check('precision', input.precision, COMPUTE_PRECISIONS);
  check('deployment', input.deployment, DEPLOYMENTS);
  check('currency', input.currency, CURRENCIES);
  for (const segment of input.segments ?? []) check('segment', segment, SEGMENTS);
  if (input.budget !== undefined) requireNumber('budget', input.budget);
  if (input.budgetPerHour !== undefined) requireNumber('budgetPerHour', input.budgetPerHour);
  if (input.maxPowerWatts !== undefined) requireNumber('maxPowerWatts', input.maxPowerWatts, { min: 0, exclusiveMin: true });
  if (input.limit !== undefined) requireNumber('limit', input.limit, { min: 1, integer: true });
  if (input.memoryMarginPercent !== undefined) requireNumber('memoryMarginPercent', input.memoryMarginPercent);
  if ((input.memoryMarginPercent ?? 0) >= 100) throw new AdvisorError('advisor.error.badNumber', { name: 'memoryMarginPercent', value: String(input.memoryMarginPercent), min: '< 100' });
}

export function recommend(input: RecommendInput): Recommendation {
  validate(input);
  const sortBy = check('sortBy', input.sortBy, SORT_KEYS) ?? 'balanced';
  const maxGpus = input.maxGpuCount === undefined ? DEFAULT_MAX_GPUS : requireNumber('maxGpuCount', input.maxGpuCount, { min: 1, integer: true });
  const catalog = input.catalog ?? loadGpuCatalog();
  const currency = input.currency ?? 'USD';
  const fx = input.fx ?? DEFAULT_FX;
  const planner = createMemoryPlanner(input);
  const precision = input.precision ?? defaultPrecision(input.task, input.estimate ?? {});
  const context: Context = {
    input,
    planner,
    precision,
    currency,
    fx,
    margin: input.memoryMarginPercent === undefined ? defaultMargin(input.task) : input.memoryMarginPercent / 100,
    servers: input.servers ?? serverCandidates(),
    rentals: homeFirstRentals(input.cloudCatalog, currency, fx),
    gpuNames: new Map(catalog.gpus.map((g) => [g.id, g.name])),
  };
  const counts = gpuCounts(maxGpus);
  const excluded = { budget: 0, budgetUnpriced: 0, power: 0, deployment: 0, segment: 0 };
  const fitting: RecommendOption[] = [];
  const notFitting: RecommendOption[] = [];
  const budgeted = input.deployment === 'cloud' ? input.budgetPerHour !== undefined : input.budget !== undefined;

  for (const entry of catalog.gpus) {
    if (input.segments !== undefined && !input.segments.includes(entry.segment)) {
      excluded.segment += 1;
      continue;
    }
    if (!deploymentAllows(entry, context)) {
      excluded.deployment += 1;
      continue;
    }
    const option = optionForGpu(entry, counts, context);
    if (option.memory.fits === false) {
      notFitting.push(option);
      continue;
    }
    if (input.maxPowerWatts !== undefined && option.boardPowerWatts > input.maxPowerWatts) {
      excluded.power += 1;
      continue;
    }
    // No price, no pass: an option we cannot price is never "within budget".
    if (budgeted && option.withinBudget === null) {
      excluded.budgetUnpriced += 1;
      continue;
    }
    if (option.withinBudget === false) {
      excluded.budget += 1;
      continue;
    }
    fitting.push(option);
  }

  const best = Math.max(0, ...fitting.map((o) => o.throughput.rate ?? 0));
  const localHost = input.snapshot?.host;
  for (const option of fitting) if (localHost) option.localHostShortfalls = hostShortfalls(option.host, localHost, input.snapshot?.devices ?? []);
  for (const option of [...fitting, ...notFitting]) {
    option.throughput.relative = option.throughput.rate === null || best === 0 ? null : option.throughput.rate / best;
    option.reasons = optionReasons(option, context);
  }
  const cloud = input.deployment === 'cloud';
  const value = sortValue(sortBy, cloud);
  const ranked = fitting.filter((o) => value(o) !== null).sort(compareOptions(sortBy, cloud));
  const unranked = fitting.filter((o) => value(o) === null).sort(compareOptions('balanced', cloud));
  notFitting.sort((a, b) => (a.memory.perGpuNeedBytes ?? 0) / a.memory.perGpuCapacityBytes - (b.memory.perGpuNeedBytes ?? 0) / b.memory.perGpuCapacityBytes || a.gpuId.localeCompare(b.gpuId));

  const single = planner.candidates(1)[0] ?? null;
  const top = ranked[0];
  return {
    task: input.task,
    sortBy,
    deployment: input.deployment ?? null,
    currency,
    fx,
    singleGpuNeedBytes: single?.perGpuNeedBytes ?? null,
    options: input.limit === undefined ? ranked : ranked.slice(0, input.limit),
    unranked,
    notFitting,
    excluded,
    local: input.snapshot ? localFits(input.snapshot, planner, catalog, context.margin) : [],
    localHost: top?.localHostShortfalls ?? null,
    assumptions: [...skippedCountNotes(counts, context, single?.estimate?.model.name ?? null), ...recommendationAssumptions(context, single?.estimate ?? null)],
  };
}
