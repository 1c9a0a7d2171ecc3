// Images per second for image models, only where a benchmark publishes them — a GPU without a
// published result gets no speed, never a guess. Each figure is the submitter's whole-system
// result divided by its GPU count:
//   - MLPerf Inference v4.0, datacenter, closed division, Offline scenario (the results'
//     mlperf_log_summary.txt, "Samples per second"): stable-diffusion-xl (SDXL 1.0 base,
//     1024×1024 images) and resnet50 (ImageNet, 224×224), each in the submitter's own software
//     and number formats (TensorRT for NVIDIA, PyTorch with SynapseAI for Gaudi 2), from NVIDIA's,
//     Dell's and Intel-HabanaLabs' submissions;
//   - NVIDIA DeepLearningExamples, ResNet-50 v1.5 for PyTorch (pytorch-21.03 NGC container):
//     training images/s on 1 and 8 GPUs of DGX A100 80GB and DGX-1 V100 16/32GB, in mixed
//     precision and in TF32 (A100) / FP32 (V100).
// With a published 1-GPU and 8-GPU result, the 8-GPU one's per-GPU rate is used for several GPUs
// (it has paid for its communication); with only a 1-GPU result, training pays what the
// communication model says (scaling.ts), inference runs one replica per GPU.

export type ImageModel = 'sdxl' | 'resnet-50';
export type ImageWork = 'inference' | 'train';

export interface PublishedImageRate {
  model: ImageModel;
  work: ImageWork;
  gpuId: string;
  /** GPUs in the measured system. */
  gpus: number;
  /** Whole-system result. */
  imagesPerSecond: number;
  /** Training only: measured in full fp32 (TF32 on A100) rather than mixed precision. */
  fp32?: boolean;
  source: string;
  url: string;
}

const MLPERF = 'https://github.com/mlcommons/inference_results_v4.0/tree/main/closed';
const mlperf = (submitter: string, system: string, benchmark: string) => `${MLPERF}/${submitter}/results/${system}/${benchmark}/Offline/performance/run_1/mlperf_log_summary.txt`;
const DLE = 'https://github.com/NVIDIA/DeepLearningExamples/blob/master/PyTorch/Classification/ConvNets/resnet50v1.5/README.md#training-performance-results';
const MLPERF_SOURCE = 'MLPerf Inference v4.0 (closed, Offline)';
const DLE_SOURCE = 'NVIDIA DeepLearningExamples ResNet-50 v1.5 (PyTorch 21.03)';

