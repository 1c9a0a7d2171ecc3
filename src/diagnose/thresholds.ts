// Every number `diagnose` judges by, in one place, each with its unit and where it comes from.
// Where no published figure exists the source says "gpuwise's choice" and why that value: a
// reader can then argue with the number instead of guessing where it came from.

import type { ThresholdUse } from './types.js';

export interface Threshold extends ThresholdUse {}

const TF_INPUT =
  'TensorFlow profiler, input-pipeline analyzer: step time in input < 5 % not input-bound, 5–20 % moderately, ≥ 20 % highly (kModeratelyInfeedBoundThresholdInPercent / kHighlyInfeedBoundThresholdInPercent in tensorflow/core/profiler/convert/op_stats_to_input_pipeline_analysis.cc); https://www.tensorflow.org/guide/profiler#input_pipeline_analyzer';
const DCGM_SM =
  'NVIDIA DCGM User Guide, Profiling Metrics (SM Activity): "a value of 0.8 or greater is necessary, but not sufficient, for effective use of the GPU; a value less than 0.5 likely indicates ineffective GPU usage"; https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/feature-overview.html#profiling-metrics';
const NVML_UTIL =
  'NVML API Reference, nvmlUtilization_t.gpu: "percent of time over the past sample period during which one or more kernels was executing on the GPU"; https://docs.nvidia.com/deploy/nvml-api/structnvmlUtilization__t.html';
const PCIE =
  'PCI-SIG base specifications via the PCI Express throughput table (per lane, one direction, after line coding: 2.5 GT/s 8b/10b, 5 GT/s 8b/10b, 8/16/32 GT/s 128b/130b, 64 GT/s PAM4 FLIT 242/256); https://en.wikipedia.org/wiki/PCI_Express#Comparison_table';
const NVML_VIOLATION =
  'NVML API Reference, nvmlDeviceGetViolationStatus (time the clocks were held below the requested clocks, per policy); https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceQueries.html';
const OWN = (why: string) => `gpuwise's choice: ${why}`;

function t(id: string, value: number, unit: string, source: string): Threshold {
  return { id, value, unit, source };
}

