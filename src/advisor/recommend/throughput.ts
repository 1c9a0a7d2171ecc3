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
//   - scientific (FP64) work is compute-bound at the FP64 rate, data analytics bandwidth-bound;
//   - N GPUs lose what communication costs them, over the link they actually have (scaling.ts);
//   - image models (ResNet-50, SDXL) run at published images/s (image-rates.ts), or have no speed.

import type { MemoryEstimate } from '../estimate/types.js';
import { isImageModel, PUBLISHED_RESOLUTION, publishedImageRate, type ImageModel } from './image-rates.js';
import type { DeviceView } from './device.js';
import type { SplitCandidate } from './memory-plan.js';
import { rateWithFallback } from './precision.js';
import { decodeScaling, ringLink, trainingScaling, type Scaling } from './scaling.js';
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

export function throughputOf(view: DeviceView, count: number, task: RecommendTask, wanted: ComputePrecision, candidate: SplitCandidate): Omit<Throughput, 'relative'> {
  const bandwidthGBps = view.bandwidthGBps;
  const bandwidth = bandwidthGBps * 1e9;
  const linear: Scaling = { efficiency: 1, link: ringLink(view, count), computeSeconds: null, communicationSeconds: null };
  const base = { perGpuBandwidthGBps: bandwidthGBps, bytesPerStepPerGpu: null, peakTokensPerSecond: null, imageRate: null };
  if (task === 'analytics') {
    return { ...base, bound: 'bandwidth', precision: null, fallbackFrom: null, perGpuRate: null, rate: count * bandwidth, rateUnit: 'byte/s', scaling: linear, linearRate: count * bandwidth };
  }
  const choice = rateWithFallback(view.entry, wanted);
  const perGpuTflops = choice.tflops === null ? null : choice.tflops / view.rateDivisor;
  const gpuFlops = perGpuTflops === null ? null : perGpuTflops * 1e12;
  const estimate = candidate.estimate;
  const common = { ...base, precision: choice.precision, fallbackFrom: choice.fallbackFrom, perGpuRate: perGpuTflops };
  if (estimate !== null && isImageModel(estimate.model.id) && (task === 'inference' || task === 'train' || task === 'finetune')) {
    return { ...common, ...imageThroughput(view, count, estimate.model.id, task, estimate), bound: 'compute', rateUnit: 'image/s' };
  }

  if (task === 'inference' && isDecoder(estimate) && candidate.breakdown) {
    const bytesPerStep = candidate.breakdown.weightsBytes * decodeWeightShare(estimate) + (candidate.breakdown.kvCacheBytes ?? 0);
    const memoryTime = bytesPerStep / bandwidth;
    // Without any published rate the compute side is unknown, not infinite: the bandwidth bound
    // still holds, and the reasons say the rate is missing.
    const computeTime = gpuFlops === null ? 0 : (2 * estimate.model.activeParameterCount * estimate.settings.batchSize) / (gpuFlops * count);
    const step = Math.max(memoryTime, computeTime);
    const scaling = decodeScaling(count, view, estimate, step);
    const tokensPerSecond = estimate.settings.batchSize / (step + (scaling.communicationSeconds ?? 0));
    const linearTokens = estimate.settings.batchSize / step;
    return { ...common, bound: memoryTime >= computeTime ? 'bandwidth' : 'compute', bytesPerStepPerGpu: bytesPerStep, rate: tokensPerSecond, rateUnit: 'token/s', peakTokensPerSecond: tokensPerSecond, scaling, linearRate: linearTokens };
  }
  if (gpuFlops === null) return { ...common, bound: 'compute', rate: null, rateUnit: 'flop/s', scaling: linear, linearRate: null };
  const training = (task === 'train' || task === 'finetune') && estimate !== null;
  const flopsPerToken = training ? trainingFlopsPerToken(estimate) : 0;
  const scaling = training ? trainingScaling(candidate.plan, count, view, estimate, gpuFlops, flopsPerToken) : linear;
  const flops = count * gpuFlops * scaling.efficiency;
  const tokens = training && estimate.model.architecture === 'transformer' ? flops / flopsPerToken : null;
  return { ...common, bound: 'compute', rate: flops, rateUnit: 'flop/s', peakTokensPerSecond: tokens, scaling, linearRate: count * gpuFlops };
}

/** Published images/s × GPUs (image-rates.ts); no published figure, no rate. */
function imageThroughput(view: DeviceView, count: number, model: ImageModel, task: RecommendTask, estimate: MemoryEstimate): Pick<Throughput, 'rate' | 'linearRate' | 'scaling' | 'imageRate'> {
  const work = task === 'inference' ? 'inference' : 'train';
  // A figure measured at 1024² says nothing about 512²: another resolution has no published rate.
  const native = estimate.settings.imageResolution === null || estimate.settings.imageResolution === PUBLISHED_RESOLUTION[model];
  const published = native ? publishedImageRate(model, work, view.entry.id, count, estimate.settings.precision === 'fp32') : null;
  const link = ringLink(view, count);
  if (published === null) return { rate: null, linearRate: null, scaling: { efficiency: 1, link, computeSeconds: null, communicationSeconds: null }, imageRate: null };
  // Images are independent: N GPUs run N replicas. A multi-GPU result has paid for its
  // communication already; its per-GPU rate against the 1-GPU one is what scaling left.
  const efficiency = count > 1 && published.measuredGpus > 1 ? (published.publishedEfficiency ?? 1) : 1;
  const rate = published.perGpu * count;
  return { rate, linearRate: rate / efficiency, scaling: { efficiency, link, computeSeconds: null, communicationSeconds: null }, imageRate: published };
}
