// What the estimator needs to know about a model's shape, and the parameter counts that follow
// from it. Counting from the shape (instead of trusting a rounded "8B") lets the tests check our
// arithmetic against the exact totals the model cards publish.

import type { UNetLayout } from './unet.js';

export interface TransformerArchitecture {
  kind: 'transformer';
  layers: number;
  hiddenSize: number;
  attentionHeads: number;
  /** Key/value heads: fewer than attentionHeads under grouped-query attention (GQA). */
  kvHeads: number;
  /** Per-head width; hiddenSize / attentionHeads unless config.json says otherwise. */
  headDim: number;
  intermediateSize: number;
  vocabSize: number;
  /** SwiGLU-style MLP (gate, up, down projections) instead of two projections with GeLU. */
  gatedMlp: boolean;
  /** Which linear layers carry a bias: none (Llama), q/k/v only (Qwen2), all (GPT-2, BERT). */
  linearBias: 'none' | 'qkv' | 'all';
  norm: 'rmsnorm' | 'layernorm';
  tiedEmbeddings: boolean;
  /** Learned position embeddings (GPT-2, BERT); 0 for rotary models. */
  learnedPositions: number;
  /** Token-type embeddings (BERT). */
  tokenTypes: number;
  /** Extra norms outside the blocks: final norm (decoders) or embedding norm (BERT). */
  finalNorm: boolean;
  embeddingNorm: boolean;
  /** BERT's pooler (hidden × hidden + bias). */
  pooler: boolean;
  /** Dropout layers (GPT-2, BERT); modern LLMs train without. Adds the masks to activations. */
  dropout: boolean;
  /** Mixture of experts (Mixtral): every layer has `count` MLPs, each token uses `activePerToken`. */
  experts: ExpertLayout | null;
  /** Multi-head latent attention (DeepSeek-V2/V3) instead of multi-head/grouped-query attention. */
  mla?: LatentAttention | null;
  /** Per-head RMSNorm on queries and keys (Qwen3 `q_norm`/`k_norm`): 2 × headDim per layer. */
  qkNorm?: boolean;
  /** Norms per block; 2 (pre-attention, pre-MLP) unless the model adds post-norms (Gemma 2: 4). */
  normsPerLayer?: number;
  /** Context the model was built for (max_position_embeddings). */
  maxContext: number;
  /** Sliding-window attention (Mistral 7B v0.1: 4096): the KV cache never holds more tokens. */
  slidingWindow: number | null;
}

/**
 * DeepSeek-style mixture of experts, beyond Mixtral's: `shared` experts every token uses, a
 * narrower expert MLP (`intermediateSize`, config `moe_intermediate_size`), the first
 * `denseLayers` layers with an ordinary MLP of the architecture's intermediateSize
 * (`first_k_dense_replace`), and a per-expert router bias (`e_score_correction_bias`).
 */
export interface ExpertLayout {
  count: number;
  activePerToken: number;
  shared?: number;
  intermediateSize?: number;
  denseLayers?: number;
  routerBias?: boolean;
}

/**
 * Multi-head latent attention (DeepSeek-V2, arXiv:2405.04434 §2.1): keys and values are
 * compressed into one latent of `kvLoraRank` values per token plus a decoupled RoPE key of
 * `qkRopeHeadDim` — all the KV cache holds, (d_c + d_h^R) per layer per token; queries through a
 * `qLoraRank` bottleneck (null: a plain projection).
 */
export interface LatentAttention {
  qLoraRank: number | null;
  kvLoraRank: number;
  qkNopeHeadDim: number;
  qkRopeHeadDim: number;
  vHeadDim: number;
}

/** A ResNet as in He et al. 2016 (arXiv:1512.03385) Table 1, bottleneck blocks. */
export interface ResNetArchitecture {
  kind: 'resnet';
  blocksPerStage: readonly number[];
  /** Bottleneck widths per stage (the block output is 4× this). */
  widths: readonly number[];
  inputResolution: number;
  classes: number;
}

