// Side-by-side comparison of catalog GPUs: each figure, the ratio of the first GPU to each of the
// others per precision, per watt and per dollar, and a summary of where differences come from. The
// dollars are the price cost and recommend take (pricing/gpu-price.ts: street before launch, the
// US market first, newest first), and the summary says which price that is. A ratio needs both figures: when one GPU lacks the precision it is `unsupported`, when a
// figure is unpublished it is `unknown` — never a number.

import { loadGpuCatalog, type AbsentReason, type GpuCatalog, type GpuEntry } from '../catalog/index.js';
import { AdvisorError } from './errors.js';
import { summarizeComparison } from './compare-summary.js';
import { resolveGpu, type ResolvedGpu } from './resolve-gpu.js';
import type { AdvisorNote } from './estimate/types.js';
import { gpuPrice, type ChosenPrice } from './pricing/gpu-price.js';

export const COMPARE_METRICS = [
  'fp64',
  'fp32',
  'tf32Tensor',
  'fp16Tensor',
  'fp16TensorFp32Acc',
  'bf16Tensor',
  'fp8Tensor',
  'int8Tensor',
  'memory',
  'bandwidth',
  'tdp',
] as const;
export type CompareMetric = (typeof COMPARE_METRICS)[number];

export const COMPUTE_METRICS = COMPARE_METRICS.filter((m) => m !== 'memory' && m !== 'bandwidth' && m !== 'tdp');

export const METRIC_UNITS: Record<CompareMetric, 'TFLOPS' | 'TOPS' | 'GiB' | 'GB/s' | 'W'> = {
  fp64: 'TFLOPS',
  fp32: 'TFLOPS',
  tf32Tensor: 'TFLOPS',
  fp16Tensor: 'TFLOPS',
  fp16TensorFp32Acc: 'TFLOPS',
  bf16Tensor: 'TFLOPS',
  fp8Tensor: 'TFLOPS',
  int8Tensor: 'TOPS',
  memory: 'GiB',
  bandwidth: 'GB/s',
  tdp: 'W',
};

export interface MetricValue {
  value: number | null;
  /** Why value is null (catalog reason). */
  reason: AbsentReason | null;
  /** FP64 only: whether the figure is the tensor-core path or the FP64 units. */
  path: 'tensor' | 'vector' | null;
}

export type Ratio =
  | { status: 'ratio'; value: number }
  | { status: 'unsupported'; lacking: string[] }
  | { status: 'unknown'; lacking: string[] };

export interface ComparedGpu {
  query: string;
  id: string;
  name: string;
  resolvedBy: ResolvedGpu['resolvedBy'];
  alternatives: string[];
  launchPriceUsd: number | null;
  launchPriceAnnounced: string | null;
  launchPriceReason: AbsentReason | null;
  metrics: Record<CompareMetric, MetricValue>;
  /** Compute metrics per watt of board power (TFLOPS/W or TOPS/W). */
  perWatt: Partial<Record<CompareMetric, number | null>>;
  /** The price per-dollar figures use, in USD, by the rule cost and recommend follow; null when the catalog has none. */
  price: ChosenPrice | null;
  /** Compute metrics per 1000 USD of `price` (its middle); null where there is no price. */
  perThousandUsd: Partial<Record<CompareMetric, number | null>>;
}

export interface ComparisonRow {
  metric: CompareMetric;
  unit: (typeof METRIC_UNITS)[CompareMetric];
  /** The first GPU's figure divided by each other GPU's, in the order given. */
  ratios: Ratio[];
}

export interface GpuComparison {
  gpus: ComparedGpu[];
  /** Ratios are first GPU ÷ gpus[1], gpus[2], … */
  rows: ComparisonRow[];
  perWattRows: ComparisonRow[];
  perDollarRows: ComparisonRow[];
  summary: AdvisorNote[];
}

const FIELD: Record<Exclude<CompareMetric, 'fp64'>, (e: GpuEntry) => { value: number | null; reason?: AbsentReason }> = {
  fp32: (e) => e.fp32Tflops,
  tf32Tensor: (e) => e.tf32TensorDenseTflops,
  fp16Tensor: (e) => e.fp16TensorDenseTflops,
  fp16TensorFp32Acc: (e) => e.fp16TensorFp32AccDenseTflops,
  bf16Tensor: (e) => e.bf16TensorDenseTflops,
  fp8Tensor: (e) => e.fp8TensorDenseTflops,
  int8Tensor: (e) => e.int8TensorDenseTops,
  memory: (e) => e.memorySizeGiB,
  bandwidth: (e) => e.memoryBandwidthGBps,
  tdp: (e) => e.tdpWatts,
};

