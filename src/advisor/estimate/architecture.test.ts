import { describe, expect, it } from 'vitest';
import { blockLinearShapes, resnetParameterCount, transformerParameterCounts, type TransformerArchitecture } from './architecture.js';
import { getModelPreset, listModelPresets, presetParameterCount } from './models.js';

describe('parameter counts computed from config.json shapes', () => {
  // Exact totals as the checkpoints report them (safetensors metadata / model cards).
  it.each([
    ['llama-3-8b', 8_030_261_248],
    ['llama-3-70b', 70_553_706_496],
    ['llama-3.1-405b', 405_853_388_800],
    ['qwen2.5-7b', 7_615_616_512],
    ['qwen2.5-72b', 72_706_203_648],
    ['mistral-7b', 7_241_732_096],
    ['mixtral-8x7b', 46_702_792_704],
    ['gpt2', 124_439_808],
    ['resnet-50', 25_557_032],
  ])('%s has exactly %d parameters', (id, published) => {
    expect(presetParameterCount(getModelPreset(id))).toBe(published);
  });

  it('BERT-Large counts 335M, which the paper rounds to 340M', () => {
    const count = presetParameterCount(getModelPreset('bert-large'));
    expect(count).toBe(335_141_888);
    expect(Math.abs(count - 340e6) / 340e6).toBeLessThan(0.02);
  });

  it('SDXL base sums its components to the announced 3.5B, text encoders to the paper’s 817M', () => {
    const preset = getModelPreset('sdxl');
    expect(Math.abs(presetParameterCount(preset) - 3.5e9) / 3.5e9).toBeLessThan(0.01);
    if (preset.architecture.kind !== 'composite') throw new Error('sdxl is composite');
    const text = preset.architecture.components.filter((c) => c.id.startsWith('text_encoder')).reduce((s, c) => s + c.parameterCount, 0);
    expect(text).toBe(817_720_320);
  });

  it('every preset is within 2 % of its published total', () => {
    for (const preset of listModelPresets()) {
      const ratio = presetParameterCount(preset) / preset.publishedParameterCount;
      expect(ratio, preset.id).toBeGreaterThan(0.98);
      expect(ratio, preset.id).toBeLessThan(1.02);
    }
  });

  it('Mixtral activates 12.9B of its 46.7B parameters per token', () => {
    const arch = getModelPreset('mixtral-8x7b').architecture as TransformerArchitecture;
    expect(transformerParameterCounts(arch).activePerToken / 1e9).toBeCloseTo(12.9, 1);
  });

  it('finds presets by alias in any case and rejects unknown names with a typed error', () => {
    expect(getModelPreset('Meta-Llama-3-8B').id).toBe('llama-3-8b');
    expect(getModelPreset('ResNet50').id).toBe('resnet-50');
    expect(() => getModelPreset('llama-9')).toThrowError(expect.objectContaining({ key: 'advisor.error.unknownModel' }));
  });
});

describe('block linear shapes', () => {
  it('lists GQA-sized k/v projections and three SwiGLU matrices', () => {
    const arch = getModelPreset('llama-3-8b').architecture as TransformerArchitecture;
    const shapes = Object.fromEntries(blockLinearShapes(arch).map((s) => [s.module, s]));
    expect(shapes.k_proj).toMatchObject({ inFeatures: 4096, outFeatures: 1024, count: 32 });
    expect(shapes.gate_proj).toMatchObject({ inFeatures: 4096, outFeatures: 14336 });
    expect(shapes.down_proj).toMatchObject({ inFeatures: 14336, outFeatures: 4096 });
  });

  it('multiplies MLPs by the expert count', () => {
    const arch = getModelPreset('mixtral-8x7b').architecture as TransformerArchitecture;
    expect(blockLinearShapes(arch).find((s) => s.module === 'up_proj')?.count).toBe(32 * 8);
  });

  it('ResNet-18-like shapes change the count (the function reads the architecture)', () => {
    const fewer = resnetParameterCount({ kind: 'resnet', blocksPerStage: [1, 1, 1, 1], widths: [64, 128, 256, 512], inputResolution: 224, classes: 1000 });
    expect(fewer).toBeLessThan(25_557_032);
  });
});
