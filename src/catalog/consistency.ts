// Cross-checks between an entry's figures that follow from how the hardware works. They catch the
// classic catalog mistakes: a with-sparsity datasheet figure typed in as dense (it comes out 2×
// its siblings), a GeForce card given datacenter FP32-accumulate rates, TF32 on Volta, a wrong clock.
// Each rule says why it holds; every failure names the entry, the fields and the numbers.

import type { Architecture, GpuEntry } from './gpu-schema.js';

export interface ConsistencyProblem {
  gpuId: string;
  rule: string;
  detail: string;
}

const near = (actual: number, expected: number, tolerance: number) => Math.abs(actual / expected - 1) <= tolerance;

/**
 * Headline dense FP16 tensor rate ÷ FP32 (non-tensor) rate by chip family. A sparse figure typed
 * in as dense doubles the ratio and falls outside the band.
 */
function fp16ToFp32Band(gpu: GpuEntry): [number, number] | null {
  const table: Partial<Record<Architecture, [number, number]>> = {
    Volta: [7, 9],
    Turing: [7, 9],
    Hopper: [13, 16],
    // L40's datasheet rates FP16 tensor at 2× FP32; other Ada parts at 4×.
    'Ada Lovelace': [1.9, 4.3],
    'CDNA 2': [7, 9],
    'CDNA 3': [7, 9],
    'RDNA 3': [1.8, 2.2],
  };
  if (gpu.architecture === 'Ampere') return gpu.chip === 'GA100' ? [15, 17] : [3.5, 4.3];
  if (gpu.architecture === 'Blackwell') return gpu.segment === 'datacenter' ? [28, 32] : [3.5, 4.3];
  return table[gpu.architecture] ?? null;
}

const FP8_ARCHITECTURES: readonly Architecture[] = ['Ada Lovelace', 'Hopper', 'Blackwell', 'CDNA 3'];
const NO_TF32_BF16: readonly Architecture[] = ['Pascal', 'Volta', 'Turing'];
/** Chips whose FP64 runs at half the FP32 rate (the HPC dies). */
const HALF_RATE_FP64_CHIPS = new Set(['GP100', 'GV100', 'GA100', 'GH100']);
/** GeForce generations whose FP16 tensor math with FP32 accumulate runs at half rate. */
const GEFORCE_HALF_RATE: readonly Architecture[] = ['Turing', 'Ampere', 'Ada Lovelace', 'Blackwell'];

/**
 * Parts whose rates were cut for US export rules, so the ratios between a chip's own units no
 * longer hold: the H20 keeps a GH100's vector FP32 (44 TFLOPS) while its tensor FP16 is cut to 148
 * and its FP64 to 1. Only the rules named here are waived, and only for these entries.
 */
const EXPORT_LIMITED: Readonly<Record<string, readonly string[]>> = {
  'h20-96gb': ['dense-fp16-vs-fp32', 'fp64-half-rate'],
};

