// The one price rule cost and recommend share (gpu-price.ts), as a buyer in China meets it: a price
// in yuan from the Chinese market before a converted dollar one, dates compared as dates, and
// every conversion said with its rate and whence the rate is (the table's date, or the user's --fx).

import { describe, expect, it } from 'vitest';
import type { PriceQuote } from '../../catalog/index.js';
import { getGpu, loadGpuCatalog } from '../../catalog/load.js';
import { catalogPurchase } from '../cost-prices.js';
import { estimateCost } from '../cost.js';
import { renderNote } from '../notes.js';
import { recommend } from '../recommend/recommend.js';
import { DEFAULT_FX, parseFxOverrides } from './fx.js';
import { choosePrice, compareAsOf } from './gpu-price.js';

const q = (over: Partial<PriceQuote>): PriceQuote => ({ kind: 'street', currency: 'USD', market: 'us', low: 100, high: 100, asOf: '2025-01', sources: [{ source: 's' }], ...over });
const costNotes = (input: Parameters<typeof estimateCost>[0], locale: 'en' | 'zh-CN' = 'en') => estimateCost(input).assumptions.map((note) => renderNote(locale, note));

describe('dates compared as dates', () => {
  it('a month is neither older nor newer than a day inside it; a later month is newer', () => {
    expect(compareAsOf('2026-01', '2026-01-08')).toBe(0);
    expect(compareAsOf('2026-01-08', '2026-01')).toBe(0);
    expect(compareAsOf('2026-02', '2026-01-31')).toBe(1);
    expect(compareAsOf('2025', '2026-01-08')).toBe(-1);
  });
});

describe('a price in yuan from the Chinese market comes before a converted dollar one', () => {
  it('whatever the precision of their dates (the H200: ¥175,000–190,000 of 2026-01, not $27,000 of 2026-01-08)', () => {
    const quotes = [q({ market: 'cn', low: 27000, high: 27000, asOf: '2026-01-08' }), q({ currency: 'CNY', market: 'cn', low: 175000, high: 190000, asOf: '2026-01' })];
    expect(choosePrice(quotes, 'CNY')).toMatchObject({ quotedCurrency: 'CNY', low: 175000, high: 190000, converted: false });
    // Even an older yuan price beats a newer dollar one for the same market.
    expect(choosePrice([q({ market: 'cn', asOf: '2026-06' }), q({ currency: 'CNY', market: 'cn', low: 700, high: 700, asOf: '2025-01' })], 'CNY')).toMatchObject({ quotedCurrency: 'CNY' });
    // A buyer paying in dollars takes the worldwide dollar price over the Chinese one.
    expect(choosePrice([q({ market: 'cn', low: 27000, high: 27000, asOf: '2026-01-08' }), q({ market: 'global', low: 32000, high: 32000, asOf: '2026' })], 'USD')).toMatchObject({ market: 'global', low: 32000 });
  });

  it('cost and recommend take the same yuan reading for the H200 and the A800', () => {
    const h200 = estimateCost({ gpu: 'h200-sxm-141gb', currency: 'CNY' }).own.purchasePerGpu.reading;
    expect(h200).toMatchObject({ market: 'cn', quotedCurrency: 'CNY', low: 175000, high: 190000, converted: false });
    const a800 = estimateCost({ gpu: 'a800-sxm4-80gb', currency: 'CNY' }).own.purchasePerGpu.reading;
    expect(a800).toMatchObject({ market: 'cn', quotedCurrency: 'CNY', amount: 83000, converted: false });
    const options = recommend({ task: 'inference', memoryNeedBytes: 60 * 2 ** 30, currency: 'CNY', maxGpuCount: 1 }).options;
    expect(options.find((o) => o.gpuId === 'h200-sxm-141gb')?.price).toMatchObject({ quotedCurrency: 'CNY', low: 175000, converted: false });
    expect(options.find((o) => o.gpuId === 'a800-sxm4-80gb')?.price).toMatchObject({ quotedCurrency: 'CNY', amount: 83000, converted: false });
  });

  it('a dollar price from the Chinese market is converted, and cost says so with the rate and its date', () => {
    const catalog = loadGpuCatalog();
    const entry = getGpu('h200-sxm-141gb');
    if (entry === null) throw new Error('h200-sxm-141gb missing');
    const onlyDollars = { ...entry, prices: [q({ market: 'cn', low: 27000, high: 27000, asOf: '2026-01-08' })], launchPrice: { value: null, reason: 'not-published' } } as typeof entry;
    const chosen = catalogPurchase(onlyDollars, 'CNY', DEFAULT_FX, catalog);
    expect(chosen?.price.reading).toMatchObject({ market: 'cn', quotedCurrency: 'USD', converted: true });
    const text = chosen?.notes.map((note) => renderNote('en', note)).join('\n') ?? '';
    expect(text).toContain('The Chinese market price is quoted in USD: converted at 1 USD = 6.83 CNY (exchange rates of 2026-04-13).');
    expect(chosen?.notes.map((note) => renderNote('zh-CN', note)).join('\n')).toContain('中国市场的这一价格以 USD 计：按 1 USD = 6.83 CNY 换算（2026-04-13 的汇率）。');
  });
});

