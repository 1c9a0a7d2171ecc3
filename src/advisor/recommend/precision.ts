// Which catalog rate a task runs at on a given GPU. A GPU that lacks the precision asked for runs
// the nearest slower one (BF16 → FP16 on Volta; FP16 → FP32 without tensor cores), and the
// option says so — the rate is never invented.

import { trainingFp16TensorTflops, type GpuEntry } from '../../catalog/index.js';
import type { EstimateInput } from '../estimate/types.js';
import type { ComputePrecision, RecommendTask } from './types.js';

const FALLBACK: Record<ComputePrecision, ComputePrecision | null> = {
  fp64: null,
  fp32: null,
  tf32: 'fp32',
  fp16: 'fp32',
  bf16: 'fp16',
  fp8: 'bf16',
  int8: 'fp16',
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
  let precision: ComputePrecision | null = wanted;
  while (precision !== null) {
    const tflops = rateAt(entry, precision);
    if (tflops !== null) return { precision, fallbackFrom: precision === wanted ? null : wanted, tflops };
    precision = FALLBACK[precision];
  }
  return { precision: null, fallbackFrom: wanted, tflops: null };
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
