import { describe, expect, it } from 'vitest';
import { estimateMemory } from './estimate.js';
import type { EstimateInput } from './types.js';

const GB = 1e9;
const GIB = 1024 ** 3;
const modelStates = (e: ReturnType<typeof estimateMemory>) =>
  e.perGpu.weightsBytes + e.perGpu.gradientsBytes + e.perGpu.optimizerStatesBytes;

describe('published figures', () => {
  // ZeRO (arXiv:1910.02054) Figure 1: Ψ = 7.5B, N_d = 64, K = 12.
  const zero = (zeroStage: 0 | 1 | 2 | 3) =>
    estimateMemory({ task: 'train', model: { parameterCount: 7.5e9 }, precision: 'mixed-fp16', optimizer: 'adamw', gpuCount: zeroStage === 0 ? 1 : 64, zeroStage });

  it.each([
    [0, 120],
    [1, 31.4],
    [2, 16.6],
    [3, 1.9],
  ] as const)('ZeRO Figure 1: stage %d holds %d GB of model states per GPU', (stage, published) => {
    expect(modelStates(zero(stage)) / GB).toBeCloseTo(published, 1);
  });

  it('Llama 3 70B in fp16 needs about 140 GB for its weights, Llama 3.1 8B about 16 GB', () => {
    const big = estimateMemory({ task: 'inference', model: 'llama-3-70b', weightDtype: 'fp16' });
    expect(big.perGpu.weightsBytes / GB).toBeCloseTo(141.1, 1);
    expect(Math.abs(big.perGpu.weightsBytes / GB - 140) / 140).toBeLessThan(0.01);
    const small = estimateMemory({ task: 'inference', model: 'llama-3.1-8b', weightDtype: 'bf16' });
    expect(Math.round(small.perGpu.weightsBytes / GB)).toBe(16);
  });

  it('Llama 3 8B keeps exactly 1 GiB of fp16 KV cache per 8192-token sequence', () => {
    const e = estimateMemory({ task: 'inference', model: 'llama-3-8b', weightDtype: 'fp16', sequenceLength: 8192, batchSize: 1 });
    expect(e.perGpu.kvCacheBytes).toBe(GIB);
    const four = estimateMemory({ task: 'inference', model: 'llama-3-8b', sequenceLength: 8192, batchSize: 4, kvCacheDtype: 'fp8' });
    expect(four.perGpu.kvCacheBytes).toBe(2 * GIB);
  });

  it('PEFT reports 6,815,744 trainable parameters for Llama 3 8B with r = 16 on q/v', () => {
    const e = estimateMemory({ task: 'finetune', model: 'llama-3-8b', method: 'lora', loraRank: 16, loraTargets: 'qv' });
    expect(e.model.trainableParameterCount).toBe(6_815_744);
  });

  it('PEFT reports 41,943,040 trainable parameters for Mistral 7B with r = 16 on all linear layers', () => {
    const e = estimateMemory({ task: 'finetune', model: 'mistral-7b', method: 'lora', loraRank: 16, loraTargets: 'all-linear' });
    expect(e.model.trainableParameterCount).toBe(41_943_040);
  });

  it('Hugging Face’s anatomy page: AdamW fp32 training holds 16 bytes per parameter', () => {
    const e = estimateMemory({ task: 'train', model: 'bert-large', precision: 'fp32', optimizer: 'adamw' });
    expect(modelStates(e) / e.model.parameterCount).toBe(16);
  });
});

