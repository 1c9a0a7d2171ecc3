// The reasons behind each option, as message keys with the numbers that decided them.

import { BYTES_PER_GIB } from '../../core/units.js';
import type { AdvisorNote, MemoryEstimate } from '../estimate/types.js';
import type { ComputePrecision, RecommendInput, RecommendOption } from './types.js';

const gib = (bytes: number) => Number((bytes / BYTES_PER_GIB).toFixed(1));
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

function memoryReason(option: RecommendOption): AdvisorNote {
  const { memory, count } = option;
  if (memory.perGpuNeedBytes === null) return { key: 'advisor.reason.needUnknown', params: { capacity: gib(memory.perGpuCapacityBytes) } };
  const params = { count, need: gib(memory.perGpuNeedBytes), capacity: gib(memory.perGpuCapacityBytes) };
  if (memory.fits === false) return { key: 'advisor.reason.doesNotFit', params };
  const headroom = memory.headroomBytes ?? 0;
  const percent = Math.round((headroom / memory.perGpuCapacityBytes) * 100);
  return { key: memory.needIsLowerBound ? 'advisor.reason.fitsLowerBound' : 'advisor.reason.fits', params: { ...params, headroom: gib(headroom), percent } };
}

function splitReason(option: RecommendOption): AdvisorNote | null {
  const { memory, count } = option;
  if (count === 1) return null;
  switch (memory.split) {
    case 'zero':
      return { key: 'advisor.reason.splitZero', params: { count, stage: memory.zeroStage ?? 0 } };
    case 'tensor-parallel':
      return { key: 'advisor.reason.splitTensorParallel', params: { count } };
    case 'partition':
      return { key: 'advisor.reason.splitPartition', params: { count } };
    case 'single':
      return null;
  }
}

function speedReason(option: RecommendOption): AdvisorNote | null {
  const t = option.throughput;
  if (t.bound === 'bandwidth' && t.rateUnit === 'token/s' && t.rate !== null) {
    return { key: 'advisor.reason.decodeBandwidth', params: { bandwidth: round(t.perGpuBandwidthGBps, 0), read: gib(t.bytesPerStepPerGpu ?? 0), tokens: round(t.rate) } };
  }
  if (t.bound === 'bandwidth') return { key: 'advisor.reason.analyticsBandwidth', params: { bandwidth: round(t.perGpuBandwidthGBps, 0), count: option.count } };
  if (t.perGpuRate === null || t.precision === null) return { key: 'advisor.reason.noRate', params: { precision: t.fallbackFrom ?? '' } };
  const params = { precision: t.precision.toUpperCase(), tflops: round(t.perGpuRate), count: option.count };
  if (t.peakTokensPerSecond !== null && t.rateUnit === 'flop/s') return { key: 'advisor.reason.computeTokens', params: { ...params, tokens: Math.round(t.peakTokensPerSecond) } };
  if (t.rateUnit === 'token/s') return { key: 'advisor.reason.decodeCompute', params: { ...params, tokens: round(t.rate ?? 0) } };
  return { key: 'advisor.reason.compute', params };
}

export function optionReasons(option: RecommendOption, input: RecommendInput): AdvisorNote[] {
  const notes: AdvisorNote[] = [memoryReason(option)];
  const split = splitReason(option);
  if (split) notes.push(split);
  const speed = speedReason(option);
  if (speed) notes.push(speed);
  const t = option.throughput;
  if (t.fallbackFrom !== null && t.precision !== null) {
    notes.push({ key: 'advisor.reason.precisionFallback', params: { wanted: t.fallbackFrom.toUpperCase(), used: t.precision.toUpperCase() } });
  }
  if (option.priceUsd === null) notes.push({ key: 'advisor.reason.priceUnknown', params: {} });
  else if (input.budgetUsd !== undefined) notes.push({ key: 'advisor.reason.withinBudget', params: { price: Math.round(option.priceUsd), budget: input.budgetUsd, announced: option.priceAnnounced ?? '' } });
  if (option.count > 1) notes.push({ key: 'advisor.reason.linearScaling', params: { count: option.count } });
  return notes;
}

export function recommendationAssumptions(input: RecommendInput, estimate: MemoryEstimate | null, precision: ComputePrecision): AdvisorNote[] {
  const notes: AdvisorNote[] = [{ key: 'advisor.assume.roofline', params: {} }];
  if (input.precision === undefined) notes.push({ key: 'advisor.assume.precision', params: { precision: precision.toUpperCase() } });
  if (input.task === 'train' || input.task === 'finetune') notes.push({ key: 'advisor.assume.zeroChoice', params: {} });
  if (input.memoryNeedBytes !== undefined && input.model === undefined) notes.push({ key: 'advisor.assume.partition', params: {} });
  if (input.deployment === 'workstation') notes.push({ key: 'advisor.assume.workstationCards', params: {} });
  notes.push({ key: 'advisor.assume.launchPrices', params: {} });
  return [...notes, ...(estimate?.assumptions ?? [])];
}
