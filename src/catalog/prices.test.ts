// The dated prices (data/prices): attached to real entries, each with a source, in its own
// currency, and spot-checked against the text the source prints (quoted in the comments).

import { describe, expect, it } from 'vitest';
import { ORPHAN_PRICE_IDS } from './data/gpus/index.js';
import { getGpu, loadGpuCatalog, type PriceQuote } from './index.js';

const pricesOf = (id: string): PriceQuote[] => getGpu(id)?.prices ?? [];

describe('GPU prices', () => {
  it('are attached only to GPUs the catalog has', () => {
    expect(ORPHAN_PRICE_IDS).toEqual([]);
  });

  it('every quote is sourced, dated, and low ≤ high', () => {
    const quotes = loadGpuCatalog().gpus.flatMap((gpu) => (gpu.prices ?? []).map((quote) => ({ id: gpu.id, quote })));
    expect(quotes.length).toBeGreaterThan(20);
    for (const { id, quote } of quotes) {
      expect(quote.sources.length, id).toBeGreaterThan(0);
      expect(quote.low, id).toBeLessThanOrEqual(quote.high);
      expect(quote.asOf, id).toMatch(/^\d{4}/);
    }
  });

  it('keeps Chinese prices in CNY for the China market', () => {
    // SvětHardware: "Oficiální cena byla stanovena 12.999 čínských juanů"
    expect(pricesOf('rtx-4090-d')).toContainEqual(expect.objectContaining({ currency: 'CNY', market: 'cn', low: 12999, high: 12999 }));
    // Epoch AI, row "Huawei Ascend 910B": "120,000 yuan = 16800 USD at mid-2023 rate"
    expect(pricesOf('ascend-910b2')).toContainEqual(expect.objectContaining({ currency: 'CNY', low: 120000 }));
  });

  it('gives ranges where the sources give ranges', () => {
    // Tom's Hardware (Citi): "AMD's chips cost $10 to $15K apiece"
    expect(pricesOf('mi300x')).toContainEqual(expect.objectContaining({ low: 10000, high: 15000, currency: 'USD' }));
    // CNBC: Blackwell "expected to cost between $30,000 and $40,000 per unit"
    expect(pricesOf('b200-180gb')).toContainEqual(expect.objectContaining({ low: 30000, high: 40000 }));
    // Tom's Hardware via Epoch AI: H20 "price tag of around $10,000 - $13,000"
    expect(pricesOf('h20-96gb')).toContainEqual(expect.objectContaining({ low: 10000, high: 13000, market: 'cn' }));
  });

  it('prices the whole Gaudi 3 kit per accelerator, from Intel\'s list price', () => {
    // Y-IC: "ein … Kit mit acht Gaudi3-Chips 125.000 US-Dollar … rund 15.625 USD pro Chip"
    expect(pricesOf('gaudi3')).toContainEqual(expect.objectContaining({ kind: 'launch', low: 125000 / 8 }));
  });
});
