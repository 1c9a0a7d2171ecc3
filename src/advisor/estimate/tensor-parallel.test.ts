// A tensor-parallel degree the attention heads do not divide is refused, as Megatron-LM (training)
// and vLLM (serving) refuse it; the recommender does not try such a count, and says so.

import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';
import { recommend } from '../recommend/recommend.js';
import { estimateMemory } from './estimate.js';
import { tensorParallelDegrees } from './tensor-parallel.js';
import { resolveModel } from './resolve-model.js';

describe('tensor parallelism must split the heads evenly', () => {
  it('the degrees each framework accepts for Llama 3 8B (32 heads, 8 KV heads)', () => {
    const arch = resolveModel('llama-3-8b').architecture;
    expect(tensorParallelDegrees(arch, 'training')).toEqual([1, 2, 4, 8]);
    // vLLM replicates KV heads when the degree is a multiple of them.
    expect(tensorParallelDegrees(arch, 'inference')).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it('estimate --task train --gpus 3 --tp 3 is refused, naming the heads and the degrees that work (en and zh-CN)', async () => {
    const en = await run(['estimate', '--task', 'train', '--model', 'llama-3-8b', '--gpus', '3', '--tp', '3']);
    expect(en.exitCode).toBe(2);
    expect(en.err).toContain('Tensor parallel 3 cannot split Llama 3 8B: its 32 attention heads and 8 key/value heads must each be a multiple of the degree, or Megatron-LM refuses to start. Degrees that work: 1, 2, 4, 8.');
    expect(en.out).toBe('');
    const zh = await run(['estimate', '--task', 'train', '--model', 'llama-3-8b', '--gpus', '3', '--tp', '3'], 'zh-CN');
    expect(zh.err).toContain('张量并行度 3 无法切分 Llama 3 8B');
    // Data parallel over 3 GPUs needs no head split.
    expect(() => estimateMemory({ task: 'train', model: 'llama-3-8b', gpuCount: 3 })).not.toThrow();
  });

  it('estimate --task inference --gpus 3 is refused: the split is automatic, so the GPU counts that work are named (en and zh-CN)', async () => {
    const en = await run(['estimate', '--task', 'inference', '--model', 'llama-3-8b', '--gpus', '3']);
    expect(en.exitCode).toBe(2);
    expect(en.err).toContain('3 GPUs cannot serve Llama 3 8B by tensor parallelism: its 32 attention heads must be a multiple of the GPU count and its 8 key/value heads a multiple or a divisor of it, or vLLM refuses to start. GPU counts that work: 1, 2, 4, 8, 16, 32.');
    const zh = await run(['estimate', '--task', 'inference', '--model', 'llama-3-8b', '--gpus', '3'], 'zh-CN');
    expect(zh.err).toContain('3 张 GPU 无法以张量并行运行 Llama 3 8B');
    // 16-way over 8 KV heads: each GPU holds one replicated head, not half of one.
    const sixteen = estimateMemory({ task: 'inference', model: 'llama-3-8b', gpuCount: 16, sequenceLength: 1024 });
    expect(sixteen.perGpu.kvCacheBytes).toBe(32 * 2 * 1 * 128 * 1024 * 2);
  });

  it('recommend does not try 8 GPUs for Qwen2.5 7B (28 heads), and says why', () => {
    const advice = recommend({ task: 'inference', model: 'qwen2.5-7b', estimate: { batchSize: 16, sequenceLength: 32768 } });
    expect([...advice.options, ...advice.notFitting].every((o) => o.count !== 8)).toBe(true);
    expect(advice.assumptions).toContainEqual({ key: 'advisor.assume.tensorParallelSkipped', params: { counts: '8', model: 'Qwen2.5 7B' } });
    // Training keeps its ZeRO splits on 8 GPUs and drops only the tensor degrees the heads refuse.
    const training = recommend({ task: 'train', model: 'qwen2.5-7b', maxGpuCount: 8 });
    for (const o of [...training.options, ...training.notFitting]) {
      const plan = o.memory.plan;
      if (plan.kind === 'tensor' || plan.kind === 'tensor-pipeline') expect(28 % plan.tensorParallel, o.gpuId).toBe(0);
    }
  });
});

describe('local GPUs the heads cannot be split over', () => {
  it('three local GPUs serve Llama 3 8B as two would: the largest count below that divides', async () => {
    const { createMemoryPlanner } = await import('../recommend/memory-plan.js');
    const planner = createMemoryPlanner({ task: 'inference', model: 'llama-3-8b' });
    expect(planner.candidates(3)).toEqual([]);
    expect(planner.choose(3, 80 * 2 ** 30)).toBe(planner.choose(2, 80 * 2 ** 30));
  });
});
