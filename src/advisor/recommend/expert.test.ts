// Rankings an expert would sign, on the built-in catalogs: each test name says the expectation.

import { describe, expect, it } from 'vitest';
import { loadGpuCatalog, type GpuCatalog } from '../../catalog/index.js';
import { recommend } from './recommend.js';
import type { RecommendInput, RecommendOption, SortKey } from './types.js';

const GIB = 1024 ** 3;
const catalog = loadGpuCatalog();
const all = (r: ReturnType<typeof recommend>) => [...r.options, ...r.unranked, ...r.notFitting];
const find = (options: RecommendOption[], id: string) => {
  const found = options.find((o) => o.gpuId === id);
  if (!found) throw new Error(`no option for ${id}`);
  return found;
};
const rankOf = (options: RecommendOption[], id: string) => options.findIndex((o) => o.gpuId === id);
const SORTS: SortKey[] = ['balanced', 'throughput', 'price-performance', 'performance-per-watt', 'price'];

describe('nothing that does not fit is ranked', () => {
  const workloads: RecommendInput[] = [
    { task: 'train', model: 'llama-3-70b' },
    { task: 'train', model: 'llama-3-8b', maxGpuCount: 64, estimate: { recomputation: 'full' } },
    { task: 'inference', model: 'llama-3-70b' },
    { task: 'finetune', model: 'llama-3-70b', estimate: { method: 'qlora' } },
  ];
  it.each(workloads.flatMap((w) => SORTS.map((sortBy) => [sortBy, w] as const)))('sorted by %s: %o', (sortBy, workload) => {
    const result = recommend({ ...workload, sortBy });
    for (const o of [...result.options, ...result.unranked]) {
      expect(o.memory.fits, `${o.gpuId} ×${o.count}`).not.toBe(false);
      if (o.memory.perGpuNeedBytes !== null) expect(o.memory.perGpuNeedBytes).toBeLessThanOrEqual(o.memory.perGpuCapacityBytes);
    }
    for (const o of result.notFitting) expect(o.reasons[0]?.key).toBe('advisor.reason.doesNotFitUsable');
  });

  it('a fit is checked against usable memory, below the nominal 80 GB: 79.1 GiB per GPU does not fit an H100', () => {
    const h100 = find(all(recommend({ task: 'train', model: 'llama-3-8b' })), 'h100-sxm5-80gb');
    expect(h100.memory.perGpuNominalBytes).toBe(80 * GIB);
    expect(h100.memory.perGpuVisibleBytes).toBeLessThan(80 * GIB);
    expect(h100.memory.perGpuCapacityBytes).toBeLessThan(79.1 * GIB);
    expect(h100.memory.marginBytes).toBeGreaterThan(0);
    expect(h100.reasons[0]?.params).toMatchObject({ marginPercent: 5 });
  });

  it('64 RTX 5090s for 8B training with full recomputation are not near the top: one-GPU and NVLink options come first', () => {
    const result = recommend({ task: 'train', model: 'llama-3-8b', maxGpuCount: 64, estimate: { recomputation: 'full' } });
    const rank = rankOf(result.options, 'rtx-5090');
    expect(rank).toBeGreaterThan(4);
    const card = find(result.options, 'rtx-5090');
    expect(card.count).toBeGreaterThan(1);
    expect(card.throughput.scaling.efficiency).toBeLessThan(1);
  });
});

describe('2× H100 SXM ranks above 8× A100 40GB PCIe for 8B training', () => {
  it.each(['balanced', 'throughput'] as const)('sorted by %s', (sortBy) => {
    const result = recommend({ task: 'train', model: 'llama-3-8b', sortBy });
    const h100 = find(result.options, 'h100-sxm5-80gb');
    expect(h100.count).toBe(2);
    const a100Rank = rankOf(result.options, 'a100-pcie-40gb');
    expect(a100Rank).toBeGreaterThan(-1);
    expect(rankOf(result.options, 'h100-sxm5-80gb')).toBeLessThan(a100Rank);
  });

  it('even on 8 cards the A100 40GB PCIe trains fewer tokens/s than 2 H100s: PCIe communication eats its peak', () => {
    const only: GpuCatalog = { ...catalog, gpus: catalog.gpus.filter((g) => ['h100-sxm5-80gb', 'a100-pcie-40gb'].includes(g.id)) };
    // The same job (global batch 128 sequences): micro-batches of 16 need all 8 A100s; 2 H100s hold micro-batches of 1.
    const a100 = find(recommend({ task: 'train', model: 'llama-3-8b', catalog: only, estimate: { batchSize: 16, recomputation: 'full' } }).options, 'a100-pcie-40gb');
    const h100 = find(recommend({ task: 'train', model: 'llama-3-8b', catalog: only, estimate: { recomputation: 'full' } }).options, 'h100-sxm5-80gb');
    expect(a100.count).toBe(8);
    expect(h100.count).toBe(2);
    expect(a100.throughput.linearRate ?? 0).toBeGreaterThan(h100.throughput.linearRate ?? 0);
    expect(a100.throughput.peakTokensPerSecond ?? Infinity).toBeLessThan(h100.throughput.peakTokensPerSecond ?? 0);
    expect(a100.throughput.scaling.link.kind).toBe('pcie');
    expect(h100.throughput.scaling.link.kind).toBe('fast-link');
  });
});

