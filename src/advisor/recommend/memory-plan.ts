// How the work's memory divides over N GPUs, computed once per N (it does not depend on which GPU):
// training tries ZeRO stages 0→3 and keeps the lowest that fits (less communication), inference
// splits by tensor parallelism, and a bare memory need is partitioned evenly (domain
// decomposition), each GPU adding its runtime overhead.

import { AdvisorError, requireNumber } from '../errors.js';
import { estimateMemory } from '../estimate/estimate.js';
import { DEFAULT_OVERHEAD_BYTES } from '../estimate/settings.js';
import type { EstimateInput, MemoryBreakdown, MemoryEstimate } from '../estimate/types.js';
import type { RecommendInput, SplitKind } from './types.js';

export interface SplitCandidate {
  split: SplitKind;
  zeroStage: number | null;
  perGpuNeedBytes: number | null;
  needIsLowerBound: boolean;
  breakdown: MemoryBreakdown | null;
  estimate: MemoryEstimate | null;
}

export interface MemoryPlanner {
  /** Ways to run on `count` GPUs, cheapest in communication first. */
  candidates(count: number): SplitCandidate[];
  /** The candidate to use on a GPU with `capacityBytes`: the first that fits, else the smallest need. */
  choose(count: number, capacityBytes: number): SplitCandidate;
}

function fromEstimate(estimate: MemoryEstimate, split: SplitKind, zeroStage: number | null): SplitCandidate {
  return { split, zeroStage, perGpuNeedBytes: estimate.perGpu.totalBytes, needIsLowerBound: !estimate.complete, breakdown: estimate.perGpu, estimate };
}

export function createMemoryPlanner(input: RecommendInput): MemoryPlanner {
  const cache = new Map<number, SplitCandidate[]>();
  const { task, model } = input;
  const usesEstimator = model !== undefined && (task === 'train' || task === 'finetune' || task === 'inference');
  if (!usesEstimator && (task === 'train' || task === 'finetune' || task === 'inference') && input.memoryNeedBytes === undefined) {
    throw new AdvisorError('advisor.error.needModelOrMemory', { task });
  }
  const memoryNeed = input.memoryNeedBytes === undefined ? null : requireNumber('memoryNeedBytes', input.memoryNeedBytes);
  const overhead = input.estimate?.overheadBytes ?? DEFAULT_OVERHEAD_BYTES;

  const build = (count: number): SplitCandidate[] => {
    if (usesEstimator && model !== undefined) {
      const base: EstimateInput = { ...input.estimate, task: task as EstimateInput['task'], model, gpuCount: count };
      if (task === 'inference') return [fromEstimate(estimateMemory(base), count === 1 ? 'single' : 'tensor-parallel', null)];
      if (count === 1) return [fromEstimate(estimateMemory({ ...base, zeroStage: 0 }), 'single', 0)];
      return ([0, 1, 2, 3] as const).map((zeroStage) => fromEstimate(estimateMemory({ ...base, zeroStage }), 'zero', zeroStage));
    }
    if (memoryNeed === null) {
      return [{ split: count === 1 ? 'single' : 'partition', zeroStage: null, perGpuNeedBytes: null, needIsLowerBound: false, breakdown: null, estimate: null }];
    }
    return [{ split: count === 1 ? 'single' : 'partition', zeroStage: null, perGpuNeedBytes: memoryNeed / count + overhead, needIsLowerBound: false, breakdown: null, estimate: null }];
  };

  const candidates = (count: number) => {
    let found = cache.get(count);
    if (!found) {
      found = build(count);
      cache.set(count, found);
    }
    return found;
  };

  return {
    candidates,
    choose(count, capacityBytes) {
      const list = candidates(count);
      const fitting = list.find((c) => c.perGpuNeedBytes !== null && c.perGpuNeedBytes <= capacityBytes);
      const last = list[list.length - 1];
      if (fitting) return fitting;
      if (!last) throw new Error('memory planner produced no candidate');
      return last;
    },
  };
}
