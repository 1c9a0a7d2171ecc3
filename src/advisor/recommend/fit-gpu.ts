// `estimate --gpu X`: does this estimate fit that card — against the memory the work can use, as
// the recommender checks it — and what is the largest batch that does. The batch search doubles
// until the need passes the usable memory, then bisects: the need grows with the batch (the KV
// cache and activations are linear in it), so the answer is exact in ~2·log2(batch) estimates.

import type { GpuCatalog } from '../../catalog/index.js';
import { AdvisorError } from '../errors.js';
import { estimateMemory } from '../estimate/estimate.js';
import type { EstimateInput, MemoryEstimate } from '../estimate/types.js';
import { resolveGpu } from '../resolve-gpu.js';
import { deviceView } from './device.js';
import { defaultMargin, usableMemory, type UsableMemory } from './usable-memory.js';

const MAX_BATCH = 1 << 20;

export interface GpuFit {
  gpuId: string;
  gpuName: string;
  memory: UsableMemory;
  needBytes: number;
  fits: boolean;
  headroomBytes: number;
  /** Largest batch (micro-batch when training) that fits; null when not even 1 does. */
  largestBatch: number | null;
  /** True when the need does not grow with the batch (no activations or KV cache modelled). */
  batchUnbounded: boolean;
}

export function fitOnGpu(input: EstimateInput, gpu: string, options: { catalog?: GpuCatalog; marginPercent?: number } = {}): GpuFit {
  const resolved = resolveGpu(gpu, options.catalog);
  const view = deviceView(resolved.entry);
  const margin = options.marginPercent === undefined ? defaultMargin(input.task === 'inference' ? 'inference' : 'train') : options.marginPercent / 100;
  if (!(margin >= 0 && margin < 1)) throw new AdvisorError('advisor.error.badNumber', { name: 'memoryMarginPercent', value: String(options.marginPercent), min: '< 100' });
  const memory = usableMemory(resolved.entry, view.memoryBytes, margin);
  const estimate: MemoryEstimate = estimateMemory(input);
  const need = estimate.perGpu.totalBytes;
  const at = (batchSize: number) => estimateMemory({ ...input, batchSize }).perGpu.totalBytes;
  const fitsAt = (batchSize: number) => at(batchSize) <= memory.usableBytes;

  let largestBatch: number | null = null;
  let batchUnbounded = false;
  if (fitsAt(1)) {
    if (at(2) === at(1)) batchUnbounded = true;
    else {
      let low = 1;
      let high = 2;
      while (high <= MAX_BATCH && fitsAt(high)) {
        low = high;
        high *= 2;
      }
      if (high > MAX_BATCH) high = MAX_BATCH + 1;
      while (high - low > 1) {
        const mid = Math.floor((low + high) / 2);
        if (fitsAt(mid)) low = mid;
        else high = mid;
      }
      largestBatch = low;
    }
  }
  return {
    gpuId: resolved.entry.id,
    gpuName: resolved.entry.name,
    memory,
    needBytes: need,
    fits: need <= memory.usableBytes,
    headroomBytes: memory.usableBytes - need,
    largestBatch,
    batchUnbounded,
  };
}
