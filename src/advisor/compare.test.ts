import { describe, expect, it } from 'vitest';
import { FIXTURE_CATALOG } from './__fixtures__/gpus.js';
import { compareGpus, type ComparisonRow, type Ratio } from './compare.js';
import { estimateCost } from './cost.js';
import { renderNote } from './notes.js';
import { resolveGpu } from './resolve-gpu.js';

const ratio = (rows: ComparisonRow[], metric: string, index = 0): Ratio => {
  const row = rows.find((r) => r.metric === metric);
  const r = row?.ratios[index];
  if (!r) throw new Error(`no ratio for ${metric}`);
  return r;
};
const value = (r: Ratio) => (r.status === 'ratio' ? r.value : Number.NaN);

describe('compareGpus: A100 80GB vs V100 32GB vs P100', () => {
  const result = compareGpus(['A100-80GB', 'V100-32GB', 'P100'], FIXTURE_CATALOG);

  it('resolves loose names to the flagship variant and says what else they could be', () => {
    expect(result.gpus.map((g) => g.id)).toEqual(['a100-sxm4-80gb', 'v100-sxm2-32gb', 'p100-sxm2-16gb']);
    expect(result.gpus[0]?.resolvedBy).toBe('flagship-variant');
    expect(result.gpus[0]?.alternatives).toEqual(['a100-pcie-80gb']);
    expect(result.summary.some((n) => n.key === 'advisor.compare.readAs' && n.params.query === 'A100-80GB')).toBe(true);
  });

  it('"A100 is 2.5× V100" holds for dense FP16 tensor and FP64 …', () => {
    expect(value(ratio(result.rows, 'fp16Tensor'))).toBeCloseTo(2.5, 2);
    expect(value(ratio(result.rows, 'fp64'))).toBeCloseTo(2.5, 2);
    expect(result.gpus[0]?.metrics.fp64).toEqual({ value: 19.5, reason: null, path: 'tensor' });
    expect(result.gpus[1]?.metrics.fp64.path).toBe('vector');
  });

  it('… but not for FP32, which is 1.24×', () => {
    expect(value(ratio(result.rows, 'fp32'))).toBeCloseTo(1.24, 2);
  });

  it('a precision V100 lacks (TF32) is "unsupported", not a number', () => {
    expect(ratio(result.rows, 'tf32Tensor')).toEqual({ status: 'unsupported', lacking: ['v100-sxm2-32gb'] });
    expect(ratio(result.rows, 'fp16Tensor', 1)).toEqual({ status: 'unsupported', lacking: ['p100-sxm2-16gb'] });
    expect(ratio(result.perWattRows, 'tf32Tensor')).toEqual({ status: 'unsupported', lacking: ['v100-sxm2-32gb'] });
  });

  it('memory 2.5× and bandwidth 2.27× (2039 vs 900 GB/s)', () => {
    expect(value(ratio(result.rows, 'memory'))).toBe(2.5);
    expect(value(ratio(result.rows, 'bandwidth'))).toBeCloseTo(2.27, 2);
  });

  it('per watt: FP16 tensor 312/400 W vs 125/300 W = 1.87×', () => {
    expect(result.gpus[0]?.perWatt.fp16Tensor).toBeCloseTo(0.78, 2);
    expect(value(ratio(result.perWattRows, 'fp16Tensor'))).toBeCloseTo((312 / 400) / (125 / 300), 6);
  });

  it('per dollar is unknown when a launch price is not published, and says so', () => {
    expect(result.gpus[0]?.launchPriceUsd).toBeNull();
    expect(result.gpus[0]?.launchPriceReason).toBe('not-published');
    expect(ratio(result.perDollarRows, 'fp16Tensor').status).toBe('unknown');
    expect(result.summary.filter((n) => n.key === 'advisor.compare.priceUnknown')).toHaveLength(3);
  });

  it('explains the difference: FP32 follows cores × clock, the gain is in tensor cores, FP64 uses tensor cores', () => {
    const keys = result.summary.map((n) => n.key);
    expect(keys).toContain('advisor.compare.fp32FromCores');
    expect(keys).toContain('advisor.compare.tensorBeyondFp32');
    expect(keys).toContain('advisor.compare.fp64Tensor');
    const cores = result.summary.find((n) => n.key === 'advisor.compare.fp32FromCores' && n.params.b === 'NVIDIA Tesla V100 SXM2 32GB');
    expect(cores?.params.product).toBe(1.24);
    const text = result.summary.map((n) => renderNote('en', n)).join('\n');
    expect(text).toContain('dense FP16 tensor is 2.5× but FP32 only 1.24×');
    expect(text).toContain('NVIDIA Tesla V100 SXM2 32GB has no TF32 tensor, BF16 tensor, FP8 tensor, INT8 tensor');
    expect(result.summary.map((n) => renderNote('zh-CN', n)).join('\n')).toContain('不支持 TF32 张量、BF16 张量');
    expect(result.summary.filter((n) => n.key === 'advisor.compare.unsupported').map((n) => n.params.gpu)).toEqual(['NVIDIA A100 80GB SXM4', 'NVIDIA Tesla V100 SXM2 32GB', 'NVIDIA Tesla P100 SXM2 16GB']);
  });
});

