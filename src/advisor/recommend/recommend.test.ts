import { describe, expect, it } from 'vitest';
import type { GpuDevice, Snapshot } from '../../core/snapshot.js';
import { FIXTURE_CATALOG } from '../__fixtures__/gpus.js';
import { gpuCounts, recommend } from './recommend.js';
import type { RecommendInput, RecommendOption } from './types.js';

const GIB = 1024 ** 3;
const run = (input: Omit<RecommendInput, 'catalog'>) => recommend({ ...input, catalog: FIXTURE_CATALOG });
const option = (options: RecommendOption[], id: string) => {
  const found = options.find((o) => o.gpuId === id);
  if (!found) throw new Error(`no option for ${id}`);
  return found;
};

describe('advice comes out of the computation', () => {
  // Pure bf16 AdamW with full recomputation: 8 bytes per parameter → ~64 GB of model states.
  const finetune = run({ task: 'finetune', model: 'llama-3-8b', estimate: { precision: 'bf16', optimizer: 'adamw', recomputation: 'full' } });

  it('Llama 3 8B full fine-tune: the 40 GB A100 does not fit on one GPU, the 80 GB one does', () => {
    const a100_80 = option(finetune.options, 'a100-sxm4-80gb');
    const a100_40 = option(finetune.options, 'a100-sxm4-40gb');
    expect(a100_80.count).toBe(1);
    expect(a100_80.memory.fits).toBe(true);
    expect(a100_40.count).toBeGreaterThan(1);
    expect(finetune.singleGpuNeedBytes).toBeGreaterThan(40 * GIB);
    expect(finetune.singleGpuNeedBytes).toBeLessThan(80 * GIB);
    expect(a100_40.memory.plan.kind).not.toBe('single');
    expect(a100_80.reasons[0]?.key).toBe('advisor.reason.fitsUsable');
  });

  it('with standard mixed-precision AdamW (16 B/param) no card holds it alone; 80 GB cards need two', () => {
    const mixed = run({ task: 'finetune', model: 'llama-3-8b' });
    expect(mixed.singleGpuNeedBytes).toBeGreaterThan(128e9);
    expect(option(mixed.options, 'a100-sxm4-80gb').count).toBe(2);
    expect(option(mixed.options, 'a100-sxm4-80gb').memory.plan.kind).not.toBe('single');
  });

  it('Llama 3 8B inference: both the 40 GB and the 80 GB A100 fit on one GPU', () => {
    const serve = run({ task: 'inference', model: 'llama-3-8b' });
    expect(option(serve.options, 'a100-sxm4-40gb')).toMatchObject({ count: 1, memory: { fits: true } });
    expect(option(serve.options, 'a100-sxm4-80gb')).toMatchObject({ count: 1, memory: { fits: true } });
  });

  it('a model too big for any allowed count is not ranked: it is listed apart, at the most GPUs tried, with why', () => {
    const big = run({ task: 'train', model: 'llama-3.1-405b', maxGpuCount: 2 });
    expect(big.options).toEqual([]);
    expect(big.notFitting).toHaveLength(FIXTURE_CATALOG.gpus.length);
    expect(big.notFitting.every((o) => o.memory.fits === false && o.count === 2)).toBe(true);
    expect(big.notFitting[0]?.reasons[0]?.key).toBe('advisor.reason.doesNotFitUsable');
  });
});

