// NVIDIA Ada Lovelace datacenter and workstation cards: L4, L40, L40S, RTX 6000 Ada Generation.

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, citeAll, derived, notPublished, text, unsupported } from '../cite.js';

const l4Sheet = cite('nvidia-l4-datasheet', 'specifications table');
const l40Sheet = cite('nvidia-l40-datasheet', 'specifications table');
const l40sSheet = cite('nvidia-l40s-datasheet', 'specifications table');
const proviz = cite('nvidia-ada-proviz-whitepaper', 'appendix, RTX 6000 Ada specifications');
const rtx6000Page = cite('nvidia-rtx-6000-ada-page', 'specifications');
const adaPaper = cite('nvidia-ada-whitepaper', 'FP64 rate');
const tpuL4 = cite('tpu-l4');
const tpuL40s = cite('tpu-l40s');
const cudaGpus = cite('nvidia-cuda-gpus');
const epoch = (row: string) => cite('epoch-ml-hardware', `row "${row}"`);

const noPrice = notPublished(text('NVIDIA publishes no list price for datacenter cards.', 'NVIDIA 不公布数据中心卡的官方售价。'));
const noMig = unsupported(text('Ada cards have no MIG.', 'Ada 架构的卡不支持 MIG。'));
const sparseNote = (dense: number, sparse: number) =>
  text(`Datasheet: ${dense} dense, ${sparse} with sparsity.`, `数据表：稠密 ${dense}，稀疏 ${sparse}。`);
const fp64Ada = (fp32: number, from: ReturnType<typeof cite>) =>
  derived(Math.round((fp32 / 64) * 1000) / 1000, [adaPaper, from], `Ada runs FP64 at 1/64 of FP32: ${fp32} / 64.`, `Ada 的 FP64 为 FP32 的 1/64：${fp32} / 64。`);

const ADA_COMMON = {
  vendor: 'nvidia',
  architecture: 'Ada Lovelace',
  fp64TensorDenseTflops: unsupported(
    text('Ada has no FP64 tensor cores (the gmasse dataset wrongly repeats the FP64 figure there).', 'Ada 没有 FP64 张量核心（gmasse 数据集在此处误填了 FP64 数值）。'),
  ),
  fp32TensorDenseTflops: unsupported(),
  fp4TensorDenseTflops: unsupported(text('FP4 arrived with Blackwell.', 'FP4 从 Blackwell 才开始支持。')),
  formFactor: 'pcie',
  migMaxInstances: noMig,
  computeCapability: cudaGpus('8.9'),
  gpuLink: unsupported(text('Ada cards have no NVLink.', 'Ada 架构的卡没有 NVLink。')),
} as const satisfies Partial<GpuEntryInput>;

