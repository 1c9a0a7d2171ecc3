// Each preset's parameter count, computed from its config.json shape, against the exact total its
// publisher or checkpoint states (the comment says where). A shape typed wrong by one number
// (a kv-head count, an intermediate size) moves the total and fails here.

import { describe, expect, it } from 'vitest';
import { getModelPreset, listModelPresets, presetParameterCount } from './models.js';

const EXACT: [id: string, published: number, where: string][] = [
  ['llama-2-7b', 6_738_415_616, 'Llama-2-7b-hf safetensors total; paper Table 1 "7B"'],
  ['llama-2-13b', 13_015_864_320, 'Llama-2-13b-hf safetensors total; paper Table 1 "13B"'],
  ['llama-2-70b', 68_976_648_192, 'Llama-2-70b-hf safetensors total; paper Table 1 "70B"'],
  ['llama-3.1-8b', 8_030_261_248, 'Llama-3.1-8B safetensors total'],
  ['llama-3.1-70b', 70_553_706_496, 'Llama-3.1-70B safetensors total'],
  ['llama-3.1-405b', 405_853_388_800, 'Llama-3.1-405B safetensors total'],
  ['qwen2.5-7b', 7_615_616_512, 'Qwen2.5-7B card "7.61B"; safetensors total'],
  ['qwen2.5-14b', 14_770_033_664, 'Qwen2.5-14B card "14.7B"; GGUF general.parameter_count 14770033664'],
  ['qwen2.5-32b', 32_763_876_352, 'Qwen2.5-32B card "32.5B"; safetensors "BF16": 32763876352'],
  ['qwen2.5-72b', 72_706_203_648, 'Qwen2.5-72B card "72.7B"; safetensors total'],
  ['glm-4-9b', 9_399_951_360, 'THUDM GLM-4 demo: "served by GLM-4, with 9399951360 (9.4B) parameters" (trainable)'],
  ['mixtral-8x7b', 46_702_792_704, 'Mixtral paper "46.7B total"; safetensors total'],
];

describe('preset parameter counts against the model cards', () => {
  it.each(EXACT)('%s has exactly %d parameters (%s)', (id, published) => {
    const preset = getModelPreset(id);
    expect(presetParameterCount(preset)).toBe(published);
    expect(preset.publishedParameterCount).toBe(published);
  });

  it('every preset cites its config.json or paper', () => {
    for (const preset of listModelPresets()) {
      expect(preset.sources.length, preset.id).toBeGreaterThan(0);
      if (preset.family === 'llm') expect(preset.sources.some((s) => s.includes('huggingface.co')), preset.id).toBe(true);
    }
  });

  it('Llama 3.1 is its own preset with the 128k context, not an alias of Llama 3', () => {
    expect(getModelPreset('llama-3.1-8b').id).toBe('llama-3.1-8b');
    expect(getModelPreset('Meta-Llama-3.1-8B').id).toBe('llama-3.1-8b');
    const ctx = (id: string) => {
      const arch = getModelPreset(id).architecture;
      return arch.kind === 'transformer' ? arch.maxContext : null;
    };
    expect(ctx('llama-3.1-8b')).toBe(131072);
    expect(ctx('llama-3-8b')).toBe(8192);
  });

  it('Llama 2 7B/13B use full multi-head attention; 70B uses GQA with 8 KV heads', () => {
    const kv = (id: string) => {
      const arch = getModelPreset(id).architecture;
      return arch.kind === 'transformer' ? [arch.attentionHeads, arch.kvHeads] : null;
    };
    expect(kv('llama-2-7b')).toEqual([32, 32]);
    expect(kv('llama-2-13b')).toEqual([40, 40]);
    expect(kv('llama-2-70b')).toEqual([64, 8]);
  });
});
