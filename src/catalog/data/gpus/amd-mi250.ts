// AMD Instinct MI250: the MI250X's sibling with 208 of its 220 CUs and six Infinity Fabric links
// instead of eight. Like the MI250X it is two GCDs on one package; the figures are per package
// (as AMD prints them) and `devicesPerBoard: 2` tells the advisor the driver shows two 64 GB GPUs.

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, citeAll, derived, notApplicable, notPublished, text, unsupported } from '../cite.js';

const zexron = cite('zexron-mi250', 'table of AMD Instinct MI250X and MI250 models');
const yobitel = cite('yobitel-mi250', 'specifications table');
const rocmSpecs = cite('amd-rocm-gpu-specs', 'LLVM target column');
const epoch = (row: string) => cite('epoch-ml-hardware', `row "${row}"`);

export const AMD_MI250_GPUS: GpuEntryInput[] = [
  {
    id: 'mi250',
    vendor: 'amd',
    brand: 'Instinct',
    family: 'MI250',
    name: 'AMD Instinct MI250',
    aliases: ['AMD Instinct MI250', 'Instinct MI250', 'AMD INSTINCT MI250 (MCM) OAM AC MBA'],
    architecture: 'CDNA 2',
    chip: 'Aldebaran',
    segment: 'datacenter',
    confidence: 'secondary',
    releaseDate: epoch('AMD Radeon Instinct MI250X')('2021-11-08'),
    sources: [zexron.ref, yobitel.ref, rocmSpecs.ref],
    memorySizeGiB: citeAll(128, [zexron, yobitel]),
    memoryType: 'HBM2e',
    memoryBusWidthBits: notPublished(text('Eight HBM2e stacks like the MI250X (8192 bits); not in the sources read.', '与 MI250X 一样为八个 HBM2e 堆栈（8192 位），所读来源未列出。')),
    memoryBandwidthGBps: citeAll(3200, [zexron, yobitel]),
    shaderCores: zexron(13312),
    tensorCores: derived(832, [zexron], '208 CUs × 4 matrix cores per CU, as the MI250X\'s 220 CUs give its 880', '208 个 CU × 每 CU 4 个矩阵核心，与 MI250X 的 220 个 CU 对应 880 个相同'),
    boostClockMhz: zexron(1700),
    fp64Tflops: zexron(45.3),
    fp32Tflops: zexron(45.3, text('Vector FP32; packed FP32 reaches 90.5.', '向量 FP32；打包 FP32 可达 90.5。')),
    fp16Tflops: notPublished(),
    fp64TensorDenseTflops: citeAll(90.5, [zexron, yobitel]),
    fp32TensorDenseTflops: citeAll(90.5, [zexron, yobitel]),
    tf32TensorDenseTflops: unsupported(text('CDNA 2 has no TF32.', 'CDNA 2 不支持 TF32。')),
    fp16TensorDenseTflops: zexron(362.1, text('CDNA 2 has no sparsity: dense.', 'CDNA 2 不支持稀疏：此为稠密值。')),
    fp16TensorFp32AccDenseTflops: zexron(362.1),
    bf16TensorDenseTflops: zexron(362.1),
    fp8TensorDenseTflops: unsupported(text('FP8 arrived with CDNA 3.', 'FP8 从 CDNA 3 才开始支持。')),
    fp4TensorDenseTflops: unsupported(),
    int8TensorDenseTops: zexron(362.1),
    tdpWatts: yobitel(500),
    formFactor: 'oam',
    module: 'OAM',
    slots: notApplicable(),
    pcieGeneration: notPublished(text('PCIe 4.0 like the MI250X, but not in the sources read.', '与 MI250X 一样应为 PCIe 4.0，但所读来源未列出。')),
    gpuLink: derived({ technology: 'infinity-fabric', generation: null, bandwidthGBps: 600 } as const, [zexron, yobitel], 'six Infinity Fabric links (the MI250X has eight) × 100 GB/s per link', '六条 Infinity Fabric 链路（MI250X 为八条）× 每条 100 GB/s'),
    devicesPerBoard: citeAll(2, [zexron, yobitel]),
    migMaxInstances: notApplicable(text('MIG is NVIDIA\'s; AMD Instinct offers its own partitioning modes.', 'MIG 是 NVIDIA 的技术；AMD Instinct 有自己的分区模式。')),
    computeCapability: rocmSpecs('gfx90a'),
    launchPrice: notPublished(text('No vendor list price is published.', '厂商未公布官方售价。')),
    notes: [
      text(
        'Two dies (GCDs) on one package: rocm-smi and PyTorch show two GPUs with 64 GB each. Figures here are for the whole package; each GCD has half.',
        '一个封装内有两颗计算芯片（GCD）：rocm-smi 与 PyTorch 显示为两个各 64 GB 的 GPU。此处为整个封装的合计，每个 GCD 各占一半。',
      ),
    ],
  },
];
