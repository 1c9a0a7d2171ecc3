// GeForce tensor rates that NVIDIA's whitepapers give per SM but not per card. Every GeForce RTX
// SM (Turing, GA10x, Ada, GB20x) does 1024 dense FP16 FLOP per clock with FP16 accumulate and half
// that with FP32 accumulate (whitepaper tables for the RTX 2080 Ti, 3090, 4090 and 5090 all give
// exactly SMs × boost × 1024). The figures below are that product, with the arithmetic in the note.

import type { GpuEntryInput } from '../gpu-schema.js';
import { derived, type Citer } from './cite.js';

const FP16_FLOP_PER_CLOCK_PER_SM = 1024;

const round1 = (x: number) => Math.round(x * 10) / 10;

function describe(sms: number, boostMhz: number) {
  const fp16 = (sms * boostMhz * FP16_FLOP_PER_CLOCK_PER_SM) / 1e6;
  return {
    fp16,
    en: `${sms} SMs × ${boostMhz} MHz × 1024 FLOP/clock/SM = ${round1(fp16)} TFLOPS (FP16 accumulate)`,
    zh: `${sms} 个 SM × ${boostMhz} MHz × 每 SM 每时钟 1024 FLOP = ${round1(fp16)} TFLOPS（FP16 累加）`,
  };
}

/** Dense FP16/BF16/TF32/INT8 tensor figures for a GeForce RTX card from its SM count and boost clock. */
export function geforceTensorRates(
  sms: number,
  boostMhz: number,
  from: readonly Citer[],
): Pick<
  GpuEntryInput,
  'fp16TensorDenseTflops' | 'fp16TensorFp32AccDenseTflops' | 'bf16TensorDenseTflops' | 'tf32TensorDenseTflops' | 'int8TensorDenseTops'
> {
  const { fp16, en, zh } = describe(sms, boostMhz);
  return {
    fp16TensorDenseTflops: derived(round1(fp16), from, en, zh),
    fp16TensorFp32AccDenseTflops: derived(round1(fp16 / 2), from, `${en}; FP32 accumulate runs at half rate on GeForce`, `${zh}；GeForce 的 FP32 累加为半速率`),
    bf16TensorDenseTflops: derived(round1(fp16 / 2), from, `${en}; BF16 accumulates in FP32, half rate on GeForce`, `${zh}；BF16 以 FP32 累加，GeForce 上为半速率`),
    tf32TensorDenseTflops: derived(round1(fp16 / 4), from, `${en}; TF32 is a quarter of it on GeForce`, `${zh}；GeForce 上 TF32 为其四分之一`),
    int8TensorDenseTops: derived(round1(fp16 * 2), from, `${en}; INT8 is twice it`, `${zh}；INT8 为其两倍`),
  };
}

/** Dense FP8 (FP16 accumulate) for an Ada or Blackwell GeForce card: twice the FP16 rate. */
export function geforceFp8Rate(sms: number, boostMhz: number, from: readonly Citer[]): GpuEntryInput['fp8TensorDenseTflops'] {
  const { fp16, en, zh } = describe(sms, boostMhz);
  return derived(round1(fp16 * 2), from, `${en}; FP8 (FP16 accumulate) is twice it`, `${zh}；FP8（FP16 累加）为其两倍`);
}
