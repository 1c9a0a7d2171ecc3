// Which catalog readings `cost` takes for a buyer paying in a currency: the same purchase reading
// recommend takes, a rental charged in the buyer's currency first, and a note for every conversion.

import { describe, expect, it } from 'vitest';
import { loadCloudCatalog, type CloudCatalog } from '../catalog/cloud.js';
import { renderNote } from './notes.js';
import { estimateCost } from './cost.js';
import { rateText } from './cost-prices.js';
import type { CostInput } from './cost-types.js';
import { DEFAULT_FX, parseFxOverrides } from './pricing/fx.js';
import { cheapestRentals } from './recommend/markets.js';
import { recommend } from './recommend/recommend.js';

const keys = (input: CostInput) => estimateCost(input).assumptions.map((note) => note.key);
const notesOf = (input: CostInput, locale: 'en' | 'zh-CN' = 'en') => estimateCost(input).assumptions.map((note) => renderNote(locale, note));

describe('the purchase reading follows the buyer’s currency, as in recommend', () => {
  it('CNY: the H20 at the Chinese street range in yuan (Tencent Technology, 2025-12-24), unconverted', () => {
    const result = estimateCost({ gpu: 'h20-96gb', currency: 'CNY' });
    expect(result.currency).toBe('CNY');
    expect(result.own.purchasePerGpu.reading).toMatchObject({ kind: 'street', market: 'cn', quotedCurrency: 'CNY', low: 110000, high: 131250, amount: 120625, asOf: '2025-12-24', converted: false });
    // The model works in USD: ¥120,625 at 6.83 per dollar, not the USD $10k–13k reading of 2024.
    expect(result.own.purchasePerGpu.usd).toBeCloseTo(120625 / 6.83, 6);
    const text = notesOf({ gpu: 'h20-96gb', currency: 'CNY' }).join('\n');
    expect(text).toContain('¥110,000–131,250 (Chinese market, 2025-12-24) — source: Airstar Bank news (translating Tencent Technology');
    // Only the US electricity average is converted (and says so); the price and the rental are in yuan.
    expect(text.split('\n').filter((line) => line.includes('converted at'))).toEqual([expect.stringMatching(/^Electricity at/)]);
    expect(notesOf({ gpu: 'h20-96gb', currency: 'CNY' }, 'zh-CN').join('\n')).toContain('取市场价区间 ¥110,000–131,250 的中值（中国市场，2025-12-24）');
  });

  it('takes the reading recommend takes, in every currency', () => {
    for (const currency of ['CNY', 'USD', 'EUR'] as const) {
      const advice = recommend({ task: 'inference', model: 'llama-3-8b', currency });
      const h20 = advice.options.find((o) => o.gpuId === 'h20-96gb' && o.count === 1);
      const reading = estimateCost({ gpu: 'h20-96gb', currency }).own.purchasePerGpu.reading;
      expect(h20?.price, currency).toMatchObject({ market: reading?.market, asOf: reading?.asOf, quotedCurrency: reading?.quotedCurrency });
      expect(h20?.price?.low).toBeCloseTo(reading?.low ?? NaN, 6);
      expect(h20?.price?.high).toBeCloseTo(reading?.high ?? NaN, 6);
    }
  });

  it('USD: the H20’s street range quoted in dollars (2024), not the yuan one converted', () => {
    const reading = estimateCost({ gpu: 'h20-96gb', currency: 'USD' }).own.purchasePerGpu.reading;
    expect(reading).toMatchObject({ market: 'cn', quotedCurrency: 'USD', low: 10000, high: 13000, asOf: '2024', converted: false });
  });

  it('converts only when the buyer’s market has no street price, and says so with the rate and its date', () => {
    const rtx = estimateCost({ gpu: 'rtx-4090', currency: 'CNY' });
    expect(rtx.own.purchasePerGpu.reading).toMatchObject({ market: 'us', quotedCurrency: 'USD', converted: true });
    expect(rtx.own.purchasePerGpu.reading?.low).toBeCloseTo(1650 * 6.83, 6);
    const text = notesOf({ gpu: 'rtx-4090', currency: 'CNY' }).join('\n');
    expect(text).toContain('No street price from the Chinese market or in CNY is in the catalog: the US market one, quoted in USD, is converted at 1 USD = 6.83 CNY (exchange rates of 2026-04-13).');
    // The Chinese launch price exists but street prices come first — said, not hidden.
    expect(text).toContain('The Chinese market launch price, ¥12,999 (2023-12), is not used');
    const eur = estimateCost({ gpu: 'a100-sxm4-80gb', currency: 'EUR' });
    expect(eur.own.purchasePerGpu.reading).toMatchObject({ market: 'global', quotedCurrency: 'USD', converted: true });
    expect(eur.own.purchasePerGpu.reading?.high).toBeCloseTo(15000 / 1.17, 6);
    expect(keys({ gpu: 'a100-sxm4-80gb', currency: 'EUR' })).not.toContain('advisor.cost.homeLaunchPassedOver');
  });

  it('an --fx override moves the converted price and the rate in the note', () => {
    const fx = parseFxOverrides('USD:CNY=7.1');
    const rtx = estimateCost({ gpu: 'rtx-4090', currency: 'CNY', fx });
    expect(rtx.own.purchasePerGpu.reading?.low).toBeCloseTo(1650 * 7.1, 6);
    expect(rtx.own.purchasePerGpu.usd).toBeCloseTo(1825, 6);
    expect(notesOf({ gpu: 'rtx-4090', currency: 'CNY', fx }).join('\n')).toContain('1 USD = 7.1 CNY');
  });

  it('a price the user gives is theirs: no reading, no conversion note', () => {
    const result = estimateCost({ gpu: 'h20-96gb', currency: 'CNY', purchasePriceUsd: 15000 });
    expect(result.own.purchasePerGpu).toEqual({ usd: 15000, origin: 'user', asOf: null });
    expect(keys({ gpu: 'h20-96gb', currency: 'CNY', purchasePriceUsd: 15000 })).not.toContain('advisor.cost.priceConverted');
  });

  it('refuses a currency it has no rate for', () => {
    expect(() => estimateCost({ gpu: 'h20-96gb', currency: 'JPY' as never })).toThrowError(expect.objectContaining({ key: 'advisor.error.badChoice' }));
  });

  it('writes a rate the way round whose figure is at least 1', () => {
    expect(rateText('CNY', 'USD', DEFAULT_FX)).toEqual({ base: 'USD', rate: '6.83', quote: 'CNY', rateOf: '2026-04-13' });
    expect(rateText('USD', 'EUR', DEFAULT_FX)).toEqual({ base: 'EUR', rate: '1.17', quote: 'USD', rateOf: '2026-04-13' });
  });
});

