// GB200 (one Blackwell GPU of a Grace Blackwell superchip, as in GB200 NVL72) and Huawei's
// Ascend 910B, the accelerator Chinese buyers most often weigh against NVIDIA's China parts.
//
// GB200: NVIDIA's datasheet gives the NVL72 rack and the superchip (two GPUs); the per-GPU figures
// are those divided by 72 and 2, with the tensor rates halved from "with sparsity" to dense.
// Ascend 910B: Huawei publishes no datasheet in English; CSET's analysis (via Epoch AI's rows)
// gives each 910B bin's FP16 rate and memory. Entries are `estimate`: sources disagree on bins.

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, citeAll, derived, notApplicable, notPublished, text, unsupported } from '../cite.js';

const blackwellSheet = cite('nvidia-blackwell-datasheet', 'GB200 NVL72 and GB200 superchip specifications');
const hmc = cite('hmctech-h200-gb200', 'GB200 column');
const dps = cite('nvidia-dps-device-specs', 'component specification "NVIDIA GB200 GPU", maxLoadWatts');
const cudaGpus = cite('nvidia-cuda-gpus');
const cset = cite('cset-ascend-910b', 'table of Ascend 910 and 910B series models');
const epoch = (row: string) => cite('epoch-ml-hardware', `row "${row}"`);

const perGpu = (dense: number, sparseSuperchip: number, unit = 'PFLOPS') =>
  text(
    `Dense per GPU: the superchip's ${sparseSuperchip} ${unit} with sparsity ÷ 2 GPUs ÷ 2 (sparsity).`,
    `每 GPU 稠密值：超级芯片的稀疏 ${sparseSuperchip} ${unit} ÷ 2 个 GPU ÷ 2（去稀疏）。`,
  );

const ascendCommon = {
  vendor: 'huawei',
  brand: 'Ascend',
  family: 'Ascend 910B',
  architecture: 'Da Vinci',
  chip: 'Ascend 910B',
  segment: 'datacenter',
  confidence: 'estimate',
  releaseDate: epoch('Huawei Ascend 910B')('2022-03-17'),
  memoryType: 'HBM2e',
  memoryBusWidthBits: notPublished(),
  shaderCores: notApplicable(text('Da Vinci AI cores are not comparable to CUDA cores.', '达芬奇 AI Core 与 CUDA 核心不可比。')),
  tensorCores: notPublished(),
  boostClockMhz: notPublished(),
  fp64Tflops: unsupported(),
  fp32Tflops: notPublished(),
  fp16Tflops: notPublished(),
  fp64TensorDenseTflops: unsupported(),
  fp32TensorDenseTflops: notPublished(),
  tf32TensorDenseTflops: notPublished(),
  fp16TensorFp32AccDenseTflops: notPublished(),
  bf16TensorDenseTflops: notPublished(text('The 910B supports BF16; no per-bin rate is published.', '910B 支持 BF16，但各版本未公布其速率。')),
  fp8TensorDenseTflops: unsupported(),
  fp4TensorDenseTflops: unsupported(),
  int8TensorDenseTops: notPublished(),
  tdpWatts: epoch('Huawei Ascend 910B')(400, text('Epoch AI\'s row for the 910B family; Huawei gives no per-bin figure.', 'Epoch AI 对 910B 系列的记录；华为未给出各版本数值。')),
  formFactor: 'oam',
  module: text('Mezzanine module for Huawei Atlas servers', '用于华为 Atlas 服务器的夹层模组'),
  slots: notApplicable(),
  pcieGeneration: notPublished(),
  gpuLink: epoch('Huawei Ascend 910B')({ technology: 'hccs', generation: null, bandwidthGBps: 392 } as const, text('HCCS chip-to-chip link, as Epoch AI lists it ("intranode bandwidth").', 'HCCS 片间互联，按 Epoch AI 所列（"节点内带宽"）。')),
  migMaxInstances: notApplicable(),
  computeCapability: notApplicable(text('Programmed through CANN, not CUDA.', '通过 CANN 编程，不是 CUDA。')),
  launchPrice: notPublished(text('Huawei publishes no list price.', '华为不公布官方售价。')),
} as const satisfies Partial<GpuEntryInput>;

const ascendNote = text(
  'Ascend 910B ships in bins (910B1–B4) with different FP16 rates and memory; check which one a cloud offers. Runs PyTorch through torch_npu and CANN, not CUDA; gpuwise cannot read it live.',
  '昇腾 910B 分多个版本（910B1–B4），FP16 算力与显存各不相同；租用前请确认具体型号。通过 torch_npu 与 CANN 运行 PyTorch，不是 CUDA；gpuwise 无法实时读取。',
);

