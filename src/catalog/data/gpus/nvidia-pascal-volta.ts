// NVIDIA Tesla P100 (Pascal GP100) and V100 / V100S (Volta GV100).

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, derived, notApplicable, notPublished, text, unsupported } from '../cite.js';

const p100Sheet = cite('nvidia-p100-datasheet', 'specifications table');
const p100PcieSheet = cite('nvidia-p100-pcie-datasheet', 'specifications table');
const gp100Paper = cite('nvidia-pascal-gp100-whitepaper', 'table 1');
const v100Sheet = cite('nvidia-v100-datasheet', 'specifications table');
const voltaPaper = cite('nvidia-volta-whitepaper', 'table 1');
const cudaGpus = cite('nvidia-cuda-gpus');
const tpuV100s = cite('tpu-v100s-pcie');

const noTensorCores = unsupported(text('Pascal has no tensor cores.', 'Pascal 没有张量核心。'));
const noMig = unsupported(text('MIG needs Ampere (A100/A30) or newer.', 'MIG 需要 Ampere（A100/A30）或更新的数据中心 GPU。'));
const noPrice = notPublished(text('NVIDIA published no list price for Tesla cards.', 'NVIDIA 未公布 Tesla 系列的官方售价。'));

const P100_COMMON = {
  vendor: 'nvidia',
  brand: 'Tesla',
  family: 'P100',
  architecture: 'Pascal',
  chip: 'GP100',
  segment: 'datacenter',
  memoryType: 'HBM2',
  shaderCores: gp100Paper(3584),
  tensorCores: noTensorCores,
  fp64TensorDenseTflops: noTensorCores,
  fp32TensorDenseTflops: noTensorCores,
  tf32TensorDenseTflops: noTensorCores,
  fp16TensorDenseTflops: noTensorCores,
  fp16TensorFp32AccDenseTflops: noTensorCores,
  bf16TensorDenseTflops: noTensorCores,
  fp8TensorDenseTflops: noTensorCores,
  fp4TensorDenseTflops: noTensorCores,
  int8TensorDenseTops: noTensorCores,
  pcieGeneration: p100Sheet(3),
  migMaxInstances: noMig,
  computeCapability: cudaGpus('6.0'),
  launchPrice: noPrice,
} as const satisfies Partial<GpuEntryInput>;

const P100_PCIE = {
  ...P100_COMMON,
  releaseDate: cite('epoch-ml-hardware', 'row "NVIDIA Tesla P100 PCIe 16GB"')('2016-06-20'),
  sources: [p100PcieSheet.ref, gp100Paper.ref],
  boostClockMhz: notPublished(
    text(
      "NVIDIA's 9.3 TFLOPS implies about 1300 MHz; TechPowerUp lists 1329 MHz (9.5 TFLOPS). We keep NVIDIA's rates.",
      'NVIDIA 的 9.3 TFLOPS 对应约 1300 MHz；TechPowerUp 标 1329 MHz（9.5 TFLOPS）。速率以 NVIDIA 为准。',
    ),
  ),
  fp64Tflops: p100PcieSheet(4.7),
  fp32Tflops: p100PcieSheet(9.3),
  fp16Tflops: p100PcieSheet(18.7),
  tdpWatts: p100PcieSheet(250),
  formFactor: 'pcie',
  module: 'PCIe card, dual slot, passive',
  slots: p100PcieSheet(2),
  gpuLink: unsupported(text('The PCIe P100 has no NVLink.', 'PCIe 版 P100 没有 NVLink。')),
} as const satisfies Partial<GpuEntryInput>;

const VOLTA_COMMON = {
  vendor: 'nvidia',
  brand: 'Tesla',
  architecture: 'Volta',
  chip: 'GV100',
  segment: 'datacenter',
  memoryType: 'HBM2',
  memoryBusWidthBits: voltaPaper(4096),
  shaderCores: voltaPaper(5120),
  tensorCores: voltaPaper(640),
  fp64TensorDenseTflops: unsupported(text('FP64 tensor cores arrived with A100.', 'FP64 张量核心从 A100 开始才有。')),
  fp32TensorDenseTflops: unsupported(),
  tf32TensorDenseTflops: unsupported(
    text('Volta has no TF32 (it arrived with Ampere). The gmasse dataset wrongly puts 112/125 in its TF32 field.', 'Volta 不支持 TF32（Ampere 才引入）。gmasse 数据集在 TF32 字段误填了 112/125。'),
  ),
  bf16TensorDenseTflops: unsupported(text('Volta has no BF16; it arrived with Ampere.', 'Volta 不支持 BF16，Ampere 才引入。')),
  fp8TensorDenseTflops: unsupported(),
  fp4TensorDenseTflops: unsupported(),
  int8TensorDenseTops: unsupported(text('Volta tensor cores take FP16 only; INT8 tensor math arrived with Turing.', 'Volta 张量核心只支持 FP16；INT8 张量运算从 Turing 开始。')),
  pcieGeneration: v100Sheet(3),
  migMaxInstances: noMig,
  computeCapability: cudaGpus('7.0'),
  launchPrice: noPrice,
} as const satisfies Partial<GpuEntryInput>;