describe('training terms', () => {
  const perParam = (input: Partial<EstimateInput>) => {
    const e = estimateMemory({ task: 'train', model: { parameterCount: 1e9 }, ...input });
    return { w: e.perGpu.weightsBytes / 1e9, g: e.perGpu.gradientsBytes / 1e9, o: e.perGpu.optimizerStatesBytes / 1e9 };
  };

  it.each([
    ['fp32', 'adamw', { w: 4, g: 4, o: 8 }],
    ['mixed-bf16', 'adamw', { w: 2, g: 2, o: 12 }],
    ['mixed-fp16', 'adamw-8bit', { w: 2, g: 2, o: 6 }],
    ['bf16', 'adamw', { w: 2, g: 2, o: 4 }],
    ['bf16', 'adamw-8bit', { w: 2, g: 2, o: 2 }],
    ['fp32', 'sgd', { w: 4, g: 4, o: 0 }],
    ['fp32', 'sgd-momentum', { w: 4, g: 4, o: 4 }],
    ['mixed-bf16', 'sgd-momentum', { w: 2, g: 2, o: 8 }],
  ] as const)('%s + %s: bytes per parameter for weights, gradients, optimizer', (precision, optimizer, expected) => {
    expect(perParam({ precision, optimizer })).toEqual(expected);
  });

  it('Adafactor factors matrices: far below Adam, and needs the model’s shape', () => {
    const ada = estimateMemory({ task: 'train', model: 'llama-3-8b', precision: 'fp32', optimizer: 'adafactor' });
    const adam = estimateMemory({ task: 'train', model: 'llama-3-8b', precision: 'fp32', optimizer: 'adamw' });
    expect(ada.perGpu.optimizerStatesBytes).toBeLessThan(adam.perGpu.optimizerStatesBytes / 100);
    expect(ada.perGpu.optimizerStatesBytes).toBeGreaterThan(0);
    expect(() => estimateMemory({ task: 'train', model: { parameterCount: 1e9 }, optimizer: 'adafactor' })).toThrowError(
      expect.objectContaining({ key: 'advisor.error.adafactorNeedsArchitecture' }),
    );
  });

  it('ZeRO stage 1 divides only the optimizer states; DDP divides nothing', () => {
    const ddp = estimateMemory({ task: 'train', model: { parameterCount: 1e9 }, gpuCount: 4, zeroStage: 0 });
    const z1 = estimateMemory({ task: 'train', model: { parameterCount: 1e9 }, gpuCount: 4, zeroStage: 1 });
    expect(ddp.perGpu.optimizerStatesBytes).toBe(12e9);
    expect(z1.perGpu.optimizerStatesBytes).toBe(3e9);
    expect(z1.perGpu.gradientsBytes).toBe(ddp.perGpu.gradientsBytes);
    expect(z1.total.totalBytes).toBe(4 * z1.perGpu.totalBytes);
  });

  it('several GPUs without a stage default to ZeRO-3 (FSDP full shard) and say so', () => {
    const e = estimateMemory({ task: 'train', model: 'llama-3-8b', gpuCount: 8 });
    expect(e.settings.zeroStage).toBe(3);
    expect(e.assumptions.map((a) => a.key)).toContain('advisor.assume.sharding');
  });

  it('tensor parallelism divides model states and activations', () => {
    const one = estimateMemory({ task: 'train', model: 'llama-3-8b', gpuCount: 1 });
    const tp = estimateMemory({ task: 'train', model: 'llama-3-8b', gpuCount: 4, tensorParallel: 4 });
    expect(tp.settings.dataParallel).toBe(1);
    expect(tp.perGpu.weightsBytes).toBe(one.perGpu.weightsBytes / 4);
    expect(tp.perGpu.activationsBytes).toBe((one.perGpu.activationsBytes ?? 0) / 4);
  });

  it('full recomputation shrinks Llama 3 8B activations at 2048 tokens several-fold', () => {
    const none = estimateMemory({ task: 'train', model: 'llama-3-8b', recomputation: 'none' });
    const full = estimateMemory({ task: 'train', model: 'llama-3-8b', recomputation: 'full' });
    expect((none.perGpu.activationsBytes ?? 0) / (full.perGpu.activationsBytes ?? 1)).toBeGreaterThan(4);
  });

  it('LoRA: frozen 16-bit base plus fp32 adapters with their gradients and Adam states', () => {
    const e = estimateMemory({ task: 'finetune', model: 'llama-3-8b', method: 'lora', loraRank: 16, loraTargets: 'qv' });
    const p = 8_030_261_248;
    const trainable = 6_815_744;
    expect(e.perGpu.weightsBytes).toBe(2 * p + 4 * trainable);
    expect(e.perGpu.gradientsBytes).toBe(4 * trainable);
    expect(e.perGpu.optimizerStatesBytes).toBe(8 * trainable);
  });

  it('QLoRA stores the block linears in NF4 and leaves 16-bit embeddings: Llama 3 8B base ≈ 5.6 GB', () => {
    const e = estimateMemory({ task: 'finetune', model: 'llama-3-8b', method: 'qlora', loraRank: 16, loraTargets: 'qv' });
    const base = e.perGpu.weightsBytes - 4 * 6_815_744;
    const linear = 6_979_321_856; // 32 × (attention 41,943,040 + MLP 176,160,768)
    const embeddingsAndOther = 8_030_261_248 - linear;
    // 8/64 + 32/(64·256) = 0.127 bit of constants per weight (QLoRA §3)
    expect(base).toBeCloseTo(linear * (0.5 + (8 / 64 + 32 / (64 * 256)) / 8) + embeddingsAndOther * 2, 0);
    expect(base / GB).toBeGreaterThan(5.5);
    expect(base / GB).toBeLessThan(5.8);
    const noDq = estimateMemory({ task: 'finetune', model: 'llama-3-8b', method: 'qlora', loraRank: 16, loraTargets: 'qv', doubleQuantization: false });
    expect(noDq.perGpu.weightsBytes).toBeGreaterThan(e.perGpu.weightsBytes);
  });

  it('ResNet-50 training counts per-image activations times the micro-batch (default 32)', () => {
    const e = estimateMemory({ task: 'train', model: 'resnet-50', precision: 'fp32' });
    expect(e.settings.batchSize).toBe(32);
    expect((e.perGpu.activationsBytes ?? 0) / 1e9).toBeGreaterThan(2.7);
    expect((e.perGpu.activationsBytes ?? 0) / 1e9).toBeLessThan(3.1);
  });

  it('a model without a shape gets null activations, a reason, and a lower-bound total', () => {
    const e = estimateMemory({ task: 'train', model: { parameterCount: 1e9 } });
    expect(e.perGpu.activationsBytes).toBeNull();
    expect(e.complete).toBe(false);
    expect(e.missing).toEqual([{ term: 'activationsBytes', reason: 'needs-architecture' }]);
    // SDXL's UNet has a layout now (unet.ts): its training memory is complete.
    const sdxl = estimateMemory({ task: 'train', model: 'sdxl' });
    expect(sdxl.missing).toEqual([]);
    const measured = estimateMemory({ task: 'train', model: 'sdxl', activationsBytes: 10e9 });
    expect(measured.perGpu.activationsBytes).toBe(10e9);
    expect(measured.complete).toBe(true);
  });

  it('the overhead is 1 GiB per GPU unless overridden', () => {
    expect(estimateMemory({ task: 'train', model: 'gpt2' }).perGpu.overheadBytes).toBe(GIB);
    expect(estimateMemory({ task: 'train', model: 'gpt2', overheadBytes: 0 }).perGpu.overheadBytes).toBe(0);
  });
});

