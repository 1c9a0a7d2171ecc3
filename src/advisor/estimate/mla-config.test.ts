import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../../test/helpers/fuzz.js';
import { isAdvisorError } from '../errors.js';
import { fitOnGpu } from '../recommend/fit-gpu.js';
import { transformerParameterCounts } from './architecture.js';
import { estimateMemory } from './estimate.js';
import { architectureFromHfConfig } from './hf-config.js';
import { kvValuesPerLayerPerToken } from './inference.js';
import { getModelPreset, presetParameterCount } from './models.js';

const GIB = 1024 ** 3;

// deepseek-ai/DeepSeek-V3, config.json on the Hugging Face Hub (the fields that size the model).
const DEEPSEEK_V3 = {
  model_type: 'deepseek_v3',
  hidden_size: 7168,
  intermediate_size: 18432,
  moe_intermediate_size: 2048,
  num_hidden_layers: 61,
  num_attention_heads: 128,
  num_key_value_heads: 128,
  n_routed_experts: 256,
  n_shared_experts: 1,
  num_experts_per_tok: 8,
  first_k_dense_replace: 3,
  topk_method: 'noaux_tc',
  q_lora_rank: 1536,
  kv_lora_rank: 512,
  qk_nope_head_dim: 128,
  qk_rope_head_dim: 64,
  v_head_dim: 128,
  vocab_size: 129280,
  max_position_embeddings: 163840,
  tie_word_embeddings: false,
  hidden_act: 'silu',
};

// meta-llama/Meta-Llama-3-8B config.json.
const LLAMA_3_8B = {
  model_type: 'llama',
  hidden_size: 4096,
  intermediate_size: 14336,
  num_hidden_layers: 32,
  num_attention_heads: 32,
  num_key_value_heads: 8,
  vocab_size: 128256,
  max_position_embeddings: 8192,
  tie_word_embeddings: false,
  hidden_act: 'silu',
  torch_dtype: 'bfloat16',
};

describe('DeepSeek-V3 from its config.json (multi-head latent attention, DeepSeekMoE)', () => {
  const { architecture } = architectureFromHfConfig(DEEPSEEK_V3, 'config.json');

  it('counts 671B parameters, 37B of them active per token, as the paper states (MTP module excluded)', () => {
    const counts = transformerParameterCounts(architecture);
    expect(counts.total).toBe(671_026_419_200);
    expect(counts.activePerToken / 1e9).toBeGreaterThan(37);
    expect(counts.activePerToken / 1e9).toBeLessThan(38);
  });

  it('caches kv_lora_rank + qk_rope_head_dim = 576 values per layer per token (DeepSeek-V2 Table 1: (d_c + d_h^R)·l), whatever the tensor parallelism', () => {
    expect(kvValuesPerLayerPerToken(architecture)).toBe(576);
    expect(kvValuesPerLayerPerToken(architecture, 8)).toBe(576);
    const one = estimateMemory({ task: 'inference', model: { name: 'dsv3', architecture }, sequenceLength: 1, batchSize: 1, kvCacheDtype: 'bf16', gpuCount: 1 });
    expect(one.perGpu.kvCacheBytes).toBe(576 * 61 * 2);
    expect(one.assumptions.map((a) => a.key)).toContain('advisor.assume.mlaCache');
    // GQA would cache 2 × 128 heads × 192 per layer: MLA is ~57× smaller.
    expect((2 * 128 * 192) / 576).toBeGreaterThan(40);
  });
});

describe('a Hugging Face config.json', () => {
  it('Llama 3 8B from its config gives the preset’s exact parameter count', () => {
    const { architecture } = architectureFromHfConfig(LLAMA_3_8B, 'llama.json');
    expect(transformerParameterCounts(architecture).total).toBe(presetParameterCount(getModelPreset('llama-3-8b')));
    expect(transformerParameterCounts(architecture).total).toBe(8_030_261_248);
  });

  it('reads a multimodal config’s text_config', () => {
    const { architecture } = architectureFromHfConfig({ model_type: 'llava', text_config: LLAMA_3_8B, vision_config: { hidden_size: 1024 } }, 'llava.json');
    expect(architecture.layers).toBe(32);
  });

  it.each([
    ['not an object', 'llama', 'advisor.error.configNotObject'],
    ['an array', [1, 2, 3], 'advisor.error.configNotObject'],
    ['null', null, 'advisor.error.configNotObject'],
    ['no layers', { ...LLAMA_3_8B, num_hidden_layers: undefined }, 'advisor.error.configFieldMissing'],
    ['layers as a string', { ...LLAMA_3_8B, num_hidden_layers: '32' }, 'advisor.error.configFieldNotNumber'],
    ['negative width', { ...LLAMA_3_8B, hidden_size: -4096 }, 'advisor.error.configFieldTooSmall'],
    ['fractional heads', { ...LLAMA_3_8B, num_attention_heads: 32.5 }, 'advisor.error.configFieldNotWhole'],
    ['absurd vocabulary', { ...LLAMA_3_8B, vocab_size: 1e12 }, 'advisor.error.configFieldTooLarge'],
    ['heads that do not group', { ...LLAMA_3_8B, num_key_value_heads: 7 }, 'advisor.error.configKvHeads'],
    ['width not divisible by heads', { ...LLAMA_3_8B, hidden_size: 4097 }, 'advisor.error.configHeadDim'],
    ['more active experts than experts', { ...LLAMA_3_8B, num_local_experts: 8, num_experts_per_tok: 9 }, 'advisor.error.configTooManyActiveExperts'],
    ['MLA without its head dims', { ...LLAMA_3_8B, kv_lora_rank: 512 }, 'advisor.error.configFieldMissing'],
  ])('refuses %s with a message naming the file', (_what, raw, key) => {
    let caught: unknown = null;
    try {
      architectureFromHfConfig(raw, 'bad.json');
    } catch (error) {
      caught = error;
    }
    expect(isAdvisorError(caught)).toBe(true);
    if (isAdvisorError(caught)) {
      expect(caught.key).toBe(key);
      expect(caught.params.path).toBe('bad.json');
    }
  });

  it('ignores prototype keys and unknown fields', () => {
    const hostile = JSON.parse(`{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}, ${JSON.stringify(LLAMA_3_8B).slice(1)}`);
    const { architecture } = architectureFromHfConfig(hostile, 'h.json');
    expect(architecture.layers).toBe(32);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives mutated configs: a parsed shape or an AdvisorError, nothing else (seeded fuzz)', () => {
    const fuzz = createFuzzer(1717);
    const text = JSON.stringify(DEEPSEEK_V3);
    for (let i = 0; i < 300; i++) {
      let raw: unknown;
      try {
        raw = JSON.parse(fuzz.mutate(text));
      } catch {
        continue;
      }
      try {
        const { architecture } = architectureFromHfConfig(raw, 'fuzz.json');
        expect(Number.isFinite(transformerParameterCounts(architecture).total)).toBe(true);
      } catch (error) {
        expect(isAdvisorError(error)).toBe(true);
      }
    }
  });
});