const V100_SXM2 = {
  ...VOLTA_COMMON,
  family: 'V100',
  boostClockMhz: voltaPaper(1530),
  memoryBandwidthGBps: v100Sheet(900),
  fp64Tflops: v100Sheet(7.8),
  fp32Tflops: v100Sheet(15.7),
  fp16Tflops: voltaPaper(31.4),
  fp16TensorDenseTflops: v100Sheet(125, text('Volta tensor figures are dense (no sparsity support).', 'Volta 的张量算力均为稠密值（不支持稀疏）。')),
  fp16TensorFp32AccDenseTflops: voltaPaper(125, text('Volta tensor cores accumulate in FP32 at full rate.', 'Volta 张量核心以全速率进行 FP32 累加。')),
  tdpWatts: v100Sheet(300),
  formFactor: 'sxm',
  module: 'SXM2',
  slots: notApplicable(),
  gpuLink: v100Sheet({ technology: 'nvlink', generation: 2, bandwidthGBps: 300 } as const),
} as const satisfies Partial<GpuEntryInput>;

const pcieClockNote = notPublished(
  text("NVIDIA's 14 TFLOPS FP32 and 112 TFLOPS tensor imply about 1370 MHz.", 'NVIDIA 的 14 TFLOPS（FP32）与 112 TFLOPS（张量）对应约 1370 MHz。'),
);

const V100_PCIE = {
  ...VOLTA_COMMON,
  family: 'V100',
  boostClockMhz: pcieClockNote,
  memoryBandwidthGBps: v100Sheet(900),
  fp64Tflops: v100Sheet(7),
  fp32Tflops: v100Sheet(14),
  fp16Tflops: derived(28, [voltaPaper, v100Sheet], 'FP16 (non-tensor) runs at 2× FP32 on GV100: 2 × 14.', 'GV100 上非张量 FP16 为 FP32 的 2 倍：2 × 14。'),
  fp16TensorDenseTflops: v100Sheet(112),
  fp16TensorFp32AccDenseTflops: v100Sheet(112),
  tdpWatts: v100Sheet(250),
  formFactor: 'pcie',
  module: 'PCIe card, dual slot, passive',
  slots: v100Sheet(2),
  gpuLink: unsupported(text('The PCIe V100 has no NVLink.', 'PCIe 版 V100 没有 NVLink。')),
} as const satisfies Partial<GpuEntryInput>;