export const ADA_PRO_GPUS: GpuEntryInput[] = [
  {
    ...ADA_COMMON,
    id: 'l4',
    brand: 'NVIDIA Data Center',
    family: 'L4',
    name: 'NVIDIA L4',
    aliases: ['NVIDIA L4'],
    chip: 'AD104',
    segment: 'datacenter',
    releaseDate: epoch('NVIDIA L4')('2023-03-21'),
    sources: [l4Sheet.ref, tpuL4.ref],
    memorySizeGiB: l4Sheet(24),
    memoryType: 'GDDR6',
    memoryBusWidthBits: tpuL4(192),
    memoryBandwidthGBps: l4Sheet(300),
    shaderCores: citeAll(7424, [tpuL4, cite('gmasse-gpu-specs', 'entry "l4"')]),
    tensorCores: tpuL4(240),
    boostClockMhz: tpuL4(2040),
    fp64Tflops: fp64Ada(30.3, l4Sheet),
    fp32Tflops: l4Sheet(30.3),
    fp16Tflops: tpuL4(30.3),
    tf32TensorDenseTflops: l4Sheet(60, sparseNote(60, 120)),
    fp16TensorDenseTflops: l4Sheet(121, sparseNote(121, 242)),
    fp16TensorFp32AccDenseTflops: l4Sheet(121),
    bf16TensorDenseTflops: l4Sheet(121),
    fp8TensorDenseTflops: l4Sheet(242.5, sparseNote(242.5, 485)),
    int8TensorDenseTops: l4Sheet(242.5, sparseNote(242.5, 485)),
    tdpWatts: l4Sheet(72),
    module: 'PCIe card, single slot, low profile, passive',
    slots: l4Sheet(1),
    pcieGeneration: l4Sheet(4),
    launchPrice: noPrice,
    notes: [text('The T4\'s successor: same 72 W low-profile slot, adds FP8.', 'T4 的继任者：同样是 72 W 半高单槽，新增 FP8。')],
  },
  {
    ...ADA_COMMON,
    id: 'l40',
    brand: 'NVIDIA Data Center',
    family: 'L40',
    name: 'NVIDIA L40',
    aliases: ['NVIDIA L40'],
    chip: 'AD102',
    segment: 'datacenter',
    releaseDate: epoch('NVIDIA L40')('2022-10-13'),
    sources: [l40Sheet.ref],
    memorySizeGiB: l40Sheet(48),
    memoryType: 'GDDR6 (ECC)',
    memoryBusWidthBits: epoch('NVIDIA L40')(384),
    memoryBandwidthGBps: l40Sheet(864),
    shaderCores: l40Sheet(18176),
    tensorCores: l40Sheet(568),
    boostClockMhz: epoch('NVIDIA L40')(2490),
    fp64Tflops: fp64Ada(90.5, l40Sheet),
    fp32Tflops: l40Sheet(90.5),
    fp16Tflops: notPublished(),
    tf32TensorDenseTflops: l40Sheet(90.5, sparseNote(90.5, 181)),
    fp16TensorDenseTflops: l40Sheet(181.05, sparseNote(181.05, 362.1)),
    fp16TensorFp32AccDenseTflops: l40Sheet(181.05),
    bf16TensorDenseTflops: l40Sheet(181.05),
    fp8TensorDenseTflops: l40Sheet(362, sparseNote(362, 724)),
    int8TensorDenseTops: l40Sheet(362, sparseNote(362, 724)),
    tdpWatts: l40Sheet(300),
    module: 'PCIe card, dual slot, passive',
    slots: l40Sheet(2),
    pcieGeneration: l40Sheet(4),
    launchPrice: noPrice,
    notes: [
      text(
        'Same AD102 chip as the L40S, but NVIDIA rates its FP16/BF16 tensor math at half the L40S figure (181 vs 362 TFLOPS dense).',
        '与 L40S 同为 AD102 芯片，但 NVIDIA 给出的 FP16/BF16 张量算力只有 L40S 的一半（稠密 181 对 362 TFLOPS）。',
      ),
    ],
  },
  {
    ...ADA_COMMON,
    id: 'l40s',
    brand: 'NVIDIA Data Center',
    family: 'L40S',
    name: 'NVIDIA L40S',
    aliases: ['NVIDIA L40S'],
    chip: 'AD102',
    segment: 'datacenter',
    releaseDate: tpuL40s('2023-08-08'),
    sources: [l40sSheet.ref, tpuL40s.ref],
    memorySizeGiB: l40sSheet(48),
    memoryType: 'GDDR6 (ECC)',
    memoryBusWidthBits: tpuL40s(384),
    memoryBandwidthGBps: l40sSheet(864),
    shaderCores: l40sSheet(18176),
    tensorCores: l40sSheet(568),
    boostClockMhz: tpuL40s(2520),
    fp64Tflops: fp64Ada(91.6, l40sSheet),
    fp32Tflops: l40sSheet(91.6),
    fp16Tflops: tpuL40s(91.6),
    tf32TensorDenseTflops: l40sSheet(183, sparseNote(183, 366)),
    fp16TensorDenseTflops: l40sSheet(362.05, sparseNote(362.05, 733)),
    fp16TensorFp32AccDenseTflops: l40sSheet(362.05),
    bf16TensorDenseTflops: l40sSheet(362.05),
    fp8TensorDenseTflops: l40sSheet(733, sparseNote(733, 1466)),
    int8TensorDenseTops: l40sSheet(733, sparseNote(733, 1466)),
    tdpWatts: l40sSheet(350, text('The gmasse dataset says 300 W; NVIDIA\'s datasheet says 350 W.', 'gmasse 数据集写作 300 W；NVIDIA 数据表为 350 W。')),
    module: 'PCIe card, dual slot, passive',
    slots: l40sSheet(2),
    pcieGeneration: l40sSheet(4),
    launchPrice: noPrice,
    notes: [
      text(
        "NVIDIA's datasheet is slightly inconsistent: FP16 dense 362.05 is not half of the sparse 733 (366.5). We store the printed dense figure.",
        'NVIDIA 数据表略有矛盾：稠密 FP16 为 362.05，而稀疏 733 的一半是 366.5。此处采用印出的稠密值。',
      ),
    ],
  },
  {
    ...ADA_COMMON,
    id: 'rtx-6000-ada',
    brand: 'NVIDIA RTX',
    family: 'RTX 6000 Ada',
    name: 'NVIDIA RTX 6000 Ada Generation',
    aliases: ['NVIDIA RTX 6000 Ada Generation', 'RTX 6000 Ada'],
    chip: 'AD102',
    segment: 'workstation',
    releaseDate: epoch('NVIDIA RTX 6000 Ada Generation')('2022-12-03'),
    sources: [rtx6000Page.ref, proviz.ref],
    memorySizeGiB: rtx6000Page(48),
    memoryType: 'GDDR6 (ECC)',
    memoryBusWidthBits: proviz(384),
    memoryBandwidthGBps: rtx6000Page(960),
    shaderCores: rtx6000Page(18176),
    tensorCores: rtx6000Page(568),
    boostClockMhz: proviz(2505),
    fp64Tflops: fp64Ada(91.1, rtx6000Page),
    fp32Tflops: rtx6000Page(91.1),
    fp16Tflops: proviz(91.1),
    tf32TensorDenseTflops: proviz(182.1),
    fp16TensorDenseTflops: proviz(364.2),
    fp16TensorFp32AccDenseTflops: proviz(364.2, text('Workstation cards accumulate in FP32 at full rate.', '工作站卡的 FP32 累加为全速率。')),
    bf16TensorDenseTflops: proviz(364.2),
    fp8TensorDenseTflops: citeAll(728.5, [proviz, rtx6000Page], text('NVIDIA\'s page quotes "1,457 AI TFLOPS": FP8 with sparsity.', 'NVIDIA 页面写的“1457 AI TFLOPS”是 FP8 稀疏值。')),
    int8TensorDenseTops: proviz(728.5),
    tdpWatts: rtx6000Page(300),
    module: 'PCIe card, dual slot, blower',
    slots: rtx6000Page(2),
    pcieGeneration: rtx6000Page(4),
    launchPrice: notPublished(
      text('No NVIDIA-announced list price we could cite; Epoch AI records $6,799.', '未找到可引用的 NVIDIA 官方定价；Epoch AI 记为 6799 美元。'),
    ),
    notes: [
      text(
        'Not the 2018 Quadro RTX 6000 (Turing, 24 GB): drivers print "NVIDIA RTX 6000 Ada Generation" for this one.',
        '不要与 2018 年的 Quadro RTX 6000（Turing，24 GB）混淆：本卡在驱动中显示为 "NVIDIA RTX 6000 Ada Generation"。',
      ),
    ],
  },
];