describe('the rental: charged in the buyer’s currency first', () => {
  const real = loadCloudCatalog();
  const cny = real.offerings.find((o) => o.id === 'suanjia-1x-rtx-4090-2026');
  const usd = real.offerings.find((o) => o.gpuId === 'a100-sxm4-80gb' && o.usdPerHour !== undefined);
  if (!cny || !usd) throw new Error('catalog offerings moved: update the fixture ids');
  // ¥1.24/h in yuan against a dollar rental at $0.10/h (¥0.683): the dollar one is cheaper.
  const hourly = usd.usdPerHour;
  if (!hourly) throw new Error('unreachable');
  const cheapUsd = { ...usd, id: 'cheap-usd-4090', gpuId: 'rtx-4090', gpuCount: 1, usdPerHour: { ...hourly, onDemand: { ...hourly.onDemand, value: 0.1 } } };
  const mixed = { ...real, offerings: [cny, cheapUsd] } as CloudCatalog;

  it('CNY takes 算家云 in yuan over a cheaper dollar rental, and names the cheaper one', () => {
    const result = estimateCost({ gpu: 'rtx-4090', currency: 'CNY', cloudCatalog: mixed });
    expect(result.rent?.rental).toMatchObject({ offeringId: 'suanjia-1x-rtx-4090-2026', chargedIn: 'CNY', converted: false });
    expect(result.rent?.perGpuHour.usd).toBeCloseTo(1.24 / 6.83, 9);
    const text = notesOf({ gpu: 'rtx-4090', currency: 'CNY', cloudCatalog: mixed }).join('\n');
    expect(text).toContain('Renting at ¥1.24 per GPU-hour: Suanjia Cloud (算家云)');
    expect(text).toMatch(/Cheaper in USD: \S+ .* at \$0\.10 per GPU-hour \(≈ ¥0\.683\); not taken, as rentals charged in CNY come first\./);
  });

  it('USD takes the dollar rental; cheapestRentals without the flag still takes the cheapest after conversion', () => {
    expect(estimateCost({ gpu: 'rtx-4090', currency: 'USD', cloudCatalog: mixed }).rent?.rental).toMatchObject({ offeringId: 'cheap-usd-4090', converted: false });
    expect(cheapestRentals(mixed, 'CNY').get('rtx-4090')?.offeringId).toBe('cheap-usd-4090');
  });

  it('with no rental in the buyer’s currency, converts the cheapest and says so', () => {
    const result = estimateCost({ gpu: 'h20-96gb', currency: 'USD' });
    expect(result.rent?.rental).toMatchObject({ chargedIn: 'CNY', chargedPerGpuHour: 7.5, converted: true });
    expect(result.rent?.perGpuHour.usd).toBeCloseTo(7.5 / 6.83, 9);
    expect(notesOf({ gpu: 'h20-96gb', currency: 'USD' }).join('\n')).toContain('No rental charged in USD is in the catalog: UCloud Compshare (优云智算) charges ¥7.50 per GPU-hour in CNY, converted at 1 USD = 6.83 CNY (exchange rates of 2026-04-13).');
    expect(notesOf({ gpu: 'h20-96gb', currency: 'USD' }, 'zh-CN').join('\n')).toContain('目录中没有以 USD 计费的租用');
  });
});
