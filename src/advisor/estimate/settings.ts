// Defaults and validation of the estimator's settings; every default chosen here is reported
// back as an assumption, so the user sees what was assumed.

import { AdvisorError, requireNumber } from '../errors.js';
import type { ResolvedModel } from './resolve-model.js';
import type { EstimateInput } from './types.js';

/**
 * A fixed per-GPU overhead for the CUDA context, the kernels of cuBLAS/cuDNN/PyTorch and their
 * workspaces. Hugging Face measures "1-2GB" for loading the kernels
 * (https://huggingface.co/docs/transformers/model_memory_anatomy); CUDA ≥ 12.2 loads kernels
 * lazily by default (CUDA_MODULE_LOADING=LAZY, CUDA C++ Programming Guide, "Lazy Loading"), so we
 * take the low end, 1 GiB. Override it with `overheadBytes` after measuring your own stack.
 */
export const DEFAULT_OVERHEAD_BYTES = 1024 ** 3;

/** Training sequence length when none is given: the model's context, at most 2048 tokens. */
export const DEFAULT_TRAIN_SEQUENCE = 2048;
/** Inference context when none is given: the model's context, at most 4096 tokens. */
export const DEFAULT_INFERENCE_CONTEXT = 4096;
/**
 * ResNet-50 was trained with a mini-batch of 256 over 8 GPUs — 32 per GPU (He et al. 2016 §3.4
 * and Goyal et al. 2017, arXiv:1706.02677 §5) — our default micro-batch for vision training.
 */
export const DEFAULT_VISION_TRAIN_BATCH = 32;

export function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  return value === undefined ? fallback : requireNumber(name, value, { min: 1, integer: true });
}

export function defaultSequenceLength(input: EstimateInput, model: ResolvedModel): number {
  const arch = model.architecture;
  const cap = input.task === 'inference' ? DEFAULT_INFERENCE_CONTEXT : DEFAULT_TRAIN_SEQUENCE;
  const length = arch?.kind === 'transformer' ? Math.min(arch.maxContext, cap) : cap;
  const sequenceLength = positiveInteger('sequenceLength', input.sequenceLength, length);
  if (arch?.kind === 'transformer' && sequenceLength > arch.maxContext) {
    throw new AdvisorError('advisor.error.contextTooLong', { value: sequenceLength, max: arch.maxContext, model: model.name });
  }
  return sequenceLength;
}

export function defaultBatchSize(input: EstimateInput, model: ResolvedModel): number {
  const fallback = input.task !== 'inference' && model.architecture?.kind === 'resnet' ? DEFAULT_VISION_TRAIN_BATCH : 1;
  return positiveInteger('batchSize', input.batchSize, fallback);
}

/** Both ResNet-50 (stride 32) and SDXL (8× VAE, then three 2× downsamples) need sides divisible by 32. */
const RESOLUTION_MULTIPLE = 32;

/** The image side to estimate at: the model's native one unless given; null for language models. */
export function imageResolution(input: EstimateInput, model: ResolvedModel): number | null {
  const arch = model.architecture;
  const native = arch?.kind === 'resnet' ? arch.inputResolution : arch?.kind === 'composite' ? (arch.denoiser?.layout.resolution ?? null) : null;
  if (native === null) {
    if (input.imageResolution !== undefined) throw new AdvisorError('advisor.error.resolutionNeedsImageModel', { model: model.name });
    return null;
  }
  const value = positiveInteger('imageResolution', input.imageResolution, native);
  if (value % RESOLUTION_MULTIPLE !== 0) throw new AdvisorError('advisor.error.badResolution', { value, multiple: RESOLUTION_MULTIPLE });
  return value;
}

export function overheadBytes(input: EstimateInput): number {
  return input.overheadBytes === undefined ? DEFAULT_OVERHEAD_BYTES : requireNumber('overheadBytes', input.overheadBytes);
}