export const PASCAL_VOLTA_GPUS: GpuEntryInput[] = [
  {
    ...P100_COMMON,
    id: 'p100-sxm2-16gb',
    name: 'NVIDIA Tesla P100 SXM2 16GB',
    aliases: ['Tesla P100-SXM2-16GB', 'P100 SXM2'],
    releaseDate: cite('epoch-ml-hardware', 'row "NVIDIA Tesla P100 SXM2"')('2016-04-05'),
    sources: [p100Sheet.ref, gp100Paper.ref],
    memorySizeGiB: p100Sheet(16),
    memoryBusWidthBits: gp100Paper(4096),
    memoryBandwidthGBps: p100Sheet(732),
    boostClockMhz: gp100Paper(1480),
    fp64Tflops: p100Sheet(5.3),
    fp32Tflops: p100Sheet(10.6),
    fp16Tflops: p100Sheet(21.2),
    tdpWatts: p100Sheet(300),
    formFactor: 'sxm',
    module: 'SXM2',
    slots: notApplicable(),
    gpuLink: p100Sheet({ technology: 'nvlink', generation: 1, bandwidthGBps: 160 } as const),
    notes: [],
  },
  {
    ...P100_PCIE,
    id: 'p100-pcie-16gb',
    name: 'NVIDIA Tesla P100 PCIe 16GB',
    aliases: ['Tesla P100-PCIE-16GB'],
    memorySizeGiB: p100PcieSheet(16),
    memoryBusWidthBits: gp100Paper(4096),
    memoryBandwidthGBps: p100PcieSheet(732),
    notes: [],
  },
  {
    ...P100_PCIE,
    id: 'p100-pcie-12gb',
    name: 'NVIDIA Tesla P100 PCIe 12GB',
    aliases: ['Tesla P100-PCIE-12GB'],
    memorySizeGiB: p100PcieSheet(12),
    memoryBusWidthBits: cite('tpu-p100-pcie-12gb')(3072),
    memoryBandwidthGBps: p100PcieSheet(549),
    notes: [text('Three of the four HBM2 stacks are enabled, so bandwidth drops to 549 GB/s.', '四个 HBM2 堆栈只启用三个，带宽降为 549 GB/s。')],
  },
  {
    ...V100_SXM2,
    id: 'v100-sxm2-16gb',
    name: 'NVIDIA Tesla V100 SXM2 16GB',
    aliases: ['Tesla V100-SXM2-16GB'],
    releaseDate: cite('epoch-ml-hardware', 'row "NVIDIA Tesla V100 SXM2 16 GB"')('2017-06-21'),
    sources: [v100Sheet.ref, voltaPaper.ref],
    memorySizeGiB: v100Sheet(16),
    notes: [],
  },
  {
    ...V100_SXM2,
    id: 'v100-sxm2-32gb',
    name: 'NVIDIA Tesla V100 SXM2 32GB',
    aliases: ['Tesla V100-SXM2-32GB'],
    releaseDate: cite('epoch-ml-hardware', 'row "NVIDIA Tesla V100 SXM2 32 GB"')('2018-03-27'),
    sources: [v100Sheet.ref, voltaPaper.ref],
    memorySizeGiB: v100Sheet(32),
    notes: [],
  },
  {
    ...V100_PCIE,
    id: 'v100-pcie-16gb',
    name: 'NVIDIA Tesla V100 PCIe 16GB',
    aliases: ['Tesla V100-PCIE-16GB'],
    releaseDate: cite('epoch-ml-hardware', 'row "NVIDIA Tesla V100 PCIe 16 GB"')('2017-06-21'),
    sources: [v100Sheet.ref, voltaPaper.ref],
    memorySizeGiB: v100Sheet(16),
    notes: [],
  },
  {
    ...V100_PCIE,
    id: 'v100-pcie-32gb',
    name: 'NVIDIA Tesla V100 PCIe 32GB',
    aliases: ['Tesla V100-PCIE-32GB'],
    releaseDate: cite('epoch-ml-hardware', 'row "NVIDIA Tesla V100 PCIe 32 GB"')('2018-03-27'),
    sources: [v100Sheet.ref, voltaPaper.ref],
    memorySizeGiB: v100Sheet(32),
    notes: [],
  },
  {
    ...VOLTA_COMMON,
    id: 'v100s-pcie-32gb',
    family: 'V100S',
    name: 'NVIDIA Tesla V100S PCIe 32GB',
    aliases: ['Tesla V100S-PCIE-32GB'],
    releaseDate: tpuV100s('2019-11-26'),
    sources: [v100Sheet.ref, tpuV100s.ref],
    memorySizeGiB: v100Sheet(32),
    memoryBandwidthGBps: v100Sheet(1134),
    boostClockMhz: tpuV100s(1597),
    fp64Tflops: v100Sheet(8.2),
    fp32Tflops: v100Sheet(16.4),
    fp16Tflops: derived(32.8, [voltaPaper, v100Sheet], 'FP16 (non-tensor) runs at 2× FP32 on GV100: 2 × 16.4.', 'GV100 上非张量 FP16 为 FP32 的 2 倍：2 × 16.4。'),
    fp16TensorDenseTflops: v100Sheet(130),
    fp16TensorFp32AccDenseTflops: v100Sheet(130),
    tdpWatts: v100Sheet(250),
    formFactor: 'pcie',
    module: 'PCIe card, dual slot, passive',
    slots: v100Sheet(2),
    gpuLink: unsupported(text('The V100S is PCIe-only, without NVLink.', 'V100S 只有 PCIe 版，没有 NVLink。')),
    notes: [text('Faster HBM2 (1134 GB/s) and clocks than the V100 PCIe, same GV100 chip.', '与 V100 PCIe 同为 GV100 芯片，但 HBM2（1134 GB/s）和频率更高。')],
  },
];