describe('ranking', () => {
  it('by throughput: fitting options first, fastest first, then fewer GPUs', () => {
    const result = run({ task: 'inference', model: 'llama-3-8b', sortBy: 'throughput' });
    const rates = result.options.map((o) => o.throughput.rate ?? 0);
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
    expect(result.options[0]?.gpuId).toBe('h100-sxm5-80gb');
    expect(result.options[0]?.throughput.relative).toBe(1);
  });

  it('expert: nothing that does not fit is ranked, under any sort key', () => {
    for (const sortBy of ['balanced', 'throughput', 'price-performance', 'performance-per-watt', 'price'] as const) {
      const result = run({ task: 'inference', model: 'llama-3-70b', maxGpuCount: 2, sortBy });
      expect(result.options.every((o) => o.memory.fits !== false)).toBe(true);
      expect(result.unranked.every((o) => o.memory.fits !== false)).toBe(true);
      expect(result.notFitting.length).toBeGreaterThan(0);
      expect(result.notFitting.every((o) => o.memory.fits === false)).toBe(true);
    }
  });

  it('by price-performance: priced options ordered by rate per dollar, unpriced after', () => {
    const result = run({ task: 'inference', model: 'llama-3-8b', sortBy: 'price-performance' });
    const values = result.options.map((o) => o.ratePerThousand ?? 0);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    // Only options with the value are ranked; the unpriced ones are listed apart, not mixed in.
    expect(result.options.every((o) => o.ratePerThousand !== null)).toBe(true);
    expect(result.unranked.length).toBeGreaterThan(0);
    expect(result.unranked.every((o) => o.price === null)).toBe(true);
    // Token generation is bandwidth-bound, so per dollar it is GB/s per dollar: the RTX 4090
    // (1008 GB/s for $1599) just edges the RTX 3090 (936 GB/s for $1499); the H100 is far behind.
    expect(result.options.slice(0, 3).map((o) => o.gpuId)).toEqual(['rtx-4090', 'rtx-3090', 'l40s']);
  });

  it('with no priced option, --sort price-performance ranks nothing and lists every fitting option apart', () => {
    const unpriced = { ...FIXTURE_CATALOG, gpus: FIXTURE_CATALOG.gpus.filter((g) => g.launchPrice.value === null) };
    const result = recommend({ task: 'inference', model: 'llama-3-8b', sortBy: 'price-performance', catalog: unpriced });
    expect(result.options).toEqual([]);
    expect(result.unranked.length).toBeGreaterThan(0);
    expect(result.unranked.length + result.notFitting.length).toBe(unpriced.gpus.length);
  });

  it('by default: fewest GPUs, then cheapest (unknown prices after), then fastest', () => {
    const result = run({ task: 'inference', model: 'llama-3-70b', maxGpuCount: 8 });
    const counts = result.options.map((o) => o.count);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    for (let i = 1; i < result.options.length; i++) {
      const [a, b] = [result.options[i - 1], result.options[i]];
      if (a && b && a.count === b.count && a.price && b.price) expect(a.price.amount).toBeLessThanOrEqual(b.price.amount);
      if (a && b && a.count === b.count && a.price === null) expect(b.price).toBeNull();
    }
  });

  it('by performance per watt', () => {
    const result = run({ task: 'scientific', sortBy: 'performance-per-watt' });
    const values = result.options.map((o) => o.ratePerWatt ?? 0);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
  });

  it('scientific work ranks by FP64 (tensor path where it exists), analytics by bandwidth', () => {
    const science = run({ task: 'scientific', sortBy: 'throughput' });
    expect(science.options.slice(0, 2).map((o) => o.gpuId)).toEqual(['h100-sxm5-80gb', 'a100-pcie-80gb']);
    expect(option(science.options, 'a100-sxm4-80gb').throughput.perGpuRate).toBe(19.5);
    const analytics = run({ task: 'analytics', memoryNeedBytes: 10 * GIB, sortBy: 'throughput' });
    expect(analytics.options[0]?.gpuId).toBe('h100-sxm5-80gb');
    expect(analytics.options[1]?.gpuId).toBe('a100-sxm4-80gb');
  });

  it('gpuCounts walks powers of two up to the limit', () => {
    expect(gpuCounts(8)).toEqual([1, 2, 4, 8]);
    expect(gpuCounts(6)).toEqual([1, 2, 4, 6]);
    expect(gpuCounts(1)).toEqual([1]);
  });
});

describe('speed model', () => {
  it('decoding is bandwidth-bound: tokens/s = bandwidth ÷ bytes read per step', () => {
    const result = run({ task: 'inference', model: 'llama-3-8b', estimate: { sequenceLength: 4096 } });
    const a100 = option(result.options, 'a100-sxm4-80gb');
    expect(a100.throughput.bound).toBe('bandwidth');
    const bytes = (a100.memory.breakdown?.weightsBytes ?? 0) + (a100.memory.breakdown?.kvCacheBytes ?? 0);
    expect(a100.throughput.rate).toBeCloseTo(2039e9 / bytes, 6);
    expect(a100.throughput.rate).toBeGreaterThan(110);
    expect(a100.throughput.rate).toBeLessThan(130);
  });

  it('training is compute-bound: tokens/s ≤ FLOP/s ÷ 6P', () => {
    const result = run({ task: 'finetune', model: 'llama-3-8b', estimate: { precision: 'bf16', recomputation: 'none' } });
    const h100 = option(result.options, 'h100-sxm5-80gb');
    expect(h100.throughput.bound).toBe('compute');
    expect(h100.throughput.peakTokensPerSecond).toBeCloseTo((h100.count * 989.5e12) / (6 * 8_030_261_248), 6);
  });

  it('rates a GPU without BF16 at FP16 and says so; without tensor cores at FP32', () => {
    const result = run({ task: 'finetune', model: 'gpt2' });
    const v100 = option(result.options, 'v100-sxm2-32gb');
    expect(v100.throughput).toMatchObject({ precision: 'fp16', fallbackFrom: 'bf16', perGpuRate: 125 });
    expect(v100.reasons.map((r) => r.key)).toContain('advisor.reason.precisionFallback');
    expect(option(result.options, 'p100-sxm2-16gb').throughput).toMatchObject({ precision: 'fp32', perGpuRate: 10.6 });
  });
});

