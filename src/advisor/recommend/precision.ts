// Which catalog rate a task runs at on a given GPU. A GPU that lacks the precision asked for runs
// at the best rate it has in a format at least as wide — FP16 work runs in BF16 where there is
// no FP16 figure (Gaudi 2 publishes BF16, not FP16 tensor rates), and only then in TF32/FP32;
// FP8 falls back to the 16-bit formats; BF16 to FP16 (mixed precision with loss scaling, as on
// Volta) before FP32. The option says so — the rate is never invented.

import { trainingFp16TensorTflops, type GpuEntry } from '../../catalog/index.js';
import type { EstimateInput } from '../estimate/types.js';
import type { ComputePrecision, RecommendTask } from './types.js';

/** Formats a GPU may run the work in instead, in order of preference (ties go to the earlier). */
export const FALLBACKS: Record<ComputePrecision, readonly ComputePrecision[]> = {
  fp64: [],
  fp32: [],
  tf32: ['fp32'],
  fp16: ['bf16', 'tf32', 'fp32'],
  bf16: ['fp16', 'tf32', 'fp32'],
  fp8: ['bf16', 'fp16', 'tf32', 'fp32'],
  int8: ['fp8', 'bf16', 'fp16', 'tf32', 'fp32'],
};

/** The dense rate at exactly this precision, or null when the GPU has no such path. */
export function rateAt(entry: GpuEntry, precision: ComputePrecision): number | null {
  switch (precision) {
    case 'fp64': {
      const tensor = entry.fp64TensorDenseTflops.value;
      const vector = entry.fp64Tflops.value;
      return tensor !== null && vector !== null ? Math.max(tensor, vector) : (tensor ?? vector);
    }
    case 'fp32':
      return entry.fp32Tflops.value;
    case 'tf32':
      return entry.tf32TensorDenseTflops.value;
    case 'fp16':
      // FP32 accumulate, as PyTorch's mixed precision uses; GeForce runs it at half the headline.
      return trainingFp16TensorTflops(entry) ?? entry.fp16Tflops.value;
    case 'bf16':
      return entry.bf16TensorDenseTflops.value;
    case 'fp8':
      return entry.fp8TensorDenseTflops.value;
    case 'int8':
      return entry.int8TensorDenseTops.value;
  }
}

export interface RateChoice {
  precision: ComputePrecision | null;
  fallbackFrom: ComputePrecision | null;
  tflops: number | null;
}

export function rateWithFallback(entry: GpuEntry, wanted: ComputePrecision): RateChoice {
  const exact = rateAt(entry, wanted);
  if (exact !== null) return { precision: wanted, fallbackFrom: null, tflops: exact };
  // Without the format asked for, the fastest of the 16-bit alternatives first: a GPU whose FP16
  // path is missing but whose BF16 runs at 432 TFLOPS is not rated at its FP32 vector speed.
  let best: RateChoice = { precision: null, fallbackFrom: wanted, tflops: null };
  for (const precision of FALLBACKS[wanted]) {
    const tflops = rateAt(entry, precision);
    if (tflops !== null && (best.tflops === null || tflops > best.tflops)) best = { precision, fallbackFrom: wanted, tflops };
  }
  return best;
}

/** The precision a task computes in unless the user names one. */
export function defaultPrecision(task: RecommendTask, estimate: Partial<EstimateInput>): ComputePrecision {
  switch (task) {
    case 'scientific':
      return 'fp64';
    case 'analytics':
      return 'fp32';
    case 'inference':
      return estimate.weightDtype === 'fp8' ? 'fp8' : estimate.weightDtype === 'fp32' ? 'fp32' : 'fp16';
    case 'train':
    case 'finetune': {
      const p = estimate.precision ?? 'mixed-bf16';
      return p === 'fp32' ? 'fp32' : p === 'mixed-fp16' || p === 'fp16' ? 'fp16' : 'bf16';
    }
  }
}
