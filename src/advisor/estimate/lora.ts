// LoRA (Hu et al. 2021, arXiv:2106.09685 §4.1): each adapted weight W (out × in) gets two
// trainable matrices B (out × r) and A (r × in): r·(in + out) parameters; W stays frozen.
// PEFT keeps the adapter weights in fp32 by default (LoraConfig / `autocast_adapter_dtype=True`,
// https://huggingface.co/docs/peft/package_reference/lora), so each trainable parameter costs
// 4 bytes of weight, 4 of gradient and the optimizer's fp32 states.
// QLoRA (Dettmers et al. 2023, arXiv:2305.14314) stores the frozen linear weights of the blocks
// in NF4 (dtypes.ts); embeddings, the output head and norms stay 16-bit — bitsandbytes replaces
// nn.Linear layers only and transformers skips `lm_head`
// (https://huggingface.co/docs/transformers/quantization/bitsandbytes).

import { AdvisorError } from '../errors.js';
import { blockLinearShapes, type LinearShape, type TransformerArchitecture } from './architecture.js';

/**
 * Which linear layers get adapters: `qv` is PEFT's default for Llama-style models; `all-linear`
 * is what QLoRA found necessary to match full fine-tuning (§4, "Default LoRA hyperparameters").
 */
export const LORA_TARGETS = ['qv', 'attention', 'all-linear'] as const;
export type LoraTargets = (typeof LORA_TARGETS)[number];

const TARGET_MODULES: Record<LoraTargets, readonly string[] | null> = {
  qv: ['q_proj', 'v_proj'],
  attention: ['q_proj', 'k_proj', 'v_proj', 'o_proj'],
  'all-linear': null,
};

export function loraTargetShapes(arch: TransformerArchitecture, targets: LoraTargets): LinearShape[] {
  const modules = TARGET_MODULES[targets];
  const shapes = blockLinearShapes(arch);
  return modules ? shapes.filter((shape) => modules.includes(shape.module)) : shapes;
}

export function loraTrainableParameters(arch: TransformerArchitecture, rank: number, targets: LoraTargets): number {
  if (!Number.isInteger(rank) || rank < 1) {
    throw new AdvisorError('advisor.error.badInteger', { name: 'lora rank', value: String(rank), min: '≥ 1' });
  }
  return loraTargetShapes(arch, targets).reduce((sum, m) => sum + rank * (m.inFeatures + m.outFeatures) * m.count, 0);
}

export function parseLoraTargets(value: string): LoraTargets {
  const normalised = value.trim().toLowerCase();
  if ((LORA_TARGETS as readonly string[]).includes(normalised)) return normalised as LoraTargets;
  throw new AdvisorError('advisor.error.badChoice', { name: 'lora targets', value, choices: LORA_TARGETS.join(', ') });
}
