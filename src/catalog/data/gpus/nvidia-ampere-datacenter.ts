// NVIDIA Ampere datacenter cards other than A100: A10, A40 (GA102) and A30 (GA100).

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, citeAll, derived, notPublished, text, unsupported } from '../cite.js';

const a10Sheet = cite('nvidia-a10-datasheet', 'specifications table');
const a30Sheet = cite('nvidia-a30-datasheet', 'specifications table');
const a40Sheet = cite('nvidia-a40-datasheet', 'specifications table');
const ga102Paper = cite('nvidia-ampere-ga102-whitepaper', 'appendix A');
const tpuA10 = cite('tpu-a10');
const tpuA30 = cite('tpu-a30');
const cudaGpus = cite('nvidia-cuda-gpus');
const mig = cite('nvidia-mig-user-guide', 'supported GPUs');
const epoch = (row: string) => cite('epoch-ml-hardware', `row "${row}"`);

const noPrice = notPublished(text('NVIDIA publishes no list price for datacenter cards.', 'NVIDIA 不公布数据中心卡的官方售价。'));
const noFp8 = unsupported(text('FP8 arrived with Hopper and Ada; Ampere has none.', 'FP8 从 Hopper/Ada 才开始支持，Ampere 没有。'));
const noMig = unsupported(text('GA102 cards have no MIG; only A100 and A30 do in this generation.', 'GA102 系列不支持 MIG；本代只有 A100 与 A30 支持。'));
const sparseNote = (dense: number, sparse: number) =>
  text(`Datasheet: ${dense} dense, ${sparse} with sparsity.`, `数据表：稠密 ${dense}，稀疏 ${sparse}。`);
const fp64Ga102 = (fp32: number, from: ReturnType<typeof cite>) =>
  derived(Math.round((fp32 / 64) * 1000) / 1000, [ga102Paper, from], `GA102 runs FP64 at 1/64 of FP32: ${fp32} / 64.`, `GA102 的 FP64 为 FP32 的 1/64：${fp32} / 64。`);

