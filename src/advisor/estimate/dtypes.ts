// Bytes per stored value for each number format the estimator knows, including the small extra
// that block-wise quantisation stores next to the weights (scales, zero points).

import { AdvisorError } from '../errors.js';

/** Formats a model's weights can be held in for inference. */
export const WEIGHT_DTYPES = ['fp32', 'fp16', 'bf16', 'fp8', 'int8', 'int4'] as const;
export type WeightDtype = (typeof WEIGHT_DTYPES)[number];

/** Formats of the KV cache (vLLM's `--kv-cache-dtype`: auto = the model's 16-bit type, or fp8). */
export const KV_CACHE_DTYPES = ['fp32', 'fp16', 'bf16', 'fp8'] as const;
export type KvCacheDtype = (typeof KV_CACHE_DTYPES)[number];

export const BYTES_PER_VALUE = { fp64: 8, fp32: 4, tf32: 4, fp16: 2, bf16: 2, fp8: 1, int8: 1 } as const;

/**
 * Group-wise int4 (GPTQ, AWQ): 4 bits per weight plus, per group of 128 weights, one fp16 scale
 * and one packed 4-bit zero point → 0.5 + (2 + 0.5) / 128 ≈ 0.5195 bytes per weight.
 * Group size 128 is the default of both (Frantar et al. 2022, arXiv:2210.17323 §5;
 * Lin et al. 2023 "AWQ", arXiv:2306.00978 §4; https://huggingface.co/docs/transformers/quantization/gptq).
 */
export const INT4_GROUP_SIZE = 128;
export const INT4_BYTES_PER_WEIGHT = 0.5 + (2 + 0.5) / INT4_GROUP_SIZE;

/**
 * NF4 as in QLoRA (Dettmers et al. 2023, arXiv:2305.14314 §3): 4 bits per weight; blocks of 64
 * with one fp32 absmax cost 32/64 = 0.5 bit per weight, and Double Quantization cuts that to
 * 8/64 + 32/(64·256) ≈ 0.127 bit per weight.
 */
export const NF4_BLOCK_SIZE = 64;
export const NF4_CONSTANT_BITS_PER_WEIGHT = {
  single: 32 / NF4_BLOCK_SIZE,
  double: 8 / NF4_BLOCK_SIZE + 32 / (NF4_BLOCK_SIZE * 256),
} as const;

export function nf4BytesPerWeight(doubleQuantization: boolean): number {
  const constantBits = doubleQuantization ? NF4_CONSTANT_BITS_PER_WEIGHT.double : NF4_CONSTANT_BITS_PER_WEIGHT.single;
  return 0.5 + constantBits / 8;
}

/**
 * Bytes per weight of a (linear-layer) weight stored in `dtype`. int8 (LLM.int8(), Dettmers et
 * al. 2022, arXiv:2208.07339) keeps one scale per row: under 0.1 % for rows of 4096+, ignored;
 * fp8 keeps one scale per tensor, ignored.
 */
export function bytesPerWeight(dtype: WeightDtype): number {
  switch (dtype) {
    case 'fp32':
      return 4;
    case 'fp16':
    case 'bf16':
      return 2;
    case 'fp8':
    case 'int8':
      return 1;
    case 'int4':
      return INT4_BYTES_PER_WEIGHT;
  }
}

/** Quantised formats apply to the transformer blocks' linear layers only (see weightsBytes). */
export function isQuantized(dtype: WeightDtype): boolean {
  return dtype === 'fp8' || dtype === 'int8' || dtype === 'int4';
}

export function parseWeightDtype(value: string): WeightDtype {
  const normalised = value.trim().toLowerCase();
  const alias: Record<string, WeightDtype> = { float32: 'fp32', float16: 'fp16', half: 'fp16', bfloat16: 'bf16', float8: 'fp8', q4: 'int4', q8: 'int8' };
  const dtype = alias[normalised] ?? normalised;
  if ((WEIGHT_DTYPES as readonly string[]).includes(dtype)) return dtype as WeightDtype;
  throw new AdvisorError('advisor.error.unknownDtype', { value, choices: WEIGHT_DTYPES.join(', ') });
}

export function parseKvCacheDtype(value: string): KvCacheDtype {
  const normalised = value.trim().toLowerCase();
  if ((KV_CACHE_DTYPES as readonly string[]).includes(normalised)) return normalised as KvCacheDtype;
  throw new AdvisorError('advisor.error.unknownDtype', { value, choices: KV_CACHE_DTYPES.join(', ') });
}
