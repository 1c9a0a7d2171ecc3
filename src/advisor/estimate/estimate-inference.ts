// Inference: weights in the chosen format, the KV cache and one step's working memory, split
// over `gpuCount` GPUs by tensor parallelism.

import { AdvisorError, requireNumber } from '../errors.js';
import { KV_CACHE_DTYPES, WEIGHT_DTYPES, bytesPerWeight, isQuantized, type KvCacheDtype, type WeightDtype } from './dtypes.js';
import { breakdown, round, scaleBreakdown } from './estimate-training.js';
import {
  PREFILL_CHUNK_TOKENS,
  decoderWorkspaceBytes,
  encoderWorkspaceBytes,
  kvCacheBytesPerGpu,
  resnetWorkspaceBytes,
  transformerWeightsBytes,
} from './inference.js';
import type { ResolvedModel } from './resolve-model.js';
import { requireTensorParallel } from './tensor-parallel.js';
import { defaultBatchSize, defaultSequenceLength, imageResolution, overheadBytes, positiveInteger } from './settings.js';
import type { AdvisorNote, EstimateInput, MemoryEstimate, MissingReason, MissingTerm } from './types.js';

function pick<T extends string>(name: string, value: T | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (choices.includes(value)) return value;
  throw new AdvisorError('advisor.error.unknownDtype', { value: String(value), choices: choices.join(', ') });
}

function weightsBytes(model: ResolvedModel, dtype: WeightDtype): number {
  const arch = model.architecture;
  if (arch?.kind === 'transformer' && model.countFromArchitecture) return transformerWeightsBytes(arch, dtype);
  return model.parameterCount * bytesPerWeight(dtype);
}

/**
 * Peak working memory per generated image, measured: SDXL base in fp16 at 1024×1024 on an A100
 * peaks at 21.7 GiB of allocated memory for a batch of 4 ("Exploring simple optimizations for
 * SDXL", Hugging Face blog, 2023-10-24, https://hf.co/blog/simple_sdxl_optimizations), of which
 * 6.46 GiB are the 3.47B weights: (21.7 − 6.46) / 4 = 3.81 GiB per image.
 */
const PUBLISHED_IMAGE_WORKSPACE: Readonly<Record<string, { bytesPerImage: number; resolution: number; source: string }>> = {
  sdxl: { bytesPerImage: ((21.7 - (3_468_837_867 * 2) / 1024 ** 3) / 4) * 1024 ** 3, resolution: 1024, source: 'https://hf.co/blog/simple_sdxl_optimizations' },
};

const DECODER_SOURCES = ['Kwon et al. 2023, "PagedAttention", arXiv:2309.06180', 'https://docs.vllm.ai/en/latest/features/quantization/quantized_kvcache.html'];

