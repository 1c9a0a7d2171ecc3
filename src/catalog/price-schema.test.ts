import { describe, expect, it } from 'vitest';
import { priceQuoteSchema } from './gpu-schema.js';
import { serverEntrySchema } from './servers-schema.js';

const quote = { kind: 'street', currency: 'CNY', market: 'cn', low: 120000, high: 150000, asOf: '2025-06', sources: [{ source: 'x' }] };

describe('price quotes', () => {
  it('take a dated range in its own currency', () => {
    expect(priceQuoteSchema.parse(quote).currency).toBe('CNY');
    expect(priceQuoteSchema.parse({ ...quote, high: 120000 }).low).toBe(120000);
  });

  it('reject a reversed range, an undated or unsourced price, a zero price and an unknown currency', () => {
    expect(priceQuoteSchema.safeParse({ ...quote, low: 200000 }).success).toBe(false);
    expect(priceQuoteSchema.safeParse({ ...quote, asOf: 'recently' }).success).toBe(false);
    expect(priceQuoteSchema.safeParse({ ...quote, sources: [] }).success).toBe(false);
    expect(priceQuoteSchema.safeParse({ ...quote, low: 0 }).success).toBe(false);
    expect(priceQuoteSchema.safeParse({ ...quote, currency: 'JPY' }).success).toBe(false);
    expect(priceQuoteSchema.safeParse({ ...quote, price: 1 }).success).toBe(false);
  });

  it('on a server say which configuration they price, and reject a reversed range there too', () => {
    const prices = serverEntrySchema.shape.prices;
    expect(prices.parse([{ ...quote, gpuId: 'rtx-4090', gpuCount: 8 }])?.[0]?.gpuCount).toBe(8);
    expect(prices.safeParse([{ ...quote, low: 200000, gpuCount: 8 }]).success).toBe(false);
    expect(prices.safeParse([{ ...quote, gpuCount: 0 }]).success).toBe(false);
  });
});