describe('constraints', () => {
  it('expert: an unpriced GPU is never inside a budget — left out and counted as not checked', () => {
    const result = run({ task: 'inference', model: 'llama-3-8b', budget: 5000 });
    expect(result.options.some((o) => o.gpuId === 'h100-sxm5-80gb')).toBe(false);
    expect(result.excluded.budget).toBeGreaterThan(0);
    const unpriced = FIXTURE_CATALOG.gpus.filter((g) => g.launchPrice.value === null && (g.prices ?? []).length === 0).map((g) => g.id);
    expect(unpriced.length).toBeGreaterThan(0);
    for (const id of unpriced) expect([...result.options, ...result.unranked].some((o) => o.gpuId === id)).toBe(false);
    expect(result.excluded.budgetUnpriced).toBe(unpriced.filter((id) => !result.notFitting.some((o) => o.gpuId === id)).length);
    expect(option(result.options, 'rtx-4090').withinBudget).toBe(true);
    // Even a budget of a billion does not let an unpriced card through.
    const rich = run({ task: 'inference', model: 'llama-3-8b', budget: 1e9 });
    expect(rich.options.some((o) => o.price === null)).toBe(false);
  });

  it('power limit counts every GPU’s board power', () => {
    const result = run({ task: 'inference', model: 'llama-3-8b', maxPowerWatts: 350 });
    expect(result.options.every((o) => o.boardPowerWatts <= 350)).toBe(true);
    expect(result.excluded.power).toBeGreaterThan(0);
  });

  it('workstation deployment leaves out passively cooled datacenter cards', () => {
    const result = run({ task: 'inference', model: 'llama-3-8b', deployment: 'workstation', servers: [] });
    expect(result.options.map((o) => o.gpuId).sort()).toEqual(['rtx-3090', 'rtx-4090']);
    expect(result.excluded.deployment).toBe(FIXTURE_CATALOG.gpus.length - 2);
  });

  it('… except those a catalog workstation takes (DGX Station A100: four SXM4 A100s)', () => {
    const result = run({ task: 'finetune', model: 'llama-3-70b', deployment: 'workstation', estimate: { method: 'qlora' } });
    const a100 = option(result.options, 'a100-sxm4-80gb');
    expect(a100.servers.map((s) => s.id)).toContain('dgx-station-a100');
    expect(result.options.some((o) => o.gpuId === 'h100-sxm5-80gb')).toBe(false);
    const huge = run({ task: 'train', model: 'llama-3-70b', deployment: 'workstation' });
    expect(option([...huge.options, ...huge.notFitting], 'a100-sxm4-80gb').count).toBeLessThanOrEqual(4);
  });

  it('cloud deployment keeps GPUs with a dated rental price and ranks price-performance per rental dollar', () => {
    const result = run({ task: 'inference', model: 'llama-3-8b', deployment: 'cloud', sortBy: 'price-performance' });
    expect(result.options.length).toBeGreaterThan(0);
    for (const o of result.options) {
      expect(o.rental?.perHour).toBeGreaterThan(0);
      expect(o.rental?.asOf).toMatch(/^\d{4}/);
    }
    const values = result.options.map((o) => o.ratePerCurrencyHour ?? 0);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    const cheap = run({ task: 'inference', model: 'llama-3-8b', deployment: 'cloud', budgetPerHour: 0.01 });
    expect(cheap.options).toHaveLength(0);
    expect(cheap.excluded.budget).toBe(result.options.length);
  });

  it('lists machines that hold the GPUs when servers are given', () => {
    const servers = [
      { id: 'dgx-a100', name: 'NVIDIA DGX A100', category: 'server' as const, gpuSlots: { 'a100-sxm4-80gb': 8 } },
      { id: 'tower', name: 'Tower', category: 'workstation' as const, gpuSlots: { 'a100-sxm4-80gb': 1 } },
    ];
    const result = run({ task: 'finetune', model: 'llama-3-8b', servers });
    expect(option(result.options, 'a100-sxm4-80gb').servers.map((s) => s.id)).toEqual(['dgx-a100']);
  });

  it('limit keeps the best N', () => {
    expect(run({ task: 'scientific', limit: 3 }).options).toHaveLength(3);
  });
});

