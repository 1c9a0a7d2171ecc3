// Training a latent-diffusion pipeline (SDXL) as the common recipes do: only the UNet learns —
// all of it (diffusers' train_text_to_image_sdxl.py, kohya-ss sdxl_train.py) or LoRA adapters on
// its attention (diffusers' train_dreambooth_lora_sdxl.py, kohya-ss sdxl_train_network.py) —
// while the text encoders and the VAE stay frozen in 16-bit on the GPU. Images go in as VAE
// latents (the VAE's 8× downscale), so the UNet's activations are those of the latent (unet.ts).

import { AdvisorError } from '../errors.js';
import type { CompositeArchitecture } from './architecture.js';
import type { LoraTargets } from './lora.js';
import type { ResolvedModel } from './resolve-model.js';
import { optimizerStateBytes, workingBytes, type ModelStates, type Optimizer, type TrainingPrecision } from './training.js';
import type { AdvisorNote, FinetuneMethod } from './types.js';
import { unetActivationValuesPerImage, unetLinearShapes, unetLoraParameters } from './unet.js';

/** diffusers' train_dreambooth_lora_sdxl.py `--rank` default (kohya's `--network_dim` is user-set). */
export const DIFFUSION_DEFAULT_LORA_RANK = 4;
export const DIFFUSION_DEFAULT_LORA_TARGETS: LoraTargets = 'attention';

type Denoised = CompositeArchitecture & { denoiser: NonNullable<CompositeArchitecture['denoiser']> };

export function denoiserOf(model: ResolvedModel): Denoised | null {
  const arch = model.architecture;
  return arch?.kind === 'composite' && arch.denoiser ? (arch as Denoised) : null;
}

export interface DiffusionStates {
  states: ModelStates;
  trainable: number;
  notes: AdvisorNote[];
}

export function diffusionStates(
  arch: Denoised,
  modelName: string,
  method: FinetuneMethod,
  precision: TrainingPrecision,
  optimizer: Optimizer,
  rank: number,
  targets: LoraTargets,
): DiffusionStates {
  if (method === 'qlora') throw new AdvisorError('advisor.error.qloraNeedsTransformer', { model: modelName });
  const layout = arch.denoiser.layout;
  const unet = arch.components.find((c) => c.id === arch.denoiser.componentId)?.parameterCount ?? 0;
  const total = arch.components.reduce((sum, c) => sum + c.parameterCount, 0);
  const frozenBytesPerValue = precision === 'fp32' ? 4 : 2;
  const frozenRest = (total - unet) * frozenBytesPerValue;
  const notes: AdvisorNote[] = [{ key: 'advisor.assume.diffusionFrozen', params: { gib: round2(frozenRest / 1024 ** 3) } }];
  if (method === 'full') {
    const w = workingBytes(precision);
    // Adafactor factors the transformer blocks' matrices; the convolutions are counted unfactored
    // (an upper bound: Adafactor factors their last two dimensions as well).
    const matrices = unetLinearShapes(layout).map((m) => ({ rows: m.outFeatures, cols: m.inFeatures, count: m.count }));
    const optimizerBytes = optimizerStateBytes(optimizer, precision, unet, matrices);
    const perParam = (2 * w * unet + optimizerBytes) / unet;
    notes.unshift({ key: 'advisor.assume.diffusionFullUnet', params: { unet: round2(unet / 1e9), bytes: round2(perParam), precision, optimizer } });
    if (optimizer === 'adafactor') notes.push({ key: 'advisor.assume.adafactorConvs', params: {} });
    return { states: { weightsBytes: w * unet + frozenRest, gradientsBytes: w * unet, optimizerStatesBytes: optimizerBytes }, trainable: unet, notes };
  }
  const trainable = unetLoraParameters(layout, rank, targets);
  const adapterShapes = unetLinearShapes(layout).flatMap((m) => [
    { rows: m.outFeatures, cols: rank, count: m.count },
    { rows: rank, cols: m.inFeatures, count: m.count },
  ]);
  notes.unshift({ key: 'advisor.assume.diffusionLora', params: { rank, targets, trainable } });
  return {
    states: {
      weightsBytes: unet * frozenBytesPerValue + frozenRest + 4 * trainable,
      gradientsBytes: 4 * trainable,
      optimizerStatesBytes: optimizerStateBytes(optimizer, 'fp32', trainable, adapterShapes),
    },
    trainable,
    notes,
  };
}

/** Activation bytes of `batch` images of `resolution`² pixels. */
export function diffusionActivationBytes(arch: Denoised, batch: number, bytesPerValue: number, checkpointing: boolean, standardAttention: boolean, resolution: number): { bytes: number; notes: AdvisorNote[] } {
  const layout = arch.denoiser.layout;
  const values = unetActivationValuesPerImage(layout, resolution, checkpointing, standardAttention);
  const perImage = values * bytesPerValue;
  return {
    bytes: perImage * batch,
    notes: [{ key: checkpointing ? 'advisor.assume.unetActivationsCheckpointed' : 'advisor.assume.unetActivations', params: { resolution, latent: resolution / layout.latentScale, gib: round2(perImage / 1024 ** 3) } }],
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
