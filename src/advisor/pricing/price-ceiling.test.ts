// A ceiling a source gave ("in China a card can reach up to $70,000") is no price: under the one
// price rule (gpu-price.ts) it comes after every other quote, is said when passed over, and is
// called an upper bound when it is all there is. And a converted street price says "no street
// price" nearer the buyer, not "no price", when a launch price from the buyer's market is passed over.

import { describe, expect, it } from 'vitest';
import type { PriceQuote } from '../../catalog/index.js';
import { estimateCost } from '../cost.js';
import { renderNote } from '../notes.js';
import { recommend } from '../recommend/recommend.js';
import { choosePrice } from './gpu-price.js';

const q = (over: Partial<PriceQuote>): PriceQuote => ({ kind: 'street', currency: 'USD', market: 'us', low: 100, high: 100, asOf: '2025-01', sources: [{ source: 's' }], ...over });
const notes = (gpu: string, locale: 'en' | 'zh-CN') => estimateCost({ gpu, currency: 'CNY' }).assumptions.map((n) => renderNote(locale, n)).join('\n');

describe('an upper bound never wins over a price', () => {
  it('a newer, nearer ceiling loses to an older price from another market; alone, it is taken and said to be one', () => {
    const ceiling = q({ market: 'cn', low: 70000, high: 70000, asOf: '2023-08-15', upperBound: true });
    expect(choosePrice([ceiling, q({ low: 30000, high: 30000, asOf: '2022' })], 'CNY')).toMatchObject({ market: 'us', low: 30000 * 6.83, upperBound: false });
    expect(choosePrice([ceiling], 'CNY')).toMatchObject({ market: 'cn', upperBound: true });
  });

  it('H100 PCIe in CNY: the US $30,000, not the Chinese "up to $70,000" — cheaper than the SXM, as everywhere else', () => {
    const pcie = estimateCost({ gpu: 'h100-pcie-80gb', currency: 'CNY' }).own.purchasePerGpu.reading;
    const sxm = estimateCost({ gpu: 'h100-sxm5-80gb', currency: 'CNY' }).own.purchasePerGpu.reading;
    expect(pcie).toMatchObject({ market: 'us', quotedCurrency: 'USD', upperBound: false });
    expect(pcie?.amount).toBeCloseTo(30000 * 6.83, 6);
    expect(pcie?.amount).toBeLessThan(sxm?.amount ?? 0);
    const option = recommend({ task: 'inference', model: 'llama-3-8b', currency: 'CNY' }).options.find((o) => o.gpuId === 'h100-pcie-80gb');
    expect(option?.price).toMatchObject({ market: 'us', upperBound: false });
    expect(notes('h100-pcie-80gb', 'en')).toContain('The Chinese market figure, “up to $70,000” (2023-08-15, ≈ ¥478,100), is a ceiling the source gave, not a price: not used.');
    expect(notes('h100-pcie-80gb', 'zh-CN')).toContain('中国市场的“最高 $70,000”（2023-08-15，≈ ¥478,100）是来源给出的上限，不是成交价：未采用。');
  });
});

describe('a converted street price says there is no street price nearer, not no price at all', () => {
  it('RTX 4090 in CNY: "no street price from the Chinese market", then the launch price passed over (en and zh-CN)', () => {
    const en = notes('rtx-4090', 'en');
    expect(en).toContain('No street price from the Chinese market or in CNY is in the catalog: the US market one, quoted in USD, is converted');
    expect(en).toContain('The Chinese market launch price, ¥12,999 (2023-12), is not used');
    expect(en).not.toContain('No price from the');
    expect(notes('rtx-4090', 'zh-CN')).toContain('目录中没有中国市场或以 CNY 计的市场价');
  });
});
