// Training and fine-tuning: model states (training.ts, lora.ts) sharded over the GPUs,
// activations (activations.ts) and the runtime overhead.

import { AdvisorError, requireNumber } from '../errors.js';
import {
  ATTENTION_KINDS,
  RECOMPUTATION_MODES,
  resnetActivationValuesPerImage,
  transformerActivationBytes,
  type AttentionKind,
  type Recomputation,
} from './activations.js';
import { transformerParameterCounts, type TransformerArchitecture } from './architecture.js';
import { denoiserOf, diffusionActivationBytes, diffusionStates, DIFFUSION_DEFAULT_LORA_RANK, DIFFUSION_DEFAULT_LORA_TARGETS } from './diffusion-training.js';
import { nf4BytesPerWeight } from './dtypes.js';
import { LORA_TARGETS, loraTargetShapes, loraTrainableParameters, type LoraTargets } from './lora.js';
import type { ResolvedModel } from './resolve-model.js';
import { requireTensorParallel } from './tensor-parallel.js';
import { defaultBatchSize, defaultSequenceLength, imageResolution, overheadBytes, positiveInteger } from './settings.js';
import {
  OPTIMIZERS,
  TRAINING_PRECISIONS,
  ZERO_STAGES,
  fullModelMatrices,
  isMixed,
  optimizerStateBytes,
  shardModelStates,
  workingBytes,
  type ModelStates,
  type Optimizer,
  type TrainingPrecision,
  type ZeroStage,
} from './training.js';
import type { AdvisorNote, EstimateInput, FinetuneMethod, MemoryBreakdown, MemoryEstimate, MissingReason } from './types.js';
import { FINETUNE_METHODS } from './types.js';

function choice<T extends string | number>(name: string, value: T | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (choices.includes(value)) return value;
  throw new AdvisorError('advisor.error.badChoice', { name, value: String(value), choices: choices.join(', ') });
}

const DEFAULT_LORA_RANK = 16;

interface StatesResult {
  states: ModelStates;
  trainable: number;
  notes: AdvisorNote[];
}

function requireTransformer(model: ResolvedModel, method: FinetuneMethod): TransformerArchitecture {
  if (model.architecture?.kind !== 'transformer') {
    throw new AdvisorError('advisor.error.loraNeedsTransformer', { method, model: model.name });
  }
  return model.architecture;
}

function fullStates(model: ResolvedModel, precision: TrainingPrecision, optimizer: Optimizer): StatesResult {
  const p = model.parameterCount;
  const w = workingBytes(precision);
  const states = {
    weightsBytes: p * w,
    gradientsBytes: p * w,
    optimizerStatesBytes: optimizerStateBytes(optimizer, precision, p, fullModelMatrices(model.architecture)),
  };
  const perParam = (states.weightsBytes + states.gradientsBytes + states.optimizerStatesBytes) / p;
  const key = isMixed(precision) ? 'advisor.assume.statesPerParamMixed' : 'advisor.assume.statesPerParam';
  return { states, trainable: p, notes: [{ key, params: { bytes: round(perParam, 2), precision, optimizer } }] };
}

function adapterStates(
  model: ResolvedModel,
  method: 'lora' | 'qlora',
  precision: TrainingPrecision,
  optimizer: Optimizer,
  rank: number,
  targets: LoraTargets,
  doubleQuantization: boolean,
): StatesResult {
  const arch = requireTransformer(model, method);
  const trainable = loraTrainableParameters(arch, rank, targets);
  const p = model.parameterCount;
  const frozenBytesPerValue = precision === 'fp32' ? 4 : 2;
  let base: number;
  const notes: AdvisorNote[] = [{ key: 'advisor.assume.loraAdapters', params: { rank, targets, trainable } }];
  if (method === 'qlora') {
    const linear = Math.min(transformerParameterCounts(arch).blockLinear, p);
    base = linear * nf4BytesPerWeight(doubleQuantization) + (p - linear) * 2;
    notes.push({ key: doubleQuantization ? 'advisor.assume.qloraBaseDouble' : 'advisor.assume.qloraBase', params: {} });
    notes.push({ key: 'advisor.assume.pagedOptimizer', params: {} });
  } else {
    base = p * frozenBytesPerValue;
  }
  const adapterMatrices = loraTargetShapes(arch, targets).flatMap((m) => [
    { rows: m.outFeatures, cols: rank, count: m.count },
    { rows: rank, cols: m.inFeatures, count: m.count },
  ]);
  return {
    states: {
      weightsBytes: base + 4 * trainable,
      gradientsBytes: 4 * trainable,
      optimizerStatesBytes: optimizerStateBytes(optimizer, 'fp32', trainable, adapterMatrices),
    },
    trainable,
    notes,
  };
}

interface ActivationResult {
  bytes: number | null;
  missing: MissingReason | null;
  notes: AdvisorNote[];
}

