// NVIDIA A100 (Ampere GA100): four variants, 40/80 GB × SXM4/PCIe. Compute is identical across
// them (6912 cores at 1410 MHz); memory, bandwidth, power and link differ.

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, notApplicable, notPublished, text, unsupported } from '../cite.js';

const datasheet = cite('nvidia-a100-datasheet', 'p. 2, specifications table');
const whitepaper = cite('nvidia-ampere-ga100-whitepaper', 'table 1 and table 3');
const pcie40Brief = cite('nvidia-a100-pcie-40gb-brief', 'table 1, product specifications');
const pcie80Brief = cite('nvidia-a100-pcie-80gb-brief', 'table 1, product specifications');
const cudaGpus = cite('nvidia-cuda-gpus');
const mig = cite('nvidia-mig-user-guide', 'supported GPUs');

/** What all four A100 variants share. */
const A100_COMPUTE = {
  vendor: 'nvidia',
  brand: 'NVIDIA Data Center',
  family: 'A100',
  architecture: 'Ampere',
  chip: 'GA100',
  segment: 'datacenter',
  memoryBusWidthBits: whitepaper(5120),
  shaderCores: whitepaper(6912),
  tensorCores: whitepaper(432),
  boostClockMhz: whitepaper(1410),
  fp64Tflops: datasheet(9.7),
  fp32Tflops: datasheet(19.5),
  fp16Tflops: whitepaper(78, text('A100 runs non-tensor FP16 at 4× its FP32 rate.', 'A100 的非张量 FP16 速率是 FP32 的 4 倍。')),
  fp64TensorDenseTflops: datasheet(19.5),
  fp32TensorDenseTflops: unsupported(text('FP32 matrix input goes through TF32 on NVIDIA tensor cores.', 'NVIDIA 张量核心处理 FP32 矩阵时走 TF32。')),
  tf32TensorDenseTflops: datasheet(156, text('Datasheet: 156 dense, 312 with sparsity.', '数据表：稠密 156，稀疏 312。')),
  fp16TensorDenseTflops: datasheet(312, text('Datasheet: 312 dense, 624 with sparsity.', '数据表：稠密 312，稀疏 624。')),
  fp16TensorFp32AccDenseTflops: whitepaper(312),
  bf16TensorDenseTflops: datasheet(312),
  fp8TensorDenseTflops: unsupported(text('FP8 arrived with Hopper and Ada; Ampere has none.', 'FP8 从 Hopper/Ada 才开始支持，Ampere 没有。')),
  fp4TensorDenseTflops: unsupported(),
  int8TensorDenseTops: datasheet(624, text('Datasheet: 624 dense, 1248 with sparsity.', '数据表：稠密 624，稀疏 1248。')),
  pcieGeneration: datasheet(4),
  migMaxInstances: mig(7),
  computeCapability: cudaGpus('8.0'),
  launchPrice: notPublished(
    text('NVIDIA publishes no list price for A100; it is sold through server makers.', 'NVIDIA 未公布 A100 的官方售价，主要通过服务器厂商销售。'),
  ),
} as const satisfies Partial<GpuEntryInput>;

const nvlink3 = { technology: 'nvlink', generation: 3, bandwidthGBps: 600 } as const;
const nvlink3Bridge = { technology: 'nvlink-bridge', generation: 3, bandwidthGBps: 600 } as const;

const wrongBandwidthNote = text(
  'The 80 GB A100 has 2039 GB/s (SXM4) or 1935 GB/s (PCIe); 1555 GB/s belongs to the 40 GB model, whatever articles say.',
  '80 GB 版 A100 的带宽是 2039 GB/s（SXM4）或 1935 GB/s（PCIe）；1555 GB/s 属于 40 GB 版，不少文章写错。',
);
const hbm2Note = text(
  'NVIDIA lists the 40 GB memory as HBM2; TechPowerUp and the gmasse dataset say HBM2e. We follow NVIDIA.',
  'NVIDIA 将 40 GB 版显存标为 HBM2；TechPowerUp 与 gmasse 数据集写作 HBM2e。此处以 NVIDIA 为准。',
);