describe('per-dollar figures with launch prices', () => {
  it('RTX 4090 vs RTX 3090: FP16 tensor per 1000 USD', () => {
    const result = compareGpus(['rtx-4090', 'rtx-3090'], FIXTURE_CATALOG);
    expect(result.gpus[0]?.perThousandUsd.fp16Tensor).toBeCloseTo((330 / 1599) * 1000, 6);
    expect(value(ratio(result.perDollarRows, 'fp16Tensor'))).toBeCloseTo(330 / 1599 / (142 / 1499), 6);
  });
});

describe('GPU name resolution', () => {
  it('takes ids and exact aliases as they are', () => {
    expect(resolveGpu('v100-pcie-32gb', FIXTURE_CATALOG)).toMatchObject({ resolvedBy: 'id', alternatives: [] });
    expect(resolveGpu('Tesla V100-PCIE-32GB', FIXTURE_CATALOG).entry.id).toBe('v100-pcie-32gb');
  });

  it('prefers more memory, then SXM, among variants of one model', () => {
    const a100 = resolveGpu('A100', FIXTURE_CATALOG);
    expect(a100.entry.id).toBe('a100-sxm4-80gb');
    expect(a100.alternatives).toEqual(['a100-pcie-80gb', 'a100-sxm4-40gb']);
  });

  it('unknown names are typed errors', () => {
    expect(() => resolveGpu('Voodoo 5', FIXTURE_CATALOG)).toThrowError(expect.objectContaining({ key: 'advisor.error.unknownGpu' }));
    expect(() => resolveGpu('  ', FIXTURE_CATALOG)).toThrowError(expect.objectContaining({ key: 'advisor.error.unknownGpu' }));
  });

  it('a name that fits different models lists the candidates', () => {
    const catalog = { ...FIXTURE_CATALOG, gpus: [...FIXTURE_CATALOG.gpus, { ...FIXTURE_CATALOG.gpus[0]!, id: 'a100-hbm2e-80gb', family: 'A100 HBM2e', name: 'NVIDIA A100 80GB HBM2e', aliases: [] }] };
    expect(() => resolveGpu('A100 80GB', catalog)).toThrowError(expect.objectContaining({ key: 'advisor.error.ambiguousGpu' }));
  });

  it('comparing needs two GPUs', () => {
    expect(() => compareGpus(['a100-sxm4-80gb'], FIXTURE_CATALOG)).toThrowError(expect.objectContaining({ key: 'advisor.error.compareNeedsTwo' }));
  });
});

describe('on the built-in catalog', () => {
  it('A100-80GB vs V100-32GB vs P100: 2.5× FP16 tensor and FP64, 1.24× FP32, TF32 not supported', () => {
    const result = compareGpus(['A100-80GB', 'V100-32GB', 'P100']);
    expect(result.gpus.map((g) => g.id)).toEqual(['a100-sxm4-80gb', 'v100-sxm2-32gb', 'p100-sxm2-16gb']);
    expect(value(ratio(result.rows, 'fp16Tensor'))).toBeCloseTo(2.5, 1);
    expect(value(ratio(result.rows, 'fp64'))).toBeCloseTo(2.5, 2);
    expect(value(ratio(result.rows, 'fp32'))).toBeCloseTo(1.24, 2);
    expect(ratio(result.rows, 'tf32Tensor').status).toBe('unsupported');
  });
});

describe('per dollar at the price cost and recommend take', () => {
  it('H100, A100 and RTX 4090 are priced (street prices), and the summary says which price (en and zh-CN)', () => {
    const result = compareGpus(['h100-sxm5-80gb', 'a100-sxm4-80gb', 'rtx-4090']);
    const [h100, a100, rtx] = result.gpus;
    for (const gpu of result.gpus) expect(gpu.price?.amount, gpu.id).toBe(estimateCost({ gpu: gpu.id }).own.purchasePerGpu.reading?.amount);
    expect(h100?.perThousandUsd.fp16Tensor).toBeCloseTo((989.4 / 40000) * 1000, 6);
    expect(value(ratio(result.perDollarRows, 'fp16Tensor'))).toBeCloseTo((989.4 / 40000) / (312 / (a100?.price?.amount ?? NaN)), 6);
    expect(rtx?.price).toMatchObject({ kind: 'street', market: 'us' });
    const text = result.summary.map((n) => renderNote('en', n)).join('\n');
    expect(text).not.toContain('no published launch price');
    expect(text).toContain('NVIDIA H100 SXM5 80GB: per dollar at the street price, $40,000 (worldwide, 2024), the price cost and recommend take.');
    expect(text).toContain('NVIDIA GeForce RTX 4090: per dollar at $1,825, the middle of the street price range $1,650–2,000 (US market, 2024-11-19)');
    expect(result.summary.map((n) => renderNote('zh-CN', n)).join('\n')).toContain('NVIDIA H100 SXM5 80GB：每美元指标按市场价 $40,000（全球，2024）计算');
  });
});