export const THRESHOLDS = {
  // --- Enough to say anything --------------------------------------------------------------
  minSamples: t('minSamples', 3, 'samples', OWN('two rates need three readings; fewer cannot tell a pattern from a moment')),
  minWindowSeconds: t('minWindowSeconds', 2, 's', OWN('below 2 s a single data-loader stall or warm-up dominates')),

  // --- Input pipeline -----------------------------------------------------------------------
  inputModeratePercent: t('inputModeratePercent', 5, '% of time', TF_INPUT),
  inputHighPercent: t('inputHighPercent', 20, '% of time', TF_INPUT),
  gapUtilPercent: t('gapUtilPercent', 10, '% GPU-Util', `${OWN('a 1/6 s driver sample at ≤ 10 % is a tick with (almost) no kernel: the GPU waited')}; ${NVML_UTIL}`),
  sawToothBusySharePercent: t('sawToothBusySharePercent', 10, '% of driver samples', OWN('gaps count as a saw-tooth only with bursts of work between them (a tenth of the ticks > 50 %): a GPU barely used all the time is not starved, it is given little')),
  workerSaturatedPercent: t('workerSaturatedPercent', 80, '% of one core', OWN('a loader worker is single-threaded Python; ≥ 80 % of a core means it never waits')),
  runnableSharePercent: t('runnableSharePercent', 80, '% of samples', OWN('the kernel\'s state R (running, or ready and waiting for a CPU) in ≥ 80 % of the samples: the process never waits for data or the GPU — saturated even where a shared machine gives it less than a core')),
  iowaitHighPercent: t('iowaitHighPercent', 10, '% of CPU time', OWN('iowait above 10 % of all CPU time means reads stall the host, not a background trickle')),
  diskReadHighBytesPerSecond: t('diskReadHighBytesPerSecond', 50 * 2 ** 20, 'B/s', OWN('50 MiB/s of storage reads by the tree: the data set is not in the page cache')),

  // --- Launch bound / small batch -------------------------------------------------------------
  smActiveIneffectivePercent: t('smActiveIneffectivePercent', 50, '% SM active', DCGM_SM),
  smActiveEffectivePercent: t('smActiveEffectivePercent', 80, '% SM active', DCGM_SM),
  mainThreadFullCorePercent: t('mainThreadFullCorePercent', 85, '% of one core', OWN('Python launches kernels from one thread; ≥ 85 % of a core leaves it no time to wait: the CPU sets the pace')),
  lowMemoryUsePercent: t('lowMemoryUsePercent', 30, '% of GPU memory', OWN('a batch that fills under 30 % of memory has room to grow ×2 or more')),
  smallModelUtilPercent: t('smallModelUtilPercent', 80, '% GPU-Util', OWN('kernels run ≥ 80 % of the time: the GPU is not waiting for launches, each kernel is just too small to fill it')),
  busyUtilPercent: t('busyUtilPercent', 50, '% GPU-Util', OWN('a GPU whose kernels run under half the time is mostly waiting, whatever the cause')),

  // --- Transfer bound -----------------------------------------------------------------------
  pcieNearLinkPercent: t('pcieNearLinkPercent', 60, '% of link rate', OWN('real copies reach ~75–85 % of the line rate (packet overheads); 60 % sustained means copies take most of the link')),
  transferSharePercent: t('transferSharePercent', 20, '% of window', OWN('as TensorBoard\'s "highly input-bound" share: copies near the link rate for a fifth of the time or more')),
  pcieBusyLinkPercent: t('pcieBusyLinkPercent', 15, '% of link rate', 'NVIDIA Developer Blog, M. Harris, "How to Optimize Data Transfers in CUDA C/C++": copies from pageable memory are staged through a pinned buffer by the CPU and reach a fraction of pinned bandwidth; https://developer.nvidia.com/blog/how-optimize-data-transfers-cuda-cc/ — gpuwise\'s choice: 15 % of the line rate (9.5 GB/s on Gen5 ×16, five times what a busy image loader feeds) most of the time, while the GPU waits, is copies setting the pace'),
  pcieBusyBytesPerSecond: t('pcieBusyBytesPerSecond', 2 * 2 ** 30, 'B/s', OWN('2 GiB/s to or from one GPU also counts as a busy bus whatever the link: no image pipeline feeds that much (10,000 RGB 224×224 images a second are 1.5 GB)')),
  hostFeedBytesPerSecond: t('hostFeedBytesPerSecond', 100 * 2 ** 20, 'B/s', OWN('100 MiB/s host→device: batches copied every step; kernel launches alone move a few MiB/s')),
  gpuSaturatedUtilPercent: t('gpuSaturatedUtilPercent', 90, '% GPU-Util', OWN('kernels ≥ 90 % of the time: copies overlap with compute and do not hold it back')),
  pcieGen1LaneBytesPerSecond: t('pcieGen1LaneBytesPerSecond', 250e6, 'B/s per lane', PCIE),
  pcieGen2LaneBytesPerSecond: t('pcieGen2LaneBytesPerSecond', 500e6, 'B/s per lane', PCIE),
  pcieGen3LaneBytesPerSecond: t('pcieGen3LaneBytesPerSecond', 984.6e6, 'B/s per lane', PCIE),
  pcieGen4LaneBytesPerSecond: t('pcieGen4LaneBytesPerSecond', 1969e6, 'B/s per lane', PCIE),
  pcieGen5LaneBytesPerSecond: t('pcieGen5LaneBytesPerSecond', 3938e6, 'B/s per lane', PCIE),
  pcieGen6LaneBytesPerSecond: t('pcieGen6LaneBytesPerSecond', 7563e6, 'B/s per lane', PCIE),

  // --- Idle while holding memory ------------------------------------------------------------
  idleUtilPercent: t('idleUtilPercent', 5, '% GPU-Util', `${OWN('≤ 5 % GPU-Util: at most an occasional tiny kernel')}; ${NVML_UTIL}`),
  idleSharePercent: t('idleSharePercent', 80, '% of window', OWN('idle for most of the window, not a pause between epochs')),
  idleHeldBytes: t('idleHeldBytes', 1024 * 2 ** 20, 'B', OWN('1 GiB: more than a bare CUDA context (~0.3–0.6 GiB), so real tensors are held')),

  // --- Throttled ----------------------------------------------------------------------------
  throttleSharePercent: t('throttleSharePercent', 10, '% of window', `${OWN('held back 10 % of the time or more costs the job measurably')}; ${NVML_VIOLATION}`),
  throttleHighSharePercent: t('throttleHighSharePercent', 50, '% of window', OWN('half the time or more: the clocks, not the code, set the pace')),

  // --- Memory nearly full -------------------------------------------------------------------
  memoryNearlyFullPercent: t('memoryNearlyFullPercent', 90, '% of GPU memory', OWN('PyTorch\'s caching allocator rounds blocks up and fragments; above 90 % a larger input or a new shape can fail to allocate')),
  memoryOomRiskPercent: t('memoryOomRiskPercent', 95, '% of GPU memory', OWN('the events module\'s memory-nearly-full default (src/events/options.ts): a few hundred MiB left on an 8–80 GB GPU')),

  // --- Imbalance ----------------------------------------------------------------------------
  imbalanceGapPercent: t('imbalanceGapPercent', 25, 'points of GPU-Util', OWN('synchronous data-parallel ranks wait for the slowest; a 25-point gap between ranks is a straggler, not noise')),

  // --- Batch advice -------------------------------------------------------------------------
  batchSafetyMarginPercent: t('batchSafetyMarginPercent', 10, '% of GPU memory', OWN('kept free for allocator fragmentation, cuDNN/cuBLAS workspaces and the odd longer sequence')),
} as const satisfies Record<string, Threshold>;

export type ThresholdId = keyof typeof THRESHOLDS;

/** A threshold as a finding lists it (a copy: a report never aliases the table). */
export function used(...ids: ThresholdId[]): ThresholdUse[] {
  return ids.map((id) => ({ ...THRESHOLDS[id] }));
}

const LANE_RATE: Record<number, ThresholdId> = {
  1: 'pcieGen1LaneBytesPerSecond',
  2: 'pcieGen2LaneBytesPerSecond',
  3: 'pcieGen3LaneBytesPerSecond',
  4: 'pcieGen4LaneBytesPerSecond',
  5: 'pcieGen5LaneBytesPerSecond',
  6: 'pcieGen6LaneBytesPerSecond',
};

/** One direction's rate of a PCIe link, bytes/s; null for a generation or width not known. */
export function pcieLinkBytesPerSecond(generation: number | null, width: number | null): { bytesPerSecond: number; threshold: ThresholdId } | null {
  if (generation === null || width === null || !Number.isInteger(width) || width < 1 || width > 32) return null;
  const id = LANE_RATE[generation];
  if (!id) return null;
  return { bytesPerSecond: THRESHOLDS[id].value * width, threshold: id };
}
