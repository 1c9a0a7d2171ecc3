// NVIDIA GeForce RTX 40 (Ada Lovelace) and RTX 50 (Blackwell) cards.

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, citeAll, derived, text, unsupported } from '../cite.js';
import { geforceFp8Rate, geforceTensorRates } from '../geforce-tensor.js';

const adaPaper = cite('nvidia-ada-whitepaper', 'appendix A, RTX 4090 and RTX 4080 specifications');
const blackwellPaper = cite('nvidia-rtx-blackwell-whitepaper', 'appendix, RTX 5090 specifications');
const rtx40Launch = cite('nvidia-rtx40-launch');
const page4070 = cite('nvidia-rtx-4070-page', 'specs');
const page4060 = cite('nvidia-rtx-4060-page', 'specs');
const page5090 = cite('nvidia-rtx-5090-page', 'specs');
const cudaGpus = cite('nvidia-cuda-gpus');
const epoch = (row: string) => cite('epoch-ml-hardware', `row "${row}"`);
const tpu4060Ti = cite('tpu-rtx-4060-ti-16gb');
const tpu4070 = cite('tpu-rtx-4070');
const tpu4080 = cite('tpu-rtx-4080');
const tpu4090 = cite('tpu-rtx-4090');
const tpu5090 = cite('tpu-rtx-5090');

const noMig = unsupported(text('MIG is a datacenter feature.', 'MIG 仅数据中心 GPU 支持。'));
const noNvlink = unsupported(text('GeForce RTX 40 and 50 cards have no NVLink.', 'GeForce RTX 40/50 系列没有 NVLink。'));
const halfRateNote = text(
  'GeForce: FP16/BF16 tensor math with FP32 accumulate (what mixed-precision training uses) runs at half the headline rate; FP8 figures are with FP16 accumulate.',
  'GeForce：FP16/BF16 张量运算若用 FP32 累加（混合精度训练的常规做法），速率只有标称值的一半；FP8 数值为 FP16 累加。',
);

const fp64Quotient = (fp32: number, from: readonly ReturnType<typeof cite>[]) =>
  derived(Math.round((fp32 / 64) * 1000) / 1000, from, `FP64 runs at 1/64 of FP32: ${fp32} / 64.`, `FP64 为 FP32 的 1/64：${fp32} / 64。`);

const GEFORCE_ADA = {
  vendor: 'nvidia',
  brand: 'GeForce',
  architecture: 'Ada Lovelace',
  segment: 'consumer',
  fp64TensorDenseTflops: unsupported(text('No FP64 tensor cores on GeForce.', 'GeForce 没有 FP64 张量核心。')),
  fp32TensorDenseTflops: unsupported(),
  fp4TensorDenseTflops: unsupported(text('FP4 arrived with Blackwell.', 'FP4 从 Blackwell 才开始支持。')),
  formFactor: 'pcie',
  module: 'PCIe card',
  pcieGeneration: adaPaper(4),
  gpuLink: noNvlink,
  migMaxInstances: noMig,
  computeCapability: cudaGpus('8.9'),
} as const satisfies Partial<GpuEntryInput>;

