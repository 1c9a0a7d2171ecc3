// The dated prices (data/prices): attached to real entries, each with a source, in its own
// currency, and spot-checked against the text the source prints (quoted in the comments).

import { describe, expect, it } from 'vitest';
import { ORPHAN_PRICE_IDS } from './data/gpus/index.js';
import { UNPRICED_GPUS } from './data/prices/gpu-prices-2026.js';
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

describe('GPU prices read in 2026-12, and the parts left unpriced', () => {
  it('quotes the sources\' figures for the A100 80GB, L4 and T4', () => {
    // AI Tool Discovery: "New A100 80GB units cost $8,000-$15,000 in 2026"
    for (const id of ['a100-sxm4-80gb', 'a100-pcie-80gb']) expect(pricesOf(id)).toContainEqual(expect.objectContaining({ kind: 'street', currency: 'USD', low: 8000, high: 15000, asOf: '2026-03' }));
    // RunLocalAI: "$2,500 retail / $1,800-2,200 used"
    expect(pricesOf('l4')).toContainEqual(expect.objectContaining({ low: 2500, high: 2500 }));
    // ChipVERSUS: "AVG Price $1000"
    expect(pricesOf('t4')).toContainEqual(expect.objectContaining({ low: 1000, high: 1000 }));
  });

  it('prices the L40 from the average only, the P100 PCIe 16GB at the launch figure spec sites agree on, and the A800 from China press', () => {
    // ChipVERSUS L40: "MSRP $31000", "AVG Price $8174" — the MSRP is not taken
    expect(pricesOf('l40')).toEqual([expect.objectContaining({ kind: 'street', currency: 'USD', low: 8174, high: 8174 })]);
    // Technical City: "Launch price (MSRP) | $5,699"; HMC Tech: "NVIDIA Tesla P100 $5,699"; Epoch AI row "NVIDIA P100": 5699.0
    const p100 = pricesOf('p100-pcie-16gb');
    expect(p100).toEqual([expect.objectContaining({ kind: 'launch', low: 5699, asOf: '2016-06' })]);
    expect(p100[0]?.sources.map((s) => s.source)).toEqual(['technicalcity-p100-pcie-16gb', 'hmctech-b200-vs-p100', 'epoch-ml-hardware']);
    // boke.042.cn (2023-06-29): "A800售价12000美元，人民币8.3万元" — variant not given, so both A800 entries carry it, in the China market,
    // both figures: the yuan one is what a buyer in China paid, not the dollars at a later rate.
    for (const id of ['a800-sxm4-80gb', 'a800-pcie-80gb']) {
      expect(pricesOf(id), id).toEqual([
        expect.objectContaining({ kind: 'street', currency: 'USD', market: 'cn', low: 12000, asOf: '2023-06' }),
        expect.objectContaining({ kind: 'street', currency: 'CNY', market: 'cn', low: 83000, high: 83000, asOf: '2023-06', sources: [expect.objectContaining({ source: 'boke042-a800-price-2023' })] }),
      ]);
    }
    // The other P100 variants are not given the 16 GB PCIe card's price.
    for (const id of ['p100-pcie-12gb', 'p100-sxm2-16gb']) expect(pricesOf(id), id).toEqual([]);
  });

  it('adds dated China readings for the H200 and H20 beside the older ones', () => {
    // HotHardware (Reuters), 2026-01-08: "at around $27,000 each"
    expect(pricesOf('h200-sxm-141gb')).toContainEqual(expect.objectContaining({ currency: 'USD', market: 'cn', low: 27000, asOf: '2026-01-08' }));
    // Tencent Technology, 2025-12-24: the H20 8-GPU module "increased from RMB 880,000 to RMB 1.05 million", per card
    expect(pricesOf('h20-96gb')).toContainEqual(expect.objectContaining({ currency: 'CNY', market: 'cn', low: 880000 / 8, high: 1050000 / 8 }));
    // The older readings stay: the CNY channel price of the H200 and Tom's Hardware's H20 range.
    expect(pricesOf('h200-sxm-141gb')).toContainEqual(expect.objectContaining({ currency: 'CNY', low: 175000 }));
    expect(pricesOf('h20-96gb')).toContainEqual(expect.objectContaining({ currency: 'USD', low: 10000, high: 13000 }));
  });

  it('gives every datacenter and workstation part a price or a written reason, never both', () => {
    const unpricedWithoutReason: string[] = [];
    for (const gpu of loadGpuCatalog().gpus) {
      if (gpu.segment === 'consumer') continue;
      const priced = gpu.launchPrice.value !== null || (gpu.prices ?? []).length > 0;
      const reason = UNPRICED_GPUS[gpu.id];
      if (priced) expect(reason, `${gpu.id} is priced but also listed as unpriced`).toBeUndefined();
      else if (reason === undefined) unpricedWithoutReason.push(gpu.id);
      else {
        expect(reason.en.length, gpu.id).toBeGreaterThan(20);
        expect(reason['zh-CN'].length, gpu.id).toBeGreaterThan(5);
      }
    }
    expect(unpricedWithoutReason).toEqual([]);
  });
});
