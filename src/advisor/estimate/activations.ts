// Memory of the activations kept for the backward pass.
//
// Transformers: Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer
// Models" (arXiv:2205.05198), §4.1 eq. (1): per layer s·b·h·(34 + 5·a·s/h) bytes with 16-bit
// values, 1-byte dropout masks, a 4h GeLU MLP, full multi-head attention and no parallelism.
// We keep its accounting tensor by tensor and let the shape vary, so that the sum reduces to
// eq. (1) for that case (tested) and stays right for GQA, SwiGLU, no-dropout and fp32 models:
//   attention: input to QKV (h), Q (a·d), K and V (kv·d each), input to the output projection (a·d)
//   scores:    softmax output (a·s per token) + dropout mask and output when dropout is on — the
//              5·a·s²·b term; FlashAttention (Dao et al. 2022, arXiv:2205.14135) keeps none of it,
//              only a 4-byte log-sum-exp per head and token
//   MLP:       input (h) + the intermediate tensors: 2 of width i for GeLU (input and output of the
//              activation), 4 for SwiGLU (gate, up, activation output, product)
//   norms:     the inputs of the two norms (2h); dropout masks: 2 × h bytes when dropout is on.
// Selective recomputation (§4.2) drops the score tensors; full recomputation (§4.3) keeps only
// each layer's input, 2·s·b·h per layer, plus one layer's full set while it is recomputed.
// Tensor parallelism with sequence parallelism divides all of it by t (§4.2.2, eq. (5)).

import type { ResNetArchitecture, TransformerArchitecture } from './architecture.js';

export const RECOMPUTATION_MODES = ['none', 'selective', 'full'] as const;
export type Recomputation = (typeof RECOMPUTATION_MODES)[number];

export const ATTENTION_KINDS = ['flash', 'standard'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export interface TransformerActivationInput {
  arch: TransformerArchitecture;
  sequenceLength: number;
  microBatchSize: number;
  /** 2 for fp16/bf16 activations, 4 for fp32. */
  bytesPerValue: number;
  recomputation: Recomputation;
  attention: AttentionKind;
  tensorParallel: number;
}

const DROPOUT_MASK_BYTES = 1;

/** Bytes one layer keeps per token, without the s²-sized score tensors. */
function layerBytesPerToken(arch: TransformerArchitecture, e: number): number {
  const { hiddenSize: h, attentionHeads: a, kvHeads: kv, headDim: d, intermediateSize: i } = arch;
  const attention = e * (h + 2 * a * d + 2 * kv * d);
  const intermediates = (arch.gatedMlp ? 4 : 2) * i;
  const mlp = e * (h + intermediates * (arch.experts?.activePerToken ?? 1));
  const norms = 2 * e * h;
  const dropoutMasks = arch.dropout ? 2 * DROPOUT_MASK_BYTES * h : 0;
  return attention + mlp + norms + dropoutMasks;
}

/** Bytes of the attention-score tensors of one layer for one sequence of length s. */
function scoreBytesPerSequence(arch: TransformerArchitecture, s: number, e: number, attention: AttentionKind): number {
  const a = arch.attentionHeads;
  if (attention === 'flash') return 4 * a * s; // log-sum-exp, fp32
  const perScore = e + (arch.dropout ? DROPOUT_MASK_BYTES + e : 0);
  return perScore * a * s * s;
}

export interface ActivationBreakdown {
  /** All layers, as stored between forward and backward. */
  layersBytes: number;
  /** Final norm input, 16-bit logits and their fp32 copy for the loss. */
  outputLayerBytes: number;
  totalBytes: number;
}

export function transformerActivationBytes(input: TransformerActivationInput): ActivationBreakdown {
  const { arch, sequenceLength: s, microBatchSize: b, bytesPerValue: e, recomputation, attention, tensorParallel: t } = input;
  const perTokenNoScores = layerBytesPerToken(arch, e);
  const scores = scoreBytesPerSequence(arch, s, e, attention);
  const fullLayer = s * b * perTokenNoScores + b * scores;
  const selectiveLayer = s * b * perTokenNoScores + (attention === 'flash' ? b * scores : 0);

  let layers: number;
  switch (recomputation) {
    case 'none':
      layers = arch.layers * fullLayer;
      break;
    case 'selective':
      layers = arch.layers * selectiveLayer;
      break;
    case 'full':
      layers = arch.layers * s * b * e * arch.hiddenSize + fullLayer;
      break;
  }
  // Korthikanti et al. count the output layer apart from the blocks; trainers upcast the logits
  // to fp32 for the cross-entropy, so both copies are alive at the loss.
  const outputLayer = s * b * (e * arch.hiddenSize + (e + 4) * arch.vocabSize);
  return { layersBytes: layers / t, outputLayerBytes: outputLayer / t, totalBytes: (layers + outputLayer) / t };
}

/** Korthikanti et al. eq. (1), kept literally so the tests can compare against it. */
export function korthikantiLayerBytes(s: number, b: number, h: number, a: number): number {
  return s * b * h * (34 + (5 * a * s) / h);
}

/**
 * Activation values one image leaves for the backward pass of a bottleneck ResNet (torchvision
 * layout): each convolution's output is saved as its batch-norm input, and each batch-norm/ReLU
 * output as the next convolution's input — two tensors per convolution — plus the input image,
 * the stem's max-pool output and the pooled features. Feature-map sizes from He et al. 2016
 * Table 1 (stride 2 at the stem, the max-pool and the first block of stages 2–4).
 */
export function resnetActivationValuesPerImage(arch: ResNetArchitecture): number {
  const r = arch.inputResolution;
  let side = r / 2;
  let convOutputs = 64 * side * side; // 7×7 stem
  side /= 2;
  const maxPoolOutput = 64 * side * side;
  let inChannelsSide = side;
  arch.blocksPerStage.forEach((blocks, stage) => {
    const width = arch.widths[stage] ?? 0;
    const outSide = stage === 0 ? inChannelsSide : inChannelsSide / 2;
    for (let block = 0; block < blocks; block++) {
      const reduceSide = block === 0 ? inChannelsSide : outSide;
      convOutputs += width * reduceSide * reduceSide; // 1×1 reduce
      convOutputs += width * outSide * outSide; // 3×3 (carries the stride)
      convOutputs += 4 * width * outSide * outSide; // 1×1 expand
      if (block === 0) convOutputs += 4 * width * outSide * outSide; // projection shortcut
    }
    inChannelsSide = outSide;
  });
  const pooled = 4 * (arch.widths[arch.widths.length - 1] ?? 0);
  return 3 * r * r + 2 * convOutputs + maxPoolOutput + pooled;
}
