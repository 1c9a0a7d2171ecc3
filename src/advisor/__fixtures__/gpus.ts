// A small GPU catalog for the advisor's unit tests, so ranking and ratio tests do not change when
// the real catalog grows. Figures are the vendors' published ones (dense tensor rates); the real
// catalog (src/catalog) carries their citations.

import type { Absent, FormFactor, GpuCatalog, GpuEntry, Segment, Sourced } from '../../catalog/index.js';

const SOURCE = { source: 'advisor-fixture' };
const v = <T>(value: T): Sourced<T> => ({ value, sources: [SOURCE] });
const unsupported: Absent = { value: null, reason: 'unsupported' };
const notPublished: Absent = { value: null, reason: 'not-published' };
const n = (value: number | null) => (value === null ? unsupported : v(value));

interface Spec {
  id: string;
  name: string;
  family: string;
  aliases?: string[];
  architecture: GpuEntry['architecture'];
  segment: Segment;
  formFactor: FormFactor;
  memoryGiB: number;
  bandwidthGBps: number;
  cores: number;
  boostMhz: number;
  fp64: number;
  fp32: number;
  fp64Tensor?: number | null;
  tf32?: number | null;
  fp16Tensor?: number | null;
  fp16Fp32Acc?: number | null;
  bf16?: number | null;
  fp8?: number | null;
  int8?: number | null;
  tdpWatts: number;
  priceUsd?: number | null;
}

function entry(spec: Spec): GpuEntry {
  return {
    id: spec.id,
    vendor: 'nvidia',
    brand: spec.segment === 'consumer' ? 'GeForce' : 'NVIDIA Data Center',
    family: spec.family,
    name: spec.name,
    aliases: spec.aliases ?? [],
    architecture: spec.architecture,
    chip: null,
    segment: spec.segment,
    releaseDate: v('2020'),
    sources: [SOURCE],
    memorySizeGiB: v(spec.memoryGiB),
    memoryType: 'HBM2',
    memoryBusWidthBits: notPublished,
    memoryBandwidthGBps: v(spec.bandwidthGBps),
    shaderCores: v(spec.cores),
    tensorCores: notPublished,
    boostClockMhz: v(spec.boostMhz),
    fp64Tflops: v(spec.fp64),
    fp32Tflops: v(spec.fp32),
    fp16Tflops: notPublished,
    fp64TensorDenseTflops: n(spec.fp64Tensor ?? null),
    fp32TensorDenseTflops: unsupported,
    tf32TensorDenseTflops: n(spec.tf32 ?? null),
    fp16TensorDenseTflops: n(spec.fp16Tensor ?? null),
    fp16TensorFp32AccDenseTflops: n(spec.fp16Fp32Acc ?? spec.fp16Tensor ?? null),
    bf16TensorDenseTflops: n(spec.bf16 ?? null),
    fp8TensorDenseTflops: n(spec.fp8 ?? null),
    fp4TensorDenseTflops: unsupported,
    int8TensorDenseTops: n(spec.int8 ?? null),
    tdpWatts: v(spec.tdpWatts),
    formFactor: spec.formFactor,
    module: spec.formFactor === 'pcie' ? 'PCIe card' : 'SXM',
    slots: notPublished,
    pcieGeneration: notPublished,
    gpuLink: notPublished,
    migMaxInstances: unsupported,
    computeCapability: notPublished,
    launchPrice: spec.priceUsd ? v({ usd: spec.priceUsd, announced: '2020' }) : notPublished,
    notes: [],
  };
}

