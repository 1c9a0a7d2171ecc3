import { describe, expect, it } from 'vitest';
import { checkGpuConsistency } from './consistency.js';
import { getGpu, loadGpuCatalog, type GpuEntry } from './index.js';

function entry(id: string): GpuEntry {
  const gpu = getGpu(id);
  if (!gpu) throw new Error(`catalog lacks ${id}`);
  return gpu;
}

/** A copy of an entry with one figure replaced, as a careless data edit would leave it. */
function withFigure(id: string, field: keyof GpuEntry, value: number | null): GpuEntry {
  const gpu = entry(id);
  const figure = value === null ? { value: null, reason: 'not-published' } : { value, sources: [{ source: 'nvidia-a100-datasheet' }] };
  return { ...gpu, [field]: figure } as GpuEntry;
}

const rulesBroken = (gpu: GpuEntry) => checkGpuConsistency(gpu).map((p) => p.rule);

describe('figures agree with each other', () => {
  it.each(loadGpuCatalog().gpus.map((gpu) => [gpu.id, gpu] as const))('%s', (_id, gpu) => {
    expect(checkGpuConsistency(gpu)).toEqual([]);
  });
});

describe('the checks catch the classic mistakes', () => {
  it('a with-sparsity FP16 figure typed in as dense (A100: 624 instead of 312)', () => {
    expect(rulesBroken(withFigure('a100-sxm4-80gb', 'fp16TensorDenseTflops', 624))).toContain('dense-fp16-vs-fp32');
  });

  it('a with-sparsity H100 FP16 figure (1979 instead of 989.4)', () => {
    const broken = rulesBroken(withFigure('h100-sxm5-80gb', 'fp16TensorDenseTflops', 1979));
    expect(broken).toContain('dense-fp16-vs-fp32');
    expect(broken).toContain('fp8-twice-fp16');
  });

  it('a with-sparsity FP8 figure (H100: 3958 instead of 1978.9)', () => {
    expect(rulesBroken(withFigure('h100-sxm5-80gb', 'fp8TensorDenseTflops', 3958))).toContain('fp8-twice-fp16');
  });

  it('a with-sparsity TF32 or BF16 figure', () => {
    expect(rulesBroken(withFigure('a100-sxm4-40gb', 'tf32TensorDenseTflops', 312))).toContain('tf32-half-of-fp16');
    expect(rulesBroken(withFigure('l40s', 'bf16TensorDenseTflops', 733))).toContain('bf16-is-fp32-accumulate');
  });

  it('a GeForce card given full-rate FP32 accumulate', () => {
    expect(rulesBroken(withFigure('rtx-4090', 'fp16TensorFp32AccDenseTflops', 330.3))).toContain('fp32-accumulate-rate');
  });

  it('TF32 or BF16 on Volta or Turing', () => {
    expect(rulesBroken(withFigure('v100-sxm2-32gb', 'tf32TensorDenseTflops', 125))).toContain('no-tf32');
    expect(rulesBroken(withFigure('t4', 'bf16TensorDenseTflops', 65))).toContain('no-bf16');
  });

  it('FP8 before Ada/Hopper and FP4 before Blackwell', () => {
    expect(rulesBroken(withFigure('a100-sxm4-80gb', 'fp8TensorDenseTflops', 624))).toContain('fp8-architecture');
    expect(rulesBroken(withFigure('h100-sxm5-80gb', 'fp4TensorDenseTflops', 3957.8))).toContain('fp4-architecture');
  });

  it('an FP32 figure that does not match cores × clock', () => {
    expect(rulesBroken(withFigure('rtx-3090', 'fp32Tflops', 71.2))).toContain('fp32-from-cores');
  });

  it('an FP64 figure that is not half of FP32 on an HPC die', () => {
    expect(rulesBroken(withFigure('v100-sxm2-16gb', 'fp64Tflops', 15.7))).toContain('fp64-half-rate');
  });
});

describe('"A100 is 2.5× V100" — true for tensor FP16 and FP64, not for FP32', () => {
  const a100 = entry('a100-sxm4-80gb');
  const v100 = entry('v100-sxm2-32gb');
  const ratio = (a: number | null, b: number | null) => (a ?? Number.NaN) / (b ?? Number.NaN);

  it('dense FP16 tensor: 312 / 125 ≈ 2.5', () => {
    expect(ratio(a100.fp16TensorDenseTflops.value, v100.fp16TensorDenseTflops.value)).toBeCloseTo(2.5, 1);
  });

  it('FP64: A100 tensor cores 19.5 / V100 7.8 = 2.5', () => {
    expect(ratio(a100.fp64TensorDenseTflops.value, v100.fp64Tflops.value)).toBeCloseTo(2.5, 1);
  });

  it('FP32: only 19.5 / 15.7 ≈ 1.24', () => {
    expect(ratio(a100.fp32Tflops.value, v100.fp32Tflops.value)).toBeCloseTo(1.24, 2);
  });

  it('A100 facts: 6912 CUDA cores, 19.5 FP32, 312 dense FP16 tensor, 9.7 FP64, 19.5 FP64 tensor', () => {
    for (const id of ['a100-sxm4-40gb', 'a100-sxm4-80gb', 'a100-pcie-40gb', 'a100-pcie-80gb']) {
      const gpu = entry(id);
      expect(gpu.shaderCores.value).toBe(6912);
      expect(gpu.fp32Tflops.value).toBe(19.5);
      expect(gpu.fp16TensorDenseTflops.value).toBe(312);
      expect(gpu.fp64Tflops.value).toBe(9.7);
      expect(gpu.fp64TensorDenseTflops.value).toBe(19.5);
    }
  });

  it('A100 bandwidth: 1555 (40 GB), 1935 (80 GB PCIe), 2039 (80 GB SXM4) — never 1555 on an 80 GB part', () => {
    expect(entry('a100-sxm4-40gb').memoryBandwidthGBps.value).toBe(1555);
    expect(entry('a100-pcie-40gb').memoryBandwidthGBps.value).toBe(1555);
    expect(entry('a100-pcie-80gb').memoryBandwidthGBps.value).toBe(1935);
    expect(entry('a100-sxm4-80gb').memoryBandwidthGBps.value).toBe(2039);
    for (const gpu of loadGpuCatalog().gpus.filter((g) => g.family === 'A100' && g.memorySizeGiB.value === 80)) {
      expect(gpu.memoryBandwidthGBps.value).not.toBe(1555);
    }
  });

  it('V100 tensor: 125 SXM2, 112 PCIe; FP32 15.7 / 14; H100 SXM FP16 dense 989.4', () => {
    expect(entry('v100-sxm2-16gb').fp16TensorDenseTflops.value).toBe(125);
    expect(entry('v100-pcie-16gb').fp16TensorDenseTflops.value).toBe(112);
    expect(entry('v100-sxm2-16gb').fp32Tflops.value).toBe(15.7);
    expect(entry('v100-pcie-32gb').fp32Tflops.value).toBe(14);
    expect(entry('h100-sxm5-80gb').fp16TensorDenseTflops.value).toBe(989.4);
  });
});