describe('your local GPUs', () => {
  const device = (index: number, name: string, totalGiB: number, usedGiB = 0): GpuDevice =>
    ({ index, state: 'ok', name, memoryTotalBytes: totalGiB * GIB, memoryUsedBytes: usedGiB * GIB }) as GpuDevice;
  const snapshot = (devices: GpuDevice[]) => ({ devices, host: { memoryTotalBytes: null, cpuLogicalCount: null } }) as unknown as Snapshot;

  it('your RTX 3090 has 24 GiB: Llama 3 8B inference fits, 70B does not', () => {
    const local = snapshot([device(0, 'NVIDIA GeForce RTX 3090', 24)]);
    const small = run({ task: 'inference', model: 'llama-3-8b', snapshot: local });
    expect(small.local).toEqual([expect.objectContaining({ deviceName: 'NVIDIA GeForce RTX 3090', catalogId: 'rtx-3090', count: 1, fits: true })]);
    expect(small.local[0]?.note.key).toBe('advisor.local.fits');
    const big = run({ task: 'inference', model: 'llama-3-70b', snapshot: local });
    expect(big.local[0]).toMatchObject({ fits: false, note: { key: 'advisor.local.doesNotFit' } });
  });

  it('two local cards shard the work; busy memory is called out', () => {
    const two = snapshot([device(0, 'NVIDIA GeForce RTX 4090', 24, 20), device(1, 'NVIDIA GeForce RTX 4090', 24, 20)]);
    const result = run({ task: 'inference', model: 'llama-3-8b', snapshot: two });
    expect(result.local[0]).toMatchObject({ count: 2, fits: true, note: { key: 'advisor.local.fitsButBusy' } });
  });

  it('an unknown local GPU still uses the memory the driver reports', () => {
    const result = run({ task: 'inference', model: 'llama-3-8b', snapshot: snapshot([device(0, 'Mystery GPU 9000', 48)]) });
    expect(result.local[0]).toMatchObject({ catalogId: null, fits: true });
  });
});

describe('bad input', () => {
  it.each([
    [{ task: 'juggle' }, 'advisor.error.badChoice'],
    [{ task: 'train' }, 'advisor.error.needModelOrMemory'],
    [{ task: 'train', model: 'llama-3-8b', precision: 'fp7' }, 'advisor.error.badChoice'],
    [{ task: 'train', model: 'llama-3-8b', budget: -1 }, 'advisor.error.badNumber'],
    [{ task: 'train', model: 'llama-3-8b', currency: 'JPY' }, 'advisor.error.badChoice'],
    [{ task: 'train', model: 'llama-3-8b', segments: ['gaming'] }, 'advisor.error.badChoice'],
    [{ task: 'train', model: 'llama-3-8b', memoryMarginPercent: 100 }, 'advisor.error.badNumber'],
    [{ task: 'train', model: 'llama-3-8b', maxGpuCount: 0 }, 'advisor.error.badInteger'],
    [{ task: 'train', model: 'no-such-model' }, 'advisor.error.unknownModel'],
    [{ task: 'analytics', memoryNeedBytes: -5 }, 'advisor.error.badNumber'],
  ])('%o → %s', (input, key) => {
    expect(() => run(input as RecommendInput)).toThrowError(expect.objectContaining({ key }));
  });
});

describe('on the built-in catalogs', () => {
  it('Llama 3 8B bf16 full fine-tune: one A100 80GB, two A100 40GB; DGX machines listed', () => {
    const result = recommend({ task: 'finetune', model: 'llama-3-8b', estimate: { precision: 'bf16', recomputation: 'full' } });
    const a100_80 = option(result.options, 'a100-sxm4-80gb');
    expect(a100_80.count).toBe(1);
    expect(a100_80.servers.map((s) => s.id)).toContain('dgx-a100');
    expect(option(result.options, 'a100-sxm4-40gb').count).toBe(2);
  });
});

describe('mixture of experts decoding', () => {
  it('a Mixtral step at batch 1 reads only the 2 routed experts of 8: ≈ 12.9B of 46.7B parameters', () => {
    const result = run({ task: 'inference', model: 'mixtral-8x7b', estimate: { sequenceLength: 1 } });
    const h100 = option(result.options, 'h100-sxm5-80gb');
    const weights = h100.memory.breakdown?.weightsBytes ?? 0;
    const readShare = ((h100.throughput.bytesPerStepPerGpu ?? 0) - (h100.memory.breakdown?.kvCacheBytes ?? 0)) / weights;
    expect(readShare).toBeCloseTo(12_879_925_248 / 46_702_792_704, 3);
  });

  it('at a large batch nearly every expert is touched', () => {
    const result = run({ task: 'inference', model: 'mixtral-8x7b', estimate: { sequenceLength: 1, batchSize: 64 } });
    const h100 = option(result.options, 'h100-sxm5-80gb');
    const weights = h100.memory.breakdown?.weightsBytes ?? 0;
    expect(((h100.throughput.bytesPerStepPerGpu ?? 0) - (h100.memory.breakdown?.kvCacheBytes ?? 0)) / weights).toBeGreaterThan(0.999);
  });
});
