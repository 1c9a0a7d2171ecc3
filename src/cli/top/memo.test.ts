import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { memoTranslate } from './memo.js';

describe('memoTranslate', () => {
  it('gives what the translator gives, parameters filled every time, each locale its own texts', () => {
    const en = memoTranslate(createTranslator('en'));
    const zh = memoTranslate(createTranslator('zh-CN'));
    for (let round = 0; round < 2; round++) {
      expect(en('top.col.command')).toBe(createTranslator('en')('top.col.command'));
      expect(zh('top.col.command')).toBe(createTranslator('zh-CN')('top.col.command'));
      expect(zh('top.col.command')).not.toBe(en('top.col.command'));
      expect(en('top.moreGpus', { count: 1 + round })).toBe(createTranslator('en')('top.moreGpus', { count: 1 + round }));
    }
  });
});