function activations(
  model: ResolvedModel,
  input: EstimateInput,
  s: number,
  b: number,
  e: number,
  recomputation: Recomputation,
  attention: AttentionKind,
  tensorParallel: number,
  resolution: number | null,
): ActivationResult {
  if (input.activationsBytes !== undefined) {
    return { bytes: requireNumber('activationsBytes', input.activationsBytes), missing: null, notes: [{ key: 'advisor.assume.activationsGiven', params: {} }] };
  }
  const arch = model.architecture;
  if (!arch) return { bytes: null, missing: 'needs-architecture', notes: [] };
  if (arch.kind === 'transformer') {
    const result = transformerActivationBytes({ arch, sequenceLength: s, microBatchSize: b, bytesPerValue: e, recomputation, attention, tensorParallel });
    const notes: AdvisorNote[] = [{ key: 'advisor.assume.activations', params: { recomputation, attention } }];
    if (arch.vocabSize === 0) notes.push({ key: 'advisor.assume.noVocab', params: {} });
    return { bytes: result.totalBytes, missing: null, notes };
  }
  if (arch.kind === 'resnet') {
    const side = resolution ?? arch.inputResolution;
    const bytes = (resnetActivationValuesPerImage({ ...arch, inputResolution: side }) * b * e) / tensorParallel;
    return { bytes, missing: null, notes: [{ key: 'advisor.assume.resnetActivations', params: { resolution: side } }] };
  }
  const diffusion = denoiserOf(model);
  if (diffusion) {
    // Full recomputation is gradient checkpointing; selective drops only the attention scores.
    const result = diffusionActivationBytes(diffusion, b, e, recomputation === 'full', attention === 'standard' && recomputation === 'none', resolution ?? diffusion.denoiser.layout.resolution);
    return { bytes: result.bytes / tensorParallel, missing: null, notes: result.notes };
  }
  return { bytes: null, missing: 'not-modelled', notes: [] };
}

export function estimateTraining(input: EstimateInput, model: ResolvedModel): MemoryEstimate {
  const precision = choice('precision', input.precision, TRAINING_PRECISIONS, 'mixed-bf16');
  const optimizer = choice('optimizer', input.optimizer, OPTIMIZERS, 'adamw');
  const method = choice('method', input.method, FINETUNE_METHODS, 'full');
  if (method !== 'full' && input.task !== 'finetune') throw new AdvisorError('advisor.error.methodNeedsFinetune', { method });
  // PEFT recipes (the QLoRA paper's, Hugging Face's `prepare_model_for_kbit_training`) turn
  // gradient checkpointing on: a layer's activations are recomputed in the backward pass.
  const adapters = method === 'lora' || method === 'qlora';
  // The SDXL recipes (diffusers, kohya-ss) train with gradient checkpointing, full or LoRA.
  const diffusion = denoiserOf(model);
  const recomputation = choice('recomputation', input.recomputation, RECOMPUTATION_MODES, adapters || diffusion ? 'full' : 'none');
  const attention = choice('attention', input.attention, ATTENTION_KINDS, 'flash');
  const gpuCount = positiveInteger('gpuCount', input.gpuCount, 1);
  const tensorParallel = positiveInteger('tensorParallel', input.tensorParallel, 1);
  if (gpuCount % tensorParallel !== 0) throw new AdvisorError('advisor.error.tensorParallelDivides', { tp: tensorParallel, gpus: gpuCount });
  requireTensorParallel(model.architecture, tensorParallel, 'training', model.name);
  const dataParallel = gpuCount / tensorParallel;
  const zeroStage: ZeroStage = choice('zeroStage', input.zeroStage, ZERO_STAGES, dataParallel > 1 ? 3 : 0);
  const s = defaultSequenceLength(input, model);
  const b = defaultBatchSize(input, model);
  const resolution = imageResolution(input, model);
  const loraRank = method === 'full' ? null : positiveInteger('loraRank', input.loraRank, diffusion ? DIFFUSION_DEFAULT_LORA_RANK : DEFAULT_LORA_RANK);
  const loraTargets = method === 'full' ? null : choice('loraTargets', input.loraTargets, LORA_TARGETS, diffusion ? DIFFUSION_DEFAULT_LORA_TARGETS : 'all-linear');

  const statesResult = diffusion
    ? diffusionStates(diffusion, model.name, method, precision, optimizer, loraRank ?? DIFFUSION_DEFAULT_LORA_RANK, loraTargets ?? DIFFUSION_DEFAULT_LORA_TARGETS)
    : method === 'full'
      ? fullStates(model, precision, optimizer)
      : adapterStates(model, method, precision, optimizer, loraRank ?? DEFAULT_LORA_RANK, loraTargets ?? 'all-linear', input.doubleQuantization ?? true);
  // Tensor parallelism splits every layer's weights (and so their gradients and states) t ways.
  const perTensorShard: ModelStates = {
    weightsBytes: statesResult.states.weightsBytes / tensorParallel,
    gradientsBytes: statesResult.states.gradientsBytes / tensorParallel,
    optimizerStatesBytes: statesResult.states.optimizerStatesBytes / tensorParallel,
  };
  const perGpuStates = shardModelStates(perTensorShard, zeroStage, dataParallel);
  const e = precision === 'fp32' ? 4 : 2;
  const act = activations(model, input, s, b, e, recomputation, attention, tensorParallel, resolution);
  const overhead = overheadBytes(input);

  const notes: AdvisorNote[] = [...statesResult.notes, ...act.notes];
  if (diffusion && input.recomputation === undefined) notes.push({ key: 'advisor.assume.diffusionCheckpointing', params: {} });
  else if (adapters && input.recomputation === undefined) notes.push({ key: 'advisor.assume.peftCheckpointing', params: {} });
  if (gpuCount > 1) notes.push({ key: 'advisor.assume.sharding', params: { stage: zeroStage, dp: dataParallel, tp: tensorParallel } });
  if (tensorParallel > 1) notes.push({ key: 'advisor.assume.sequenceParallel', params: { tp: tensorParallel } });
  notes.push({ key: 'advisor.assume.overhead', params: { gib: round(overhead / 1024 ** 3, 2) } });

  const perGpu = breakdown({ ...perGpuStates, activationsBytes: act.bytes, kvCacheBytes: 0, overheadBytes: overhead });
  return {
    task: input.task,
    model: {
      id: model.id,
      name: model.name,
      parameterCount: model.parameterCount,
      trainableParameterCount: statesResult.trainable,
      activeParameterCount: model.activeParameterCount,
      architecture: model.architecture?.kind ?? null,
      experts: model.architecture?.kind === 'transformer' ? model.architecture.experts : null,
      shape: model.architecture?.kind === 'transformer' ? { layers: model.architecture.layers, hiddenSize: model.architecture.hiddenSize } : null,
    },
    settings: {
      precision,
      optimizer,
      method,
      loraRank,
      loraTargets,
      sequenceLength: s,
      batchSize: b,
      imageResolution: resolution,
      recomputation,
      attention,
      gpuCount,
      tensorParallel,
      dataParallel,
      zeroStage,
      weightDtype: null,
      kvCacheDtype: null,
    },
    perGpu,
    total: scaleBreakdown(perGpu, gpuCount),
    complete: act.missing === null,
    missing: act.missing ? [{ term: 'activationsBytes', reason: act.missing }] : [],
    assumptions: notes,
    sources: [...trainingSources(model, method), ...(diffusion ? DIFFUSION_TRAINING_SOURCES : [])],
  };
}