export const A100_GPUS: GpuEntryInput[] = [
  {
    ...A100_COMPUTE,
    id: 'a100-sxm4-40gb',
    name: 'NVIDIA A100 40GB SXM4',
    aliases: ['NVIDIA A100-SXM4-40GB', 'A100 SXM4 40GB'],
    releaseDate: cite('epoch-ml-hardware', 'row "NVIDIA A100 SXM4 40 GB"')('2020-05-14'),
    sources: [whitepaper.ref, datasheet.ref],
    memorySizeGiB: whitepaper(40),
    memoryType: 'HBM2',
    memoryBandwidthGBps: whitepaper(1555),
    tdpWatts: whitepaper(400),
    formFactor: 'sxm',
    module: 'SXM4',
    slots: notApplicable(),
    gpuLink: whitepaper(nvlink3),
    notes: [hbm2Note],
  },
  {
    ...A100_COMPUTE,
    id: 'a100-sxm4-80gb',
    name: 'NVIDIA A100 80GB SXM4',
    aliases: ['NVIDIA A100-SXM4-80GB', 'A100 SXM4 80GB', 'A100 80GB SXM'],
    releaseDate: cite('epoch-ml-hardware', 'row "NVIDIA A100 SXM4 80 GB"')('2020-11-16'),
    sources: [datasheet.ref, whitepaper.ref],
    memorySizeGiB: datasheet(80),
    memoryType: 'HBM2e',
    memoryBandwidthGBps: datasheet(2039),
    tdpWatts: datasheet(400),
    formFactor: 'sxm',
    module: 'SXM4',
    slots: notApplicable(),
    gpuLink: datasheet(nvlink3),
    notes: [wrongBandwidthNote],
  },
  {
    ...A100_COMPUTE,
    id: 'a100-pcie-40gb',
    name: 'NVIDIA A100 40GB PCIe',
    aliases: ['NVIDIA A100-PCIE-40GB', 'A100 PCIe 40GB'],
    releaseDate: cite('epoch-ml-hardware', 'row "NVIDIA A100 PCIe"')('2020-06-22'),
    sources: [pcie40Brief.ref, whitepaper.ref],
    memorySizeGiB: pcie40Brief(40),
    memoryType: 'HBM2',
    memoryBandwidthGBps: pcie40Brief(1555),
    boostClockMhz: pcie40Brief(1410),
    tdpWatts: pcie40Brief(250),
    formFactor: 'pcie',
    module: 'PCIe card, dual slot, passive',
    slots: pcie40Brief(2),
    gpuLink: cite('nvidia-a100-pcie-40gb-brief', 'table 6, NVLink speed and bandwidth')(nvlink3Bridge),
    notes: [
      hbm2Note,
      text(
        'Same peak rates as the SXM4 part, but at 250 W it sustains less under long loads.',
        '峰值与 SXM4 版相同，但 250 W 功耗上限下长时间满载的持续性能更低。',
      ),
    ],
  },
  {
    ...A100_COMPUTE,
    id: 'a100-pcie-80gb',
    name: 'NVIDIA A100 80GB PCIe',
    aliases: ['NVIDIA A100 80GB PCIe', 'NVIDIA A100-PCIE-80GB'],
    releaseDate: cite('nvidia-a100-pcie-80gb-brief', 'document history, initial release')('2021-06-28'),
    sources: [datasheet.ref, pcie80Brief.ref],
    memorySizeGiB: datasheet(80),
    memoryType: 'HBM2e',
    memoryBandwidthGBps: datasheet(1935),
    tdpWatts: datasheet(300),
    formFactor: 'pcie',
    module: 'PCIe card, dual slot, passive',
    slots: pcie80Brief(2),
    gpuLink: datasheet(nvlink3Bridge),
    notes: [
      wrongBandwidthNote,
      text(
        'Epoch AI\'s "NVIDIA A100 PCIe" row mixes variants: 40 GB of memory with the 80 GB card\'s 1.94 TB/s and 300 W.',
        'Epoch AI 的 "NVIDIA A100 PCIe" 一行混淆了两个版本：显存 40 GB，却配 80 GB 版的 1.94 TB/s 带宽与 300 W 功耗。',
      ),
    ],
  },
];