/**
 * A pipeline of separately published parts (Stable Diffusion XL). With a `denoiser`, the part
 * that is trained (the UNet) has a layout for LoRA and activations (unet.ts); the rest stays frozen.
 */
export interface CompositeArchitecture {
  kind: 'composite';
  components: readonly { id: string; parameterCount: number }[];
  denoiser?: { componentId: string; layout: UNetLayout };
}

export type ModelArchitecture = TransformerArchitecture | ResNetArchitecture | CompositeArchitecture;

/** A linear layer's weight shape, repeated `count` times in the model. */
export interface LinearShape {
  module: string;
  inFeatures: number;
  outFeatures: number;
  count: number;
}

/** Layers with an ordinary MLP, and layers with experts. */
export function layerSplit(arch: TransformerArchitecture): { dense: number; moe: number } {
  if (!arch.experts) return { dense: arch.layers, moe: 0 };
  const dense = Math.min(arch.layers, arch.experts.denseLayers ?? 0);
  return { dense, moe: arch.layers - dense };
}

function attentionShapes(arch: TransformerArchitecture): LinearShape[] {
  const { hiddenSize: h, attentionHeads: a, kvHeads: kv, headDim: d, layers: L } = arch;
  const m = arch.mla;
  if (m) {
    const qOut = a * (m.qkNopeHeadDim + m.qkRopeHeadDim);
    const q: LinearShape[] =
      m.qLoraRank === null
        ? [{ module: 'q_proj', inFeatures: h, outFeatures: qOut, count: L }]
        : [
            { module: 'q_a_proj', inFeatures: h, outFeatures: m.qLoraRank, count: L },
            { module: 'q_b_proj', inFeatures: m.qLoraRank, outFeatures: qOut, count: L },
          ];
    return [
      ...q,
      { module: 'kv_a_proj_with_mqa', inFeatures: h, outFeatures: m.kvLoraRank + m.qkRopeHeadDim, count: L },
      { module: 'kv_b_proj', inFeatures: m.kvLoraRank, outFeatures: a * (m.qkNopeHeadDim + m.vHeadDim), count: L },
      { module: 'o_proj', inFeatures: a * m.vHeadDim, outFeatures: h, count: L },
    ];
  }
  return [
    { module: 'q_proj', inFeatures: h, outFeatures: a * d, count: L },
    { module: 'k_proj', inFeatures: h, outFeatures: kv * d, count: L },
    { module: 'v_proj', inFeatures: h, outFeatures: kv * d, count: L },
    { module: 'o_proj', inFeatures: a * d, outFeatures: h, count: L },
  ];
}

function mlpShapes(arch: TransformerArchitecture, width: number, count: number): LinearShape[] {
  const h = arch.hiddenSize;
  if (count === 0) return [];
  return arch.gatedMlp
    ? [
        { module: 'gate_proj', inFeatures: h, outFeatures: width, count },
        { module: 'up_proj', inFeatures: h, outFeatures: width, count },
        { module: 'down_proj', inFeatures: width, outFeatures: h, count },
      ]
    : [
        { module: 'up_proj', inFeatures: h, outFeatures: width, count },
        { module: 'down_proj', inFeatures: width, outFeatures: h, count },
      ];
}

const expertWidth = (arch: TransformerArchitecture) => arch.experts?.intermediateSize ?? arch.intermediateSize;
const mlpWeights = (arch: TransformerArchitecture, width: number) => (arch.gatedMlp ? 3 : 2) * arch.hiddenSize * width;

/** The linear layers inside the transformer blocks (what LoRA adapts and int4/NF4 quantises). */
export function blockLinearShapes(arch: TransformerArchitecture): LinearShape[] {
  const { dense, moe } = layerSplit(arch);
  const expertsPerLayer = arch.experts ? arch.experts.count + (arch.experts.shared ?? 0) : 0;
  return [...attentionShapes(arch), ...mlpShapes(arch, arch.intermediateSize, dense), ...mlpShapes(arch, expertWidth(arch), moe * expertsPerLayer)];
}

