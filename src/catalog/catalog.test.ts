import { describe, expect, it } from 'vitest';
import { ALL_GPU_ENTRIES } from './data/gpus/index.js';
import { ALL_SOURCES } from './data/sources/index.js';
import { findNumbers } from './figure-walk.js';
import {
  GpuCatalogError,
  getGpu,
  listGpus,
  loadGpuCatalog,
  NUMERIC_FIGURE_FIELDS,
  sourcesOfGpu,
  validateGpuCatalog,
} from './index.js';

const catalog = loadGpuCatalog();

function expectCatalogError(gpus: unknown[], pattern: RegExp) {
  let caught: unknown = null;
  try {
    validateGpuCatalog({ sources: ALL_SOURCES, gpus });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(GpuCatalogError);
  expect((caught as Error).message).toMatch(pattern);
}

const a100 = ALL_GPU_ENTRIES.find((gpu) => gpu.id === 'a100-sxm4-80gb');
if (!a100) throw new Error('fixture entry a100-sxm4-80gb missing');

describe('catalog validation', () => {
  it('validates every entry', () => {
    expect(catalog.gpus.length).toBe(ALL_GPU_ENTRIES.length);
    expect(catalog.sources.length).toBe(ALL_SOURCES.length);
  });

  it('caches the validated catalog', () => {
    expect(loadGpuCatalog()).toBe(catalog);
  });

  it('rejects a bare number, naming the entry and the field', () => {
    expectCatalogError([{ ...a100, fp32Tflops: 19.5 }], /a100-sxm4-80gb → fp32Tflops/);
  });

  it('rejects a figure with an empty source list', () => {
    expectCatalogError([{ ...a100, tdpWatts: { value: 400, sources: [] } }], /a100-sxm4-80gb → tdpWatts\.sources/);
  });

  it('rejects 0 for an absent figure (absent is null with a reason)', () => {
    expectCatalogError([{ ...a100, fp8TensorDenseTflops: { value: 0, sources: [{ source: 'nvidia-a100-datasheet' }] } }], /fp8TensorDenseTflops/);
  });

  it('rejects a citation of a source that does not exist', () => {
    expectCatalogError([{ ...a100, tdpWatts: { value: 400, sources: [{ source: 'no-such-source' }] } }], /cites unknown source "no-such-source"/);
  });

  it('rejects duplicate ids and colliding names', () => {
    expectCatalogError([a100, a100], /duplicate GPU id/);
    expectCatalogError([a100, { ...a100, id: 'other', aliases: ['NVIDIA A100 SXM4 80GB'] }], /also belongs to a100-sxm4-80gb/);
  });

  it('rejects unknown fields (a typo is not silently ignored)', () => {
    expectCatalogError([{ ...a100, fp32Tflop: a100.fp32Tflops }], /a100-sxm4-80gb/);
  });
});

describe('every number has a source', () => {
  it('finds an unsourced number planted in an entry', () => {
    const sites = findNumbers({ fp32Tflops: { value: 19.5, sources: [{ source: 'x' }] }, stray: { value: 7 } });
    expect(sites).toEqual([
      { path: 'fp32Tflops.value', value: 19.5, sourceIds: ['x'] },
      { path: 'stray.value', value: 7, sourceIds: [] },
    ]);
  });

  it.each(catalog.gpus.map((gpu) => [gpu.id, gpu] as const))('%s: every number is covered by a source', (_id, gpu) => {
    const sites = findNumbers(gpu);
    // An entry with hardly any numbers is a stub; Ascend 910B bins publish the fewest (5).
    expect(sites.length).toBeGreaterThanOrEqual(5);
    const unsourced = sites.filter((site) => site.sourceIds.length === 0).map((site) => site.path);
    expect(unsourced).toEqual([]);
  });

  it('every numeric figure field is a number or null, never 0 or NaN', () => {
    for (const gpu of catalog.gpus) {
      for (const field of NUMERIC_FIGURE_FIELDS) {
        const value = gpu[field].value;
        if (value !== null) expect(Number.isFinite(value) && value > 0, `${gpu.id}.${field}`).toBe(true);
      }
    }
  });

  it('every absent figure says why', () => {
    for (const gpu of catalog.gpus) {
      for (const field of NUMERIC_FIGURE_FIELDS) {
        const figure = gpu[field];
        if (figure.value === null) expect('reason' in figure && figure.reason, `${gpu.id}.${field}`).toBeTruthy();
      }
    }
  });
});

/** The GPUs the catalog promises (issue 3). */
const REQUIRED_IDS = [
  'p100-pcie-12gb', 'p100-pcie-16gb', 'p100-sxm2-16gb',
  'v100-pcie-16gb', 'v100-pcie-32gb', 'v100-sxm2-16gb', 'v100-sxm2-32gb', 'v100s-pcie-32gb',
  't4', 'a10', 'a30', 'a40',
  'a100-sxm4-40gb', 'a100-sxm4-80gb', 'a100-pcie-40gb', 'a100-pcie-80gb',
  'l4', 'l40', 'l40s',
  'h100-sxm5-80gb', 'h100-pcie-80gb', 'h100-nvl-94gb', 'h200-sxm-141gb', 'h200-nvl-141gb', 'b200-180gb',
  'rtx-a6000', 'rtx-6000-ada', 'titan-rtx',
  'gtx-1080-ti', 'gtx-1660-super', 'rtx-2080-ti',
  'rtx-3060-12gb', 'rtx-3070', 'rtx-3080-10gb', 'rtx-3080-ti', 'rtx-3090',
  'rtx-4060-ti-16gb', 'rtx-4070', 'rtx-4080', 'rtx-4090', 'rtx-5090',
  'rx-7900-xtx', 'mi250x', 'mi300x', 'mi325x', 'gaudi2', 'gaudi3',
];

describe('coverage and citations', () => {
  it('has every required GPU', () => {
    const ids = new Set(catalog.gpus.map((gpu) => gpu.id));
    expect(REQUIRED_IDS.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('cites a dataset only with the row it comes from', () => {
    const datasetIds = new Set(catalog.sources.filter((s) => s.kind === 'dataset').map((s) => s.id));
    const rowless: string[] = [];
    const visit = (value: unknown, where: string): void => {
      if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${where}.${i}`));
      else if (value !== null && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        if (typeof record.source === 'string' && datasetIds.has(record.source) && typeof record.at !== 'string') rowless.push(where);
        for (const [key, item] of Object.entries(record)) visit(item, `${where}.${key}`);
      }
    };
    for (const gpu of catalog.gpus) visit(gpu, gpu.id);
    expect(rowless).toEqual([]);
  });

  it('lists no source that nothing cites', () => {
    const cited = new Set(catalog.gpus.flatMap((gpu) => sourcesOfGpu(gpu).map((s) => s.id)));
    expect(catalog.sources.map((s) => s.id).filter((id) => !cited.has(id))).toEqual([]);
  });

  it('gives a datasheet-backed figure for the basics of every GPU', () => {
    for (const gpu of catalog.gpus) {
      expect(gpu.memorySizeGiB.value, gpu.id).toBeGreaterThan(0);
      expect(gpu.memoryBandwidthGBps.value, gpu.id).toBeGreaterThan(0);
      expect(gpu.tdpWatts.value, gpu.id).toBeGreaterThan(0);
    }
  });
});

describe('queries', () => {
  it('gets an entry by id, and null for an unknown id', () => {
    expect(getGpu('a100-sxm4-80gb')?.memoryBandwidthGBps.value).toBe(2039);
    expect(getGpu('no-such-gpu')).toBeNull();
  });

  it('filters by vendor, segment and memory', () => {
    const big = listGpus({ minMemoryGiB: 80 });
    expect(big.length).toBeGreaterThan(0);
    expect(big.every((gpu) => gpu.memorySizeGiB.value >= 80)).toBe(true);
    expect(listGpus({ vendor: 'nvidia', segment: 'datacenter' }).every((g) => g.vendor === 'nvidia' && g.segment === 'datacenter')).toBe(true);
  });

  it('resolves the sources an entry cites', () => {
    const entry = getGpu('a100-sxm4-80gb');
    expect(entry).not.toBeNull();
    const ids = sourcesOfGpu(entry!).map((s) => s.id);
    expect(ids).toContain('nvidia-a100-datasheet');
  });
});
