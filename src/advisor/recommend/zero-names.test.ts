// A ZeRO split is named as a user meets it: stage 1 is DeepSpeed's (FSDP has no stage-1 mode),
// stages 2 and 3 are FSDP's SHARD_GRAD_OP and FULL_SHARD — in both languages.

import { describe, expect, it } from 'vitest';
import { renderNote } from '../notes.js';
import { recommend } from './recommend.js';

const splitText = (stage: number, locale: 'en' | 'zh-CN') => {
  const advice = recommend({ task: 'train', model: 'llama-2-7b' });
  const option = [...advice.options, ...advice.unranked].find((o) => o.memory.plan.kind === 'zero' && o.memory.plan.stage === stage);
  if (!option) throw new Error(`no ZeRO-${stage} option for Llama 2 7B`);
  return option.reasons.map((note) => renderNote(locale, note)).find((text) => text.includes('ZeRO')) ?? '';
};

describe('ZeRO stages by their framework names', () => {
  it('stage 1 is not called FSDP (en and zh-CN)', () => {
    expect(splitText(1, 'en')).toBe('Split over 2 GPUs with ZeRO stage 1 (DeepSpeed; optimizer states sharded, which FSDP has no mode for): the fastest split that fits over this link.');
    expect(splitText(1, 'zh-CN')).toBe('用 ZeRO 第 1 阶段切分到 2 张 GPU（DeepSpeed；只切分优化器状态，FSDP 没有对应模式）：在这种互联下放得下且最快的切分方式。');
  });

  it('stages 2 and 3 name their FSDP sharding strategy', () => {
    expect(splitText(2, 'en')).toContain('ZeRO stage 2 (FSDP SHARD_GRAD_OP)');
    expect(splitText(3, 'en')).toContain('ZeRO stage 3 (FSDP FULL_SHARD)');
    expect(splitText(3, 'zh-CN')).toContain('ZeRO 第 3 阶段（FSDP FULL_SHARD）');
  });
});