describe('inference terms', () => {
  it('int4 applies to the block linears with group-128 scales; embeddings stay 16-bit', () => {
    const e = estimateMemory({ task: 'inference', model: 'llama-3-8b', weightDtype: 'int4' });
    const linear = 6_979_321_856;
    expect(e.perGpu.weightsBytes).toBeCloseTo(linear * (0.5 + 2.5 / 128) + (8_030_261_248 - linear) * 2, 0);
    expect(e.perGpu.weightsBytes / GB).toBeGreaterThan(5.6);
    expect(e.perGpu.weightsBytes / GB).toBeLessThan(5.8);
  });

  it('splits weights over GPUs and replicates KV heads when t exceeds them', () => {
    const one = estimateMemory({ task: 'inference', model: 'llama-3-70b', sequenceLength: 8192 });
    const eight = estimateMemory({ task: 'inference', model: 'llama-3-70b', sequenceLength: 8192, gpuCount: 8 });
    const sixteen = estimateMemory({ task: 'inference', model: 'llama-3-70b', sequenceLength: 8192, gpuCount: 16 });
    expect(eight.perGpu.weightsBytes).toBe(one.perGpu.weightsBytes / 8);
    expect(eight.perGpu.kvCacheBytes).toBe((one.perGpu.kvCacheBytes ?? 0) / 8);
    expect(sixteen.perGpu.kvCacheBytes).toBe(eight.perGpu.kvCacheBytes);
  });

  it('Mistral’s 4096-token sliding window caps its KV cache', () => {
    const at4k = estimateMemory({ task: 'inference', model: 'mistral-7b', sequenceLength: 4096 });
    const at16k = estimateMemory({ task: 'inference', model: 'mistral-7b', sequenceLength: 16384 });
    expect(at16k.perGpu.kvCacheBytes).toBe(at4k.perGpu.kvCacheBytes);
    expect(at16k.assumptions.map((a) => a.key)).toContain('advisor.assume.slidingWindow');
  });

  it('BERT and ResNet have no KV cache; a custom model without shape has an unknown one', () => {
    expect(estimateMemory({ task: 'inference', model: 'bert-large' }).perGpu.kvCacheBytes).toBe(0);
    expect(estimateMemory({ task: 'inference', model: 'resnet-50' }).perGpu.kvCacheBytes).toBe(0);
    const custom = estimateMemory({ task: 'inference', model: { parameterCount: 7e9 } });
    expect(custom.perGpu.kvCacheBytes).toBeNull();
    expect(custom.missing.map((m) => m.term)).toEqual(['kvCacheBytes', 'activationsBytes']);
  });

  it('a custom model with a shape gets a GQA-aware KV cache', () => {
    const e = estimateMemory({ task: 'inference', model: { parameterCount: 8e9, layers: 32, hiddenSize: 4096, attentionHeads: 32, kvHeads: 8 }, sequenceLength: 8192 });
    expect(e.perGpu.kvCacheBytes).toBe(GIB);
  });

  it('SDXL in fp16 holds about 6.9 GB of weights; its working memory is the published per-image peak', () => {
    const e = estimateMemory({ task: 'inference', model: 'sdxl', weightDtype: 'fp16' });
    expect(e.perGpu.weightsBytes / GB).toBeCloseTo(6.94, 2);
    expect(e.missing).toEqual([]);
    expect(e.perGpu.activationsBytes ?? 0).toBeGreaterThan(3.5 * 1024 ** 3);
  });
});

