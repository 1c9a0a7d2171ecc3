// The estimator's input and its typed result.

import type { MessageKey, MessageParams } from '../../i18n/index.js';
import type { AttentionKind, Recomputation } from './activations.js';
import type { TransformerArchitecture } from './architecture.js';
import type { KvCacheDtype, WeightDtype } from './dtypes.js';
import type { LoraTargets } from './lora.js';
import type { Optimizer, TrainingPrecision, ZeroStage } from './training.js';

export const TASKS = ['train', 'finetune', 'inference'] as const;
export type EstimateTask = (typeof TASKS)[number];

export const FINETUNE_METHODS = ['full', 'lora', 'qlora'] as const;
export type FinetuneMethod = (typeof FINETUNE_METHODS)[number];

/** A model given by its size (and, if known, its shape) instead of a preset. */
export interface CustomModelInput {
  name?: string;
  parameterCount: number;
  /** Give layers, hiddenSize and attentionHeads to get activations and the KV cache. */
  layers?: number;
  hiddenSize?: number;
  attentionHeads?: number;
  kvHeads?: number;
  intermediateSize?: number;
  vocabSize?: number;
  gatedMlp?: boolean;
}

/** A model given by its whole shape, e.g. read from a config.json (hf-config.ts). */
export interface ArchitectureModelInput {
  name: string;
  architecture: TransformerArchitecture;
  sources?: string[];
}

export type ModelInput = string | CustomModelInput | ArchitectureModelInput;

export interface EstimateInput {
  task: EstimateTask;
  /** A preset id or alias (models.ts), a custom model, or a whole shape. */
  model: ModelInput;
  /** Training: number format of weights and arithmetic. Default mixed-bf16. */
  precision?: TrainingPrecision;
  /** Training: default adamw. */
  optimizer?: Optimizer;
  /** Fine-tuning method; only with task finetune. Default full. */
  method?: FinetuneMethod;
  loraRank?: number;
  loraTargets?: LoraTargets;
  /** QLoRA's double quantization of the quantisation constants (default on, as in the paper). */
  doubleQuantization?: boolean;
  /** Tokens per sequence (training) or context length (inference). */
  sequenceLength?: number;
  /** Micro-batch per GPU (training) or concurrent sequences (inference). */
  batchSize?: number;
  /** Image models: side of the square input in pixels (default native: ResNet-50 224, SDXL 1024). */
  imageResolution?: number;
  recomputation?: Recomputation;
  attention?: AttentionKind;
  /** GPUs in all; training splits them into tensor-parallel groups × data-parallel replicas. */
  gpuCount?: number;
  /** Training only; default 0 on one GPU, 3 (FSDP FULL_SHARD) on several. */
  zeroStage?: ZeroStage;
  /** Training: tensor-parallel degree (divides gpuCount). Inference always splits over gpuCount. */
  tensorParallel?: number;
  /** Inference: weight format (default: the 16-bit format the model ships in, bf16). */
  weightDtype?: WeightDtype;
  kvCacheDtype?: KvCacheDtype;
  /** Overrides: the fixed per-GPU runtime overhead, and activations you measured yourself. */
  overheadBytes?: number;
  activationsBytes?: number;
}

export interface MemoryBreakdown {
  weightsBytes: number;
  gradientsBytes: number;
  /** Optimizer states, with the fp32 master weights of mixed precision (ZeRO's K). */
  optimizerStatesBytes: number;
  /** null when the model's shape is unknown or not modelled — see `missing`. */
  activationsBytes: number | null;
  /** Inference of decoders only; 0 where there is none, null when the shape is unknown. */
  kvCacheBytes: number | null;
  overheadBytes: number;
  /** Sum of the known terms (a lower bound when `complete` is false). */
  totalBytes: number;
}

export type MissingTerm = 'activationsBytes' | 'kvCacheBytes';
export type MissingReason = 'needs-architecture' | 'not-modelled';

/** A sentence for people: a message key and its parameters, rendered in zh-CN or en. */
export interface AdvisorNote {
  key: MessageKey;
  params: MessageParams;
}

export interface ResolvedSettings {
  precision: TrainingPrecision | null;
  optimizer: Optimizer | null;
  method: FinetuneMethod | null;
  loraRank: number | null;
  loraTargets: LoraTargets | null;
  sequenceLength: number;
  batchSize: number;
  /** Image models: the input's side in pixels; null for language models. */
  imageResolution: number | null;
  recomputation: Recomputation | null;
  attention: AttentionKind;
  gpuCount: number;
  tensorParallel: number;
  dataParallel: number;
  zeroStage: ZeroStage | null;
  weightDtype: WeightDtype | null;
  kvCacheDtype: KvCacheDtype | null;
}

export interface MemoryEstimate {
  task: EstimateTask;
  model: {
    id: string | null;
    name: string;
    parameterCount: number;
    trainableParameterCount: number;
    /** Parameters each token passes through (fewer than parameterCount for MoE). */
    activeParameterCount: number;
    /** The kind of shape the estimate worked from; null for a size without a shape. */
    architecture: 'transformer' | 'resnet' | 'composite' | null;
    /** Mixture of experts: experts per layer and how many each token uses; null for dense models. */
    experts: { count: number; activePerToken: number } | null;
    /** A transformer's depth and width, for the communication model of multi-GPU speed; null otherwise. */
    shape: { layers: number; hiddenSize: number } | null;
  };
  settings: ResolvedSettings;
  /** What each GPU holds. */
  perGpu: MemoryBreakdown;
  /** Summed over all GPUs. */
  total: MemoryBreakdown;
  complete: boolean;
  missing: { term: MissingTerm; reason: MissingReason }[];
  assumptions: AdvisorNote[];
  sources: string[];
}
