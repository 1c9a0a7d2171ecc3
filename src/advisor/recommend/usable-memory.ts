// How much of a GPU's memory the work can really use — the fit check compares the need with this,
// never with the marketed size:
//   1. the driver shows less than the nominal size. nvidia-smi reads 81559 MiB of an H100's
//      81920 (HBM: 0.44 % kept back) and 46068 MiB of an A40's 49152, whose GDDR6 ECC takes 1/16
//      (datacenter GDDR cards ship with ECC on; workstation and GeForce cards with it off, where
//      an RTX 4090 reads 24564 of 24576 MiB);
//   2. the CUDA context, cuBLAS/cuDNN kernels and workspaces (≈0.8 GB as soon as PyTorch starts:
//      pytorch/pytorch#34323) are counted once, in the estimate's runtime overhead term, not here;
//   3. the caching allocator cannot use every free byte: blocks are rounded and split, and
//      fragmentation strands memory (pytorch/pytorch#44742: 13 GB of split free blocks on a 32 GB
//      card; meta-pytorch/torchrec#4584: 16 GiB stranded of 93 GiB reserved). vLLM leaves 10 % by
//      default (gpu_memory_utilization = 0.9) — our inference margin; training keeps 5 %, the
//      level at which PyTorch's expandable segments (PYTORCH_CUDA_ALLOC_CONF) typically run.
// Both margins can be overridden (`memoryMarginPercent`).

import type { GpuEntry } from '../../catalog/index.js';
import type { RecommendTask } from './types.js';

const HBM_VISIBLE_SHARE = 81559 / 81920;
const GDDR_ECC_VISIBLE_SHARE = 46068 / 49152;
const GDDR_VISIBLE_SHARE = 24564 / 24576;

export const INFERENCE_MARGIN = 0.1;
export const TRAINING_MARGIN = 0.05;

export interface UsableMemory {
  nominalBytes: number;
  /** What the driver reports. */
  visibleBytes: number;
  /** Kept free for the allocator's fragmentation. */
  marginBytes: number;
  marginShare: number;
  usableBytes: number;
}

export function visibleShare(entry: GpuEntry): number {
  if (/HBM/i.test(entry.memoryType)) return HBM_VISIBLE_SHARE;
  return entry.segment === 'datacenter' ? GDDR_ECC_VISIBLE_SHARE : GDDR_VISIBLE_SHARE;
}

export function defaultMargin(task: RecommendTask): number {
  return task === 'inference' ? INFERENCE_MARGIN : TRAINING_MARGIN;
}

export function usableMemory(entry: GpuEntry, nominalBytes: number, marginShare: number): UsableMemory {
  const visibleBytes = nominalBytes * visibleShare(entry);
  const marginBytes = visibleBytes * marginShare;
  return { nominalBytes, visibleBytes, marginBytes, marginShare, usableBytes: visibleBytes - marginBytes };
}