describe('a rate set with --fx is the user’s, not the table’s', () => {
  const fx = parseFxOverrides('USD:CNY=7.1');

  it('in cost: the rental conversion and the electricity say "your rate"', () => {
    const text = costNotes({ gpu: 'h100-sxm5-80gb', purchasePriceUsd: 30000, currency: 'CNY', fx }).join('\n');
    expect(text).toContain('converted at 1 USD = 7.1 CNY (your rate, set with --fx)');
    expect(text).not.toContain('2026-04-13');
    expect(costNotes({ gpu: 'h100-sxm5-80gb', purchasePriceUsd: 30000, currency: 'CNY', fx }, 'zh-CN').join('\n')).toContain('（你用 --fx 设定的汇率）');
  });

  it('in recommend: each converted price and the assumptions', () => {
    const result = recommend({ task: 'inference', memoryNeedBytes: 60 * 2 ** 30, currency: 'CNY', fx: parseFxOverrides('USD:CNY=7.2'), maxGpuCount: 1 });
    const b200 = result.options.find((o) => o.gpuId === 'b200-180gb');
    expect(b200?.reasons.map((note) => renderNote('en', note))).toContain('Quoted in USD, shown in CNY at 1 USD = 7.2 CNY (your rate, set with --fx).');
    const assumptions = result.assumptions.map((note) => renderNote('en', note)).join('\n');
    expect(assumptions).toContain('1 USD = 7.2 CNY = 0.855 EUR (CNY: your rate, set with --fx; any other: the table of 2026-04-13)');
  });

  it('without --fx, the table and its date', () => {
    const b200 = recommend({ task: 'inference', memoryNeedBytes: 60 * 2 ** 30, currency: 'CNY', maxGpuCount: 1 }).options.find((o) => o.gpuId === 'b200-180gb');
    expect(b200?.reasons.map((note) => renderNote('zh-CN', note))).toContain('原价以 USD 计，按 1 USD = 6.83 CNY 换算为 CNY（2026-04-13 的汇率）。');
  });
});

describe('the default electricity price in another currency', () => {
  it('is said to be the US average, converted at a stated rate, with how to give a local tariff', () => {
    const en = costNotes({ gpu: 'h20-96gb', currency: 'CNY' }).find((line) => line.startsWith('Electricity'));
    expect(en).toBe('Electricity at ¥0.888/kWh: the US commercial average ($0.13/kWh, EIA, 2024) converted at 1 USD = 6.83 CNY (exchange rates of 2026-04-13), not a local tariff; give yours with --electricity, in CNY per kWh.');
    const zh = costNotes({ gpu: 'h20-96gb', currency: 'CNY' }, 'zh-CN').find((line) => line.startsWith('电价'));
    expect(zh).toContain('美国商业用电平均水平（$0.13/千瓦时，EIA，2024），按 1 USD = 6.83 CNY 换算（2026-04-13 的汇率），并非当地电价；请用 --electricity 给出你的电价（CNY/千瓦时）');
    expect(costNotes({ gpu: 'h20-96gb', currency: 'USD' }).find((line) => line.startsWith('Electricity'))).toBe('Electricity at $0.13/kWh (US commercial average, EIA, 2024); give your own tariff with --electricity.');
  });
});

describe('a price derived from a kit is said to be derived, as gpus show says there is no per-card price', () => {
  it('Gaudi 3 in recommend and cost: one eighth of the eight-accelerator kit', () => {
    const gaudi = recommend({ task: 'inference', memoryNeedBytes: 60 * 2 ** 30, currency: 'CNY', maxGpuCount: 1 }).options.find((o) => o.gpuId === 'gaudi3');
    expect(gaudi?.price).toMatchObject({ kind: 'launch', shareOfUnits: 8, converted: true });
    expect(gaudi?.reasons.map((note) => renderNote('en', note))).toContain('Derived, not a published per-card price: the source priced 8 together, ÷ 8.');
    expect(costNotes({ gpu: 'gaudi3', currency: 'USD' }, 'zh-CN')).toContain('此价为推算，并非公布的单卡价格：来源给出的是 8 张合计的价格，÷ 8。');
    expect(getGpu('gaudi3')?.launchPrice).toMatchObject({ value: null, note: { en: expect.stringContaining('÷ 8 and say it is derived') } });
  });
});
