// Which tensor-parallel degrees can split a transformer's attention, as the frameworks check it.
// Training (Megatron-LM, TransformerConfig): the attention heads and the key/value head groups must
// each be a multiple of the degree. Serving (vLLM, ModelConfig.verify_with_parallel_config and
// QKVParallelLinear): the attention heads must be a multiple of it, and the KV heads a multiple of
// it or a divisor of it — with more GPUs than KV heads, each KV head is replicated. Either refuses
// to start otherwise ("Total number of attention heads (32) must be divisible by tensor parallel
// size (3)"), so the estimate refuses too rather than size a split nobody can run.

import { AdvisorError } from '../errors.js';
import type { ModelArchitecture } from './architecture.js';

export type TensorParallelUse = 'training' | 'inference';

/** Whether `degree`-way tensor parallelism splits these heads evenly; true for anything but a transformer. */
export function tensorParallelFits(arch: ModelArchitecture | null, degree: number, use: TensorParallelUse): boolean {
  if (arch?.kind !== 'transformer' || degree === 1) return true;
  const { attentionHeads: heads, kvHeads } = arch;
  if (heads % degree !== 0) return false;
  return kvHeads % degree === 0 || (use === 'inference' && degree % kvHeads === 0);
}

/** The degrees that work, 1 up to the number of attention heads. */
export function tensorParallelDegrees(arch: ModelArchitecture | null, use: TensorParallelUse): number[] {
  if (arch?.kind !== 'transformer') return [1];
  const degrees: number[] = [];
  for (let d = 1; d <= arch.attentionHeads; d++) if (tensorParallelFits(arch, d, use)) degrees.push(d);
  return degrees;
}

/** Throws, in the reader's language, naming the heads and the degrees that work. */
export function requireTensorParallel(arch: ModelArchitecture | null, degree: number, use: TensorParallelUse, model: string): void {
  if (arch?.kind !== 'transformer' || tensorParallelFits(arch, degree, use)) return;
  const params = { tp: degree, model, heads: arch.attentionHeads, kvHeads: arch.kvHeads, valid: tensorParallelDegrees(arch, use).join(', ') };
  throw new AdvisorError(use === 'training' ? 'advisor.error.tensorParallelHeadsTraining' : 'advisor.error.tensorParallelHeadsInference', params);
}
