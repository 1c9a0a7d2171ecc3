// GPUs people meet (in clouds, in China-market servers) that the catalog deliberately leaves out,
// with the reason and the closest entry — so "not found" can say something useful.

import type { LocalizedText } from './gpu-schema.js';
import { isOptionalToken, tokenizeGpuName } from './name-tokens.js';

export interface UnlistedGpu {
  /** The model as drivers print it (without size or bus, which may vary). */
  name: string;
  reason: LocalizedText;
  /** The catalog entry closest to it, which is NOT the same GPU. */
  closestId: string | null;
}

const UNLISTED: UnlistedGpu[] = [
  {
    name: 'NVIDIA A10G',
    reason: {
      en: 'The A10G is an AWS-only variant of the A10 (GA102, 24 GB GDDR6) with its own clocks and power limit; NVIDIA publishes no datasheet for it, so the catalog does not pretend it is an A10.',
      'zh-CN': 'A10G 是 AWS 专用的 A10 变体（GA102，24 GB GDDR6），频率和功耗上限与 A10 不同；NVIDIA 没有为它发布数据表，因此目录不把它当作 A10。',
    },
    closestId: 'a10',
  },
  {
    name: 'NVIDIA A800',
    reason: {
      en: 'The A800 is the China-market A100: the same compute, with NVLink cut from 600 to 400 GB/s. NVIDIA publishes no public datasheet we can cite.',
      'zh-CN': 'A800 是面向中国市场的 A100：算力相同，但 NVLink 带宽由 600 GB/s 降至 400 GB/s。NVIDIA 没有可供引用的公开数据表。',
    },
    closestId: 'a100-sxm4-80gb',
  },
  {
    name: 'NVIDIA H800',
    reason: {
      en: 'The H800 is the China-market H100 with NVLink cut to 400 GB/s; NVIDIA publishes no public datasheet we can cite.',
      'zh-CN': 'H800 是面向中国市场的 H100，NVLink 带宽降至 400 GB/s；NVIDIA 没有可供引用的公开数据表。',
    },
    closestId: 'h100-sxm5-80gb',
  },
  {
    name: 'NVIDIA H20',
    reason: {
      en: 'The H20 is a China-market Hopper with far lower tensor throughput than any H100; its figures are not in a public NVIDIA datasheet we can cite.',
      'zh-CN': 'H20 是面向中国市场的 Hopper，张量算力远低于任何 H100；其数据不在可供引用的 NVIDIA 公开数据表中。',
    },
    closestId: null,
  },
  {
    name: 'NVIDIA GeForce RTX 4090 D',
    reason: {
      en: 'The RTX 4090 D is the China-market RTX 4090 with fewer cores (14592 instead of 16384); do not read the RTX 4090 figures as its own.',
      'zh-CN': 'RTX 4090 D 是面向中国市场的 RTX 4090，核心数较少（14592 个，而非 16384 个）；请勿把 RTX 4090 的数据当作它的数据。',
    },
    closestId: 'rtx-4090',
  },
];

/** The name as printed, minus size/bus words, must be exactly the unlisted model. */
function names(input: string[], model: string[]): boolean {
  return model.every((t) => input.includes(t)) && input.every((t) => model.includes(t) || isOptionalToken(t));
}

/** Why a GPU name is not in the catalog, when it is one we know we leave out; else null. */
export function describeUnlistedGpu(name: string): UnlistedGpu | null {
  const input = tokenizeGpuName(name.replace(/\s+MIG\s+\S+\s*$/i, ''));
  if (input.length === 0) return null;
  return UNLISTED.find((gpu) => names(input, tokenizeGpuName(gpu.name))) ?? null;
}
