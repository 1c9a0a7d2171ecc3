// Spot checks of the parts added for issue 17 against the text of their sources (quoted in the
// comments), so a later edit that drifts from the source fails here, not in a user's advice.

import { describe, expect, it } from 'vitest';
import { getGpu, matchGpuName, type GpuEntry } from './index.js';

const GIB = 1024 ** 3;

function entry(id: string): GpuEntry {
  const gpu = getGpu(id);
  if (!gpu) throw new Error(`catalog lacks ${id}`);
  return gpu;
}
const sourceIds = (gpu: GpuEntry, field: keyof GpuEntry) => {
  const figure = gpu[field] as { sources?: { source: string }[] };
  return (figure.sources ?? []).map((s) => s.source);
};

describe('H20', () => {
  const h20 = entry('h20-96gb');
  it('matches the listing: 96 GB HBM3, 4.0 TB/s, dense FP16 148, FP8 296, 400 W, NVLink 900 GB/s', () => {
    // Tom's Hardware table: "96 GB HBM3 | 4.0 TB/s | INT8 I FP8 Tensor 296 I 296 | BF16 I FP16 Tensor 148 I 148 | TF32 74"
    // XFastest: "400W TDP … 保留了900GB/s NVLINK … 7路MIG"
    expect(h20.memorySizeGiB.value).toBe(96);
    expect(h20.memoryType).toBe('HBM3');
    expect(h20.memoryBandwidthGBps.value).toBe(4000);
    expect(h20.fp16TensorDenseTflops.value).toBe(148);
    expect(h20.bf16TensorDenseTflops.value).toBe(148);
    expect(h20.fp8TensorDenseTflops.value).toBe(296);
    expect(h20.tf32TensorDenseTflops.value).toBe(74);
    expect(h20.tdpWatts.value).toBe(400);
    expect(h20.gpuLink.value).toEqual({ technology: 'nvlink', generation: 4, bandwidthGBps: 900 });
    expect(h20.migMaxInstances.value).toBe(7);
  });

  it('is marked secondary and cites no NVIDIA datasheet for its rates', () => {
    expect(h20.confidence).toBe('secondary');
    expect(sourceIds(h20, 'fp16TensorDenseTflops')).not.toContain('nvidia-h100-datasheet');
  });

  it('is far below any H100 in compute, above the H100 SXM in memory', () => {
    const h100 = entry('h100-sxm5-80gb');
    expect((h20.fp16TensorDenseTflops.value ?? 0) / (h100.fp16TensorDenseTflops.value ?? 1)).toBeLessThan(0.16);
    expect(h20.memorySizeGiB.value).toBeGreaterThan(h100.memorySizeGiB.value);
  });
});

describe('H800 and A800: the H100/A100 with NVLink cut to 400 GB/s', () => {
  it('H800 keeps H100 SXM5 tensor rates, has 400 GB/s NVLink and 1 TFLOPS FP64', () => {
    // Philisun: "H800 … NVLink bandwidth is … 400 GB/s"; "FP64 performance is constrained to a mere 1 TFLOPS"
    const h800 = entry('h800-sxm5-80gb');
    const h100 = entry('h100-sxm5-80gb');
    expect(h800.fp16TensorDenseTflops.value).toBe(h100.fp16TensorDenseTflops.value);
    expect(h800.gpuLink.value?.bandwidthGBps).toBe(400);
    expect(h800.fp64Tflops.value).toBe(1);
  });

  it('A800 SXM4 and PCIe keep the A100 figures except the link', () => {
    // Tweakers (Reuters): "bandbreedte van de NVLink-interconnect is beperkt tot 400GB/s … 300W voor de PCIe-variant en 400W voor het SXM-model"
    for (const [a800Id, a100Id, watts] of [['a800-sxm4-80gb', 'a100-sxm4-80gb', 400], ['a800-pcie-80gb', 'a100-pcie-80gb', 300]] as const) {
      const a800 = entry(a800Id);
      const a100 = entry(a100Id);
      expect(a800.fp16TensorDenseTflops.value).toBe(a100.fp16TensorDenseTflops.value);
      expect(a800.memoryBandwidthGBps.value).toBe(a100.memoryBandwidthGBps.value);
      expect(a800.gpuLink.value?.bandwidthGBps).toBe(400);
      expect(a100.gpuLink.value?.bandwidthGBps).toBe(600);
      expect(a800.tdpWatts.value).toBe(watts);
    }
  });
});

