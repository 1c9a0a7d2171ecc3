// How the work's memory divides over N GPUs, computed once per N (it does not depend on which GPU):
//   - training: ZeRO stages 0→3 (data parallel), tensor parallelism within a machine (t = 2, 4, 8,
//     ZeRO-1 over the data-parallel replicas, as Megatron's distributed optimizer), and pipeline
//     parallelism (p stages of L/p layers each, ZeRO-1 over the replicas). Which one an option
//     uses is decided per GPU by speed (scaling.ts): the fastest that fits;
//   - inference splits by tensor parallelism;
//   - a tensor-parallel degree the model's heads do not divide is not tried (tensor-parallel.ts:
//     Megatron-LM and vLLM refuse it): inference on such a count has no candidate, and the
//     recommender skips that count; local GPUs fall back to the largest count that divides;
//   - a bare memory need is partitioned evenly (domain decomposition), each GPU adding its
//     runtime overhead.
// Pipeline memory: each stage holds 1/p of the weights, gradients and optimizer states; under the
// 1F1B schedule the first stage keeps p micro-batches in flight for its L/p layers — one
// micro-batch's activations of the whole model (Narayanan et al. 2021 §2.2), so activations do
// not shrink. Tensor × pipeline (t within a machine, p stages, ZeRO-1 over the replicas) holds
// 1/p of a t-way tensor-parallel replica's states and the tensor-sharded activations of one
// micro-batch of the whole model, by the same 1F1B argument.

import { AdvisorError, requireNumber } from '../errors.js';
import { estimateMemory } from '../estimate/estimate.js';
import { breakdown } from '../estimate/estimate-training.js';
import { resolveModel } from '../estimate/resolve-model.js';
import { DEFAULT_OVERHEAD_BYTES } from '../estimate/settings.js';
import { tensorParallelFits } from '../estimate/tensor-parallel.js';
import type { ModelArchitecture } from '../estimate/architecture.js';
import type { EstimateInput, MemoryBreakdown, MemoryEstimate } from '../estimate/types.js';
import type { ParallelPlan } from './scaling.js';
import type { RecommendInput, SplitKind } from './types.js';

const MAX_TENSOR_PARALLEL = 8;

export interface SplitCandidate {
  split: SplitKind;
  zeroStage: number | null;
  plan: ParallelPlan;
  perGpuNeedBytes: number | null;
  needIsLowerBound: boolean;
  breakdown: MemoryBreakdown | null;
  estimate: MemoryEstimate | null;
}

export interface MemoryPlanner {
  /** Ways to run on `count` GPUs, least communication first; none where the heads cannot be split `count` ways. */
  candidates(count: number): SplitCandidate[];
  /** The candidate to use on a GPU with `capacityBytes`: the first that fits, else the smallest need. */
  choose(count: number, capacityBytes: number): SplitCandidate;
}

function fromEstimate(estimate: MemoryEstimate, split: SplitKind, plan: ParallelPlan, zeroStage: number | null): SplitCandidate {
  return { split, zeroStage, plan, perGpuNeedBytes: estimate.perGpu.totalBytes, needIsLowerBound: !estimate.complete, breakdown: estimate.perGpu, estimate };
}

const divisorsUpTo = (n: number, max: number) => [2, 4, 8, 16, 32, 64].filter((d) => d <= max && n % d === 0);

/** p pipeline stages, each `tensor`-way tensor parallel (1: pipeline alone), ZeRO-1 over the replicas. */
function pipelineCandidate(base: EstimateInput, count: number, stages: number, tensor = 1): SplitCandidate | null {
  const dataParallel = count / stages / tensor;
  const replica = estimateMemory({ ...base, gpuCount: dataParallel * tensor, tensorParallel: tensor, zeroStage: dataParallel > 1 ? 1 : 0 });
  const layers = replica.model.shape?.layers ?? 0;
  if (layers < stages) return null;
  const p = replica.perGpu;
  const perGpu = breakdown({
    weightsBytes: p.weightsBytes / stages,
    gradientsBytes: p.gradientsBytes / stages,
    optimizerStatesBytes: p.optimizerStatesBytes / stages,
    activationsBytes: p.activationsBytes,
    kvCacheBytes: p.kvCacheBytes,
    overheadBytes: p.overheadBytes,
  });
  const estimate: MemoryEstimate = { ...replica, perGpu, assumptions: [...replica.assumptions, { key: 'advisor.assume.pipeline', params: { stages, dp: dataParallel } }] };
  const plan: ParallelPlan = tensor > 1 ? { kind: 'tensor-pipeline', tensorParallel: tensor, stages, dataParallel } : { kind: 'pipeline', stages, dataParallel };
  return fromEstimate(estimate, 'pipeline-parallel', plan, dataParallel > 1 ? 1 : 0);
}