describe('bad input', () => {
  const cases: [string, EstimateInput, string][] = [
    ['negative batch', { task: 'inference', model: 'llama-3-8b', batchSize: -1 }, 'advisor.error.badInteger'],
    ['fractional batch', { task: 'train', model: 'llama-3-8b', batchSize: 1.5 }, 'advisor.error.badInteger'],
    ['NaN parameters', { task: 'train', model: { parameterCount: Number.NaN } }, 'advisor.error.badNumber'],
    ['zero parameters', { task: 'train', model: { parameterCount: 0 } }, 'advisor.error.badNumber'],
    ['unknown preset', { task: 'train', model: 'gpt-17' }, 'advisor.error.unknownModel'],
    ['unknown dtype', { task: 'inference', model: 'llama-3-8b', weightDtype: 'int3' as never }, 'advisor.error.unknownDtype'],
    ['unknown task', { task: 'dance' as never, model: 'llama-3-8b' }, 'advisor.error.badChoice'],
    ['unknown optimizer', { task: 'train', model: 'gpt2', optimizer: 'lion' as never }, 'advisor.error.badChoice'],
    ['LoRA while training', { task: 'train', model: 'gpt2', method: 'lora' }, 'advisor.error.methodNeedsFinetune'],
    ['LoRA on a CNN', { task: 'finetune', model: 'resnet-50', method: 'lora' }, 'advisor.error.loraNeedsTransformer'],
    ['context past the model', { task: 'inference', model: 'gpt2', sequenceLength: 4096 }, 'advisor.error.contextTooLong'],
    ['TP not dividing GPUs', { task: 'train', model: 'gpt2', gpuCount: 6, tensorParallel: 4 }, 'advisor.error.tensorParallelDivides'],
    ['half a shape', { task: 'train', model: { parameterCount: 1e9, layers: 12 } }, 'advisor.error.partialShape'],
    ['heads not dividing hidden', { task: 'train', model: { parameterCount: 1e9, layers: 12, hiddenSize: 1000, attentionHeads: 12 } }, 'advisor.error.headsDontDivide'],
    ['negative overhead', { task: 'train', model: 'gpt2', overheadBytes: -5 }, 'advisor.error.badNumber'],
  ];
  it.each(cases)('%s → %s', (_name, input, key) => {
    expect(() => estimateMemory(input)).toThrowError(expect.objectContaining({ key, name: 'AdvisorError' }));
  });

  it('the error message names the bad value', () => {
    expect(() => estimateMemory({ task: 'inference', model: 'llama-3-8b', batchSize: -1 })).toThrowError(/batchSize.*-1/);
  });
});