describe('an unpriced GPU is never inside a budget', () => {
  it.each([1000, 60000, 1e9])('budget %d USD: every ranked option has a price within it, the unpriced are counted', (budget) => {
    const result = recommend({ task: 'inference', model: 'llama-3-8b', budget });
    for (const o of [...result.options, ...result.unranked]) {
      expect(o.price, o.gpuId).not.toBeNull();
      expect(o.price?.amount ?? Infinity).toBeLessThanOrEqual(budget);
      expect(o.withinBudget).toBe(true);
    }
    const unpriced = catalog.gpus.filter((g) => g.launchPrice.value === null && (g.prices ?? []).length === 0).length;
    if (unpriced > 0) expect(result.excluded.budgetUnpriced).toBeGreaterThan(0);
  });

  it('a budget in CNY takes CNY prices and converts the rest at the dated rate', () => {
    const result = recommend({ task: 'inference', model: 'llama-3-8b', budget: 400000, currency: 'CNY' });
    expect(result.currency).toBe('CNY');
    for (const o of result.options) expect(o.price?.currency).toBe('CNY');
  });
});

describe('70B fp16 inference over 8 PCIe consumer cards carries a scaling penalty', () => {
  const result = recommend({ task: 'inference', model: 'llama-3-70b', segments: ['consumer'] });
  const eight = result.options.filter((o) => o.count === 8);

  it('every 8-card consumer option pays for communication, and says so', () => {
    expect(eight.length).toBeGreaterThan(0);
    for (const o of eight) {
      expect(o.throughput.scaling.efficiency, o.gpuId).toBeLessThan(0.9);
      expect(o.throughput.rate ?? 0).toBeLessThan(o.throughput.linearRate ?? 0);
      expect(o.reasons.map((r) => r.key).some((k) => k === 'advisor.reason.scalingPcie' || k === 'advisor.reason.scalingPcieNoP2p')).toBe(true);
    }
  });

  it('NVLink keeps more of its speed than PCIe does', () => {
    const nvlink = find(recommend({ task: 'inference', model: 'llama-3-70b', segments: ['datacenter'], maxGpuCount: 8 }).options, 'h100-sxm5-80gb');
    expect(nvlink.count).toBeGreaterThan(1);
    for (const o of eight) expect(nvlink.throughput.scaling.efficiency).toBeGreaterThan(o.throughput.scaling.efficiency);
  });

  it('--segment keeps only the asked segments and counts the rest', () => {
    expect([...result.options, ...result.notFitting].every((o) => o.segment === 'consumer')).toBe(true);
    expect(result.excluded.segment).toBe(catalog.gpus.filter((g) => g.segment !== 'consumer').length);
  });
});

describe('MI250X is two devices', () => {
  const entry = catalog.gpus.find((g) => g.id === 'mi250x');

  it('the catalog says two GCDs per board; the recommender counts GCDs with half the board’s memory each', () => {
    expect(entry?.devicesPerBoard?.value).toBe(2);
    const options = all(recommend({ task: 'inference', model: 'llama-3-8b' }));
    const mi = find(options, 'mi250x');
    expect(mi.memory.perGpuNominalBytes).toBe(((entry?.memorySizeGiB.value ?? 0) / 2) * GIB);
    expect(mi.devicesPerBoard).toBe(2);
  });

  it('full training of Mistral-7B is not offered on one device; the boards are priced per board', () => {
    const mi = find(all(recommend({ task: 'train', model: 'mistral-7b' })), 'mi250x');
    expect(mi.count).toBeGreaterThanOrEqual(2);
    expect(mi.reasons.map((r) => r.key)).toContain('advisor.reason.devicesPerBoard');
    if (mi.price) expect(mi.price.boards).toBe(Math.ceil(mi.count / 2));
  });
});