describe('L20, RTX 4090 D, GB200, Ascend 910B', () => {
  it('L20: 48 GB, 864 GB/s, dense FP16 119.5, FP8 239, 275 W', () => {
    // Tom's Hardware: "48 GB GDDR6 w/ ECC | 864 GB/s | 239 I 239 | 119.5 I 119,5 | 59.8"; TopCPU: "275W", "11776" shading units
    const l20 = entry('l20');
    expect([l20.memorySizeGiB.value, l20.memoryBandwidthGBps.value, l20.fp16TensorDenseTflops.value, l20.fp8TensorDenseTflops.value, l20.tdpWatts.value]).toEqual([48, 864, 119.5, 239, 275]);
    expect(l20.shaderCores.value).toBe(11776);
  });

  it('RTX 4090 D: 14592 cores, 456 tensor cores, 2520 MHz, 24 GB, 425 W; about 11 % below the RTX 4090', () => {
    // Evertiq: "14,592 CUDA cores, 24GB of GDDR6X memory, a 384-bit wide memory bus, and a 425W"; SvětHardware: "Boost frekvence zůstala na hodnotě 2520 MHz"
    const d = entry('rtx-4090-d');
    const full = entry('rtx-4090');
    expect([d.shaderCores.value, d.tensorCores.value, d.boostClockMhz.value, d.memorySizeGiB.value, d.tdpWatts.value]).toEqual([14592, 456, 2520, 24, 425]);
    expect(d.fp32Tflops.value).toBeCloseTo(73.54, 2);
    expect((d.fp16TensorDenseTflops.value ?? 0) / (full.fp16TensorDenseTflops.value ?? 1)).toBeCloseTo(114 / 128, 2);
    expect(d.memoryBandwidthGBps.value).toBe(full.memoryBandwidthGBps.value);
  });

  it('GB200 per GPU: the superchip figures halved, dense (2.5 PF FP16, 10 PF FP4), 186 GB, 8 TB/s', () => {
    // Epoch AI row "NVIDIA GB200": "Performance figures are *per GPU*, not per GB200 superchip"; FP16 2.5e15, FP4 1e16, memory 186e9, 8e12 B/s
    const gb = entry('gb200');
    expect([gb.fp16TensorDenseTflops.value, gb.fp8TensorDenseTflops.value, gb.fp4TensorDenseTflops.value, gb.memorySizeGiB.value, gb.memoryBandwidthGBps.value]).toEqual([2500, 5000, 10000, 186, 8000]);
    expect(gb.fp16TensorDenseTflops.value).toBeGreaterThan(entry('b200-180gb').fp16TensorDenseTflops.value ?? 0);
  });

  it('Ascend 910B bins differ in FP16 (B2 376, B3 313) and are estimates', () => {
    // CSET via Epoch AI rows "Huawei Ascend 910B2" (FP16 3.76e14, 64e9 B, 1.6e12 B/s) and "…910B3" (3.13e14)
    expect(entry('ascend-910b2').fp16TensorDenseTflops.value).toBe(376);
    expect(entry('ascend-910b3').fp16TensorDenseTflops.value).toBe(313);
    expect(entry('ascend-910b2').confidence).toBe('estimate');
    expect(entry('ascend-910b2').vendor).toBe('huawei');
  });
});

describe('H200, H100 NVL: figures the datasheets leave out', () => {
  it('H200 SXM: 16896 cores at 1980 MHz give the datasheet FP32; 6144-bit bus', () => {
    // HMC Tech: "16896 Shaders 141GB HBM3e 1980MHz"; HWCooling: "a 6144-bit bus with six packages"
    const h200 = entry('h200-sxm-141gb');
    expect([h200.shaderCores.value, h200.boostClockMhz.value, h200.memoryBusWidthBits.value]).toEqual([16896, 1980, 6144]);
    expect((2 * 16896 * 1980) / 1e6).toBeCloseTo(h200.fp32Tflops.value ?? 0, 0);
  });

  it('H100 NVL: 1785 MHz boost, 6016-bit bus', () => {
    // Epoch AI row "NVIDIA H100 NVL": "Boost clock (MHz) 1785", "Memory bus (bit) 6016"
    const nvl = entry('h100-nvl-94gb');
    expect([nvl.boostClockMhz.value, nvl.memoryBusWidthBits.value]).toEqual([1785, 6016]);
  });
});

describe('MI250 and MI250X are two 64 GB GCDs', () => {
  it.each(['mi250', 'mi250x'])('%s: one board, two devices, 128 GB in all', (id) => {
    const gpu = entry(id);
    expect(gpu.devicesPerBoard?.value).toBe(2);
    expect(gpu.memorySizeGiB.value).toBe(128);
  });

  it('a GCD reporting 64 GB is recognised as its board', () => {
    // rocm-smi shows each GCD with about 64 GiB (65520 MiB); the name alone already fits.
    expect(matchGpuName('AMD Instinct MI250', { memoryTotalBytes: 63.98 * GIB })?.entry.id).toBe('mi250');
    expect(matchGpuName('AMD Instinct MI250X', { memoryTotalBytes: 63.98 * GIB })?.entry.id).toBe('mi250x');
  });

  it('MI250 is the smaller sibling: 208 vs 220 CUs, 362.1 vs 383 FP16', () => {
    // Zexron (AMD table): "MI250 208 13,312 Up to 45.3 TF Up to 90.5 TF Up to 362.1 TF"
    expect(entry('mi250').shaderCores.value).toBe(13312);
    expect(entry('mi250').fp16TensorDenseTflops.value).toBe(362.1);
    expect(entry('mi250x').fp16TensorDenseTflops.value).toBe(383);
  });
});
