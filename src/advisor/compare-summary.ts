// Where the differences between two GPUs come from, in words (as message keys): FP32 follows
// CUDA cores × clock; tensor rates grew faster than that; FP64 may run on tensor cores; a
// precision one card lacks has no ratio; memory and bandwidth bound large-model inference; which
// price the per-dollar figures use.

import type { GpuEntry } from '../catalog/index.js';
import type { ComparedGpu, CompareMetric } from './compare.js';
import { COMPUTE_METRICS, ratioOf } from './compare.js';
import type { AdvisorNote } from './estimate/types.js';
import { formatMoney, formatMoneyRange } from './pricing/format.js';
import { DEFAULT_FX, rateText } from './pricing/fx.js';

const fmt = (value: number) => Number(value.toFixed(2));

/** A tensor ratio this much above the FP32 ratio is worth pointing out. */
const TENSOR_GAP = 1.3;

function pairNotes(a: ComparedGpu, b: ComparedGpu, ea: GpuEntry, eb: GpuEntry): AdvisorNote[] {
  const notes: AdvisorNote[] = [];
  const ratio = (m: CompareMetric) => ratioOf(a.metrics[m], b.metrics[m], a.id, b.id);
  const names = { a: a.name, b: b.name };

  const fp32 = ratio('fp32');
  const cores = ea.shaderCores.value !== null && eb.shaderCores.value !== null ? ea.shaderCores.value / eb.shaderCores.value : null;
  const clock = ea.boostClockMhz.value !== null && eb.boostClockMhz.value !== null ? ea.boostClockMhz.value / eb.boostClockMhz.value : null;
  if (fp32.status === 'ratio' && cores !== null && clock !== null) {
    notes.push({
      key: 'advisor.compare.fp32FromCores',
      params: { ...names, ratio: fmt(fp32.value), coresA: ea.shaderCores.value ?? 0, coresB: eb.shaderCores.value ?? 0, clockA: ea.boostClockMhz.value ?? 0, clockB: eb.boostClockMhz.value ?? 0, product: fmt(cores * clock) },
    });
  }

  const tensor = ratio('fp16Tensor');
  if (tensor.status === 'ratio' && fp32.status === 'ratio' && tensor.value > fp32.value * TENSOR_GAP) {
    notes.push({ key: 'advisor.compare.tensorBeyondFp32', params: { ...names, tensor: fmt(tensor.value), fp32: fmt(fp32.value) } });
  }

  const fp64 = ratio('fp64');
  if (fp64.status === 'ratio' && a.metrics.fp64.path === 'tensor' && b.metrics.fp64.path === 'vector' && ea.fp64Tflops.value !== null && eb.fp64Tflops.value !== null) {
    notes.push({
      key: 'advisor.compare.fp64Tensor',
      params: { ...names, ratio: fmt(fp64.value), tensor: a.metrics.fp64.value ?? 0, vector: ea.fp64Tflops.value, vectorRatio: fmt(ea.fp64Tflops.value / eb.fp64Tflops.value) },
    });
  }

  const memory = ratio('memory');
  const bandwidth = ratio('bandwidth');
  if (memory.status === 'ratio' && bandwidth.status === 'ratio') {
    notes.push({ key: 'advisor.compare.memory', params: { ...names, memory: fmt(memory.value), bandwidth: fmt(bandwidth.value) } });
  }
  return notes;
}

export function summarizeComparison(gpus: readonly ComparedGpu[], entries: readonly GpuEntry[]): AdvisorNote[] {
  const [first, ...others] = gpus;
  const firstEntry = entries[0];
  if (!first || !firstEntry) return [];
  const notes = others.flatMap((other, i) => {
    const entry = entries[i + 1];
    return entry ? pairNotes(first, other, firstEntry, entry) : [];
  });
  for (const gpu of gpus) {
    // One line per GPU for the precisions it lacks, instead of one per ratio that cannot exist.
    const lacking = COMPUTE_METRICS.filter((m) => gpu.metrics[m].value === null && gpu.metrics[m].reason === 'unsupported');
    if (lacking.length > 0) notes.push({ key: 'advisor.compare.unsupported', params: { gpu: gpu.name, metrics: lacking.join(',') } });
    if (gpu.resolvedBy === 'flagship-variant') {
      notes.push({ key: 'advisor.compare.readAs', params: { query: gpu.query, name: gpu.name, alternatives: gpu.alternatives.join(', ') } });
    }
    notes.push(...priceNotes(gpu));
  }
  return notes;
}

/** Which price the per-dollar figures use, said as cost says it: kind, market, date, and a conversion's rate. */
function priceNotes(gpu: ComparedGpu): AdvisorNote[] {
  const p = gpu.price;
  if (p === null) return [{ key: 'advisor.compare.priceUnknown', params: { gpu: gpu.name } }];
  const params = { gpu: gpu.name, price: formatMoney(p.amount, 'USD'), range: formatMoneyRange(p.low, p.high, 'USD'), market: p.market, asOf: p.asOf };
  const ranged = Math.abs(p.high - p.low) >= 0.5;
  const key = p.upperBound ? 'advisor.compare.priceCeiling' : p.kind === 'launch' ? 'advisor.compare.priceLaunch' : ranged ? 'advisor.compare.priceRange' : 'advisor.compare.priceStreet';
  const notes: AdvisorNote[] = [{ key, params }];
  if (p.converted) notes.push({ key: 'advisor.compare.priceConverted', params: { gpu: gpu.name, from: p.quotedCurrency, ...rateText(p.quotedCurrency, 'USD', DEFAULT_FX) } });
  return notes;
}
