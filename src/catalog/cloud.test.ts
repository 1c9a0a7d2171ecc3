import { describe, expect, it } from 'vitest';
import {
  getCloudOffering,
  hourlyPrices,
  listCloudOfferings,
  localRentalQuotes,
  loadCloudCatalog,
  perGpuHour,
  PRICE_KINDS,
  pricesAsOf,
  rentalQuotes,
  validateCloudCatalog,
  type CloudOffering,
} from './cloud.js';
import { CLOUD_CATALOG_DATA } from './data/cloud/index.js';
import { CatalogDataError } from './servers-validate.js';

const catalog = loadCloudCatalog();

function offering(id: string): CloudOffering {
  const found = getCloudOffering(id);
  if (found === null) throw new Error(`no offering ${id}`);
  return found;
}

describe('cloud price catalog data', () => {
  it('validates, and every offering has at least one sourced price', () => {
    expect(catalog.offerings.length).toBe(CLOUD_CATALOG_DATA.offerings.length);
    for (const o of catalog.offerings) {
      const sourced = PRICE_KINDS.filter((kind) => hourlyPrices(o).perHour[kind].value !== null);
      expect(sourced.length, o.id).toBeGreaterThan(0);
    }
  });

  it('cites an existing source for every price and dates every offering', () => {
    const sourceIds = new Set(catalog.sources.map((s) => s.id));
    for (const o of catalog.offerings) {
      expect(o.asOf, o.id).toMatch(/^\d{4}/);
      for (const kind of PRICE_KINDS) {
        const price = hourlyPrices(o).perHour[kind];
        if (price.value === null) expect(price, `${o.id} ${kind}`).toHaveProperty('reason');
        else for (const ref of price.sources) expect(sourceIds, `${o.id} ${kind}`).toContain(ref.source);
      }
    }
    const cited = new Set(catalog.offerings.flatMap((o) => PRICE_KINDS.flatMap((k) => hourlyPrices(o).perHour[k].sources?.map((r) => r.source) ?? [])));
    for (const source of catalog.sources) expect(cited, source.id).toContain(source.id);
  });

  it('names a region for every offering, in both languages where it is described in words', () => {
    for (const o of catalog.offerings) {
      const names = typeof o.region === 'string' ? [o.region] : [o.region.en, o.region['zh-CN']];
      for (const name of names) expect(name.trim(), o.id).not.toBe('');
    }
  });
});

describe('perGpuHour', () => {
  it('is the instance price divided by the GPU count, for every offering and price kind', () => {
    for (const o of catalog.offerings) {
      const perGpu = perGpuHour(o);
      for (const kind of PRICE_KINDS) {
        const instance = hourlyPrices(o).perHour[kind].value;
        if (instance === null) expect(perGpu[kind], `${o.id} ${kind}`).toBeNull();
        else expect(perGpu[kind], `${o.id} ${kind}`).toBeCloseTo(instance / o.gpuCount, 10);
      }
    }
  });

  it('matches the per-accelerator rate AWS prints for a p5 capacity block ($4.916)', () => {
    expect(perGpuHour(offering('aws-p5-48xlarge-us-east-1-capacity-block-2024')).capacityBlock).toBeCloseTo(4.916, 3);
  });

  it('keeps a missing price missing (null), never 0', () => {
    const p5 = perGpuHour(offering('aws-p5-48xlarge-us-east-1-capacity-block-2024'));
    expect(p5.onDemand).toBeNull();
    expect(p5.reserved1y).toBeNull();
  });
});

describe('rentalQuotes and filters', () => {
  it('lists sourced on-demand quotes for a GPU, cheapest per GPU-hour first', () => {
    const quotes = rentalQuotes('h100-sxm5-80gb', 'onDemand');
    const ids = quotes.map((q) => q.offering.id);
    expect(ids).toEqual(expect.arrayContaining(['runpod-1x-h100-sxm-community-2026-09', 'lambda-1x-h100-sxm-2026-05', 'aws-p5-48xlarge-us-east-1-2026-11', 'azure-nd96isr-h100-v5-2026-11']));
    const perGpu = quotes.map((q) => q.usdPerGpuHour);
    expect(perGpu).toEqual([...perGpu].sort((a, b) => a - b));
    expect(perGpu[0]).toBe(2.69);
    expect(quotes.find((q) => q.offering.id === 'aws-p5-48xlarge-us-east-1-2026-11')?.usdPerGpuHour).toBeCloseTo(55.04 / 8, 10);
    expect(quotes.find((q) => q.offering.id === 'azure-nd96isr-h100-v5-2026-11')?.usdPerGpuHour).toBeCloseTo(12.29, 10);
    const blocks = rentalQuotes('a100-sxm4-40gb', 'capacityBlock');
    expect(blocks[0]?.usdPerGpuHour).toBeCloseTo(14.75 / 8, 10);
  });

  it('prices GCP a3-highgpu-8g from the billing catalog, reserved rates as month ÷ 730 h', () => {
    // pricing.yml (2025-03-06), us-central1: hour 88.4899999…, month_1y 44810.08…, month_3y 28370.99…
    const a3 = perGpuHour(offering('gcp-a3-highgpu-8g-us-central1-2025-03'));
    expect(a3.onDemand).toBeCloseTo(88.49 / 8, 10);
    expect(a3.reserved1y).toBeCloseTo(61.38 / 8, 10);
    expect(a3.reserved3y).toBeCloseTo(38.86 / 8, 10);
    expect(a3.capacityBlock).toBeNull();
    // Committed prices are below on-demand, as every commitment discount is.
    expect((a3.reserved3y ?? Infinity) < (a3.reserved1y ?? Infinity) && (a3.reserved1y ?? Infinity) < (a3.onDemand ?? 0)).toBe(true);
  });

  it('returns nothing for a GPU no cloud rents here', () => {
    expect(rentalQuotes('no-such-gpu')).toEqual([]);
  });

  it('filters by provider, GPU and minimum GPU count', () => {
    expect(listCloudOfferings({ provider: 'lambda' }).every((o) => o.provider === 'lambda')).toBe(true);
    expect(listCloudOfferings({ minGpuCount: 8 }).every((o) => o.gpuCount >= 8)).toBe(true);
    expect(listCloudOfferings({ provider: 'azure' }).every((o) => o.provider === 'azure')).toBe(true);
    expect(listCloudOfferings({ provider: 'coreweave' })).toEqual([]);
  });
});