export const FIXTURE_GPUS: GpuEntry[] = [
  entry({ id: 'a100-sxm4-80gb', name: 'NVIDIA A100 80GB SXM4', family: 'A100', aliases: ['NVIDIA A100-SXM4-80GB'], architecture: 'Ampere', segment: 'datacenter', formFactor: 'sxm', memoryGiB: 80, bandwidthGBps: 2039, cores: 6912, boostMhz: 1410, fp64: 9.7, fp32: 19.5, fp64Tensor: 19.5, tf32: 156, fp16Tensor: 312, bf16: 312, int8: 624, tdpWatts: 400 }),
  entry({ id: 'a100-pcie-80gb', name: 'NVIDIA A100 80GB PCIe', family: 'A100', aliases: ['NVIDIA A100 80GB PCIe'], architecture: 'Ampere', segment: 'datacenter', formFactor: 'pcie', memoryGiB: 80, bandwidthGBps: 1935, cores: 6912, boostMhz: 1410, fp64: 9.7, fp32: 19.5, fp64Tensor: 19.5, tf32: 156, fp16Tensor: 312, bf16: 312, int8: 624, tdpWatts: 300 }),
  entry({ id: 'a100-sxm4-40gb', name: 'NVIDIA A100 40GB SXM4', family: 'A100', aliases: ['NVIDIA A100-SXM4-40GB'], architecture: 'Ampere', segment: 'datacenter', formFactor: 'sxm', memoryGiB: 40, bandwidthGBps: 1555, cores: 6912, boostMhz: 1410, fp64: 9.7, fp32: 19.5, fp64Tensor: 19.5, tf32: 156, fp16Tensor: 312, bf16: 312, int8: 624, tdpWatts: 400 }),
  entry({ id: 'v100-sxm2-32gb', name: 'NVIDIA Tesla V100 SXM2 32GB', family: 'V100', aliases: ['Tesla V100-SXM2-32GB'], architecture: 'Volta', segment: 'datacenter', formFactor: 'sxm', memoryGiB: 32, bandwidthGBps: 900, cores: 5120, boostMhz: 1530, fp64: 7.8, fp32: 15.7, fp16Tensor: 125, tdpWatts: 300 }),
  entry({ id: 'v100-pcie-32gb', name: 'NVIDIA Tesla V100 PCIe 32GB', family: 'V100', aliases: ['Tesla V100-PCIE-32GB'], architecture: 'Volta', segment: 'datacenter', formFactor: 'pcie', memoryGiB: 32, bandwidthGBps: 900, cores: 5120, boostMhz: 1380, fp64: 7, fp32: 14, fp16Tensor: 112, tdpWatts: 250 }),
  entry({ id: 'p100-sxm2-16gb', name: 'NVIDIA Tesla P100 SXM2 16GB', family: 'P100', aliases: ['Tesla P100-SXM2-16GB'], architecture: 'Pascal', segment: 'datacenter', formFactor: 'sxm', memoryGiB: 16, bandwidthGBps: 732, cores: 3584, boostMhz: 1480, fp64: 5.3, fp32: 10.6, tdpWatts: 300 }),
  entry({ id: 'h100-sxm5-80gb', name: 'NVIDIA H100 SXM5 80GB', family: 'H100', aliases: ['NVIDIA H100 80GB HBM3'], architecture: 'Hopper', segment: 'datacenter', formFactor: 'sxm', memoryGiB: 80, bandwidthGBps: 3350, cores: 16896, boostMhz: 1980, fp64: 34, fp32: 67, fp64Tensor: 67, tf32: 494.5, fp16Tensor: 989.5, bf16: 989.5, fp8: 1979, int8: 1979, tdpWatts: 700, priceUsd: 30000 }),
  entry({ id: 'l40s', name: 'NVIDIA L40S', family: 'L40S', architecture: 'Ada Lovelace', segment: 'datacenter', formFactor: 'pcie', memoryGiB: 48, bandwidthGBps: 864, cores: 18176, boostMhz: 2520, fp64: 1.4, fp32: 91.6, tf32: 183, fp16Tensor: 362, bf16: 362, fp8: 733, int8: 733, tdpWatts: 350, priceUsd: 7500 }),
  entry({ id: 'rtx-3090', name: 'NVIDIA GeForce RTX 3090', family: 'RTX 3090', architecture: 'Ampere', segment: 'consumer', formFactor: 'pcie', memoryGiB: 24, bandwidthGBps: 936, cores: 10496, boostMhz: 1695, fp64: 0.56, fp32: 35.6, tf32: 35.6, fp16Tensor: 142, fp16Fp32Acc: 71, bf16: 71, int8: 284, tdpWatts: 350, priceUsd: 1499 }),
  entry({ id: 'rtx-4090', name: 'NVIDIA GeForce RTX 4090', family: 'RTX 4090', architecture: 'Ada Lovelace', segment: 'consumer', formFactor: 'pcie', memoryGiB: 24, bandwidthGBps: 1008, cores: 16384, boostMhz: 2520, fp64: 1.29, fp32: 82.6, tf32: 82.6, fp16Tensor: 330, fp16Fp32Acc: 165, bf16: 165, fp8: 660, int8: 660, tdpWatts: 450, priceUsd: 1599 }),
];

export const FIXTURE_CATALOG: GpuCatalog = {
  sources: [{ id: 'advisor-fixture', kind: 'dataset', publisher: 'gpuwise tests', title: 'advisor test fixture', url: 'https://example.invalid/fixture', accessed: '2026-01-01' }],
  gpus: FIXTURE_GPUS,
};
