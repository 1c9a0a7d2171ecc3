// GeForce RTX 4090 D: the RTX 4090 cut to 114 SMs for the China market (US export rules, late
// 2023). NVIDIA China's product page lists it; we cite the reports that quote it. Tensor rates
// follow from SMs × boost like every GeForce card (geforce-tensor.ts).

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, citeAll, derived, notPublished, text, unsupported } from '../cite.js';
import { geforceFp8Rate, geforceTensorRates } from '../geforce-tensor.js';

const evertiq = cite('evertiq-rtx-4090d');
const svet = cite('svethardware-rtx-4090d');
const myua = cite('myua-rtx-4090d');
const adaPaper = cite('nvidia-ada-whitepaper', 'appendix A, RTX 4090 specifications');
const cudaGpus = cite('nvidia-cuda-gpus');

const SMS = 114;
const BOOST_MHZ = 2520;
const FP32 = Math.round((2 * 14592 * BOOST_MHZ) / 1e4) / 100;
const fp32Arithmetic = [`2 × 14592 cores × ${BOOST_MHZ} MHz = ${FP32} TFLOPS`, `2 × 14592 个核心 × ${BOOST_MHZ} MHz = ${FP32} TFLOPS`] as const;

export const GEFORCE_CHINA_GPUS: GpuEntryInput[] = [
  {
    vendor: 'nvidia',
    brand: 'GeForce',
    architecture: 'Ada Lovelace',
    chip: 'AD102',
    segment: 'consumer',
    id: 'rtx-4090-d',
    family: 'RTX 4090 D',
    name: 'NVIDIA GeForce RTX 4090 D',
    aliases: ['NVIDIA GeForce RTX 4090 D', 'GeForce RTX 4090D', 'RTX 4090D'],
    releaseDate: evertiq('2023-12', text('Listed on NVIDIA China on 2023-12-28; on sale from January 2024.', '2023-12-28 上架 NVIDIA 中国官网，2024 年 1 月开售。')),
    sources: [evertiq.ref, svet.ref, myua.ref],
    memorySizeGiB: citeAll(24, [evertiq, svet]),
    memoryType: 'GDDR6X',
    memoryBusWidthBits: citeAll(384, [evertiq, svet]),
    memoryBandwidthGBps: myua(1008),
    shaderCores: citeAll(14592, [evertiq, svet, myua]),
    tensorCores: myua(456),
    boostClockMhz: citeAll(BOOST_MHZ, [svet, myua]),
    fp64Tflops: derived(Math.round((FP32 / 64) * 1000) / 1000, [evertiq, svet], `${fp32Arithmetic[0]}; FP64 is 1/64 of it`, `${fp32Arithmetic[1]}；FP64 为其 1/64`),
    fp32Tflops: derived(FP32, [evertiq, svet], fp32Arithmetic[0], fp32Arithmetic[1]),
    fp16Tflops: derived(FP32, [evertiq, svet, adaPaper], `${fp32Arithmetic[0]}; Ada runs non-tensor FP16 at the FP32 rate (RTX 4090: 82.6 both)`, `${fp32Arithmetic[1]}；Ada 非张量 FP16 与 FP32 同速（RTX 4090 均为 82.6）`),
    ...geforceTensorRates(SMS, BOOST_MHZ, [svet, myua, adaPaper]),
    fp8TensorDenseTflops: geforceFp8Rate(SMS, BOOST_MHZ, [svet, myua, adaPaper]),
    fp64TensorDenseTflops: unsupported(text('No FP64 tensor cores on GeForce.', 'GeForce 没有 FP64 张量核心。')),
    fp32TensorDenseTflops: unsupported(),
    fp4TensorDenseTflops: unsupported(text('FP4 arrived with Blackwell.', 'FP4 从 Blackwell 才开始支持。')),
    tdpWatts: citeAll(425, [evertiq, svet], text('25 W below the RTX 4090\'s 450 W.', '比 RTX 4090 的 450 W 低 25 W。')),
    formFactor: 'pcie',
    module: 'PCIe card',
    slots: notPublished(text('Partner cards only; most are 3 to 3.5 slots like the RTX 4090.', '仅有合作伙伴版，多数与 RTX 4090 一样为 3–3.5 槽。')),
    pcieGeneration: adaPaper(4),
    gpuLink: unsupported(text('GeForce RTX 40 cards have no NVLink.', 'GeForce RTX 40 系列没有 NVLink。')),
    migMaxInstances: unsupported(text('MIG is a datacenter feature.', 'MIG 仅数据中心 GPU 支持。')),
    computeCapability: derived('8.9', [cudaGpus], 'Ada (AD102, as the RTX 4090) is 8.9 on the CUDA GPUs page', 'CUDA GPUs 页面列出 Ada（AD102，同 RTX 4090）为 8.9'),
    launchPrice: notPublished(text('Launched in China only, at 12,999 CNY (the RTX 4090\'s price there); see the prices list.', '仅在中国发售，定价 12999 元（与 RTX 4090 在华定价相同），见价格列表。')),
    notes: [
      text(
        'About 11 % fewer cores than the RTX 4090 (14592 vs 16384), same 24 GB and 1008 GB/s: LLM inference, which is bandwidth-bound, loses little. GeForce FP16/BF16 with FP32 accumulate runs at half the headline tensor rate.',
        '核心比 RTX 4090 少约 11%（14592 对 16384），显存同为 24 GB、1008 GB/s：受带宽限制的大模型推理损失很小。GeForce 的 FP16/BF16 张量运算若用 FP32 累加，速率只有标称值的一半。',
      ),
    ],
  },
];
