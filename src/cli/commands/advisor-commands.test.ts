import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';

describe('gpuwise estimate', () => {
  it('prints the breakdown with assumptions and sources', async () => {
    const r = await run(['estimate', '--task', 'inference', '--model', 'llama-3-8b', '--dtype', 'fp16', '--seq-len', '8192']);
    expect(r.exitCode).toBe(0);
    expect(r.out).toContain('Llama 3 8B — inference: 8.03 B parameters');
    expect(r.out).toMatch(/KV cache\s+1\.0 GiB/);
    expect(r.out).toContain('https://huggingface.co/meta-llama/Meta-Llama-3-8B/blob/main/config.json');
  });

  it('--json prints exactly the typed result', async () => {
    const r = await run(['estimate', '--model', 'gpt2', '--json']);
    const parsed = JSON.parse(r.out);
    expect(parsed.model.parameterCount).toBe(124_439_808);
    expect(parsed.perGpu.weightsBytes).toBe(124_439_808 * 2);
  });

  it('takes a size instead of a preset, and says what it cannot count', async () => {
    const r = await run(['estimate', '--params', '7B', '--task', 'train'], 'zh-CN');
    expect(r.exitCode).toBe(0);
    expect(r.out).toContain('需要模型结构');
    expect(r.out).toContain('合计（至少）');
  });

  it('lists the presets', async () => {
    const r = await run(['estimate', '--list-models']);
    expect(r.out).toContain('qwen2.5-72b');
    expect(r.out).toContain('sdxl');
  });

  it.each([
    [['estimate', '--model', 'llama-9'], 'Unknown model "llama-9"'],
    [['estimate'], 'Name a model with --model'],
    [['estimate', '--model', 'gpt2', '--params', '7B'], 'either --model or --params'],
  ])('bad input %j exits 2 with a message', async (args, message) => {
    const r = await run(args);
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain(message);
    expect(r.out).toBe('');
  });

  it('refuses an option the task does not use, naming the task it needs', async () => {
    const lora = await run(['estimate', '--task', 'train', '--model', 'gpt2', '--method', 'lora']);
    expect(lora.code).toBe('gpuwise.optionNotApplying');
    expect(lora.err).toContain('--method applies only with --task finetune.');
    expect(lora.out).toBe('');
    // recommend's --precision applies to every task; an option after it is still checked.
    const after = await run(['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--precision', 'fp16', '--method', 'lora']);
    expect(after.code).toBe('gpuwise.optionNotApplying');
    expect(after.err).toContain('--method applies only with --task finetune.');
    const fine = await run(['recommend', '--task', 'inference', '--model', 'llama-3-8b', '--precision', 'fp16', '--json']);
    expect(fine.code).toBeNull();
    expect(JSON.parse(fine.out)).toHaveProperty('options');
  });

  it('rejects a negative batch and an unknown dtype as usage errors', async () => {
    const batch = await run(['estimate', '--model', 'gpt2', '--batch', '-4']);
    expect(batch.code).toBe('commander.invalidArgument');
    expect(batch.err).toContain('must be a whole number from 1 to 1M');
    const dtype = await run(['estimate', '--model', 'gpt2', '--dtype', 'int3'], 'zh-CN');
    expect(dtype.code).toBe('commander.invalidArgument');
  });
});

describe('gpuwise recommend', () => {
  it('ranks with reasons; the advice comes from the numbers', async () => {
    const r = await run(['recommend', '--task', 'finetune', '--model', 'llama-3-8b', '--train-precision', 'bf16', '--recompute', 'full', '--json']);
    const result = JSON.parse(r.out);
    const a100 = (id: string) => result.options.find((o: { gpuId: string }) => o.gpuId === id);
    expect(a100('a100-sxm4-80gb').count).toBe(1);
    expect(a100('a100-sxm4-40gb').count).toBe(2);
    expect(result.options[0].memory.fits).toBe(true);
  });

  it('prints a table in Chinese with the reasons', async () => {
    const r = await run(['recommend', '--task', 'inference', '--model', 'llama-3-8b'], 'zh-CN');
    expect(r.exitCode).toBe(0);
    expect(r.out).toContain('适合推理的 GPU，按卡数最少，其次价格，再次速度排序');
    expect(r.out).toContain('主机：内存 ≥');
    expect(r.out).toContain('生成 token 受带宽限制');
    expect(r.out).toContain('……还有');
  });

  it('needs a model or a memory figure for training', async () => {
    const r = await run(['recommend', '--task', 'train']);
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain('--memory');
  });
});

describe('gpuwise cost', () => {
  it('compares owning with renting, with dated prices', async () => {
    const r = await run(['cost', '--gpu', 'h100-sxm5-80gb', '--price', '30000']);
    expect(r.exitCode).toBe(0);
    expect(r.out).toContain('Owning:');
    expect(r.out).toMatch(/Renting the same hours at \$\d+\.\d{3} per GPU-hour \(as of \d{4}/);
    expect(r.out).toContain('Buying wins above');
  });

  it('asks for a price when the catalog has none', async () => {
    // A30: no dated card price was found (src/catalog/data/prices/gpu-prices-2026.ts, UNPRICED_GPUS).
    const r = await run(['cost', '--gpu', 'a30']);
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain('--price');
  });

  it('rejects a utilisation over 100 %', async () => {
    const r = await run(['cost', '--gpu', 'h100-sxm5-80gb', '--utilization', '140']);
    expect(r.code).toBe('commander.invalidArgument');
  });
});

describe('gpuwise gpus compare', () => {
  it('shows 2.50× FP16 tensor and FP64, 1.24× FP32, and "not supported" for V100 TF32', async () => {
    const r = await run(['gpus', 'compare', 'A100-80GB', 'V100-32GB']);
    expect(r.exitCode).toBe(0);
    expect(r.out).toMatch(/^FP16 tensor \(TFLOPS\)\s+312\s+125\s+2\.50×$/m);
    expect(r.out).toMatch(/^FP64 \(TFLOPS\)\s+19\.5\*\s+7\.8\s+2\.50×$/m);
    expect(r.out).toMatch(/^FP32 \(TFLOPS\)\s+19\.5\s+15\.7\s+1\.24×$/m);
    expect(r.out).toMatch(/^TF32 tensor \(TFLOPS\)\s+156\s+not supported\s+not supported$/m);
  });

  it('an unknown GPU is a usage error', async () => {
    const r = await run(['gpus', 'compare', 'A100-80GB', 'Voodoo5'], 'zh-CN');
    expect(r.exitCode).toBe(2);
    expect(r.err).toContain('目录中没有名为“Voodoo5”的 GPU');
  });
});
