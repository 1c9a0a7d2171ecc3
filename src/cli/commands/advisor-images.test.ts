// `estimate` and `recommend` on image models, as a user types them, in both languages.

import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';

describe('SDXL LoRA', () => {
  it('estimate is no longer refused: rank 4, checkpointing on and derived activations, said in en and zh-CN', async () => {
    const en = await run(['estimate', '--task', 'finetune', '--model', 'sdxl', '--method', 'lora', '--gpu', 'rtx-3060-12gb']);
    expect(en.exitCode ?? 0).toBe(0);
    expect(en.out).toContain('LoRA rank 4');
    expect(en.out).toContain('5,806,080');
    expect(en.out).toContain('derived from the published layout');
    expect(en.out).toContain('Largest batch that fits');
    expect(en.out).not.toContain('tokens');
    const zh = await run(['estimate', '--task', 'finetune', '--model', 'sdxl', '--method', 'lora'], 'zh-CN');
    expect(zh.out).toContain('梯度检查点');
    expect(zh.out).toContain('并非实测');
  });

  it('QLoRA is a usage error that points at --method lora', async () => {
    const r = await run(['estimate', '--task', 'finetune', '--model', 'sdxl', '--method', 'qlora']);
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain('--method lora');
  });
});

describe('images per second', () => {
  it('SDXL inference ranked by throughput shows img/s from MLPerf; unpublished GPUs are listed apart without a speed', async () => {
    const r = await run(['recommend', '--task', 'inference', '--model', 'sdxl', '--sort', 'throughput']);
    expect(r.out).toMatch(/1\s+NVIDIA H200 SXM 141GB.*1\.71 img\/s/);
    expect(r.out).toContain('MLPerf Inference v4.0');
    expect(r.out).toContain('listed apart');
    expect(r.out).toContain('speed unknown rather than guessed');
    expect(r.out).not.toContain('TFLOPS');
  });

  it('ResNet-50 training: img/s and the dataset’s storage reads, never tokens; zh-CN too', async () => {
    const en = await run(['recommend', '--task', 'train', '--model', 'resnet-50', '--sort', 'throughput', '--limit', '1']);
    expect(en.out).toContain('2,470 img/s');
    expect(en.out).toContain('Dataset:');
    expect(en.out).not.toContain('tok/s');
    const zh = await run(['recommend', '--task', 'train', '--model', 'resnet-50', '--sort', 'throughput', '--limit', '1'], 'zh-CN');
    expect(zh.out).toContain('每秒 2,470 张图像');
    expect(zh.out).toContain('数据集');
  });
});

describe('--resolution', () => {
  it('estimates SDXL at 768² and says the figure is scaled; a side that does not divide is a usage error in both languages', async () => {
    const ok = await run(['estimate', '--task', 'inference', '--model', 'sdxl', '--resolution', '768']);
    expect(ok.exitCode ?? 0).toBe(0);
    expect(ok.out).toContain('768×768');
    expect(ok.out).toContain('scaled by the latent area');
    const bad = await run(['estimate', '--task', 'inference', '--model', 'sdxl', '--resolution', '1000']);
    expect(bad.exitCode).toBe(2);
    expect(bad.err).toContain('multiple of 32');
    const zh = await run(['estimate', '--task', 'inference', '--model', 'llama-3-8b', '--resolution', '512'], 'zh-CN');
    expect(zh.exitCode).toBe(2);
    expect(zh.err).toContain('--seq-len');
  });
});