export function estimateInference(input: EstimateInput, model: ResolvedModel): MemoryEstimate {
  const weightDtype = pick('weightDtype', input.weightDtype, WEIGHT_DTYPES, 'bf16');
  // vLLM's `--kv-cache-dtype auto` keeps the model's 16-bit type even when weights are quantised.
  const defaultKv: KvCacheDtype = weightDtype === 'fp32' ? 'fp32' : weightDtype === 'fp16' ? 'fp16' : 'bf16';
  const kvCacheDtype = pick('kvCacheDtype', input.kvCacheDtype, KV_CACHE_DTYPES, defaultKv);
  const gpuCount = positiveInteger('gpuCount', input.gpuCount, 1);
  if (input.tensorParallel !== undefined && input.tensorParallel !== gpuCount) {
    throw new AdvisorError('advisor.error.inferenceTensorParallel', { tp: input.tensorParallel, gpus: gpuCount });
  }
  const t = gpuCount;
  const s = defaultSequenceLength(input, model);
  const b = defaultBatchSize(input, model);
  const resolution = imageResolution(input, model);
  const arch = model.architecture;
  // Images are served by replicas (below); a transformer is split by its heads, which must divide.
  if (arch?.kind === 'transformer') requireTensorParallel(arch, t, 'inference', model.name);
  const notes: AdvisorNote[] = [];
  const missing: { term: MissingTerm; reason: MissingReason }[] = [];

  if (isQuantized(weightDtype)) {
    notes.push({ key: model.countFromArchitecture && arch?.kind === 'transformer' ? 'advisor.assume.quantizedLinearOnly' : 'advisor.assume.quantizedAll', params: { dtype: weightDtype } });
  }

  let kvCache: number | null = 0;
  let workspace: number | null = null;
  const e = weightDtype === 'fp32' ? 4 : 2;
  if (arch?.kind === 'transformer' && model.family !== 'encoder') {
    kvCache = kvCacheBytesPerGpu({ arch, contextLength: s, batchSize: b, dtype: kvCacheDtype, tensorParallel: t });
    workspace = decoderWorkspaceBytes(arch, s, b) / t;
    notes.push({ key: 'advisor.assume.kvCache', params: { tokens: s, batch: b, dtype: kvCacheDtype } });
    if (arch.mla) {
      // DeepSeek-V2 Table 1: (d_c + d_h^R)·l elements per token — what a reader checks against the paper.
      const perToken = kvCacheBytesPerGpu({ arch, contextLength: 1, batchSize: 1, dtype: kvCacheDtype, tensorParallel: 1 });
      notes.push({ key: 'advisor.assume.mlaCache', params: { elements: arch.mla.kvLoraRank + arch.mla.qkRopeHeadDim, layers: arch.layers, bytes: perToken, kib: round(perToken / 1024, 1), dtype: kvCacheDtype } });
    }
    if (arch.slidingWindow && s > arch.slidingWindow) notes.push({ key: 'advisor.assume.slidingWindow', params: { window: arch.slidingWindow } });
    notes.push({ key: 'advisor.assume.prefillChunk', params: { tokens: PREFILL_CHUNK_TOKENS } });
    if (arch.experts) notes.push({ key: 'advisor.assume.moeResident', params: { experts: arch.experts.count } });
  } else if (arch?.kind === 'transformer') {
    workspace = encoderWorkspaceBytes(arch, s, b) / t;
  } else if (arch?.kind === 'resnet') {
    workspace = resnetWorkspaceBytes({ ...arch, inputResolution: resolution ?? arch.inputResolution }, b, e) / t;
  } else if (arch?.kind === 'composite' && model.id !== null && PUBLISHED_IMAGE_WORKSPACE[model.id] && weightDtype !== 'fp32') {
    // A diffusion pipeline has no layer-by-layer model here: its working memory is a published
    // peak per image, scaled with the batch (the images of a batch are denoised together).
    const published = PUBLISHED_IMAGE_WORKSPACE[model.id];
    if (published) {
      // Another resolution scales the published peak by the latent area: derived, and said so.
      const side = resolution ?? published.resolution;
      const perImage = published.bytesPerImage * (side / published.resolution) ** 2;
      workspace = (perImage * b) / t;
      notes.push({ key: 'advisor.assume.diffusionWorkspace', params: { gib: round(published.bytesPerImage / 1024 ** 3, 2), resolution: published.resolution, source: published.source } });
      if (side !== published.resolution) notes.push({ key: 'advisor.assume.diffusionWorkspaceScaled', params: { resolution: side, gib: round(perImage / 1024 ** 3, 2) } });
    }
  } else if (arch === null) {
    kvCache = null;
    missing.push({ term: 'kvCacheBytes', reason: 'needs-architecture' });
  }

  if (input.activationsBytes !== undefined) {
    workspace = requireNumber('activationsBytes', input.activationsBytes);
    notes.push({ key: 'advisor.assume.activationsGiven', params: {} });
  } else if (workspace === null) {
    missing.push({ term: 'activationsBytes', reason: arch === null ? 'needs-architecture' : 'not-modelled' });
  }
  const overhead = overheadBytes(input);
  notes.push({ key: 'advisor.assume.overhead', params: { gib: round(overhead / 1024 ** 3, 2) } });
  // Images are served by replicas, each with the whole model and its share of the batch; only
  // language models are split by tensor parallelism.
  const replicas = arch?.kind === 'resnet' || arch?.kind === 'composite';
  if (t > 1) notes.push(replicas ? { key: 'advisor.assume.imageReplicas', params: { gpus: t } } : { key: 'advisor.assume.inferenceSplit', params: { tp: t } });

  const perGpu = breakdown({
    weightsBytes: weightsBytes(model, weightDtype) / (replicas ? 1 : t),
    gradientsBytes: 0,
    optimizerStatesBytes: 0,
    activationsBytes: workspace,
    kvCacheBytes: kvCache,
    overheadBytes: overhead,
  });
  return {
    task: 'inference',
    model: {
      id: model.id,
      name: model.name,
      parameterCount: model.parameterCount,
      trainableParameterCount: 0,
      activeParameterCount: model.activeParameterCount,
      architecture: model.architecture?.kind ?? null,
      experts: model.architecture?.kind === 'transformer' ? model.architecture.experts : null,
      shape: model.architecture?.kind === 'transformer' ? { layers: model.architecture.layers, hiddenSize: model.architecture.hiddenSize } : null,
    },
    settings: {
      precision: null,
      optimizer: null,
      method: null,
      loraRank: null,
      loraTargets: null,
      sequenceLength: s,
      batchSize: b,
      imageResolution: resolution,
      recomputation: null,
      attention: 'flash',
      gpuCount,
      tensorParallel: t,
      dataParallel: 1,
      zeroStage: null,
      weightDtype,
      kvCacheDtype,
    },
    perGpu,
    total: scaleBreakdown(perGpu, gpuCount),
    complete: missing.length === 0,
    missing,
    assumptions: notes,
    // The KV-cache sources only where there is a KV cache (not for encoders, CNNs or diffusion).
    sources: [...((kvCache ?? 1) > 0 ? DECODER_SOURCES : []), ...(kvCache === 0 && PUBLISHED_IMAGE_WORKSPACE[model.id ?? ''] ? [PUBLISHED_IMAGE_WORKSPACE[model.id ?? '']?.source ?? ''] : []), ...model.sources],
  };
}
