import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from 'commander';
import { createTranslator } from '../../i18n/index.js';
import { FLAG_OF_FIELD, formatBound, OPTION_RANGES, parseNumberText, ranged } from './option-ranges.js';

const t = createTranslator('en');

describe('numeric options', () => {
  it('reads k/M/B/T suffixes, exponents and plain numbers alike', () => {
    expect(['8k', '8K', '7B', '70b', '1.5e9', '124M', '1.5T', '50%', '1_000', '.5'].map(parseNumberText)).toEqual([8000, 8000, 7e9, 70e9, 1.5e9, 124e6, 1.5e12, 50, 1000, 0.5]);
    for (const bad of ['', 'abc', '8kk', '1e400', 'NaN', 'Infinity', '0x10', '1,5', '--3']) expect(parseNumberText(bad), bad).toBeNull();
  });

  it('writes bounds as they are typed', () => {
    expect([1e13, 1e5, 3600, 0.1, 65_536, 1e30, 1_000_000].map(formatBound)).toEqual(['10T', '100k', '3,600', '0.1', '65,536', '1e30', '1M']);
  });

  it('refuses values outside each range, naming the range, and accepts its edges', () => {
    const params = ranged(t, '--params');
    expect(params('7B')).toBe(7e9);
    expect(() => params('1e30')).toThrow(new InvalidArgumentError('must be a number from 100k to 10T (k, M, B and T count: 8k = 8,000, 7B = 7,000,000,000)'));
    expect(() => ranged(t, '--batch')('2.5')).toThrow('must be a whole number from 1 to 1M');
    expect(() => ranged(t, '--utilization')('0')).toThrow('must be a number above 0, at most 100');
    expect(ranged(t, '--utilization')('100')).toBe(100);
    expect(ranged(t, '--seq-len')('8k')).toBe(8000);
    expect(() => ranged(t, '--watch')('3000000')).toThrow('from 0.1 to 3,600');
    expect(() => ranged(createTranslator('zh-CN'), '--years')('0')).toThrow('必须是大于 0、不超过 30 的数');
  });

  it('keeps every bound finite and ordered, and names a flag for each field the advisor checks', () => {
    for (const [flag, range] of Object.entries(OPTION_RANGES)) {
      expect(Number.isFinite(range.min) && Number.isFinite(range.max) && range.min < range.max, flag).toBe(true);
      // setTimeout holds at most 2^31 - 1 ms; every interval stays far below it.
      if (flag === '--watch') expect(range.max * 1000).toBeLessThan(2 ** 31 - 1);
    }
    for (const flag of Object.values(FLAG_OF_FIELD)) expect(flag).toMatch(/^--[a-z-]+$/);
  });
});