export const GEFORCE_40_50_GPUS: GpuEntryInput[] = [
  {
    ...GEFORCE_ADA,
    id: 'rtx-4060-ti-16gb',
    family: 'RTX 4060 Ti',
    name: 'NVIDIA GeForce RTX 4060 Ti 16GB',
    aliases: ['GeForce RTX 4060 Ti 16GB'],
    chip: 'AD106',
    releaseDate: tpu4060Ti('2023-07-18'),
    sources: [page4060.ref, tpu4060Ti.ref],
    memorySizeGiB: citeAll(16, [page4060, tpu4060Ti]),
    memoryType: 'GDDR6',
    memoryBusWidthBits: citeAll(128, [page4060, tpu4060Ti]),
    memoryBandwidthGBps: tpu4060Ti(288),
    shaderCores: citeAll(4352, [page4060, tpu4060Ti]),
    tensorCores: tpu4060Ti(136),
    boostClockMhz: citeAll(2535, [page4060, tpu4060Ti]),
    fp64Tflops: fp64Quotient(22.06, [adaPaper, tpu4060Ti]),
    fp32Tflops: tpu4060Ti(22.06),
    fp16Tflops: tpu4060Ti(22.06),
    ...geforceTensorRates(34, 2535, [adaPaper, page4060, tpu4060Ti]),
    fp8TensorDenseTflops: geforceFp8Rate(34, 2535, [adaPaper, page4060, tpu4060Ti]),
    tdpWatts: citeAll(165, [page4060, tpu4060Ti]),
    slots: tpu4060Ti(2),
    launchPrice: tpu4060Ti({ usd: 499, announced: '2023-05-18' } as const),
    notes: [
      halfRateNote,
      text(
        'NVIDIA quotes 353 "AI TOPS" (FP8 with sparsity), i.e. 176.5 dense — consistent with the figures here. The 8 GB 4060 Ti shares the name; drivers tell them apart only by memory.',
        'NVIDIA 标称 353 “AI TOPS”（FP8 稀疏），即稠密 176.5，与此处数据一致。8 GB 版 4060 Ti 同名，驱动中只能靠显存大小区分。',
      ),
    ],
  },
  {
    ...GEFORCE_ADA,
    id: 'rtx-4070',
    family: 'RTX 4070',
    name: 'NVIDIA GeForce RTX 4070',
    aliases: ['NVIDIA GeForce RTX 4070', 'GeForce RTX 4070'],
    chip: 'AD104',
    releaseDate: tpu4070('2023-04-13'),
    sources: [page4070.ref, tpu4070.ref],
    memorySizeGiB: citeAll(12, [page4070, tpu4070]),
    memoryType: 'GDDR6X',
    memoryBusWidthBits: citeAll(192, [page4070, tpu4070]),
    memoryBandwidthGBps: tpu4070(504),
    shaderCores: citeAll(5888, [page4070, tpu4070]),
    tensorCores: tpu4070(184),
    boostClockMhz: citeAll(2475, [page4070, tpu4070]),
    fp64Tflops: fp64Quotient(29.15, [adaPaper, tpu4070]),
    fp32Tflops: tpu4070(29.15),
    fp16Tflops: tpu4070(29.15),
    ...geforceTensorRates(46, 2475, [adaPaper, page4070, tpu4070]),
    fp8TensorDenseTflops: geforceFp8Rate(46, 2475, [adaPaper, page4070, tpu4070]),
    tdpWatts: citeAll(200, [page4070, tpu4070], text('Epoch AI lists 285 W, which is the RTX 4070 Ti.', 'Epoch AI 写作 285 W，那是 RTX 4070 Ti 的功耗。')),
    slots: tpu4070(2),
    launchPrice: tpu4070({ usd: 599, announced: '2023-04-12' } as const),
    notes: [
      halfRateNote,
      text(
        'NVIDIA quotes 466 "AI TOPS" (FP8 with sparsity), i.e. 233 dense. Epoch AI dates it 2023-02-08; it launched on 2023-04-13.',
        'NVIDIA 标称 466 “AI TOPS”（FP8 稀疏），即稠密 233。Epoch AI 记其发布日期为 2023-02-08，实际上市为 2023-04-13。',
      ),
    ],
  },
  {
    ...GEFORCE_ADA,
    id: 'rtx-4080',
    family: 'RTX 4080',
    name: 'NVIDIA GeForce RTX 4080',
    aliases: ['NVIDIA GeForce RTX 4080', 'GeForce RTX 4080'],
    chip: 'AD103',
    releaseDate: tpu4080('2022-11-16'),
    sources: [adaPaper.ref, tpu4080.ref],
    memorySizeGiB: adaPaper(16),
    memoryType: 'GDDR6X',
    memoryBusWidthBits: adaPaper(256),
    memoryBandwidthGBps: adaPaper(716.8),
    shaderCores: adaPaper(9728),
    tensorCores: adaPaper(304),
    boostClockMhz: adaPaper(2505),
    fp64Tflops: fp64Quotient(48.7, [adaPaper]),
    fp32Tflops: adaPaper(48.7),
    fp16Tflops: adaPaper(48.7),
    tf32TensorDenseTflops: adaPaper(48.7),
    fp16TensorDenseTflops: adaPaper(194.9, text('FP16 accumulate; 389.9 with sparsity.', 'FP16 累加；稀疏为 389.9。')),
    fp16TensorFp32AccDenseTflops: adaPaper(97.5),
    bf16TensorDenseTflops: adaPaper(97.5),
    fp8TensorDenseTflops: adaPaper(389.9),
    int8TensorDenseTops: adaPaper(389.9),
    tdpWatts: adaPaper(320),
    slots: tpu4080(3),
    launchPrice: citeAll({ usd: 1199, announced: '2022-09-20' } as const, [rtx40Launch, epoch('NVIDIA GeForce RTX 4080')]),
    notes: [halfRateNote],
  },
  {
    ...GEFORCE_ADA,
    id: 'rtx-4090',
    family: 'RTX 4090',
    name: 'NVIDIA GeForce RTX 4090',
    aliases: ['NVIDIA GeForce RTX 4090', 'GeForce RTX 4090'],
    chip: 'AD102',
    releaseDate: tpu4090('2022-10-12'),
    sources: [adaPaper.ref, tpu4090.ref],
    memorySizeGiB: adaPaper(24),
    memoryType: 'GDDR6X',
    memoryBusWidthBits: adaPaper(384),
    memoryBandwidthGBps: adaPaper(1008),
    shaderCores: adaPaper(16384),
    tensorCores: adaPaper(512),
    boostClockMhz: adaPaper(2520),
    fp64Tflops: fp64Quotient(82.6, [adaPaper]),
    fp32Tflops: adaPaper(82.6),
    fp16Tflops: adaPaper(82.6),
    tf32TensorDenseTflops: adaPaper(82.6),
    fp16TensorDenseTflops: adaPaper(330.3, text('FP16 accumulate; 660.6 with sparsity.', 'FP16 累加；稀疏为 660.6。')),
    fp16TensorFp32AccDenseTflops: adaPaper(165.2),
    bf16TensorDenseTflops: adaPaper(
      165.2,
      text('Epoch AI lists 330 TFLOPS for "FP16/BF16" — the FP16-accumulate rate; BF16 runs at 165.2.', 'Epoch AI 的 “FP16/BF16” 列写 330 TFLOPS，那是 FP16 累加速率；BF16 实为 165.2。'),
    ),
    fp8TensorDenseTflops: adaPaper(660.6),
    int8TensorDenseTops: adaPaper(660.6),
    tdpWatts: adaPaper(450),
    slots: tpu4090(3),
    launchPrice: citeAll({ usd: 1599, announced: '2022-09-20' } as const, [rtx40Launch, epoch('NVIDIA GeForce RTX 4090')]),
    notes: [halfRateNote],
  },
  {
    vendor: 'nvidia',
    brand: 'GeForce',
    architecture: 'Blackwell',
    segment: 'consumer',
    id: 'rtx-5090',
    family: 'RTX 5090',
    name: 'NVIDIA GeForce RTX 5090',
    aliases: ['NVIDIA GeForce RTX 5090', 'GeForce RTX 5090'],
    chip: 'GB202',
    releaseDate: tpu5090('2025-01-30'),
    sources: [blackwellPaper.ref, page5090.ref, tpu5090.ref],
    memorySizeGiB: blackwellPaper(32),
    memoryType: 'GDDR7',
    memoryBusWidthBits: blackwellPaper(512),
    memoryBandwidthGBps: blackwellPaper(1792),
    shaderCores: blackwellPaper(21760),
    tensorCores: blackwellPaper(680),
    boostClockMhz: blackwellPaper(2407),
    fp64Tflops: fp64Quotient(104.8, [blackwellPaper]),
    fp32Tflops: blackwellPaper(104.8),
    fp16Tflops: blackwellPaper(104.8),
    fp64TensorDenseTflops: unsupported(text('No FP64 tensor cores on GeForce.', 'GeForce 没有 FP64 张量核心。')),
    fp32TensorDenseTflops: unsupported(),
    tf32TensorDenseTflops: blackwellPaper(104.8),
    fp16TensorDenseTflops: blackwellPaper(419, text('FP16 accumulate; 838 with sparsity.', 'FP16 累加；稀疏为 838。')),
    fp16TensorFp32AccDenseTflops: blackwellPaper(209.5),
    bf16TensorDenseTflops: blackwellPaper(209.5),
    fp8TensorDenseTflops: blackwellPaper(838),
    fp4TensorDenseTflops: citeAll(1676, [blackwellPaper, page5090], text('NVIDIA\'s "3352 AI TOPS" is FP4 with sparsity.', 'NVIDIA 所说的“3352 AI TOPS”是 FP4 稀疏值。')),
    int8TensorDenseTops: blackwellPaper(838),
    tdpWatts: blackwellPaper(575),
    formFactor: 'pcie',
    module: 'PCIe card',
    slots: tpu5090(2),
    pcieGeneration: blackwellPaper(5),
    gpuLink: noNvlink,
    migMaxInstances: noMig,
    computeCapability: cudaGpus('12.0'),
    launchPrice: tpu5090({ usd: 1999, announced: '2025-01-06' } as const),
    notes: [
      halfRateNote,
      text(
        'Compute capability 12.0 is not a superset of the B200\'s 10.0: kernels built only for sm_100 do not run here.',
        '计算能力 12.0 并不包含 B200 的 10.0：只为 sm_100 编译的内核无法在此运行。',
      ),
    ],
  },
];
