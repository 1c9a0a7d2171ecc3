import { describe, expect, it } from 'vitest';
import { renderNote } from '../notes.js';
import { AdvisorError } from '../errors.js';
import { estimateMemory } from './estimate.js';
import { getModelPreset } from './models.js';
import { unetActivationValuesPerImage, unetLoraParameters } from './unet.js';

const GB = 1e9;
const GIB = 1024 ** 3;
const sdxl = getModelPreset('sdxl');
const layout = sdxl.architecture.kind === 'composite' ? sdxl.architecture.denoiser?.layout : undefined;
if (!layout) throw new Error('the SDXL preset lost its UNet layout');
const frozenOnGpu = (e: ReturnType<typeof estimateMemory>) => (e.model.parameterCount - 2_567_463_684) * 2;

describe('SDXL LoRA against published figures', () => {
  it('rank 4 on to_q/to_k/to_v/to_out is 5,806,080 parameters: the 23.4 MB fp32 file diffusers writes, less its header', () => {
    // diffusers' train_dreambooth_lora_sdxl.py saves pytorch_lora_weights.safetensors of 23.4 MB
    // at its default rank 4 (e.g. huggingface.co/LilyNgo/dreambooth_lora-trained-xl-colab).
    const params = unetLoraParameters(layout, 4, 'attention');
    expect(params).toBe(5_806_080);
    expect((params * 4) / 23.4e6).toBeGreaterThan(0.99);
    expect((params * 4) / 23.4e6).toBeLessThanOrEqual(1);
  });

  it('is no longer refused: rank 4 by default, checkpointing on, and it fits the 16 GB diffusers PR #4470 aimed at even at batch 2', () => {
    const e = estimateMemory({ task: 'finetune', model: 'sdxl', method: 'lora', batchSize: 2 });
    expect(e.model.trainableParameterCount).toBe(5_806_080);
    expect(e.settings.loraRank).toBe(4);
    expect(e.settings.recomputation).toBe('full');
    expect(e.complete).toBe(true);
    expect(e.perGpu.totalBytes).toBeLessThan(16 * GB);
    const keys = e.assumptions.map((n) => n.key);
    expect(keys).toContain('advisor.assume.diffusionCheckpointing');
    expect(keys).toContain('advisor.assume.unetActivationsCheckpointed');
  });

  it('QLoRA is refused with a sentence that names the model and the way out, in both languages', () => {
    let caught: unknown;
    try {
      estimateMemory({ task: 'finetune', model: 'sdxl', method: 'qlora' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AdvisorError);
    const error = caught as AdvisorError;
    expect(error.key).toBe('advisor.error.qloraNeedsTransformer');
    expect(error.message).toContain('--method lora');
    expect(renderNote('zh-CN', { key: error.key, params: error.params })).toContain('Stable Diffusion XL');
  });
});

describe('SDXL full fine-tuning against the kohya-ss recipe', () => {
  // kohya-ss docs/train_SDXL-en.md: "The fine-tuning can be done with 24GB GPU memory with the
  // batch size of 1" — U-Net only, gradient checkpointing, cached text-encoder outputs and
  // latents, Adafactor; "AdamW 8bit doesn't seem to work".
  it('U-Net only with Adafactor at batch 1 fits 24 GB once the text encoders and VAE are cached off the GPU', () => {
    const e = estimateMemory({ task: 'finetune', model: 'sdxl', optimizer: 'adafactor' });
    expect(e.model.trainableParameterCount).toBe(2_567_463_684);
    expect(e.perGpu.totalBytes - frozenOnGpu(e)).toBeLessThan(24 * GB);
  });

  it('… and 8-bit AdamW does not', () => {
    const e = estimateMemory({ task: 'finetune', model: 'sdxl', optimizer: 'adamw-8bit' });
    expect(e.perGpu.totalBytes - frozenOnGpu(e)).toBeGreaterThan(24 * GB);
  });
});

describe('UNet activations (derived from the layout)', () => {
  it('checkpointing keeps under 1 GiB per 1024² image; without it several GiB', () => {
    const kept = unetActivationValuesPerImage(layout, 1024, true) * 2;
    const all = unetActivationValuesPerImage(layout, 1024, false) * 2;
    expect(kept / GIB).toBeGreaterThan(0.4);
    expect(kept / GIB).toBeLessThan(1);
    expect(all / kept).toBeGreaterThan(5);
  });

  it('scale with the latent area (512² keeps a quarter of 1024²), and standard attention adds the score matrices', () => {
    const big = unetActivationValuesPerImage(layout, 1024, false);
    const small = unetActivationValuesPerImage(layout, 512, false);
    expect(big / small).toBeCloseTo(4, 1);
    expect(unetActivationValuesPerImage(layout, 1024, false, true)).toBeGreaterThan(big * 1.5);
  });

  it('grow with the batch, and --recompute none turns checkpointing off', () => {
    const one = estimateMemory({ task: 'finetune', model: 'sdxl', method: 'lora' });
    const four = estimateMemory({ task: 'finetune', model: 'sdxl', method: 'lora', batchSize: 4 });
    expect((four.perGpu.activationsBytes ?? 0) / (one.perGpu.activationsBytes ?? 1)).toBeCloseTo(4, 5);
    const off = estimateMemory({ task: 'finetune', model: 'sdxl', method: 'lora', recomputation: 'none' });
    expect(off.assumptions.map((n) => n.key)).not.toContain('advisor.assume.diffusionCheckpointing');
    expect(off.perGpu.activationsBytes ?? 0).toBeGreaterThan(5 * (one.perGpu.activationsBytes ?? 0));
  });
});

describe('ResNet-50', () => {
  it('LoRA is refused (no transformer to adapt); training and inference carry no KV cache and no LLM sources', () => {
    expect(() => estimateMemory({ task: 'finetune', model: 'resnet-50', method: 'lora' })).toThrow(AdvisorError);
    const inference = estimateMemory({ task: 'inference', model: 'resnet-50', batchSize: 8 });
    expect(inference.perGpu.kvCacheBytes).toBe(0);
    expect(inference.sources.join(' ')).not.toContain('PagedAttention');
    expect(estimateMemory({ task: 'inference', model: 'sdxl' }).sources.join(' ')).toContain('simple_sdxl_optimizations');
  });
});

describe('image inference on several GPUs', () => {
  it('runs replicas: every GPU holds the whole SDXL pipeline and 1/N of the batch, not 1/N of the weights', () => {
    const one = estimateMemory({ task: 'inference', model: 'sdxl', batchSize: 8 });
    const four = estimateMemory({ task: 'inference', model: 'sdxl', batchSize: 8, gpuCount: 4 });
    expect(four.perGpu.weightsBytes).toBe(one.perGpu.weightsBytes);
    expect(four.perGpu.activationsBytes).toBeCloseTo((one.perGpu.activationsBytes ?? 0) / 4, 0);
    expect(four.assumptions.map((n) => n.key)).toContain('advisor.assume.imageReplicas');
    expect(estimateMemory({ task: 'inference', model: 'llama-3-8b', gpuCount: 2 }).assumptions.map((n) => n.key)).toContain('advisor.assume.inferenceSplit');
  });
});

describe('--resolution', () => {
  it('SDXL LoRA at 512² keeps a quarter of the activations; ResNet-50 at 448² four times; the published speed does not carry over', () => {
    const native = estimateMemory({ task: 'finetune', model: 'sdxl', method: 'lora' });
    const half = estimateMemory({ task: 'finetune', model: 'sdxl', method: 'lora', imageResolution: 512 });
    expect(half.settings.imageResolution).toBe(512);
    expect((half.perGpu.activationsBytes ?? 0) / (native.perGpu.activationsBytes ?? 1)).toBeGreaterThan(0.2);
    expect((half.perGpu.activationsBytes ?? 0) / (native.perGpu.activationsBytes ?? 1)).toBeLessThan(0.3);
    const resnet = estimateMemory({ task: 'train', model: 'resnet-50' });
    const big = estimateMemory({ task: 'train', model: 'resnet-50', imageResolution: 448 });
    expect((big.perGpu.activationsBytes ?? 0) / (resnet.perGpu.activationsBytes ?? 1)).toBeCloseTo(4, 1);
    const inference = estimateMemory({ task: 'inference', model: 'sdxl', imageResolution: 768 });
    expect(inference.assumptions.map((n) => n.key)).toContain('advisor.assume.diffusionWorkspaceScaled');
  });

  it('is refused for language models and for sides the feature maps cannot divide', () => {
    expect(() => estimateMemory({ task: 'inference', model: 'llama-3-8b', imageResolution: 512 })).toThrow(/--seq-len/);
    expect(() => estimateMemory({ task: 'inference', model: 'sdxl', imageResolution: 1000 })).toThrow(/multiple of 32/);
    expect(estimateMemory({ task: 'inference', model: 'llama-3-8b' }).settings.imageResolution).toBeNull();
  });
});
