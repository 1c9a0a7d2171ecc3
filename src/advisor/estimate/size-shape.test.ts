// A size far below what the shape given holds is refused, in both languages: the weights would come
// from the size and the KV cache from the shape ("0.000 B parameters" beside 1000 GiB of cache).

import { describe, expect, it } from 'vitest';
import { runCliInProcess as run } from '../../../test/helpers/cli-context.js';
import { estimateMemory } from './estimate.js';

const SHAPE = ['--layers', '1000', '--hidden', '65536', '--heads', '512'];

describe('--params against the shape', () => {
  it('100k parameters with 1000 layers of width 65536 is refused, with both figures (en and zh-CN)', async () => {
    const en = await run(['estimate', '--task', 'inference', '--params', '100k', ...SHAPE]);
    expect(en.exitCode).toBe(2);
    expect(en.err).toContain('The size given, 100,000 parameters, is far below what the shape given holds: 1000 layers of hidden size 65536 are about 51.5T parameters.');
    expect(en.out).toBe('');
    const zh = await run(['estimate', '--task', 'inference', '--params', '100k', ...SHAPE], 'zh-CN');
    expect(zh.err).toContain('给出的规模 100,000 个参数远小于给出的结构所含的参数');
  });

  it('a real size with its shape given loosely (no KV heads, no MLP width) still passes', () => {
    // Llama 3 8B's shape without its GQA and gated MLP counts 6.4B; the size says 8.03B.
    const estimate = estimateMemory({ task: 'inference', model: { parameterCount: 8.03e9, layers: 32, hiddenSize: 4096, attentionHeads: 32 } });
    expect(estimate.model.parameterCount).toBe(8.03e9);
    // A mixture of experts holds far more than its shape's dense count: more is never refused.
    expect(() => estimateMemory({ task: 'inference', model: { parameterCount: 47e9, layers: 32, hiddenSize: 4096, attentionHeads: 32 } })).not.toThrow();
  });
});
