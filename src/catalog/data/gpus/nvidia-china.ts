// NVIDIA parts made for the China market under US export rules: H20 (Hopper, tensor rates cut),
// H800 (H100 SXM5 with NVLink cut to 400 GB/s and FP64 to 1 TFLOPS), A800 (A100 with NVLink cut to
// 400 GB/s) and L20 (Ada). NVIDIA published no English datasheets for them; the figures are the
// ones the press read from the listings (Reuters, Tom's Hardware), cross-checked against Epoch AI,
// so every entry is `confidence: 'secondary'`. The RTX 4090 D is in nvidia-geforce-china.ts.
// The L2 is left out: Tom's Hardware's table and Epoch AI give its memory (24 GB), bandwidth
// (300 GB/s) and rates, but neither — nor anything found in a 2026-12 search — gives its power, and
// tdpWatts is required; src/catalog/unlisted.ts says so when a driver reports one.
//
// Dense or sparse? The listings print one figure per format. They are dense: the US rules count
// dense throughput (TPP = dense TOPS × bit width), and H20's FP8 296 × 8 = 2368 sits just under the
// 2400 threshold, L20's 239 × 8 = 1912 at 609 mm² just under a density of 3.2 — figures at half
// these would leave half the allowance unused. Epoch AI, which halves sparse figures, lists them so.

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, citeAll, derived, notApplicable, notPublished, text, unsupported } from '../cite.js';
import { A100_GPUS } from './nvidia-a100.js';

const toms = cite('tomshw-h20-l20-l2', 'table "H20, L20, and L2 Specifications"');
const xfastest = cite('xfastest-h20');
const zang = cite('zangshuxian-h20');
const philisun = cite('philisun-h800', 'table "H800 vs H100 core specification comparison" and section on FP64');
const tweakers = cite('tweakers-a800');
const hopperPaper = cite('nvidia-hopper-whitepaper', 'table 3, H100 SXM5');
const cudaGpus = cite('nvidia-cuda-gpus');
const topcpuL20 = cite('topcpu-l20', 'NVIDIA A40 PCIe vs NVIDIA L20 table');
const epoch = (row: string) => cite('epoch-ml-hardware', `row "${row}"`);

const noNvidiaDatasheet = text(
  'NVIDIA published no English datasheet for this China-market part; figures are from press reports of the listings, cross-checked against Epoch AI.',
  'NVIDIA 未发布该中国市场型号的英文数据表；参数来自媒体对上架信息的报道，并与 Epoch AI 数据核对。',
);
const noListPrice = notPublished(text('NVIDIA publishes no list price for its China-market datacenter parts.', 'NVIDIA 不公布中国市场数据中心 GPU 的官方售价。'));
const hopperCc = derived('9.0', [cudaGpus], 'Hopper (GH100) is compute capability 9.0 on the CUDA GPUs page; this part is the same chip', 'CUDA GPUs 页面列出 Hopper（GH100）为 9.0；本型号为同一芯片');

const a100 = (id: string): GpuEntryInput => {
  const entry = A100_GPUS.find((gpu) => gpu.id === id);
  if (!entry) throw new Error(`nvidia-china: ${id} missing from the A100 data`);
  return entry;
};
/** The A800 is an A100 with the NVLink cut: it keeps the A100's compute figures and their sources. */
const a800Note = text(
  'Same GA100 chip, memory and rates as the A100 (Reuters/Tweakers: "the stated performance is the same as the A100 series"); only NVLink is cut, from 600 to 400 GB/s. The compute figures cite the A100 datasheet for that reason.',
  '与 A100 相同的 GA100 芯片、显存与算力（路透社/Tweakers："标称性能与 A100 系列相同"）；只有 NVLink 由 600 GB/s 降到 400 GB/s。因此算力数字引用 A100 数据表。',
);