/** FP64 as a buyer meets it: the faster of the FP64 units and (Ampere on) FP64 tensor cores. */
function fp64Of(entry: GpuEntry): MetricValue {
  const vector = entry.fp64Tflops;
  const tensor = entry.fp64TensorDenseTflops;
  if (tensor.value !== null && (vector.value === null || tensor.value >= vector.value)) return { value: tensor.value, reason: null, path: 'tensor' };
  if (vector.value !== null) return { value: vector.value, reason: null, path: 'vector' };
  return { value: null, reason: vector.reason ?? null, path: null };
}

export function metricValue(entry: GpuEntry, metric: CompareMetric): MetricValue {
  if (metric === 'fp64') return fp64Of(entry);
  const figure = FIELD[metric](entry);
  return figure.value === null ? { value: null, reason: figure.reason ?? null, path: null } : { value: figure.value, reason: null, path: null };
}

function compareGpu(resolved: ResolvedGpu): ComparedGpu {
  const { entry } = resolved;
  const metrics = Object.fromEntries(COMPARE_METRICS.map((m) => [m, metricValue(entry, m)])) as Record<CompareMetric, MetricValue>;
  const launch = entry.launchPrice;
  const price = gpuPrice(entry, 'USD');
  const tdp = entry.tdpWatts.value;
  const perWatt: ComparedGpu['perWatt'] = {};
  const perThousandUsd: ComparedGpu['perThousandUsd'] = {};
  for (const m of COMPUTE_METRICS) {
    const value = metrics[m].value;
    perWatt[m] = value === null ? null : value / tdp;
    perThousandUsd[m] = value === null || price === null ? null : (value / price.amount) * 1000;
  }
  return {
    query: resolved.query,
    id: entry.id,
    name: entry.name,
    resolvedBy: resolved.resolvedBy,
    alternatives: resolved.alternatives,
    launchPriceUsd: launch.value?.usd ?? null,
    launchPriceAnnounced: launch.value?.announced ?? null,
    launchPriceReason: launch.value === null ? launch.reason : null,
    metrics,
    perWatt,
    price,
    perThousandUsd,
  };
}

export function ratioOf(a: MetricValue, b: MetricValue, idA: string, idB: string): Ratio {
  if (a.value !== null && b.value !== null) return { status: 'ratio', value: a.value / b.value };
  const lacking = [a.value === null ? idA : null, b.value === null ? idB : null].filter((id): id is string => id !== null);
  const unsupported = (a.value === null && a.reason === 'unsupported') || (b.value === null && b.reason === 'unsupported');
  return unsupported ? { status: 'unsupported', lacking } : { status: 'unknown', lacking };
}

function derivedRatio(a: number | null | undefined, b: number | null | undefined, base: Ratio): Ratio {
  if (base.status !== 'ratio') return base;
  return a != null && b != null ? { status: 'ratio', value: a / b } : { status: 'unknown', lacking: [] };
}

/** Compares two or more GPUs given by id, name or alias. Throws AdvisorError on bad names. */
export function compareGpus(queries: readonly string[], catalog: GpuCatalog = loadGpuCatalog()): GpuComparison {
  if (queries.length < 2) throw new AdvisorError('advisor.error.compareNeedsTwo', { count: queries.length });
  const resolved = queries.map((q) => resolveGpu(q, catalog));
  const gpus = resolved.map(compareGpu);
  const [first, ...others] = gpus;
  if (!first) throw new AdvisorError('advisor.error.compareNeedsTwo', { count: 0 });
  const rows = COMPARE_METRICS.map((metric) => ({
    metric,
    unit: METRIC_UNITS[metric],
    ratios: others.map((other) => ratioOf(first.metrics[metric], other.metrics[metric], first.id, other.id)),
  }));
  const derivedRows = (pick: (g: ComparedGpu, m: CompareMetric) => number | null | undefined) =>
    COMPUTE_METRICS.map((metric) => ({
      metric,
      unit: METRIC_UNITS[metric],
      ratios: others.map((other) => {
        const base = ratioOf(first.metrics[metric], other.metrics[metric], first.id, other.id);
        const ratio = derivedRatio(pick(first, metric), pick(other, metric), base);
        return ratio.status === 'unknown' && ratio.lacking.length === 0
          ? { status: 'unknown' as const, lacking: [first, other].filter((g) => pick(g, metric) == null).map((g) => g.id) }
          : ratio;
      }),
    }));
  return {
    gpus,
    rows,
    perWattRows: derivedRows((g, m) => g.perWatt[m]),
    perDollarRows: derivedRows((g, m) => g.perThousandUsd[m]),
    summary: summarizeComparison(gpus, resolved.map((r) => r.entry)),
  };
}
