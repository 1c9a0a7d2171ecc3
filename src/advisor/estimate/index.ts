// The memory estimator's public surface.

export { estimateMemory } from './estimate.js';
export { MODEL_PRESETS, getModelPreset, listModelPresets, presetParameterCount, type ModelFamily, type ModelPreset } from './models.js';
export { ATTENTION_KINDS, RECOMPUTATION_MODES, type AttentionKind, type Recomputation } from './activations.js';
export { KV_CACHE_DTYPES, WEIGHT_DTYPES, parseKvCacheDtype, parseWeightDtype, type KvCacheDtype, type WeightDtype } from './dtypes.js';
export { LORA_TARGETS, parseLoraTargets, type LoraTargets } from './lora.js';
export { OPTIMIZERS, TRAINING_PRECISIONS, ZERO_STAGES, type Optimizer, type TrainingPrecision, type ZeroStage } from './training.js';
export { DEFAULT_OVERHEAD_BYTES } from './settings.js';
export * from './types.js';
export { architectureFromHfConfig, type ModelFromConfig } from './hf-config.js';
export { kvValuesPerLayerPerToken } from './inference.js';
export { transformerParameterCounts, type ExpertLayout, type LatentAttention, type TransformerArchitecture } from './architecture.js';