export const NVIDIA_CHINA_GPUS: GpuEntryInput[] = [
  {
    vendor: 'nvidia',
    brand: 'NVIDIA Data Center',
    architecture: 'Hopper',
    chip: 'GH100',
    segment: 'datacenter',
    confidence: 'secondary',
    id: 'h20-96gb',
    family: 'H20',
    name: 'NVIDIA H20 96GB',
    aliases: ['NVIDIA H20', 'NVIDIA HGX H20', 'HGX H20'],
    releaseDate: epoch('NVIDIA HGX H20')('2023-11-09'),
    sources: [toms.ref, xfastest.ref, epoch('NVIDIA HGX H20').ref],
    memorySizeGiB: citeAll(96, [toms, xfastest]),
    memoryType: 'HBM3',
    memoryBusWidthBits: notPublished(),
    memoryBandwidthGBps: citeAll(4000, [toms, xfastest]),
    shaderCores: notPublished(text('A Geekbench 6 listing showed 78 SMs (9984 cores); NVIDIA has not confirmed it.', 'Geekbench 6 记录显示 78 个 SM（9984 个核心），NVIDIA 未确认。')),
    tensorCores: notPublished(),
    boostClockMhz: notPublished(),
    fp64Tflops: citeAll(1, [zang, epoch('NVIDIA HGX H20')]),
    fp32Tflops: citeAll(44, [zang, epoch('NVIDIA HGX H20')]),
    fp16Tflops: notPublished(),
    fp64TensorDenseTflops: notPublished(),
    fp32TensorDenseTflops: unsupported(text('FP32 matrix input goes through TF32 on NVIDIA tensor cores.', 'NVIDIA 张量核心处理 FP32 矩阵时走 TF32。')),
    tf32TensorDenseTflops: citeAll(74, [toms, zang]),
    fp16TensorDenseTflops: citeAll(148, [toms, zang, epoch('NVIDIA HGX H20')], text('Dense ("FP16稠密算力为148TFLOPS"); about 15 % of H100 SXM.', '稠密值（"FP16稠密算力为148TFLOPS"），约为 H100 SXM 的 15%。')),
    fp16TensorFp32AccDenseTflops: toms(148, text('BF16 runs at the same 148, so FP32 accumulate is full rate.', 'BF16 同为 148，可见 FP32 累加为全速。')),
    bf16TensorDenseTflops: toms(148),
    fp8TensorDenseTflops: toms(296),
    fp4TensorDenseTflops: unsupported(text('FP4 arrived with Blackwell.', 'FP4 从 Blackwell 才开始支持。')),
    int8TensorDenseTops: citeAll(296, [toms, epoch('NVIDIA HGX H20')]),
    tdpWatts: citeAll(400, [xfastest, epoch('NVIDIA HGX H20')]),
    formFactor: 'sxm',
    module: text('SXM module on the 8-GPU HGX H20 board', '8 卡 HGX H20 基板上的 SXM 模组'),
    slots: notApplicable(),
    pcieGeneration: notPublished(),
    gpuLink: xfastest({ technology: 'nvlink', generation: 4, bandwidthGBps: 900 } as const, text('Keeps the H100\'s 900 GB/s NVLink.', '保留 H100 的 900 GB/s NVLink。')),
    migMaxInstances: citeAll(7, [toms, xfastest]),
    computeCapability: hopperCc,
    launchPrice: noListPrice,
    notes: [
      noNvidiaDatasheet,
      text(
        'Compute is cut for export (148 dense FP16, about 15 % of H100) while memory (96 GB, 4.0 TB/s) and NVLink are not: strong for bandwidth-bound LLM inference, weak for training. A 141 GB H20 was reported later; this entry is the 96 GB part. US export rules for it changed several times (2025 licence requirement).',
        '算力为出口而削减（稠密 FP16 148，约为 H100 的 15%），显存（96 GB、4.0 TB/s）与 NVLink 未削减：适合受带宽限制的大模型推理，不适合训练。后来有报道称出现 141 GB 版本，本条目为 96 GB 版。美国对其出口规则多次变化（2025 年起需许可证）。',
      ),
    ],
  },
  {
    vendor: 'nvidia',
    brand: 'NVIDIA Data Center',
    architecture: 'Hopper',
    chip: 'GH100',
    segment: 'datacenter',
    confidence: 'secondary',
    id: 'h800-sxm5-80gb',
    family: 'H800',
    name: 'NVIDIA H800 SXM5 80GB',
    aliases: ['NVIDIA H800', 'NVIDIA H800 80GB HBM3', 'H800 SXM5', 'H800 SXM'],
    releaseDate: epoch('NVIDIA H800 SXM5')('2023-03-21'),
    sources: [philisun.ref, hopperPaper.ref, epoch('NVIDIA H800 SXM5').ref],
    memorySizeGiB: citeAll(80, [philisun, epoch('NVIDIA H800 SXM5')]),
    memoryType: 'HBM3',
    memoryBusWidthBits: citeAll(5120, [hopperPaper, epoch('NVIDIA H800 SXM5')]),
    memoryBandwidthGBps: citeAll(3352, [philisun, hopperPaper], text('Same memory as H100 SXM5 (3.35 TB/s).', '与 H100 SXM5 相同的显存（3.35 TB/s）。')),
    shaderCores: notPublished(text('Taken to be the H100 SXM5\'s 16896, but no source we could read says so.', '一般认为与 H100 SXM5 相同（16896），但未找到可引用的来源。')),
    tensorCores: notPublished(text('Epoch AI\'s 456 (with a 1755 MHz boost) are TechPowerUp\'s PCIe figures.', 'Epoch AI 的 456 个（及 1755 MHz 加速频率）是 TechPowerUp 的 PCIe 版参数。')),
    boostClockMhz: notPublished(),
    fp64Tflops: philisun(1, text('Cut from the H100\'s 34 to 1 TFLOPS; Epoch AI\'s 29.65 is wrong.', '由 H100 的 34 削减到 1 TFLOPS；Epoch AI 的 29.65 有误。')),
    fp32Tflops: notPublished(text('Epoch AI lists 59.3 (TechPowerUp\'s clocks); not confirmed.', 'Epoch AI 写作 59.3（来自 TechPowerUp 的频率），未经确认。')),
    fp16Tflops: notPublished(),
    fp64TensorDenseTflops: philisun(1),
    fp32TensorDenseTflops: unsupported(),
    tf32TensorDenseTflops: derived(494.7, [philisun, hopperPaper], 'H100 SXM5 tensor rates are kept (Philisun); TF32 494.7 dense. Epoch AI\'s 454.5 does not fit its own 989 FP16', '保留 H100 SXM5 的张量算力（Philisun）；TF32 稠密 494.7。Epoch AI 的 454.5 与其自身的 FP16 989 不符'),
    fp16TensorDenseTflops: citeAll(989.4, [philisun, hopperPaper, epoch('NVIDIA H800 SXM5')]),
    fp16TensorFp32AccDenseTflops: citeAll(989.4, [philisun, hopperPaper]),
    bf16TensorDenseTflops: citeAll(989.4, [philisun, hopperPaper, epoch('NVIDIA H800 SXM5')]),
    fp8TensorDenseTflops: citeAll(1978.9, [philisun, hopperPaper]),
    fp4TensorDenseTflops: unsupported(),
    int8TensorDenseTops: citeAll(1978.9, [philisun, hopperPaper, epoch('NVIDIA H800 SXM5')]),
    tdpWatts: epoch('NVIDIA H800 SXM5')(700, text('The H100 SXM5\'s 700 W.', '与 H100 SXM5 相同的 700 W。')),
    formFactor: 'sxm',
    module: 'SXM5',
    slots: notApplicable(),
    pcieGeneration: hopperPaper(5),
    gpuLink: philisun({ technology: 'nvlink', generation: 4, bandwidthGBps: 400 } as const, text('Cut from 900 to 400 GB/s for export.', '为出口由 900 GB/s 削减到 400 GB/s。')),
    migMaxInstances: notPublished(),
    computeCapability: hopperCc,
    launchPrice: noListPrice,
    notes: [
      noNvidiaDatasheet,
      text(
        'An H100 SXM5 with NVLink cut to 400 GB/s and FP64 to 1 TFLOPS; sold in China from March 2023 until the October 2023 rules. DeepSeek-V3 was trained on 2048 of them.',
        '即 NVLink 削减到 400 GB/s、FP64 削减到 1 TFLOPS 的 H100 SXM5；2023 年 3 月起在中国销售，至 2023 年 10 月新规为止。DeepSeek-V3 用 2048 块 H800 训练。',
      ),
    ],
  },
  {
    ...a100('a100-sxm4-80gb'),
    confidence: 'secondary',
    id: 'a800-sxm4-80gb',
    family: 'A800',
    name: 'NVIDIA A800 80GB SXM4',
    aliases: ['NVIDIA A800-SXM4-80GB', 'A800 SXM4 80GB', 'A800 80GB SXM'],
    // Built to fit the October 2022 export rule, first reported in November 2022 (Reuters, via
    // Tweakers, 2022-11-08); Epoch AI's 2022-08-11 predates the rule. Day not published.
    releaseDate: tweakers('2022-11'),
    sources: [tweakers.ref, cite('nvidia-a100-datasheet').ref, epoch('NVIDIA A800 SXM').ref],
    memoryBandwidthGBps: citeAll(2039, [cite('nvidia-a100-datasheet', 'p. 2, specifications table'), epoch('NVIDIA A800 SXM')], text('Epoch AI: 2.04 TB/s.', 'Epoch AI：2.04 TB/s。')),
    tdpWatts: citeAll(400, [tweakers, epoch('NVIDIA A800 SXM')]),
    gpuLink: tweakers({ technology: 'nvlink', generation: 3, bandwidthGBps: 400 } as const, text('Cut from 600 to 400 GB/s, under the October 2022 threshold.', '由 600 GB/s 削减到 400 GB/s，低于 2022 年 10 月规定的门槛。')),
    launchPrice: noListPrice,
    notes: [
      noNvidiaDatasheet,
      a800Note,
      text('Barred from sale to China by the October 2023 rules.', '2023 年 10 月新规起禁止向中国销售。'),
    ],
  },
  {
    ...a100('a100-pcie-80gb'),
    confidence: 'secondary',
    id: 'a800-pcie-80gb',
    family: 'A800',
    name: 'NVIDIA A800 80GB PCIe',
    aliases: ['NVIDIA A800 80GB PCIe', 'NVIDIA A800-PCIE-80GB', 'A800 PCIe 80GB'],
    releaseDate: epoch('NVIDIA A800 PCIe 80 GB')('2022-11-03'),
    sources: [tweakers.ref, cite('nvidia-a100-datasheet').ref, epoch('NVIDIA A800 PCIe 80 GB').ref],
    memoryBandwidthGBps: citeAll(1935, [cite('nvidia-a100-datasheet', 'p. 2, specifications table'), epoch('NVIDIA A800 PCIe 80 GB')], text('Epoch AI: 1.94 TB/s.', 'Epoch AI：1.94 TB/s。')),
    tdpWatts: tweakers(300, text('Tweakers (Reuters): 300 W for the PCIe card; Epoch AI lists 250 W.', 'Tweakers（路透社）：PCIe 版 300 W；Epoch AI 写作 250 W。')),
    gpuLink: tweakers({ technology: 'nvlink-bridge', generation: 3, bandwidthGBps: 400 } as const),
    launchPrice: noListPrice,
    notes: [noNvidiaDatasheet, a800Note],
  },
  {
    vendor: 'nvidia',
    brand: 'NVIDIA Data Center',
    architecture: 'Ada Lovelace',
    chip: 'AD102',
    segment: 'datacenter',
    confidence: 'secondary',
    id: 'l20',
    family: 'L20',
    name: 'NVIDIA L20 48GB',
    aliases: ['NVIDIA L20', 'L20 PCIe'],
    releaseDate: topcpuL20('2023-11'),
    sources: [toms.ref, topcpuL20.ref, epoch('NVIDIA L20 PCle').ref],
    memorySizeGiB: citeAll(48, [toms, topcpuL20]),
    memoryType: 'GDDR6',
    memoryBusWidthBits: citeAll(384, [topcpuL20, epoch('NVIDIA L20 PCle')]),
    memoryBandwidthGBps: citeAll(864, [toms, topcpuL20]),
    shaderCores: topcpuL20(11776, text('Epoch AI puts 11776 in its tensor-core column.', 'Epoch AI 把 11776 填进了张量核心列。')),
    tensorCores: topcpuL20(368),
    boostClockMhz: citeAll(2520, [topcpuL20, epoch('NVIDIA L20 PCle')]),
    fp64Tflops: topcpuL20(0.927),
    fp32Tflops: citeAll(59.35, [topcpuL20, epoch('NVIDIA L20 PCle')]),
    fp16Tflops: topcpuL20(59.35),
    fp64TensorDenseTflops: unsupported(text('Ada has no FP64 tensor cores.', 'Ada 没有 FP64 张量核心。')),
    fp32TensorDenseTflops: unsupported(),
    tf32TensorDenseTflops: toms(59.8),
    fp16TensorDenseTflops: citeAll(119.5, [toms, epoch('NVIDIA L20 PCle')]),
    fp16TensorFp32AccDenseTflops: toms(119.5, text('BF16 runs at the same 119.5, so FP32 accumulate is full rate.', 'BF16 同为 119.5，可见 FP32 累加为全速。')),
    bf16TensorDenseTflops: toms(119.5),
    fp8TensorDenseTflops: toms(239),
    fp4TensorDenseTflops: unsupported(text('FP4 arrived with Blackwell.', 'FP4 从 Blackwell 才开始支持。')),
    int8TensorDenseTops: citeAll(239, [toms, epoch('NVIDIA L20 PCle')]),
    tdpWatts: citeAll(275, [topcpuL20, epoch('NVIDIA L20 PCle')]),
    formFactor: 'pcie',
    module: 'PCIe card, dual slot, passive',
    slots: notPublished(),
    pcieGeneration: topcpuL20(4),
    gpuLink: unsupported(text('No NVLink on Ada.', 'Ada 没有 NVLink。')),
    migMaxInstances: notPublished(text('Tom\'s Hardware\'s table says "Yes" without a count.', "Tom's Hardware 的表格只写了支持，未给出数量。")),
    computeCapability: topcpuL20('8.9'),
    launchPrice: noListPrice,
    notes: [
      noNvidiaDatasheet,
      text(
        'An AD102 card with the L40S\'s 48 GB but its tensor rate cut to about a third (119.5 vs 362 dense FP16).',
        '采用 AD102，显存与 L40S 同为 48 GB，但张量算力削减到约三分之一（稠密 FP16 119.5 对 362）。',
      ),
    ],
  },
];
