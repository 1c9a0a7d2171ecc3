import { describe, expect, it } from 'vitest';
import { displayWidth } from '../cli/render/format.js';
import { formatDuration, formatDurationCompact, formatInterval, formatMoney, formatMoneyRange, formatNumber } from './format.js';
import { translate } from './index.js';
import { selectPlurals } from './plural.js';

describe('shared formatters', () => {
  it('writes durations in the reader’s language', () => {
    expect(formatDuration(13 * 60 + 24, 'en')).toBe('13m24s');
    expect(formatDuration(13 * 60 + 24, 'zh-CN')).toBe('13 分 24 秒');
    expect(formatDuration(6 * 3600 + 22 * 60, 'zh-CN')).toBe('6 小时 22 分');
    expect(formatDuration(3 * 86400 + 4 * 3600, 'en')).toBe('3d04h');
    expect(formatDuration(3 * 86400 + 4 * 3600, 'zh-CN')).toBe('3 天 4 小时');
    expect(formatDuration(9, 'zh-CN')).toBe('9 秒');
    // A clock that went backwards, or a value that is not a number, is not a negative age.
    expect(formatDuration(-5, 'en')).toBe('0s');
    expect(formatDuration(Number.NaN, 'zh-CN')).toBe('0 秒');
  });

  it('writes a compact duration for a narrow column: ≤ 6 columns in English, ≤ 8 in Chinese (2 per character)', () => {
    const cases: [number, string, string][] = [
      [12, '12s', '12秒'],
      [4 * 60 + 5, '4m05s', '4分05秒'],
      [59 * 60 + 59, '59m59s', '59分59秒'],
      [2 * 3600 + 5 * 60, '2h05m', '2时05分'],
      [23 * 3600 + 59 * 60, '23h59m', '23时59分'],
      [99 * 86400 + 23 * 3600, '99d23h', '99天23时'],
      [412 * 86400, '412d', '412天'],
    ];
    for (const [seconds, en, zh] of cases) {
      expect(formatDurationCompact(seconds, 'en')).toBe(en);
      expect(formatDurationCompact(seconds, 'zh-CN')).toBe(zh);
      expect(displayWidth(en)).toBeLessThanOrEqual(6);
      expect(displayWidth(zh)).toBeLessThanOrEqual(8);
    }
    expect(formatDurationCompact(-3, 'zh-CN')).toBe('0秒');
  });

  it('writes an interval the way a setting reads', () => {
    expect([0.25, 1, 1.5, 60, 300].map((s) => formatInterval(s, 'en'))).toEqual(['250ms', '1s', '1.5s', '1min', '5min']);
    expect([0.25, 1, 1.5, 60, 300].map((s) => formatInterval(s, 'zh-CN'))).toEqual(['250 毫秒', '1 秒', '1.5 秒', '1 分钟', '5 分钟']);
  });

  it('writes money one way in both languages: symbol first, grouped, cents only below 100', () => {
    expect(formatMoney(15992, 'USD', 'en')).toBe('$15,992');
    expect(formatMoney(15992, 'USD', 'zh-CN')).toBe('$15,992');
    expect(formatMoney(3.78, 'USD', 'zh-CN')).toBe('$3.78');
    expect(formatMoney(-400000, 'CNY')).toBe('-¥400,000');
    expect(formatMoney(6849315068.637, 'USD')).toBe('$6,849,315,069');
    expect(formatMoneyRange(120000, 150000, 'CNY')).toBe('¥120,000–150,000');
    expect(formatMoneyRange(120000, 120000.2, 'CNY')).toBe('¥120,000');
  });

  it('groups numbers and keeps what is not a number visible', () => {
    expect(formatNumber(1234567.891, 'en', 1)).toBe('1,234,567.9');
    expect(formatNumber(Number.POSITIVE_INFINITY, 'en')).toBe('Infinity');
  });
});

describe('plurals', () => {
  it('picks the English word by Intl.PluralRules and leaves Chinese alone', () => {
    expect(selectPlurals('{n} {n:GPU|GPUs}', { n: 1 }, 'en', () => '?')).toBe('{n} GPU');
    expect(selectPlurals('{n} {n:GPU|GPUs}', { n: 0 }, 'en', () => '?')).toBe('{n} GPUs');
    expect(selectPlurals('{n} {n:step|steps}', { n: '1,000' }, 'en', () => '?')).toBe('{n} steps');
    expect(translate('en', 'info.problems', { count: 1 })).toBe('1 problem while reading:');
    expect(translate('en', 'doctor.cli.scriptWritten', { steps: 0, file: 'fix.sh' })).toBe('Wrote 0 steps to fix.sh. Read it, then run it.');
    expect(translate('zh-CN', 'info.problems', { count: 1 })).toBe('读取时遇到 1 个问题：');
  });

  it('no English message is left with "(s)"', async () => {
    const { CATALOG } = await import('./catalog.js');
    const left = Object.entries(CATALOG.en).filter(([, text]) => /\w\(s\)/.test(text)).map(([key]) => key);
    expect(left).toEqual([]);
  });
});

describe('messages with an optional part', () => {
  it('leave no double space where the part is empty', () => {
    const text = translate('en', 'advisor.error.unknownGpu', { value: 'nosuch', hint: '' });
    expect(text).toBe('No GPU in the catalog is called "nosuch". Run `gpuwise gpus list` to see the names.');
    expect(translate('en', 'advisor.error.unknownGpu', { value: 'x', hint: 'Try y.' })).toContain('"x". Try y. Run');
  });
});
