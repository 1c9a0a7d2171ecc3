// A roofline-style speed model, simple enough to state in one breath:
//   - training and fine-tuning are compute-bound: rate = N × dense tensor FLOP/s at the task's
//     precision; a token costs 6·P FLOPs to train (Kaplan et al. 2020, arXiv:2001.08361 §2.1),
//     4·P for LoRA (no weight gradients for the frozen base), plus 2·P when activations are
//     recomputed (one more forward pass; Korthikanti et al. 2022 §5);
//   - LLM decoding is bandwidth-bound: each step reads every weight and the KV cache once, so a
//     step takes max(bytes per GPU ÷ bandwidth, 2·P·batch FLOPs ÷ FLOP/s) (Pope et al. 2022,
//     "Efficiently Scaling Transformer Inference", arXiv:2211.05102 §2). A mixture-of-experts
//     step reads only the experts its tokens were routed to: with b tokens each picking k of E
//     experts, a share 1 − (1 − k/E)^b of each layer's experts (uniform routing assumed);
//   - scientific (FP64) work is compute-bound at the FP64 rate, data analytics bandwidth-bound.
// GPUs are assumed to scale linearly; real jobs lose some of that to communication (more over
// PCIe than NVLink), which the rate does not model — the options say so.

import type { GpuEntry } from '../../catalog/index.js';
import type { MemoryEstimate } from '../estimate/types.js';
import type { SplitCandidate } from './memory-plan.js';
import { rateWithFallback } from './precision.js';
import type { ComputePrecision, RecommendTask, Throughput } from './types.js';

export function trainingFlopsPerToken(estimate: MemoryEstimate): number {
  const p = estimate.model.activeParameterCount;
  const base = estimate.settings.method === 'lora' || estimate.settings.method === 'qlora' ? 4 * p : 6 * p;
  return base + (estimate.settings.recomputation === 'full' ? 2 * p : 0);
}

/** Share of the weights one decode step reads: all of a dense model; the routed experts of a MoE. */
export function decodeWeightShare(estimate: MemoryEstimate): number {
  const experts = estimate.model.experts;
  const { parameterCount: total, activeParameterCount: active } = estimate.model;
  if (!experts || experts.count <= experts.activePerToken) return 1;
  const perExpert = (total - active) / (experts.count - experts.activePerToken);
  const expertParams = perExpert * experts.count;
  const touched = 1 - (1 - experts.activePerToken / experts.count) ** estimate.settings.batchSize;
  return (total - expertParams + expertParams * touched) / total;
}

function isDecoder(estimate: MemoryEstimate | null): estimate is MemoryEstimate {
  return estimate !== null && (estimate.perGpu.kvCacheBytes ?? 0) > 0;
}

export function throughputOf(
  entry: GpuEntry,
  count: number,
  task: RecommendTask,
  wanted: ComputePrecision,
  candidate: SplitCandidate,
): Omit<Throughput, 'relative'> {
  const bandwidth = entry.memoryBandwidthGBps.value * 1e9;
  if (task === 'analytics') {
    return { bound: 'bandwidth', precision: null, fallbackFrom: null, perGpuRate: null, perGpuBandwidthGBps: entry.memoryBandwidthGBps.value, bytesPerStepPerGpu: null, rate: count * bandwidth, rateUnit: 'byte/s', peakTokensPerSecond: null };
  }
  const choice = rateWithFallback(entry, wanted);
  const flops = choice.tflops === null ? null : count * choice.tflops * 1e12;
  const estimate = candidate.estimate;
  const result = (bound: Throughput['bound'], rate: number | null, rateUnit: Throughput['rateUnit'], tokens: number | null, bytesPerStep: number | null) => ({
    bound,
    precision: choice.precision,
    fallbackFrom: choice.fallbackFrom,
    perGpuRate: choice.tflops,
    perGpuBandwidthGBps: entry.memoryBandwidthGBps.value,
    bytesPerStepPerGpu: bytesPerStep,
    rate,
    rateUnit,
    peakTokensPerSecond: tokens,
  });

  if (task === 'inference' && isDecoder(estimate) && candidate.breakdown) {
    const bytesPerStep = candidate.breakdown.weightsBytes * decodeWeightShare(estimate) + (candidate.breakdown.kvCacheBytes ?? 0);
    const memoryTime = bytesPerStep / bandwidth;
    const computeTime = flops === null ? Number.POSITIVE_INFINITY : (2 * estimate.model.activeParameterCount * estimate.settings.batchSize) / flops;
    const tokensPerSecond = estimate.settings.batchSize / Math.max(memoryTime, computeTime);
    return result(memoryTime >= computeTime ? 'bandwidth' : 'compute', tokensPerSecond, 'token/s', tokensPerSecond, bytesPerStep);
  }
  const tokens =
    (task === 'train' || task === 'finetune') && estimate?.model.architecture === 'transformer' && flops !== null
      ? flops / trainingFlopsPerToken(estimate)
      : null;
  return result('compute', flops, 'flop/s', tokens, null);
}