/** t × p with t ≤ 8 (a machine) and p ≥ 2, both dividing `count`; after the single-axis splits. */
function tensorPipelineCandidates(base: EstimateInput, count: number, arch: ModelArchitecture | null): SplitCandidate[] {
  return tensorDegrees(count, arch).flatMap((t) =>
    divisorsUpTo(count / t, count / t).flatMap((p) => pipelineCandidate(base, count, p, t) ?? []),
  );
}

/** Tensor-parallel degrees 2–8 dividing `count` that the model's heads divide too (Megatron-LM's rule). */
const tensorDegrees = (count: number, arch: ModelArchitecture | null) => divisorsUpTo(count, MAX_TENSOR_PARALLEL).filter((t) => tensorParallelFits(arch, t, 'training'));

function trainingCandidates(base: EstimateInput, count: number, arch: ModelArchitecture | null): SplitCandidate[] {
  if (count === 1) return [fromEstimate(estimateMemory({ ...base, zeroStage: 0 }), 'single', { kind: 'single' }, 0)];
  const zero = ([0, 1, 2, 3] as const).map((stage) => fromEstimate(estimateMemory({ ...base, zeroStage: stage }), 'zero', { kind: 'zero', stage, dataParallel: count }, stage));
  const first = zero[0]?.estimate;
  // Tensor and pipeline splits need the model's shape; a size alone can only be sharded by ZeRO.
  if (!first?.model.shape) return zero;
  const tensor = tensorDegrees(count, arch).map((t) => {
    const dataParallel = count / t;
    const stage = dataParallel > 1 ? 1 : 0;
    return fromEstimate(estimateMemory({ ...base, tensorParallel: t, zeroStage: stage }), 'tensor-parallel', { kind: 'tensor', tensorParallel: t, dataParallel }, stage);
  });
  const pipeline = divisorsUpTo(count, count).flatMap((p) => pipelineCandidate(base, count, p) ?? []);
  return [...zero, ...tensor, ...pipeline, ...tensorPipelineCandidates(base, count, arch)];
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
  const arch = usesEstimator && model !== undefined ? resolveModel(model).architecture : null;

  const build = (count: number): SplitCandidate[] => {
    if (usesEstimator && model !== undefined) {
      const base: EstimateInput = { ...input.estimate, task: task as EstimateInput['task'], model, gpuCount: count };
      if (task === 'inference') {
        if (!tensorParallelFits(arch, count, 'inference')) return [];
        return [fromEstimate(estimateMemory(base), count === 1 ? 'single' : 'tensor-parallel', count === 1 ? { kind: 'single' } : { kind: 'inference-tensor', tensorParallel: count }, null)];
      }
      return trainingCandidates(base, count, arch);
    }
    const split: SplitKind = count === 1 ? 'single' : 'partition';
    const plan: ParallelPlan = { kind: 'partition', count };
    return [{ split, zeroStage: null, plan, perGpuNeedBytes: memoryNeed === null ? null : memoryNeed / count + overhead, needIsLowerBound: false, breakdown: null, estimate: null }];
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
      // N GPUs the heads cannot be split over run on the largest count below N that they can.
      let usable = count;
      while (usable > 1 && candidates(usable).length === 0) usable -= 1;
      const list = candidates(usable);
      const fitting = list.find((c) => c.perGpuNeedBytes !== null && c.perGpuNeedBytes <= capacityBytes);
      if (fitting) return fitting;
      const smallest = list.reduce<SplitCandidate | null>((best, c) => (best === null || (c.perGpuNeedBytes ?? Infinity) < (best.perGpuNeedBytes ?? Infinity) ? c : best), null);
      if (!smallest) throw new Error('memory planner produced no candidate');
      return smallest;
    },
  };
}
