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
    name: 'NVIDIA L2',
    reason: {
      en: 'The L2 is a China-market Ada card (24 GB GDDR6, 300 GB/s, dense FP16 96.5 and FP8 193 TFLOPS per Tom\'s Hardware and Epoch AI); no source gives its power (TDP), which every catalog entry needs, so it is left out rather than guessed.',
      'zh-CN': 'L2 是面向中国市场的 Ada 卡（24 GB GDDR6，300 GB/s，据 Tom\'s Hardware 与 Epoch AI 稠密 FP16 96.5、FP8 193 TFLOPS）；没有资料给出其功耗（TDP），而目录每个条目都需要它，因此不收录，不作猜测。',
    },
    closestId: 'l4',
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