export interface TransformerParameterCounts {
  /** Weights of the blocks' linear layers (no biases). */
  blockLinear: number;
  /** Token (+ position, token-type) embeddings and the output head when untied. */
  embeddingsAndHead: number;
  /** Norms, biases, MoE routers, pooler: small, always kept in 16/32-bit. */
  other: number;
  total: number;
  /** Parameters one token passes through (MoE: only the active experts). */
  activePerToken: number;
}

export function transformerParameterCounts(arch: TransformerArchitecture): TransformerParameterCounts {
  const { hiddenSize: h, attentionHeads: a, kvHeads: kv, headDim: d, intermediateSize: i, layers: L } = arch;
  const { moe } = layerSplit(arch);
  const experts = arch.experts?.count ?? 1;
  const active = arch.experts?.activePerToken ?? 1;
  const blockLinear = blockLinearShapes(arch).reduce((sum, m) => sum + m.inFeatures * m.outFeatures * m.count, 0);

  const embeddings = (arch.vocabSize + arch.learnedPositions + arch.tokenTypes) * h;
  const head = arch.tiedEmbeddings ? 0 : arch.vocabSize * h;

  const normSize = arch.norm === 'layernorm' ? 2 * h : h;
  const latentNorms = arch.mla ? (arch.mla.qLoraRank ?? 0) + arch.mla.kvLoraRank : 0;
  const qkvBias = arch.linearBias === 'none' || arch.mla ? 0 : a * d + 2 * kv * d;
  const otherBias = arch.linearBias === 'all' ? h + experts * (arch.gatedMlp ? 2 * i + h : i + h) : 0;
  const router = arch.experts ? moe * arch.experts.count * (h + (arch.experts.routerBias ? 1 : 0)) : 0;
  const qkNorms = arch.qkNorm ? 2 * d : 0;
  const perLayerOther = (arch.normsPerLayer ?? 2) * normSize + qkNorms + latentNorms + qkvBias + otherBias;
  const outside = (arch.finalNorm ? normSize : 0) + (arch.embeddingNorm ? normSize : 0) + (arch.pooler ? h * h + h : 0);
  const other = L * perLayerOther + router + outside;

  const total = blockLinear + embeddings + head + other;
  const inactiveExperts = moe * (experts - active) * mlpWeights(arch, expertWidth(arch));
  return { blockLinear, embeddingsAndHead: embeddings + head, other, total, activePerToken: total - inactiveExperts };
}

/**
 * Total parameters of a ResNet with bottleneck blocks (He et al. 2016 Table 1; torchvision's
 * layout, the stride on the 3×3 conv): convolutions without bias, batch-norm scale + shift,
 * 1×1 projection shortcuts at the first block of each stage, and the final fully connected layer.
 */
export function resnetParameterCount(arch: ResNetArchitecture): number {
  const stemChannels = 64;
  let total = 3 * stemChannels * 7 * 7 + 2 * stemChannels;
  let inChannels = stemChannels;
  arch.blocksPerStage.forEach((blocks, stage) => {
    const width = arch.widths[stage] ?? 0;
    const out = 4 * width;
    for (let block = 0; block < blocks; block++) {
      total += inChannels * width + 2 * width; // 1×1 reduce + BN
      total += width * width * 9 + 2 * width; // 3×3 + BN
      total += width * out + 2 * out; // 1×1 expand + BN
      if (block === 0) total += inChannels * out + 2 * out; // projection shortcut + BN
      inChannels = out;
    }
  });
  return total + inChannels * arch.classes + arch.classes;
}

export function architectureParameterCount(arch: ModelArchitecture): number {
  switch (arch.kind) {
    case 'transformer':
      return transformerParameterCounts(arch).total;
    case 'resnet':
      return resnetParameterCount(arch);
    case 'composite':
      return arch.components.reduce((sum, part) => sum + part.parameterCount, 0);
  }
}
