import { describe, expect, it } from 'vitest';
import { createFuzzer } from '../../../test/helpers/fuzz.js';
import type { PriceQuote } from '../../catalog/index.js';
import { isAdvisorError } from '../errors.js';
import { renderNote } from '../notes.js';
import { convert, DEFAULT_FX, parseFxOverrides } from './fx.js';
import { formatMoney, formatMoneyRange } from './format.js';
import { choosePrice } from './gpu-price.js';
import { parseMoney } from './money.js';

describe('budgets as people type them', () => {
  it.each([
    ['¥400000', 'USD', 400000, 'CNY'],
    ['￥400,000', 'USD', 400000, 'CNY'],
    ['400k', 'CNY', 400000, 'CNY'],
    ['$60,000', 'CNY', 60000, 'USD'],
    ['€50k', 'USD', 50000, 'EUR'],
    ['40万', 'CNY', 400000, 'CNY'],
    ['40万元', 'USD', 400000, 'CNY'],
    ['1.5m', 'USD', 1500000, 'USD'],
    ['RMB 400000', 'USD', 400000, 'CNY'],
    ['60000 USD', 'CNY', 60000, 'USD'],
    ['１２０００', 'CNY', 12000, 'CNY'],
    ['  2.5k  ', 'EUR', 2500, 'EUR'],
  ] as const)('%s (default %s) → %d %s', (text, fallback, amount, currency) => {
    expect(parseMoney(text, fallback)).toEqual({ amount, currency });
  });

  it.each(['', 'abc', '-5', '$-5', '0', '¥0', '1,00', '1,0000', '¥$5', '$5 CNY', '400kk', '1e9', 'NaN', 'Infinity', '5 yen', '$', '万', '12.3.4'])(
    'rejects %j with a message in both languages',
    (text) => {
      let caught: unknown = null;
      try {
        parseMoney(text, 'USD');
      } catch (error) {
        caught = error;
      }
      expect(isAdvisorError(caught)).toBe(true);
      if (!isAdvisorError(caught)) return;
      expect(caught.key).toBe('advisor.error.badMoney');
      expect(renderNote('en', caught)).toContain('¥400000');
      expect(renderNote('zh-CN', caught)).toContain('无法识别金额');
    },
  );

  it('never returns a non-positive or non-finite amount for hostile text (seeded fuzz)', () => {
    const fuzz = createFuzzer(17);
    for (let i = 0; i < 500; i++) {
      const text = fuzz.text(24);
      try {
        const money = parseMoney(text, 'CNY');
        expect(Number.isFinite(money.amount) && money.amount > 0).toBe(true);
      } catch (error) {
        expect(isAdvisorError(error)).toBe(true);
      }
    }
  });
});

describe('exchange rates', () => {
  it('are dated and convert both ways through USD', () => {
    expect(DEFAULT_FX.asOf).toMatch(/^\d{4}-\d{2}/);
    expect(convert(100, 'USD', 'CNY')).toBeCloseTo(100 * DEFAULT_FX.perUsd.CNY, 9);
    expect(convert(convert(1234, 'EUR', 'CNY'), 'CNY', 'EUR')).toBeCloseTo(1234, 9);
    expect(convert(5, 'CNY', 'CNY')).toBe(5);
  });

  it('--fx USD:CNY=7.1 overrides one rate and leaves the others; EUR:USD and cross rates work', () => {
    const fx = parseFxOverrides('USD:CNY=7.1');
    expect(fx.perUsd.CNY).toBe(7.1);
    expect(fx.perUsd.EUR).toBe(DEFAULT_FX.perUsd.EUR);
    expect(fx.overridden).toEqual(['CNY']);
    expect(parseFxOverrides('EUR:USD=1.25').perUsd.EUR).toBeCloseTo(0.8, 9);
    const both = parseFxOverrides('usd/cny = 7.2, CNY:EUR=0.125');
    expect(both.perUsd.EUR).toBeCloseTo(0.9, 9);
  });

  it.each(['', 'USD=7', 'USD:CNY', 'USD:CNY=0', 'USD:CNY=-7', 'USD:JPY=150', 'USD:USD=1', 'USD:CNY=7,', 'USD:CNY=1e3'])('rejects %j', (text) => {
    expect(() => parseFxOverrides(text)).toThrowError(expect.objectContaining({ key: 'advisor.error.badFx' }));
  });
});

describe('which price we take', () => {
  const q = (over: Partial<PriceQuote>): PriceQuote => ({ kind: 'street', currency: 'USD', market: 'us', low: 100, high: 100, asOf: '2025-01', sources: [{ source: 's' }], ...over });

  it('a street price in the asked market before any other street price, street before launch, newest first', () => {
    const quotes = [
      q({ kind: 'launch', market: 'global', low: 1599, high: 1599, asOf: '2022-10' }),
      q({ currency: 'CNY', market: 'cn', low: 15000, high: 17000, asOf: '2025-06' }),
      q({ low: 1800, high: 2200, asOf: '2025-03' }),
      q({ low: 1900, high: 1900, asOf: '2024-01' }),
    ];
    expect(choosePrice(quotes, 'USD')).toMatchObject({ amount: 2000, kind: 'street', market: 'us', asOf: '2025-03' });
    expect(choosePrice(quotes, 'CNY')).toMatchObject({ amount: 16000, low: 15000, high: 17000, quotedCurrency: 'CNY' });
    expect(choosePrice(quotes, 'EUR')?.asOf).toBe('2025-06');
    expect(choosePrice([quotes[0] as PriceQuote], 'CNY')).toMatchObject({ kind: 'launch', amount: 1599 * DEFAULT_FX.perUsd.CNY });
  });

  it('a launch price in the asked currency before a newer launch price in another', () => {
    const quotes = [q({ kind: 'launch', market: 'global', low: 1599, high: 1599, asOf: '2022-10' }), q({ kind: 'launch', currency: 'CNY', market: 'cn', low: 12999, high: 12999, asOf: '2023-12' })];
    expect(choosePrice(quotes, 'USD')?.quotedCurrency).toBe('USD');
    expect(choosePrice(quotes, 'CNY')?.quotedCurrency).toBe('CNY');
  });

  it('no quote, no price', () => {
    expect(choosePrice([], 'USD')).toBeNull();
  });

  it('money is written as people read it', () => {
    expect(formatMoney(60000, 'USD')).toBe('$60,000');
    expect(formatMoney(1.5, 'CNY')).toBe('¥1.50');
    expect(formatMoneyRange(120000, 150000, 'CNY')).toBe('¥120,000–150,000');
    expect(formatMoneyRange(50, 50, 'EUR')).toBe('€50.00');
  });
});
