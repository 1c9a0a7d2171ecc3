// What serve prints when recording fails: the store's reason in the reader's language; and the
// stop line, which says when the last write failed and how many samples went with it.

import { describe, expect, it } from 'vitest';
import { collectingContext } from '../../../test/helpers/cli-context.js';
import { createTranslator } from '../../i18n/index.js';
import { StoreError } from '../../store/errors.js';
import { stoppedText, warningDetail } from './serve-run.js';

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

describe('the stop line', () => {
  const full = new StoreError('disk-full', { path: '/d/history.db', detail: 'database or disk is full' });

  it('a last write that failed: how many samples are lost and why, in the reader\'s language, exit 1', () => {
    const en = collectingContext('en');
    expect(stoppedText(en, { unwrittenSamples: 37, droppedSamples: 0, error: full })).toBe(1);
    const said = en.stderr.join('');
    expect(said).toContain('Stopped, but the last write failed and 37 samples are lost: The disk that holds /d/history.db is full');
    expect(said).not.toContain('Stopped; the database is closed.');
    const zh = collectingContext('zh-CN');
    expect(stoppedText(zh, { unwrittenSamples: 1, droppedSamples: 5, error: full })).toBe(1);
    expect(zh.stderr.join('')).toContain('1 个采样已丢失：/d/history.db 所在的磁盘已满');
    expect(zh.stderr.join('')).toContain('另有 5 个采样被丢弃');
  });

  it('a clean stop says so, exit 0; samples dropped earlier are said, still exit 0 (the log said them as they went)', () => {
    const clean = collectingContext('en');
    expect(stoppedText(clean, { unwrittenSamples: 0, droppedSamples: 0, error: null })).toBe(0);
    expect(clean.stderr).toEqual(['Stopped; the database is closed.\n']);
    const gap = collectingContext('en');
    expect(stoppedText(gap, { unwrittenSamples: 0, droppedSamples: 1, error: null })).toBe(0);
    expect(gap.stderr.join('')).toContain('1 sample was dropped earlier');
  });
});
