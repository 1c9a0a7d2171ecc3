// A latent-diffusion UNet (Stable Diffusion XL's, as diffusers' UNet2DConditionModel builds it):
// the linear layers LoRA adapts, and the activations one image leaves for the backward pass.
//
// Layout (SDXL's unet/config.json): conv_in to block_out_channels[0]; each down block has
// layers_per_block ResNet blocks, each followed by a Transformer2DModel of
// transformer_layers_per_block BasicTransformerBlocks where the block type has attention, and a
// stride-2 conv except the last; a mid block (ResNet, transformer, ResNet); up blocks in reverse
// with layers_per_block + 1 ResNets fed by the skip connections, a nearest-neighbour 2× upsample
// and a conv; then GroupNorm, SiLU and conv_out.
//
// Activations are counted tensor by tensor, as activations.ts does for transformers (values kept
// between forward and backward, 16-bit unless training in fp32):
//   ResNet block (in → out channels): GroupNorm input, SiLU input, conv1 input, then the same three
//     at the output width: 3·in + 3·out values per latent pixel;
//   BasicTransformerBlock (width d, per token): norm1/2/3 inputs and outputs (6d), self-attention
//     q, k, v, output (4d), cross-attention q and output (2d), GEGLU projection output (8d), GELU
//     output (4d) and the product (4d) = 28d, plus cross-attention k/v over the text tokens; a
//     Transformer2DModel adds its GroupNorm, proj_in and proj_out inputs (3d per token);
//     PyTorch's scaled-dot-product attention keeps no score matrix (FlashAttention, Dao et al.
//     2022); `standard` attention keeps the softmax output, heads × tokens² per layer;
//   with gradient checkpointing (diffusers checkpoints every ResNet and every
//   BasicTransformerBlock, huggingface/diffusers#4474) only each checkpointed unit's input stays,
//   plus the largest unit's full set while it is recomputed.
// This is a derivation from the published layout, not a measurement; docs/advisor.md lists the
// published figures it was checked against.

import type { LinearShape } from './architecture.js';

export interface UNetLayout {
  blockOutChannels: readonly number[];
  layersPerBlock: number;
  /** BasicTransformerBlocks per attention of each down block; 0 for a block without attention. */
  transformerLayers: readonly number[];
  midTransformerLayers: number;
  crossAttentionDim: number;
  /** Text tokens the cross-attention reads (CLIP's 77). */
  textTokens: number;
  headDim: number;
  /** Pixels per latent pixel along a side (the VAE's 8×) and the native resolution. */
  latentScale: number;
  resolution: number;
}

export type UNetLoraTargets = 'qv' | 'attention' | 'all-linear';

interface Unit {
  /** Values kept without checkpointing, and the checkpointed unit's input. */
  full: number;
  input: number;
  /** The largest part recomputed at once (one ResNet, or one transformer layer). */
  recomputed: number;
  checkpointed: boolean;
}

function resnet(inC: number, outC: number, side: number): Unit {
  const pixels = side * side;
  const full = pixels * (3 * inC + 3 * outC);
  return { full, input: pixels * inC, recomputed: full, checkpointed: true };
}

function transformer(layout: UNetLayout, d: number, side: number, layers: number, standardAttention: boolean): Unit[] {
  const tokens = side * side;
  const heads = d / layout.headDim;
  const scores = standardAttention ? heads * tokens * (tokens + layout.textTokens) : 0;
  const layer = tokens * 28 * d + 2 * layout.textTokens * d + scores;
  const outside: Unit = { full: 3 * tokens * d, input: 3 * tokens * d, recomputed: 0, checkpointed: false };
  const blocks = Array.from({ length: layers }, (): Unit => ({ full: layer, input: tokens * d, recomputed: layer, checkpointed: true }));
  return [outside, ...blocks];
}

const conv = (channels: number, side: number): Unit => ({ full: channels * side * side, input: channels * side * side, recomputed: 0, checkpointed: false });