export const GB200_ASCEND_GPUS: GpuEntryInput[] = [
  {
    vendor: 'nvidia',
    brand: 'NVIDIA Data Center',
    architecture: 'Blackwell',
    chip: 'GB100',
    segment: 'datacenter',
    id: 'gb200',
    family: 'GB200',
    name: 'NVIDIA GB200 (per GPU)',
    aliases: ['NVIDIA GB200', 'GB200 NVL72', 'B200 (GB200)'],
    // Announced with the B200 at GTC 2024 (Epoch AI's 2025-02-15 is when NVL72 racks shipped).
    releaseDate: cite('nvidia-blackwell-platform-launch')('2024-03-18'),
    sources: [blackwellSheet.ref, epoch('NVIDIA GB200').ref],
    memorySizeGiB: citeAll(186, [blackwellSheet, epoch('NVIDIA GB200')], text('Up to 13.4 TB across 72 GPUs; Epoch AI: 186 GB per GPU.', '72 个 GPU 共最多 13.4 TB；Epoch AI：每 GPU 186 GB。')),
    memoryType: 'HBM3e',
    memoryBusWidthBits: notPublished(),
    memoryBandwidthGBps: citeAll(8000, [blackwellSheet, epoch('NVIDIA GB200')], text('16 TB/s per superchip of two GPUs.', '每个超级芯片（两个 GPU）16 TB/s。')),
    shaderCores: notPublished(text('HMC Tech lists 18944 per GPU at 2112 MHz; NVIDIA does not.', 'HMC Tech 列出每 GPU 18944 个核心、2112 MHz；NVIDIA 未公布。')),
    tensorCores: notPublished(),
    boostClockMhz: notPublished(),
    fp64Tflops: citeAll(45, [blackwellSheet, epoch('NVIDIA GB200')], text('90 TFLOPS per superchip.', '每个超级芯片 90 TFLOPS。')),
    fp32Tflops: notPublished(text('NVIDIA gives no FP32 figure for GB200; Epoch AI\'s 90 is twice FP64, and HMC Tech says 80.', 'NVIDIA 未给出 GB200 的 FP32；Epoch AI 的 90 为 FP64 的两倍，HMC Tech 则为 80。')),
    fp16Tflops: notPublished(),
    fp64TensorDenseTflops: blackwellSheet(45),
    fp32TensorDenseTflops: unsupported(),
    tf32TensorDenseTflops: citeAll(1250, [blackwellSheet, epoch('NVIDIA GB200')], perGpu(1.25, 5)),
    fp16TensorDenseTflops: citeAll(2500, [blackwellSheet, epoch('NVIDIA GB200'), hmc], perGpu(2.5, 10)),
    fp16TensorFp32AccDenseTflops: citeAll(2500, [blackwellSheet, hmc]),
    bf16TensorDenseTflops: citeAll(2500, [blackwellSheet, epoch('NVIDIA GB200')], perGpu(2.5, 10)),
    fp8TensorDenseTflops: citeAll(5000, [blackwellSheet, epoch('NVIDIA GB200')], perGpu(5, 20)),
    fp4TensorDenseTflops: citeAll(10000, [blackwellSheet, epoch('NVIDIA GB200'), hmc], perGpu(10, 40)),
    int8TensorDenseTops: citeAll(5000, [blackwellSheet, epoch('NVIDIA GB200')], perGpu(5, 20, 'POPS')),
    tdpWatts: citeAll(1200, [dps, epoch('NVIDIA GB200')], text('Per GPU: NVIDIA\'s power-service registry gives the GB200 GPU a 1200 W maximum load (the superchip adds Grace).', '每 GPU：NVIDIA 电源服务登记的 GB200 GPU 最大负载为 1200 W（超级芯片另含 Grace）。')),
    formFactor: 'sxm',
    module: text('GB200 superchip board (one Grace CPU, two B200 GPUs), in NVL72 racks', 'GB200 超级芯片板卡（一颗 Grace CPU、两颗 B200 GPU），用于 NVL72 机柜'),
    slots: notApplicable(),
    pcieGeneration: notApplicable(text('The GPUs attach to Grace over NVLink-C2C, not PCIe.', 'GPU 经 NVLink-C2C 连接 Grace，不走 PCIe。')),
    gpuLink: blackwellSheet({ technology: 'nvlink', generation: 5, bandwidthGBps: 1800 } as const, text('72 GPUs in one NVLink domain (130 TB/s in all).', '72 个 GPU 处于同一 NVLink 域（共 130 TB/s）。')),
    migMaxInstances: notPublished(),
    computeCapability: derived('10.0', [cudaGpus], 'GB200 and B200 are compute capability 10.0 on the CUDA GPUs page', 'CUDA GPUs 页面列出 GB200 与 B200 为 10.0'),
    launchPrice: notPublished(text('Sold as NVL72 racks, not per GPU.', '以 NVL72 整机柜销售，不单卖 GPU。')),
    notes: [
      text(
        'Not sold alone: one GB200 superchip is a Grace CPU and two of these GPUs; an NVL72 rack has 36 superchips. Rates are higher than the HGX B200\'s (1200 W vs 1000 W).',
        '不单独销售：一个 GB200 超级芯片由一颗 Grace CPU 和两个本 GPU 组成；一个 NVL72 机柜有 36 个超级芯片。算力高于 HGX B200（1200 W 对 1000 W）。',
      ),
    ],
  },
  {
    ...ascendCommon,
    id: 'ascend-910b2',
    name: 'Huawei Ascend 910B2 64GB',
    aliases: ['Ascend 910B2', 'Ascend910B2'],
    sources: [cset.ref, epoch('Huawei Ascend 910B2').ref],
    memorySizeGiB: citeAll(64, [cset, epoch('Huawei Ascend 910B2')]),
    memoryBandwidthGBps: citeAll(1600, [cset, epoch('Huawei Ascend 910B2')]),
    fp16TensorDenseTflops: citeAll(376, [cset, epoch('Huawei Ascend 910B2')]),
    notes: [ascendNote],
  },
  {
    ...ascendCommon,
    id: 'ascend-910b3',
    name: 'Huawei Ascend 910B3 64GB',
    aliases: ['Ascend 910B3', 'Ascend910B3'],
    sources: [cset.ref, epoch('Huawei Ascend 910B3').ref],
    memorySizeGiB: citeAll(64, [cset, epoch('Huawei Ascend 910B3')]),
    memoryBandwidthGBps: citeAll(1600, [cset, epoch('Huawei Ascend 910B3')]),
    fp16TensorDenseTflops: citeAll(313, [cset, epoch('Huawei Ascend 910B3')]),
    notes: [ascendNote],
  },
];