describe('precision fallback takes the best rate at the requested precision or a wider one', () => {
  it('Gaudi 2 fp16 inference is rated at BF16, never 0 tokens/s', () => {
    const gaudi = find(all(recommend({ task: 'inference', model: 'llama-3-8b' })), 'gaudi2');
    expect(gaudi.throughput.rate ?? 0).toBeGreaterThan(0);
    expect(gaudi.throughput).toMatchObject({ precision: 'bf16', fallbackFrom: 'fp16' });
  });

  it('Gaudi 3 FP16 falls back to BF16 (1835), not FP32', () => {
    const gaudi = find(all(recommend({ task: 'inference', model: 'llama-3-8b', precision: 'fp16' })), 'gaudi3');
    expect(gaudi.throughput.precision).toBe('bf16');
    expect(gaudi.throughput.perGpuRate).toBe(1835);
  });
});

describe('the host to pair with the GPUs', () => {
  it('8× H100 SXM: ≥ 1280 GiB RAM, 32 cores, 128 PCIe lanes, a power budget near DGX H100’s 10.2 kW', () => {
    const h100 = find(all(recommend({ task: 'train', model: 'llama-3-70b', maxGpuCount: 8 })), 'h100-sxm5-80gb');
    expect(h100.count).toBe(8);
    expect(h100.host.systemRamBytes).toBe(2 * 8 * 80 * GIB);
    expect(h100.host.cpuCores).toBe(32);
    expect(h100.host.pcieLanes).toBe(128);
    expect(h100.host.powerSupplyWatts).toBeGreaterThan(9500);
    expect(h100.host.powerSupplyWatts).toBeLessThan(10800);
    expect(h100.host.serverCooling).toBe(true);
    expect(h100.host.offloadRamBytes).toBeGreaterThan(0);
  });

  it('one RTX 4090: NVIDIA’s 850 W supply; a machine with 16 GiB and 2 cores falls short on both', () => {
    const result = recommend({
      task: 'inference',
      model: 'llama-3-8b',
      catalog: { ...catalog, gpus: catalog.gpus.filter((g) => g.id === 'rtx-4090') },
      snapshot: { devices: [], host: { memoryTotalBytes: 16 * GIB, cpuLogicalCount: 2 } } as never,
    });
    const card = find(result.options, 'rtx-4090');
    expect(card.host.powerSupplyWatts).toBe(850);
    expect(result.localHost?.map((s) => s.what).sort()).toEqual(['cpuCores', 'systemRam']);
    expect(card.localHostShortfalls).toEqual(result.localHost);
    expect(recommend({ task: 'inference', model: 'llama-3-8b' }).options[0]?.localHostShortfalls).toBeNull();
  });

  it('ResNet-50 training on an A100 reads ImageNet at its published 2,470 images/s: ≈ 266 MB/s of storage, said as such', () => {
    const a100 = find(all(recommend({ task: 'train', model: 'resnet-50' })), 'a100-sxm4-80gb');
    expect(a100.host.datasetReadBytesPerSecond).toBeCloseTo((2470 * 138e9) / 1_281_167, 0);
    expect(a100.host.storageReadBytesPerSecond).toBe(a100.host.datasetReadBytesPerSecond);
    expect(a100.host.cpuCores).toBe(14);
    expect(find(all(recommend({ task: 'inference', model: 'llama-3-8b' })), 'a100-sxm4-80gb').host.datasetReadBytesPerSecond).toBeNull();
  });

  it('--local: a GPU sitting in a ×8 link is a shortfall; a host whose GPUs report no link is not judged on PCIe', () => {
    const host = { memoryTotalBytes: 1024 * GIB, cpuLogicalCount: 64 };
    const narrow = recommend({ task: 'inference', model: 'llama-3-8b', snapshot: { devices: [{ state: 'ok', name: 'NVIDIA GeForce RTX 4090', memoryTotalBytes: 24 * GIB, pcieLinkWidthMax: 8 }], host } as never });
    expect(narrow.localHost).toEqual([{ what: 'pcieWidth', have: 8, need: 16 }]);
    const unknown = recommend({ task: 'inference', model: 'llama-3-8b', snapshot: { devices: [{ state: 'ok', name: 'NVIDIA GeForce RTX 4090', memoryTotalBytes: 24 * GIB, pcieLinkWidthMax: null }], host } as never });
    expect(unknown.localHost).toEqual([]);
  });
});
