// What serve prints when recording fails: the store's reason in the reader's language.

import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../i18n/index.js';
import { StoreError } from '../../store/errors.js';
import { warningDetail } from './serve-run.js';

describe('a recording failure on the terminal', () => {
  it('says a store error in the reader\'s language, and a bug as it was thrown', () => {
    const full = new StoreError('disk-full', { path: '/d/history.db', detail: 'database or disk is full' });
    const zh = warningDetail(full, createTranslator('zh-CN'));
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    expect(zh).not.toContain(full.message);
    expect(warningDetail(full, createTranslator('en'))).toBe(full.message);
    expect(warningDetail(new Error('boom'), createTranslator('zh-CN'))).toBe('boom');
  });
});