export const AMPERE_DATACENTER_GPUS: GpuEntryInput[] = [
  {
    id: 'a10',
    vendor: 'nvidia',
    brand: 'NVIDIA Data Center',
    family: 'A10',
    name: 'NVIDIA A10',
    aliases: ['NVIDIA A10', 'A10 PCIe'],
    architecture: 'Ampere',
    chip: 'GA102',
    segment: 'datacenter',
    releaseDate: epoch('NVIDIA A10 PCIe')('2021-04-12'),
    sources: [a10Sheet.ref, tpuA10.ref],
    memorySizeGiB: a10Sheet(24),
    memoryType: 'GDDR6',
    memoryBusWidthBits: tpuA10(384),
    memoryBandwidthGBps: a10Sheet(600),
    shaderCores: tpuA10(9216),
    tensorCores: tpuA10(288),
    boostClockMhz: tpuA10(1695),
    fp64Tflops: fp64Ga102(31.2, a10Sheet),
    fp32Tflops: a10Sheet(31.2),
    fp16Tflops: tpuA10(31.2),
    fp64TensorDenseTflops: unsupported(
      text('No FP64 tensor cores on GA102; the gmasse dataset wrongly repeats the FP64 figure there.', 'GA102 没有 FP64 张量核心；gmasse 数据集在此处误填了 FP64 数值。'),
    ),
    fp32TensorDenseTflops: unsupported(),
    tf32TensorDenseTflops: a10Sheet(62.5, sparseNote(62.5, 125)),
    fp16TensorDenseTflops: a10Sheet(125, sparseNote(125, 250)),
    fp16TensorFp32AccDenseTflops: a10Sheet(125),
    bf16TensorDenseTflops: a10Sheet(125),
    fp8TensorDenseTflops: noFp8,
    fp4TensorDenseTflops: unsupported(),
    int8TensorDenseTops: a10Sheet(250, sparseNote(250, 500)),
    tdpWatts: a10Sheet(150),
    formFactor: 'pcie',
    module: 'PCIe card, single slot, full height, passive',
    slots: a10Sheet(1),
    pcieGeneration: a10Sheet(4),
    gpuLink: unsupported(),
    migMaxInstances: noMig,
    computeCapability: cudaGpus('8.6'),
    launchPrice: noPrice,
    notes: [],
  },
  {
    id: 'a30',
    vendor: 'nvidia',
    brand: 'NVIDIA Data Center',
    family: 'A30',
    name: 'NVIDIA A30',
    aliases: ['NVIDIA A30', 'A30 PCIe'],
    architecture: 'Ampere',
    chip: 'GA100',
    segment: 'datacenter',
    releaseDate: tpuA30('2021-04-12'),
    sources: [a30Sheet.ref, tpuA30.ref],
    memorySizeGiB: a30Sheet(24),
    memoryType: 'HBM2',
    memoryBusWidthBits: tpuA30(3072),
    memoryBandwidthGBps: a30Sheet(933),
    shaderCores: tpuA30(3584),
    tensorCores: tpuA30(224),
    boostClockMhz: tpuA30(1440),
    fp64Tflops: a30Sheet(5.2),
    fp32Tflops: a30Sheet(10.3),
    fp16Tflops: notPublished(text('NVIDIA gives no non-tensor FP16 figure for A30.', 'NVIDIA 未给出 A30 的非张量 FP16 数据。')),
    fp64TensorDenseTflops: a30Sheet(10.3),
    fp32TensorDenseTflops: unsupported(),
    tf32TensorDenseTflops: a30Sheet(82, sparseNote(82, 165)),
    fp16TensorDenseTflops: a30Sheet(165, sparseNote(165, 330)),
    fp16TensorFp32AccDenseTflops: a30Sheet(165),
    bf16TensorDenseTflops: a30Sheet(165),
    fp8TensorDenseTflops: noFp8,
    fp4TensorDenseTflops: unsupported(),
    int8TensorDenseTops: a30Sheet(330, sparseNote(330, 661)),
    tdpWatts: a30Sheet(165),
    formFactor: 'pcie',
    module: 'PCIe card, dual slot, passive',
    slots: a30Sheet(2),
    pcieGeneration: a30Sheet(4),
    gpuLink: a30Sheet({ technology: 'nvlink-bridge', generation: 3, bandwidthGBps: 200 } as const),
    migMaxInstances: citeAll(4, [a30Sheet, mig]),
    computeCapability: cudaGpus('8.0'),
    launchPrice: noPrice,
    notes: [text('A half-size A100 (same GA100 chip): keeps FP64 tensor cores and MIG at 165 W.', '相当于半个 A100（同为 GA100 芯片）：保留 FP64 张量核心和 MIG，功耗 165 W。')],
  },
  {
    id: 'a40',
    vendor: 'nvidia',
    brand: 'NVIDIA Data Center',
    family: 'A40',
    name: 'NVIDIA A40',
    aliases: ['NVIDIA A40', 'A40 PCIe'],
    architecture: 'Ampere',
    chip: 'GA102',
    segment: 'datacenter',
    releaseDate: epoch('NVIDIA A40 PCIe')('2020-10-05'),
    sources: [a40Sheet.ref, ga102Paper.ref],
    memorySizeGiB: a40Sheet(48),
    memoryType: 'GDDR6 (ECC)',
    memoryBusWidthBits: epoch('NVIDIA A40 PCIe')(384),
    memoryBandwidthGBps: a40Sheet(696),
    shaderCores: a40Sheet(10752),
    tensorCores: a40Sheet(336),
    boostClockMhz: epoch('NVIDIA A40 PCIe')(1740),
    fp64Tflops: fp64Ga102(37.4, a40Sheet),
    fp32Tflops: a40Sheet(37.4),
    fp16Tflops: ga102Paper(37.4),
    fp64TensorDenseTflops: unsupported(text('No FP64 tensor cores on GA102.', 'GA102 没有 FP64 张量核心。')),
    fp32TensorDenseTflops: unsupported(),
    tf32TensorDenseTflops: a40Sheet(74.8, sparseNote(74.8, 149.6)),
    fp16TensorDenseTflops: a40Sheet(149.7, sparseNote(149.7, 299.4)),
    fp16TensorFp32AccDenseTflops: a40Sheet(149.7),
    bf16TensorDenseTflops: a40Sheet(149.7),
    fp8TensorDenseTflops: noFp8,
    fp4TensorDenseTflops: unsupported(),
    int8TensorDenseTops: a40Sheet(299.3, sparseNote(299.3, 598.6)),
    tdpWatts: a40Sheet(300),
    formFactor: 'pcie',
    module: 'PCIe card, dual slot, passive',
    slots: a40Sheet(2),
    pcieGeneration: a40Sheet(4),
    gpuLink: a40Sheet({ technology: 'nvlink-bridge', generation: 3, bandwidthGBps: 112.5 } as const),
    migMaxInstances: noMig,
    computeCapability: cudaGpus('8.6'),
    launchPrice: noPrice,
    notes: [],
  },
];