const DIFFUSION_TRAINING_SOURCES = [
  'https://github.com/huggingface/diffusers/pull/4474 (gradient checkpointing of every ResNet and BasicTransformerBlock)',
  'https://github.com/huggingface/diffusers/blob/main/examples/dreambooth/README_sdxl.md (UNet LoRA, --rank 4 by default)',
  'https://github.com/kohya-ss/sd-scripts/blob/main/docs/train_SDXL-en.md (U-Net only, gradient checkpointing)',
];

function trainingSources(model: ResolvedModel, method: FinetuneMethod): string[] {
  const sources = ['Rajbhandari et al. 2020, "ZeRO", arXiv:1910.02054', 'Korthikanti et al. 2022, arXiv:2205.05198'];
  if (method !== 'full') sources.push('Hu et al. 2021, "LoRA", arXiv:2106.09685');
  if (method === 'qlora') sources.push('Dettmers et al. 2023, "QLoRA", arXiv:2305.14314');
  return [...sources, ...model.sources];
}

export function breakdown(terms: Omit<MemoryBreakdown, 'totalBytes'>): MemoryBreakdown {
  const totalBytes =
    terms.weightsBytes +
    terms.gradientsBytes +
    terms.optimizerStatesBytes +
    (terms.activationsBytes ?? 0) +
    (terms.kvCacheBytes ?? 0) +
    terms.overheadBytes;
  return { ...terms, totalBytes };
}

export function scaleBreakdown(perGpu: MemoryBreakdown, gpuCount: number): MemoryBreakdown {
  const times = (value: number | null) => (value === null ? null : value * gpuCount);
  return {
    weightsBytes: perGpu.weightsBytes * gpuCount,
    gradientsBytes: perGpu.gradientsBytes * gpuCount,
    optimizerStatesBytes: perGpu.optimizerStatesBytes * gpuCount,
    activationsBytes: times(perGpu.activationsBytes),
    kvCacheBytes: times(perGpu.kvCacheBytes),
    overheadBytes: perGpu.overheadBytes * gpuCount,
    totalBytes: perGpu.totalBytes * gpuCount,
  };
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
