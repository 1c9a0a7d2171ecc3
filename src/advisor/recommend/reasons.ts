// The reasons behind each option, as message keys with the numbers that decided them.

import { BYTES_PER_GIB } from '../../core/units.js';
import { rentalPickNotes } from '../cost-prices.js';
import type { AdvisorNote, MemoryEstimate } from '../estimate/types.js';
import { formatMoney, formatMoneyRange } from '../pricing/format.js';
import { rateText } from '../pricing/fx.js';
import type { Context } from './context.js';
import { gpusWithImageRates, isImageModel, PUBLISHED_IMAGE_RATES, PUBLISHED_RESOLUTION, type ImageModel } from './image-rates.js';
import type { RecommendOption } from './types.js';

const gib = (bytes: number) => Number((bytes / BYTES_PER_GIB).toFixed(1));
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
/** A rate in a sentence: one decimal, or two significant digits below 1 (a GeForce FP64 0.16, not 0.2), as the table shows it. */
const rateFigure = (value: number) => (value >= 1 ? round(value) : Number(value.toPrecision(2)));

function memoryReason(option: RecommendOption): AdvisorNote {
  const { memory, count } = option;
  const capacity = {
    usable: gib(memory.perGpuCapacityBytes),
    visible: gib(memory.perGpuVisibleBytes),
    nominal: gib(memory.perGpuNominalBytes),
    margin: gib(memory.marginBytes),
    marginPercent: Math.round(memory.marginShare * 100),
  };
  if (memory.perGpuNeedBytes === null) return { key: 'advisor.reason.needUnknownUsable', params: capacity };
  const params = { count, need: gib(memory.perGpuNeedBytes), ...capacity };
  if (memory.fits === false) return { key: 'advisor.reason.doesNotFitUsable', params };
  const headroom = memory.headroomBytes ?? 0;
  const percent = Math.round((headroom / memory.perGpuCapacityBytes) * 100);
  return { key: memory.needIsLowerBound ? 'advisor.reason.fitsLowerBoundUsable' : 'advisor.reason.fitsUsable', params: { ...params, headroom: gib(headroom), percent } };
}

/**
 * ZeRO by the name a user meets it under: stage 0 is plain data parallelism (DDP), stage 1 exists
 * only in DeepSpeed, stages 2 and 3 are FSDP's SHARD_GRAD_OP and FULL_SHARD (as estimate --help says).
 */
function zeroReason(count: number, stage: number): AdvisorNote {
  if (stage === 0) return { key: 'advisor.reason.splitDataParallel', params: { count } };
  if (stage === 1) return { key: 'advisor.reason.splitZeroStage1', params: { count } };
  return { key: 'advisor.reason.splitZeroFsdp', params: { count, stage, fsdp: stage === 2 ? 'SHARD_GRAD_OP' : 'FULL_SHARD' } };
}

function splitReason(option: RecommendOption): AdvisorNote | null {
  const plan = option.memory.plan;
  switch (plan.kind) {
    case 'zero':
      return zeroReason(option.count, plan.stage);
    case 'tensor':
      return { key: 'advisor.reason.splitTensorTraining', params: { count: option.count, tp: plan.tensorParallel, dp: plan.dataParallel } };
    case 'pipeline':
      return { key: 'advisor.reason.splitPipeline', params: { count: option.count, stages: plan.stages, dp: plan.dataParallel } };
    case 'tensor-pipeline':
      return { key: 'advisor.reason.splitTensorPipeline', params: { count: option.count, tp: plan.tensorParallel, stages: plan.stages, dp: plan.dataParallel } };
    case 'inference-tensor':
      return { key: option.throughput.rateUnit === 'image/s' ? 'advisor.reason.splitReplicas' : 'advisor.reason.splitTensorParallel', params: { count: option.count } };
    case 'partition':
      return option.count > 1 ? { key: 'advisor.reason.splitPartition', params: { count: option.count } } : null;
    case 'single':
      return null;
  }
}

