// Inference memory: weights in the chosen format, the KV cache, and the working memory of one
// forward step.
//
// KV cache: every layer keeps a key and a value vector of kv_heads × head_dim per token —
// 2 × layers × kv_heads × head_dim × tokens × batch × bytes (grouped-query attention stores only
// the kv_heads; Ainslie et al. 2023, arXiv:2305.13245). vLLM sizes its cache the same way
// (Kwon et al. 2023, "PagedAttention", arXiv:2309.06180 §2.2; `--kv-cache-dtype` auto = the model
// dtype, or fp8: https://docs.vllm.ai/en/latest/features/quantization/quantized_kvcache.html).
// Under tensor parallelism each GPU holds kv_heads / t heads, and at least one: vLLM replicates
// KV heads when t exceeds them (t must then be a multiple of kv_heads; tensor-parallel.ts).
//
// Working memory: prompts are processed in chunks (vLLM's chunked prefill, `max_num_batched_tokens`)
// so the peak is one layer's MLP for one chunk — input, gate and up outputs and their product —
// plus the fp32 logits of the last token of each sequence. Attention runs in FlashAttention /
// PagedAttention kernels, which keep no s² score matrix.

import type { ResNetArchitecture, TransformerArchitecture } from './architecture.js';
import { transformerParameterCounts } from './architecture.js';
import { BYTES_PER_VALUE, bytesPerWeight, isQuantized, type KvCacheDtype, type WeightDtype } from './dtypes.js';

/** Tokens processed per forward step during prefill (vLLM's default chunk for chunked prefill). */
export const PREFILL_CHUNK_TOKENS = 2048;

/**
 * Weights of a transformer in `dtype`: quantised formats apply to the blocks' linear layers; the
 * embeddings, output head, norms and biases stay 16-bit, as GPTQ, AWQ and bitsandbytes leave them.
 */
export function transformerWeightsBytes(arch: TransformerArchitecture, dtype: WeightDtype): number {
  const counts = transformerParameterCounts(arch);
  if (!isQuantized(dtype)) return counts.total * bytesPerWeight(dtype);
  return counts.blockLinear * bytesPerWeight(dtype) + (counts.embeddingsAndHead + counts.other) * 2;
}

export interface KvCacheInput {
  arch: TransformerArchitecture;
  contextLength: number;
  batchSize: number;
  dtype: KvCacheDtype;
  tensorParallel: number;
}

/**
 * KV heads one GPU holds under tensor parallelism of degree t: kv_heads / t, or one replicated head
 * when t is a multiple of kv_heads. Exact for every degree vLLM accepts (tensor-parallel.ts refuses
 * the others before this is reached).
 */
export function kvHeadsPerGpu(kvHeads: number, tensorParallel: number): number {
  return Math.max(1, kvHeads / tensorParallel);
}

/**
 * Values one layer caches per token: 2 × kv_heads × head_dim, or under multi-head latent attention
 * the compressed latent plus the RoPE key, kv_lora_rank + qk_rope_head_dim (DeepSeek-V2 §2.1.2,
 * Table 1: (d_c + d_h^R) · l elements per token). vLLM keeps the whole latent on every
 * tensor-parallel GPU, so it does not divide.
 */
export function kvValuesPerLayerPerToken(arch: TransformerArchitecture, tensorParallel = 1): number {
  if (arch.mla) return arch.mla.kvLoraRank + arch.mla.qkRopeHeadDim;
  return 2 * kvHeadsPerGpu(arch.kvHeads, tensorParallel) * arch.headDim;
}

/** KV-cache bytes on one GPU; a sliding window caps the tokens kept. */
export function kvCacheBytesPerGpu({ arch, contextLength, batchSize, dtype, tensorParallel }: KvCacheInput): number {
  const tokens = arch.slidingWindow ? Math.min(contextLength, arch.slidingWindow) : contextLength;
  return arch.layers * kvValuesPerLayerPerToken(arch, tensorParallel) * tokens * batchSize * BYTES_PER_VALUE[dtype];
}

/** Peak working memory of one forward step of a decoder, over all GPUs (divide by t per GPU). */
export function decoderWorkspaceBytes(arch: TransformerArchitecture, contextLength: number, batchSize: number): number {
  const tokens = Math.min(contextLength * batchSize, PREFILL_CHUNK_TOKENS);
  const experts = arch.experts?.activePerToken ?? 1;
  const intermediates = (arch.gatedMlp ? 3 : 2) * arch.intermediateSize * experts;
  const mlp = tokens * (arch.hiddenSize + intermediates) * 2;
  const logits = batchSize * arch.vocabSize * 4;
  return mlp + logits;
}

/** An encoder (BERT) runs the whole batch at once: one layer's MLP for all tokens. */
export function encoderWorkspaceBytes(arch: TransformerArchitecture, sequenceLength: number, batchSize: number): number {
  const tokens = sequenceLength * batchSize;
  return tokens * (arch.hiddenSize + 2 * arch.intermediateSize) * 2;
}

/**
 * A CNN's inference keeps only the feature maps of the layer running: its input and output.
 * ResNet's largest are the stem output (64 × r/2 × r/2) and the stage-1 block output
 * (256 × r/4 × r/4).
 */
export function resnetWorkspaceBytes(arch: ResNetArchitecture, batchSize: number, bytesPerValue: number): number {
  const r = arch.inputResolution;
  const stem = 64 * (r / 2) ** 2;
  const stage1 = 4 * (arch.widths[0] ?? 0) * (r / 4) ** 2;
  return 2 * Math.max(stem, stage1) * batchSize * bytesPerValue + 3 * r * r * batchSize * bytesPerValue;
}