export const PUBLISHED_IMAGE_RATES: readonly PublishedImageRate[] = [
  { model: 'sdxl', work: 'inference', gpuId: 'h100-sxm5-80gb', gpus: 1, imagesPerSecond: 1.64178, source: MLPERF_SOURCE, url: mlperf('NVIDIA', 'DGX-H100_H100-SXM-80GBx1_TRT', 'stable-diffusion-xl') },
  { model: 'sdxl', work: 'inference', gpuId: 'h100-sxm5-80gb', gpus: 8, imagesPerSecond: 13.1263, source: MLPERF_SOURCE, url: mlperf('NVIDIA', 'DGX-H100_H100-SXM-80GBx8_TRT', 'stable-diffusion-xl') },
  { model: 'sdxl', work: 'inference', gpuId: 'h200-sxm-141gb', gpus: 8, imagesPerSecond: 13.7059, source: MLPERF_SOURCE, url: mlperf('NVIDIA', 'H200-SXM-141GBx8_TRT', 'stable-diffusion-xl') },
  { model: 'sdxl', work: 'inference', gpuId: 'l40s', gpus: 8, imagesPerSecond: 5.01972, source: MLPERF_SOURCE, url: mlperf('NVIDIA', 'L40Sx8_TRT', 'stable-diffusion-xl') },
  { model: 'sdxl', work: 'inference', gpuId: 'gaudi2', gpus: 8, imagesPerSecond: 6.25699, source: MLPERF_SOURCE, url: mlperf('Intel-HabanaLabs', 'HLS-Gaudi2-PT', 'stable-diffusion-xl') },
  { model: 'resnet-50', work: 'inference', gpuId: 'h100-sxm5-80gb', gpus: 1, imagesPerSecond: 88714.3, source: MLPERF_SOURCE, url: mlperf('NVIDIA', 'DGX-H100_H100-SXM-80GBx1_TRT', 'resnet50') },
  { model: 'resnet-50', work: 'inference', gpuId: 'h100-sxm5-80gb', gpus: 8, imagesPerSecond: 703770, source: MLPERF_SOURCE, url: mlperf('NVIDIA', 'DGX-H100_H100-SXM-80GBx8_TRT', 'resnet50') },
  { model: 'resnet-50', work: 'inference', gpuId: 'a100-pcie-80gb', gpus: 4, imagesPerSecond: 157826, source: MLPERF_SOURCE, url: mlperf('Dell', 'R750xa_A100_PCIe_80GBx4_TRT', 'resnet50') },
  { model: 'resnet-50', work: 'inference', gpuId: 'l40s', gpus: 4, imagesPerSecond: 175746, source: MLPERF_SOURCE, url: mlperf('Dell', 'R760xa_L40Sx4_TRT', 'resnet50') },
  // Dell's XR7620 is entered as an edge system; its Offline run is the same test.
  { model: 'resnet-50', work: 'inference', gpuId: 'l4', gpus: 1, imagesPerSecond: 12716.9, source: MLPERF_SOURCE, url: mlperf('Dell', 'XR7620_L4x1_TRT', 'resnet50') },
  { model: 'resnet-50', work: 'train', gpuId: 'a100-sxm4-80gb', gpus: 1, imagesPerSecond: 2470, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'a100-sxm4-80gb', gpus: 8, imagesPerSecond: 16621, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'a100-sxm4-80gb', gpus: 1, imagesPerSecond: 938, fp32: true, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'a100-sxm4-80gb', gpus: 8, imagesPerSecond: 7248, fp32: true, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'v100-sxm2-16gb', gpus: 1, imagesPerSecond: 1200, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'v100-sxm2-16gb', gpus: 8, imagesPerSecond: 8322, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'v100-sxm2-16gb', gpus: 1, imagesPerSecond: 367, fp32: true, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'v100-sxm2-16gb', gpus: 8, imagesPerSecond: 2855, fp32: true, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'v100-sxm2-32gb', gpus: 1, imagesPerSecond: 1156, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'v100-sxm2-32gb', gpus: 8, imagesPerSecond: 8056, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'v100-sxm2-32gb', gpus: 1, imagesPerSecond: 356, fp32: true, source: DLE_SOURCE, url: DLE },
  { model: 'resnet-50', work: 'train', gpuId: 'v100-sxm2-32gb', gpus: 8, imagesPerSecond: 2766, fp32: true, source: DLE_SOURCE, url: DLE },
];

export interface ImageRateChoice {
  /** Published images/s of one GPU, from the system chosen. */
  perGpu: number;
  /** GPUs of the measured system the figure comes from. */
  measuredGpus: number;
  /** What is left of linear scaling by the published figures (8-GPU per-GPU ÷ 1-GPU), when both exist. */
  publishedEfficiency: number | null;
  source: string;
  url: string;
}

/** The resolution every published figure was measured at. */
export const PUBLISHED_RESOLUTION: Readonly<Record<ImageModel, number>> = { sdxl: 1024, 'resnet-50': 224 };

export function isImageModel(id: string | null): id is ImageModel {
  return id === 'sdxl' || id === 'resnet-50';
}

/** The published rate to use for `count` of this GPU; null when none is published. */
export function publishedImageRate(model: ImageModel, work: ImageWork, gpuId: string, count: number, fp32 = false): ImageRateChoice | null {
  const rows = PUBLISHED_IMAGE_RATES.filter((r) => r.model === model && r.work === work && r.gpuId === gpuId && (r.fp32 ?? false) === fp32);
  if (rows.length === 0) return null;
  const single = rows.find((r) => r.gpus === 1) ?? null;
  const multi = rows.filter((r) => r.gpus > 1).sort((a, b) => b.gpus - a.gpus)[0] ?? null;
  const chosen = (count > 1 ? multi : single) ?? single ?? multi;
  if (!chosen) return null;
  const perGpu = chosen.imagesPerSecond / chosen.gpus;
  const efficiency = single && multi ? multi.imagesPerSecond / multi.gpus / single.imagesPerSecond : null;
  return { perGpu, measuredGpus: chosen.gpus, publishedEfficiency: efficiency, source: chosen.source, url: chosen.url };
}

/** GPU ids with a published figure for this work (for the reasons of the ones without). */
export function gpusWithImageRates(model: ImageModel, work: ImageWork): string[] {
  return [...new Set(PUBLISHED_IMAGE_RATES.filter((r) => r.model === model && r.work === work).map((r) => r.gpuId))];
}
