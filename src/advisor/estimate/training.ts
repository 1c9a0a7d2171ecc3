// Model states of training: weights, gradients and optimizer states, in bytes per parameter, and
// how ZeRO / FSDP divides them over data-parallel GPUs.
//
// Mixed precision follows the ZeRO paper's accounting (Rajbhandari et al. 2020, "ZeRO: Memory
// Optimizations Toward Training Trillion Parameter Models", arXiv:1910.02054, §3.1): 2Ψ for the
// fp16 weights, 2Ψ for the fp16 gradients and KΨ for the optimizer states, where for Adam K = 12
// (fp32 master weights, momentum and variance) — 16 bytes per parameter. Hugging Face's
// "model memory anatomy" page counts 18 (fp32 gradients); we follow ZeRO and say so.
// Optimizer states of the other optimizers:
//   - 8-bit Adam (Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization",
//     arXiv:2110.02861; bitsandbytes): two 1-byte states = 2 bytes per parameter
//   - SGD with momentum: one state; plain SGD: none
//     (https://huggingface.co/docs/transformers/model_memory_anatomy)
//   - Adafactor (Shazeer & Stern 2018, arXiv:1804.04235), without first moment (its default):
//     the second moment of an n×m matrix is factored into n + m values; vectors keep all.
// In pure 16-bit training there is no master copy, and PyTorch's optimizers keep their states
// in the parameters' dtype (torch.optim.AdamW: `torch.zeros_like(p)`).

import { AdvisorError } from '../errors.js';
import { blockLinearShapes, type ModelArchitecture } from './architecture.js';

export const TRAINING_PRECISIONS = ['fp32', 'mixed-fp16', 'mixed-bf16', 'bf16', 'fp16'] as const;
export type TrainingPrecision = (typeof TRAINING_PRECISIONS)[number];

export const OPTIMIZERS = ['adamw', 'adamw-8bit', 'sgd', 'sgd-momentum', 'adafactor'] as const;
export type Optimizer = (typeof OPTIMIZERS)[number];

/** ZeRO stages (0 = plain data parallel). FSDP: NO_SHARD = 0, SHARD_GRAD_OP = 2, FULL_SHARD = 3. */
export const ZERO_STAGES = [0, 1, 2, 3] as const;
export type ZeroStage = (typeof ZERO_STAGES)[number];

export function isMixed(precision: TrainingPrecision): boolean {
  return precision === 'mixed-fp16' || precision === 'mixed-bf16';
}

/** Bytes of one weight (and of one gradient) as the forward and backward passes see it. */
export function workingBytes(precision: TrainingPrecision): number {
  return precision === 'fp32' ? 4 : 2;
}

/** Bytes of one optimizer-state value (fp32 unless the whole model is in 16-bit). */
function stateBytes(precision: TrainingPrecision): number {
  return precision === 'bf16' || precision === 'fp16' ? 2 : 4;
}

/**
 * Optimizer-state bytes for `trainable` parameters. The mixed-precision master copy is counted
 * here, as in ZeRO's K. Adafactor needs the matrix shapes, so it needs an architecture.
 */
export function optimizerStateBytes(
  optimizer: Optimizer,
  precision: TrainingPrecision,
  trainable: number,
  factoredShapes: readonly { rows: number; cols: number; count: number }[] | null,
): number {
  const master = isMixed(precision) ? 4 * trainable : 0;
  const state = stateBytes(precision);
  switch (optimizer) {
    case 'adamw':
      return master + 2 * state * trainable;
    case 'adamw-8bit':
      return master + 2 * trainable;
    case 'sgd':
      return master;
    case 'sgd-momentum':
      return master + state * trainable;
    case 'adafactor': {
      if (!factoredShapes) throw new AdvisorError('advisor.error.adafactorNeedsArchitecture');
      const inMatrices = factoredShapes.reduce((sum, m) => sum + m.rows * m.cols * m.count, 0);
      const factored = factoredShapes.reduce((sum, m) => sum + (m.rows + m.cols) * m.count, 0);
      const vectors = Math.max(0, trainable - inMatrices);
      return master + state * (factored + vectors);
    }
  }
}

/** The weight matrices of a full fine-tune, for Adafactor's factored second moment. */
export function fullModelMatrices(arch: ModelArchitecture | null): { rows: number; cols: number; count: number }[] | null {
  if (!arch || arch.kind !== 'transformer') return null;
  const matrices = blockLinearShapes(arch).map((m) => ({ rows: m.outFeatures, cols: m.inFeatures, count: m.count }));
  // Embedding and output head: vocab × hidden each (one matrix when tied).
  const embeddingMatrices = arch.tiedEmbeddings ? 1 : 2;
  matrices.push({ rows: arch.vocabSize, cols: arch.hiddenSize, count: embeddingMatrices });
  return matrices;
}

export interface ModelStates {
  weightsBytes: number;
  gradientsBytes: number;
  optimizerStatesBytes: number;
}

/**
 * What one GPU holds under ZeRO stage `stage` over `dataParallel` GPUs (ZeRO §5, Figure 1):
 * stage 1 partitions the optimizer states, stage 2 also the gradients, stage 3 also the weights.
 */
export function shardModelStates(states: ModelStates, stage: ZeroStage, dataParallel: number): ModelStates {
  const n = dataParallel;
  return {
    weightsBytes: stage >= 3 ? states.weightsBytes / n : states.weightsBytes,
    gradientsBytes: stage >= 2 ? states.gradientsBytes / n : states.gradientsBytes,
    optimizerStatesBytes: stage >= 1 ? states.optimizerStatesBytes / n : states.optimizerStatesBytes,
  };
}