describe('QLoRA defaults as the recipes run it', () => {
  it('Llama 3 70B QLoRA defaults to gradient checkpointing: ≈45.5 GiB, like the paper’s 65B on one 48 GB GPU — and says so', () => {
    const e = estimateMemory({ task: 'finetune', model: 'llama-3-70b', method: 'qlora' });
    expect(e.settings.recomputation).toBe('full');
    expect(e.perGpu.totalBytes / GIB).toBeGreaterThan(45);
    expect(e.perGpu.totalBytes / GIB).toBeLessThan(46);
    expect(e.assumptions.map((a) => a.key)).toContain('advisor.assume.peftCheckpointing');
  });

  it('turning it off is one setting, and full fine-tuning keeps no recomputation by default', () => {
    const off = estimateMemory({ task: 'finetune', model: 'llama-3-70b', method: 'qlora', recomputation: 'none' });
    expect(off.perGpu.totalBytes / GIB).toBeGreaterThan(90);
    expect(off.assumptions.map((a) => a.key)).not.toContain('advisor.assume.peftCheckpointing');
    expect(estimateMemory({ task: 'finetune', model: 'llama-3-8b' }).settings.recomputation).toBe('none');
  });
});

describe('estimate --gpu: does it fit this card, and the largest batch that does', () => {
  it('Llama 3 8B inference on an RTX 4090 fits; the largest batch fits and one more does not', () => {
    const input = { task: 'inference' as const, model: 'llama-3-8b', sequenceLength: 4096 };
    const fit = fitOnGpu(input, 'rtx-4090');
    expect(fit.fits).toBe(true);
    expect(fit.largestBatch).toBeGreaterThan(1);
    const batch = fit.largestBatch ?? 0;
    expect(estimateMemory({ ...input, batchSize: batch }).perGpu.totalBytes).toBeLessThanOrEqual(fit.memory.usableBytes);
    expect(estimateMemory({ ...input, batchSize: batch + 1 }).perGpu.totalBytes).toBeGreaterThan(fit.memory.usableBytes);
  });

  it('Llama 3 70B fp16 does not fit an RTX 4090 at any batch', () => {
    const fit = fitOnGpu({ task: 'inference', model: 'llama-3-70b' }, 'rtx-4090');
    expect(fit.fits).toBe(false);
    expect(fit.largestBatch).toBeNull();
  });

  it('an unknown GPU is an error', () => {
    expect(() => fitOnGpu({ task: 'inference', model: 'llama-3-8b' }, 'voodoo-5')).toThrowError(expect.objectContaining({ key: 'advisor.error.unknownGpu' }));
  });
});

describe('diffusion inference from a published peak', () => {
  it('SDXL in fp16 at 1024² for a batch of 4 needs the 21.7 GiB Hugging Face measured, plus the runtime overhead', () => {
    const e = estimateMemory({ task: 'inference', model: 'sdxl', batchSize: 4, weightDtype: 'fp16' });
    expect(e.complete).toBe(true);
    expect(e.perGpu.kvCacheBytes).toBe(0);
    expect((e.perGpu.totalBytes - e.perGpu.overheadBytes) / GIB).toBeCloseTo(21.7, 1);
    expect(e.assumptions.map((a) => a.key)).toContain('advisor.assume.diffusionWorkspace');
  });

  it('in fp32 there is no published figure, so the activations stay unknown rather than guessed', () => {
    const e = estimateMemory({ task: 'inference', model: 'sdxl', weightDtype: 'fp32' });
    expect(e.perGpu.activationsBytes).toBeNull();
    expect(e.complete).toBe(false);
  });
});