export function checkGpuConsistency(gpu: GpuEntry): ConsistencyProblem[] {
  const problems: ConsistencyProblem[] = [];
  const waived = EXPORT_LIMITED[gpu.id] ?? [];
  const fail = (rule: string, detail: string) => {
    if (!waived.includes(rule)) problems.push({ gpuId: gpu.id, rule, detail });
  };

  const fp32 = gpu.fp32Tflops.value;
  const fp64 = gpu.fp64Tflops.value;
  const fp16 = gpu.fp16TensorDenseTflops.value;
  const fp16Acc32 = gpu.fp16TensorFp32AccDenseTflops.value;
  const bf16 = gpu.bf16TensorDenseTflops.value;
  const tf32 = gpu.tf32TensorDenseTflops.value;
  const fp8 = gpu.fp8TensorDenseTflops.value;
  const fp4 = gpu.fp4TensorDenseTflops.value;
  const cores = gpu.shaderCores.value;
  const clock = gpu.boostClockMhz.value;

  if (gpu.tensorCores.value !== null && fp16 !== null && fp32 !== null && fp16 < fp32) {
    fail('tensor-beats-vector', `FP16 tensor ${fp16} < FP32 ${fp32}: tensor cores are never slower than the vector units`);
  }
  const band = fp16ToFp32Band(gpu);
  if (band && fp16 !== null && fp32 !== null) {
    const ratio = fp16 / fp32;
    if (ratio < band[0] || ratio > band[1]) {
      fail('dense-fp16-vs-fp32', `FP16 tensor / FP32 = ${ratio.toFixed(2)}, expected ${band[0]}–${band[1]} for ${gpu.architecture}; a with-sparsity figure doubles it`);
    }
  }
  if (gpu.vendor === 'nvidia' && cores !== null && clock !== null && fp32 !== null) {
    const expected = (2 * cores * clock) / 1e6;
    if (!near(fp32, expected, 0.03)) fail('fp32-from-cores', `FP32 ${fp32} but 2 × ${cores} cores × ${clock} MHz = ${expected.toFixed(2)}`);
  }
  if (gpu.chip !== null && HALF_RATE_FP64_CHIPS.has(gpu.chip) && fp64 !== null && fp32 !== null && !near(fp64, fp32 / 2, 0.05)) {
    fail('fp64-half-rate', `${gpu.chip} runs FP64 at half FP32, but FP64 ${fp64} vs FP32 ${fp32}`);
  }
  if (fp8 !== null && fp16 !== null && gpu.vendor !== 'intel' && !near(fp8, 2 * fp16, 0.025)) {
    fail('fp8-twice-fp16', `FP8 ${fp8} should be 2 × FP16 ${fp16}`);
  }
  const int8 = gpu.int8TensorDenseTops.value;
  if (gpu.vendor === 'nvidia' && int8 !== null && fp16 !== null && !near(int8, 2 * fp16, 0.025)) {
    fail('int8-twice-fp16', `NVIDIA tensor cores run INT8 at twice FP16: expected ${2 * fp16}, got ${int8}`);
  }
  if (fp4 !== null && fp8 !== null && !near(fp4, 2 * fp8, 0.025)) fail('fp4-twice-fp8', `FP4 ${fp4} should be 2 × FP8 ${fp8}`);
  if (fp8 !== null && !FP8_ARCHITECTURES.includes(gpu.architecture) && gpu.vendor !== 'intel') {
    fail('fp8-architecture', `${gpu.architecture} has no FP8, but FP8 is ${fp8}`);
  }
  if (fp4 !== null && gpu.architecture !== 'Blackwell') fail('fp4-architecture', `${gpu.architecture} has no FP4, but FP4 is ${fp4}`);
  if (NO_TF32_BF16.includes(gpu.architecture)) {
    if (tf32 !== null) fail('no-tf32', `${gpu.architecture} has no TF32, but TF32 is ${tf32}`);
    if (bf16 !== null) fail('no-bf16', `${gpu.architecture} has no BF16, but BF16 is ${bf16}`);
  }
  // BF16 always accumulates in FP32, so it runs at the FP16-with-FP32-accumulate rate.
  if (bf16 !== null && fp16Acc32 !== null && !near(bf16, fp16Acc32, 0.01)) {
    fail('bf16-is-fp32-accumulate', `BF16 ${bf16} should equal FP16 with FP32 accumulate ${fp16Acc32}`);
  }
  // TF32 (and AMD's TF32) moves half the FP16 operands per clock.
  if (tf32 !== null && fp16Acc32 !== null && !near(tf32, fp16Acc32 / 2, 0.03)) {
    fail('tf32-half-of-fp16', `TF32 ${tf32} should be half of FP16 (FP32 accumulate) ${fp16Acc32}`);
  }
  if (fp16 !== null && fp16Acc32 !== null) {
    const geforce = gpu.brand === 'GeForce' && GEFORCE_HALF_RATE.includes(gpu.architecture);
    const expected = geforce ? fp16 / 2 : fp16;
    if (!near(fp16Acc32, expected, 0.01)) {
      fail(
        'fp32-accumulate-rate',
        geforce
          ? `GeForce runs FP32 accumulate at half rate: expected ${expected}, got ${fp16Acc32}`
          : `datacenter and workstation parts run FP32 accumulate at full rate: expected ${fp16}, got ${fp16Acc32}`,
      );
    }
  }
  return problems;
}
