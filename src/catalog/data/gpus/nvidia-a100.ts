// NVIDIA A100 (Ampere GA100): four variants, 40/80 GB × SXM4/PCIe. Compute is identical across
// them (same 6912 cores at 1410 MHz); memory, bandwidth, power and link differ.

import type { GpuEntryInput } from '../../gpu-schema.js';
import { cite, notPublished, notApplicable, text, unsupported } from '../cite.js';

const datasheet = cite('nvidia-a100-datasheet', 'p. 2, specifications table');
const whitepaper = cite('nvidia-ampere-ga100-whitepaper', 'table 1 and table 3');

const noFp8 = unsupported(text('FP8 arrived with Hopper; Ampere has none.', 'FP8 从 Hopper 才开始支持，Ampere 没有。'));

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
  fp16Tflops: whitepaper(78),
  fp64TensorDenseTflops: datasheet(19.5),
  fp32TensorDenseTflops: unsupported(),
  tf32TensorDenseTflops: datasheet(156, text('Datasheet: 156 dense, 312 with sparsity.', '数据表：稠密 156，稀疏 312。')),
  fp16TensorDenseTflops: datasheet(312, text('Datasheet: 312 dense, 624 with sparsity.', '数据表：稠密 312，稀疏 624。')),
  fp16TensorFp32AccDenseTflops: whitepaper(312),
  bf16TensorDenseTflops: datasheet(312),
  fp8TensorDenseTflops: noFp8,
  fp4TensorDenseTflops: unsupported(),
  int8TensorDenseTops: datasheet(624, text('Datasheet: 624 dense, 1248 with sparsity.', '数据表：稠密 624，稀疏 1248。')),
  pcieGeneration: datasheet(4),
  computeCapability: whitepaper('8.0'),
  launchPrice: notPublished(text('NVIDIA published no list price for A100; it is sold through server makers.', 'NVIDIA 未公布 A100 的官方售价，主要通过服务器厂商销售。')),
} as const satisfies Partial<GpuEntryInput>;

const a100Sxm4Link = datasheet({ technology: 'nvlink', generation: 3, bandwidthGBps: 600 } as const);

export const A100_GPUS: GpuEntryInput[] = [
  {
    ...A100_COMPUTE,
    id: 'a100-sxm4-80gb',
    name: 'NVIDIA A100 80GB SXM4',
    aliases: ['NVIDIA A100-SXM4-80GB', 'A100 SXM4 80GB', 'A100 80GB SXM'],
    releaseDate: cite('nvidia-a100-datasheet')('2020-11'),
    sources: [datasheet.ref, whitepaper.ref],
    memorySizeGiB: datasheet(80),
    memoryType: 'HBM2e',
    memoryBandwidthGBps: datasheet(2039),
    tdpWatts: datasheet(400),
    formFactor: 'sxm',
    module: 'SXM4',
    slots: notApplicable(),
    gpuLink: a100Sxm4Link,
    migMaxInstances: datasheet(7),
    notes: [
      text(
        'The 80 GB A100 has 2039 GB/s (SXM4) or 1935 GB/s (PCIe); 1555 GB/s is the 40 GB model.',
        '80 GB 版 A100 的带宽为 2039 GB/s（SXM4）或 1935 GB/s（PCIe）；1555 GB/s 属于 40 GB 版。',
      ),
    ],
  },
  {
    ...A100_COMPUTE,
    id: 'a100-sxm4-40gb',
    name: 'NVIDIA A100 40GB SXM4',
    aliases: ['NVIDIA A100-SXM4-40GB', 'A100 SXM4 40GB', 'A100 40GB SXM'],
    releaseDate: cite('nvidia-ampere-ga100-whitepaper')('2020-05'),
    sources: [whitepaper.ref],
    memorySizeGiB: whitepaper(40),
    memoryType: 'HBM2',
    memoryBandwidthGBps: whitepaper(1555),
    tdpWatts: whitepaper(400),
    formFactor: 'sxm',
    module: 'SXM4',
    slots: notApplicable(),
    gpuLink: cite('nvidia-ampere-ga100-whitepaper', 'NVLink section')({ technology: 'nvlink', generation: 3, bandwidthGBps: 600 } as const),
    migMaxInstances: whitepaper(7),
    notes: [],
  },
];
