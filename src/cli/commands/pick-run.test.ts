// pick's "not enough free GPUs" headline: English plurals right for one, several and none.

import { describe, expect, it } from 'vitest';
import { collectingContext } from '../../../test/helpers/cli-context.js';
import type { PickedGpu, PickResult } from '../../pick/index.js';
import { notEnoughText } from './pick-run.js';

const picked = (index: number): PickedGpu => ({ index, uuid: null, name: 'NVIDIA A100-SXM4-40GB', freeMemoryBytes: null, gpuUtilPercent: null, score: 0 });
const result = (free: number, asked: number): PickResult => ({ picked: Array.from({ length: free }, (_, i) => picked(i)), rejected: [], enough: false, asked });
const headline = (free: number, asked: number, locale: 'en' | 'zh-CN' = 'en') => notEnoughText(collectingContext(locale), result(free, asked)).split('\n')[0];

describe('notEnoughText', () => {
  it.each([
    [1, 2, 'Asked for 2 GPUs, but only 1 is free.'],
    [2, 3, 'Asked for 3 GPUs, but only 2 are free.'],
    [0, 1, 'Asked for 1 GPU, but none is free.'],
    [0, 4, 'Asked for 4 GPUs, but none is free.'],
  ])('%i free of %i asked: %s', (free, asked, text) => {
    expect(headline(free, asked)).toBe(text);
  });

  it('reads naturally in Chinese too', () => {
    expect(headline(1, 2, 'zh-CN')).toBe('需要 2 块 GPU，只有 1 块空闲。');
    expect(headline(0, 1, 'zh-CN')).toBe('需要 1 块 GPU，但没有一块空闲。');
  });
});