function units(layout: UNetLayout, latentSide: number, standardAttention: boolean): Unit[] {
  const out: Unit[] = [];
  const widths = layout.blockOutChannels;
  let side = latentSide;
  let channels = widths[0] ?? 0;
  const skips: number[] = [channels];
  widths.forEach((width, i) => {
    const layers = layout.transformerLayers[i] ?? 0;
    for (let j = 0; j < layout.layersPerBlock; j++) {
      out.push(resnet(channels, width, side));
      channels = width;
      if (layers > 0) out.push(...transformer(layout, width, side, layers, standardAttention));
      skips.push(channels);
    }
    if (i < widths.length - 1) {
      out.push(conv(channels, side));
      side /= 2;
      skips.push(channels);
    }
  });
  out.push(resnet(channels, channels, side), ...transformer(layout, channels, side, layout.midTransformerLayers, standardAttention), resnet(channels, channels, side));
  for (let i = widths.length - 1; i >= 0; i--) {
    const width = widths[i] ?? 0;
    const layers = layout.transformerLayers[i] ?? 0;
    for (let j = 0; j <= layout.layersPerBlock; j++) {
      out.push(resnet(channels + (skips.pop() ?? 0), width, side));
      channels = width;
      if (layers > 0) out.push(...transformer(layout, width, side, layers, standardAttention));
    }
    if (i > 0) {
      side *= 2;
      out.push(conv(channels, side));
    }
  }
  out.push({ full: 3 * channels * side * side, input: 3 * channels * side * side, recomputed: 0, checkpointed: false });
  return out;
}

/** Activation values one image keeps at `resolution`, with or without gradient checkpointing. */
export function unetActivationValuesPerImage(layout: UNetLayout, resolution: number, checkpointing: boolean, standardAttention = false): number {
  const list = units(layout, resolution / layout.latentScale, standardAttention);
  if (!checkpointing) return list.reduce((sum, u) => sum + u.full, 0);
  const kept = list.reduce((sum, u) => sum + (u.checkpointed ? u.input : u.full), 0);
  return kept + Math.max(0, ...list.map((u) => u.recomputed));
}

/** The linear layers of the transformer blocks, as `LinearShape`s (module names as diffusers'). */
export function unetLinearShapes(layout: UNetLayout): LinearShape[] {
  const c = layout.crossAttentionDim;
  const levels = layout.blockOutChannels.map((d, i) => ({ d, layers: layout.transformerLayers[i] ?? 0, attentions: 2 * layout.layersPerBlock + 1 }));
  const last = layout.blockOutChannels[layout.blockOutChannels.length - 1] ?? 0;
  levels.push({ d: last, layers: layout.midTransformerLayers, attentions: 1 });
  return levels
    .filter((level) => level.layers > 0)
    .flatMap(({ d, layers, attentions }) => {
      const n = attentions * layers;
      return [
        { module: 'attn1.to_q', inFeatures: d, outFeatures: d, count: n },
        { module: 'attn1.to_k', inFeatures: d, outFeatures: d, count: n },
        { module: 'attn1.to_v', inFeatures: d, outFeatures: d, count: n },
        { module: 'attn1.to_out.0', inFeatures: d, outFeatures: d, count: n },
        { module: 'attn2.to_q', inFeatures: d, outFeatures: d, count: n },
        { module: 'attn2.to_k', inFeatures: c, outFeatures: d, count: n },
        { module: 'attn2.to_v', inFeatures: c, outFeatures: d, count: n },
        { module: 'attn2.to_out.0', inFeatures: d, outFeatures: d, count: n },
        { module: 'ff.net.0.proj', inFeatures: d, outFeatures: 8 * d, count: n },
        { module: 'ff.net.2', inFeatures: 4 * d, outFeatures: d, count: n },
        { module: 'proj_in', inFeatures: d, outFeatures: d, count: attentions },
        { module: 'proj_out', inFeatures: d, outFeatures: d, count: attentions },
      ];
    });
}

const LORA_MODULES: Record<UNetLoraTargets, (module: string) => boolean> = {
  qv: (m) => m.endsWith('to_q') || m.endsWith('to_v'),
  attention: (m) => m.startsWith('attn'),
  'all-linear': () => true,
};

/**
 * Parameters of rank-r LoRA adapters on the transformer blocks' linear layers: `attention` =
 * to_q, to_k, to_v, to_out.0 of self- and cross-attention (the diffusers SDXL DreamBooth LoRA
 * script's targets); `qv` = to_q and to_v; `all-linear` adds the GEGLU feed-forward and each
 * Transformer2DModel's proj_in and proj_out.
 */
export function unetLoraParameters(layout: UNetLayout, rank: number, targets: UNetLoraTargets): number {
  return unetLinearShapes(layout)
    .filter((shape) => LORA_MODULES[targets](shape.module))
    .reduce((sum, m) => sum + rank * (m.inFeatures + m.outFeatures) * m.count, 0);
}