describe('pricesAsOf', () => {
  it('spans the oldest and newest price readings', () => {
    expect(pricesAsOf()).toEqual({ oldest: '2024', newest: '2026-11-09' });
    expect(pricesAsOf([offering('lambda-1x-h100-pcie-2026-05')])).toEqual({ oldest: '2026-05-07', newest: '2026-05-07' });
    expect(pricesAsOf([])).toBeNull();
  });
});

describe('validateCloudCatalog on bad data', () => {
  const good = CLOUD_CATALOG_DATA.offerings[0];
  const run = (offerings: unknown[]) => () => validateCloudCatalog({ sources: CLOUD_CATALOG_DATA.sources, offerings });

  it('rejects a price without a source, a negative or zero price, and an undated entry', () => {
    if (good === undefined) throw new Error('no data');
    const unsourced = { ...good, usdPerHour: { ...good.usdPerHour, onDemand: { value: 32.77, sources: [] } } };
    const zero = { ...good, usdPerHour: { ...good.usdPerHour, onDemand: { value: 0, sources: [{ source: 'xither-gpu-compute-costs' }] } } };
    const undated = { ...good, asOf: 'last spring' };
    expect(run([unsourced])).toThrow(CatalogDataError);
    expect(run([zero])).toThrow(CatalogDataError);
    expect(run([undated])).toThrow(/YYYY/);
  });

  it('rejects an unknown provider and a price citing an unknown source', () => {
    if (good === undefined) throw new Error('no data');
    expect(run([{ ...good, provider: 'mystery-cloud' }])).toThrow(CatalogDataError);
    const unknownSource = { ...good, usdPerHour: { ...good.usdPerHour, onDemand: { value: 1, sources: [{ source: 'nope' }] } } };
    expect(run([unknownSource])).toThrow(/unknown source "nope"/);
  });

  it('takes a price in CNY under perHour with its currency, and rejects both, neither, or a perHour without currency', () => {
    if (good === undefined || good.usdPerHour === undefined) throw new Error('no data');
    const { usdPerHour, ...rest } = good;
    const cny = { ...rest, id: 'cny-test', perHour: usdPerHour, currency: 'CNY' };
    const parsed = validateCloudCatalog({ sources: CLOUD_CATALOG_DATA.sources, offerings: [cny] });
    const offering = parsed.offerings[0];
    if (offering === undefined) throw new Error('not parsed');
    expect(hourlyPrices(offering).currency).toBe('CNY');
    expect(localRentalQuotes(offering.gpuId, 'onDemand', parsed)[0]?.currency).toBe('CNY');
    // A CNY price must never pass as dollars.
    expect(rentalQuotes(offering.gpuId, 'onDemand', parsed)).toEqual([]);
    expect(run([{ ...cny, usdPerHour }])).toThrow(/exactly one/);
    expect(run([rest])).toThrow(/exactly one/);
    expect(run([{ ...rest, perHour: usdPerHour }])).toThrow(/currency/);
  });
});

describe('offerings added for issue 17', () => {
  it('AWS p5 on-demand after the June 2025 cut, per the price API reading', () => {
    // data-receipts hyperscalers.json: "instance": "p5.48xlarge" … "usd_per_hour": 55.04, "usd_per_gpu_hour": 6.88
    expect(perGpuHour(offering('aws-p5-48xlarge-us-east-1-2026-11')).onDemand).toBeCloseTo(6.88, 10);
  });

  it('Chinese hourly rental stays in CNY and is marked rental', () => {
    // gpu-price-index: "RTX 4090 | 1.24 | 算家云"; "H20 96GB | 7.5 | 优云智算"
    const rtx = offering('suanjia-1x-rtx-4090-2026');
    expect(hourlyPrices(rtx)).toMatchObject({ currency: 'CNY', perHour: { onDemand: { value: 1.24 } } });
    expect(rtx.rental).toBe(true);
    expect(hourlyPrices(offering('compshare-1x-h20-96gb-2026')).perHour.onDemand.value).toBe(7.5);
    // USD-only rentalQuotes never mixes a CNY price in.
    expect(rentalQuotes('rtx-4090').map((q) => q.offering.id)).not.toContain('suanjia-1x-rtx-4090-2026');
  });

  it('rents a T4 at 矩池云 (Matpool) in CNY, with the index\'s 30-day range', () => {
    // gpu-price-index: "T4 16GB | 1.35 | 矩池云 | 1.35 | 1.35"
    const t4 = offering('matpool-1x-t4-2026');
    expect(t4).toMatchObject({ provider: 'matpool', gpuId: 't4', currency: 'CNY', rental: true });
    expect(hourlyPrices(t4).perHour.onDemand).toMatchObject({ value: 1.35, note: { en: '30-day range 1.35–1.35 CNY per hour.' } });
    expect(localRentalQuotes('t4').map((q) => q.offering.id)).toContain('matpool-1x-t4-2026');
  });
});