function imageSpeedReason(option: RecommendOption, context: Context, model: ImageModel): AdvisorNote {
  const t = option.throughput;
  const published = t.imageRate;
  if (t.rate === null || published === null) {
    const side = context.planner.candidates(1)[0]?.estimate?.settings.imageResolution ?? null;
    if (side !== null && side !== PUBLISHED_RESOLUTION[model]) return { key: 'advisor.reason.noImageRateResolution', params: { resolution: side, published: PUBLISHED_RESOLUTION[model] } };
    const gpus = gpusWithImageRates(model, context.input.task === 'inference' ? 'inference' : 'train');
    const names = gpus.map((id) => context.gpuNames.get(id) ?? id).join(', ');
    return gpus.length === 0 ? { key: 'advisor.reason.noImageRateAtAll', params: {} } : { key: 'advisor.reason.noImageRate', params: { gpus: names } };
  }
  return { key: 'advisor.reason.imagesPublished', params: { rate: imagesText(t.rate), count: option.count, perGpu: imagesText(published.perGpu), measured: published.measuredGpus, source: published.source } };
}

/** 1.64, 13.1, 88,714: three significant figures at most, grouped. */
export function imagesText(value: number): string {
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

function speedReason(option: RecommendOption, context: Context): AdvisorNote | null {
  const t = option.throughput;
  const model = context.planner.candidates(1)[0]?.estimate?.model.id ?? null;
  if (t.rateUnit === 'image/s' && isImageModel(model)) return imageSpeedReason(option, context, model);
  if (t.bound === 'bandwidth' && t.rateUnit === 'token/s' && t.rate !== null) {
    return { key: 'advisor.reason.decodeBandwidth', params: { bandwidth: round(t.perGpuBandwidthGBps, 0), read: gib(t.bytesPerStepPerGpu ?? 0), tokens: round(t.rate) } };
  }
  if (t.bound === 'bandwidth') return { key: 'advisor.reason.analyticsBandwidth', params: { bandwidth: round(t.perGpuBandwidthGBps, 0), count: option.count } };
  if (t.perGpuRate === null || t.precision === null) return { key: 'advisor.reason.noRate', params: { precision: (t.fallbackFrom ?? '').toUpperCase() } };
  const params = { precision: t.precision.toUpperCase(), tflops: rateFigure(t.perGpuRate), count: option.count };
  if (t.peakTokensPerSecond !== null && t.rateUnit === 'flop/s') return { key: 'advisor.reason.computeTokens', params: { ...params, tokens: Math.round(t.peakTokensPerSecond) } };
  if (t.rateUnit === 'token/s') return { key: 'advisor.reason.decodeCompute', params: { ...params, tokens: round(t.rate ?? 0) } };
  return { key: 'advisor.reason.compute', params };
}

function scalingReason(option: RecommendOption): AdvisorNote | null {
  if (option.count < 2) return null;
  const s = option.throughput.scaling;
  const params = { count: option.count, percent: Math.round(s.efficiency * 100), penalty: Math.round((1 - s.efficiency) * 100) };
  const replicas = option.throughput.rateUnit === 'image/s' && option.throughput.scaling.efficiency >= 1;
  if (option.memory.plan.kind === 'partition' || option.throughput.rateUnit === 'byte/s' || replicas) return { key: 'advisor.reason.linearScaling', params };
  switch (s.link.kind) {
    case 'fast-link':
      return { key: 'advisor.reason.scalingFastLink', params };
    case 'pcie':
      return { key: 'advisor.reason.scalingPcie', params };
    case 'pcie-no-p2p':
      return { key: 'advisor.reason.scalingPcieNoP2p', params };
    case 'network':
      return { key: 'advisor.reason.scalingNetwork', params };
    case 'none':
      return null;
  }
}

function priceReasons(option: RecommendOption, context: Context): AdvisorNote[] {
  const { input } = context;
  if (input.deployment === 'cloud') {
    if (option.rental === null) return [{ key: 'advisor.reason.rentalUnknown', params: {} }];
    const r = option.rental;
    const rented = r.instances * r.gpusPerInstance;
    const params = { price: formatMoney(r.perHour, r.currency), perInstance: formatMoney(r.perInstanceHour, r.currency), instances: r.instances, gpusPerInstance: r.gpusPerInstance, count: option.count, rented, spare: rented - option.count, provider: r.provider, instance: r.instanceType, asOf: r.asOf };
    const notes: AdvisorNote[] = [{ key: rented > option.count ? 'advisor.reason.rentalSpare' : 'advisor.reason.rental', params }];
    // Converted, or a cheaper one abroad passed over: said as cost says it.
    const pick = context.rentals.get(option.gpuId);
    if (pick !== undefined) notes.push(...rentalPickNotes(pick, context.currency, context.fx));
    if (input.budgetPerHour !== undefined) notes.push({ key: 'advisor.reason.withinHourlyBudget', params: { price: formatMoney(r.perHour, r.currency), budget: formatMoney(input.budgetPerHour, context.currency) } });
    return notes;
  }
  const p = option.price;
  if (p === null) return [{ key: 'advisor.reason.priceMissing', params: {} }];
  const params = { price: formatMoneyRange(p.low, p.high, p.currency), boards: p.boards, asOf: p.asOf, market: p.market, quoted: p.quotedCurrency };
  const key = p.upperBound ? 'advisor.reason.priceCeiling' : p.kind === 'launch' ? 'advisor.reason.priceLaunch' : p.kind === 'street' ? 'advisor.reason.priceStreet' : 'advisor.reason.priceQuote';
  const notes: AdvisorNote[] = [{ key, params }];
  if (p.shareOfUnits !== null) notes.push({ key: 'advisor.reason.priceShareOfUnits', params: { units: p.shareOfUnits } });
  if (p.converted) notes.push({ key: 'advisor.reason.priceConverted', params: { from: p.quotedCurrency, to: p.currency, ...rateText(p.quotedCurrency, p.currency, context.fx) } });
  if (input.budget !== undefined) notes.push({ key: 'advisor.reason.withinBudgetIn', params: { price: formatMoney(p.amount, p.currency), budget: formatMoney(input.budget, context.currency) } });
  return notes;
}

export function optionReasons(option: RecommendOption, context: Context): AdvisorNote[] {
  const notes: AdvisorNote[] = [memoryReason(option)];
  const split = splitReason(option);
  if (split) notes.push(split);
  const speed = speedReason(option, context);
  if (speed) notes.push(speed);
  const scaling = scalingReason(option);
  if (scaling) notes.push(scaling);
  const t = option.throughput;
  // A published images/s figure was measured in its submitter's formats: no fallback to explain.
  if (t.fallbackFrom !== null && t.precision !== null && t.rateUnit !== 'image/s') {
    notes.push({ key: 'advisor.reason.precisionFallback', params: { wanted: t.fallbackFrom.toUpperCase(), used: t.precision.toUpperCase() } });
  }
  if (option.devicesPerBoard > 1) notes.push({ key: 'advisor.reason.devicesPerBoard', params: { count: option.count, boards: Math.ceil(option.count / option.devicesPerBoard), perBoard: option.devicesPerBoard } });
  if (option.confidence !== 'official') notes.push({ key: `advisor.reason.confidence.${option.confidence}`, params: {} });
  notes.push(...priceReasons(option, context));
  return notes;
}

export function recommendationAssumptions(context: Context, estimate: MemoryEstimate | null): AdvisorNote[] {
  const { input } = context;
  // Image models are rated by published images/s, not by the roofline or the ring model.
  const images = isImageModel(estimate?.model.id ?? null);
  const notes: AdvisorNote[] = images ? [] : [{ key: 'advisor.assume.roofline', params: {} }];
  if (input.precision === undefined && !images) notes.push({ key: 'advisor.assume.precision', params: { precision: context.precision.toUpperCase() } });
  notes.push({ key: 'advisor.assume.usableMemory', params: { percent: Math.round(context.margin * 100) } });
  if (input.task === 'train' || input.task === 'finetune') notes.push({ key: 'advisor.assume.parallelChoice', params: {} });
  if (!images) notes.push({ key: 'advisor.assume.communication', params: {} });
  if (input.memoryNeedBytes !== undefined && input.model === undefined) notes.push({ key: 'advisor.assume.partition', params: {} });
  if (input.deployment === 'workstation') notes.push({ key: 'advisor.assume.workstationCards', params: {} });
  const rates = { currency: context.currency, asOf: context.fx.asOf, cny: round(context.fx.perUsd.CNY, 2), eur: round(context.fx.perUsd.EUR, 3) };
  const overridden = context.fx.overridden.filter((currency) => currency !== 'USD');
  notes.push(overridden.length === 0 ? { key: 'advisor.assume.pricesDated', params: rates } : { key: 'advisor.assume.pricesDatedFx', params: { ...rates, overridden: overridden.join(', ') } });
  notes.push({ key: 'advisor.assume.hostRules', params: {} });
  if (images) notes.push({ key: 'advisor.assume.imageRates', params: { sources: [...new Set(PUBLISHED_IMAGE_RATES.map((r) => r.source))].join('; ') } });
  return [...notes, ...(estimate?.assumptions ?? [])];
}
