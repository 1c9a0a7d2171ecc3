import { describe, expect, it } from 'vitest';
import { korthikantiLayerBytes, resnetActivationValuesPerImage, transformerActivationBytes } from './activations.js';
import type { TransformerArchitecture } from './architecture.js';
import { getModelPreset } from './models.js';

// The shape eq. (1) of Korthikanti et al. assumes: GPT-style, 4h GeLU MLP, MHA, dropout.
const gpt = (h: number, a: number, layers: number): TransformerArchitecture => ({
  kind: 'transformer',
  layers,
  hiddenSize: h,
  attentionHeads: a,
  kvHeads: a,
  headDim: h / a,
  intermediateSize: 4 * h,
  vocabSize: 0,
  gatedMlp: false,
  linearBias: 'all',
  norm: 'layernorm',
  tiedEmbeddings: true,
  learnedPositions: 0,
  tokenTypes: 0,
  finalNorm: true,
  embeddingNorm: false,
  pooler: false,
  dropout: true,
  experts: null,
  maxContext: 1 << 20,
  slidingWindow: null,
});

const layerOnly = (input: Parameters<typeof transformerActivationBytes>[0]) => transformerActivationBytes(input).layersBytes;

describe('transformer activations (Korthikanti et al. 2022)', () => {
  // GPT-3 175B shape from the paper's Table 3: h = 12288, a = 96, s = 2048.
  const arch = gpt(12288, 96, 96);
  const base = { arch, sequenceLength: 2048, microBatchSize: 1, bytesPerValue: 2, tensorParallel: 1 } as const;

  it('reduces to eq. (1), s·b·h·(34 + 5as/h) per layer, for the paper’s case', () => {
    const ours = layerOnly({ ...base, recomputation: 'none', attention: 'standard' });
    expect(ours).toBe(96 * korthikantiLayerBytes(2048, 1, 12288, 96));
  });

  it('selective recomputation leaves 34·s·b·h per layer (§4.2)', () => {
    const ours = layerOnly({ ...base, recomputation: 'selective', attention: 'standard' });
    expect(ours).toBe(96 * 34 * 2048 * 12288);
  });

  it('full recomputation keeps 2·s·b·h per layer plus one layer being recomputed (§4.3)', () => {
    const ours = layerOnly({ ...base, recomputation: 'full', attention: 'standard' });
    expect(ours).toBe(96 * 2 * 2048 * 12288 + korthikantiLayerBytes(2048, 1, 12288, 96));
  });

  it('tensor parallelism with sequence parallelism divides by t (eq. 5)', () => {
    const t1 = layerOnly({ ...base, recomputation: 'none', attention: 'standard' });
    const t8 = layerOnly({ ...base, recomputation: 'none', attention: 'standard', tensorParallel: 8 });
    expect(t8).toBe(t1 / 8);
  });

  it('FlashAttention drops the 5as/h term and keeps only a log-sum-exp per head and token', () => {
    const flash = layerOnly({ ...base, recomputation: 'none', attention: 'flash' });
    expect(flash).toBe(96 * (34 * 2048 * 12288 + 4 * 96 * 2048));
  });

  it('scales linearly with micro-batch and quadratically in s only through the score term', () => {
    const b1 = layerOnly({ ...base, recomputation: 'none', attention: 'standard' });
    const b4 = layerOnly({ ...base, microBatchSize: 4, recomputation: 'none', attention: 'standard' });
    expect(b4).toBe(4 * b1);
    const flashS = layerOnly({ ...base, recomputation: 'none', attention: 'flash' });
    const flash2S = layerOnly({ ...base, sequenceLength: 4096, recomputation: 'none', attention: 'flash' });
    expect(flash2S).toBe(2 * flashS);
  });

  it('counts GQA-sized K/V and four SwiGLU intermediates for Llama 3 8B, without dropout', () => {
    const llama = getModelPreset('llama-3-8b').architecture as TransformerArchitecture;
    const perToken = layerOnly({ arch: llama, sequenceLength: 1, microBatchSize: 1, bytesPerValue: 2, recomputation: 'selective', attention: 'standard', tensorParallel: 1 }) / 32;
    // attention 2·(4096 + 2·4096 + 2·1024) + MLP 2·(4096 + 4·14336) + norms 2·2·4096
    expect(perToken).toBe(2 * (4096 + 8192 + 2048) + 2 * (4096 + 4 * 14336) + 4 * 4096);
  });

  it('adds the output layer: final-norm input, 16-bit logits and their fp32 copy', () => {
    const llama = getModelPreset('llama-3-8b').architecture as TransformerArchitecture;
    const result = transformerActivationBytes({ arch: llama, sequenceLength: 2048, microBatchSize: 1, bytesPerValue: 2, recomputation: 'full', attention: 'flash', tensorParallel: 1 });
    expect(result.outputLayerBytes).toBe(2048 * (2 * 4096 + 6 * 128256));
    expect(result.totalBytes).toBe(result.layersBytes + result.outputLayerBytes);
  });
});

describe('ResNet activations', () => {
  it('ResNet-50 at 224² keeps about 22 M values per image (≈ 90 MB in fp32)', () => {
    const arch = getModelPreset('resnet-50').architecture;
    if (arch.kind !== 'resnet') throw new Error('resnet expected');
    const values = resnetActivationValuesPerImage(arch);
    // 2 × 11,113,984 conv outputs + 200,704 max-pool + 150,528 input + 2048 pooled
    expect(values).toBe(2 * 11_113_984 + 200_704 + 150_528 + 2048);
    expect((values * 4) / 1e6).toBeGreaterThan(85);
    expect((values * 4) / 1e6).toBeLessThan(95);
  });

  it('grows with the square of the input resolution', () => {
    const arch = getModelPreset('resnet-50').architecture;
    if (arch.kind !== 'resnet') throw new Error('resnet expected');
    const at448 = resnetActivationValuesPerImage({ ...arch, inputResolution: 448 });
    expect(at448 / resnetActivationValuesPerImage(arch)).toBeCloseTo(4, 1);
  });
});
