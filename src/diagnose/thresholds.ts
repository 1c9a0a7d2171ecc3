// Every number `diagnose` judges by, in one place, each with its unit and where it comes from.
// Where no published figure exists the source says "gpuwise's choice" and why that value: a
// reader can then argue with the number instead of guessing where it came from.

import type { ThresholdUse } from './types.js';

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

/** The units a threshold is in: the id (translated where it is shown) and the English text the JSON carries. */
export const THRESHOLD_UNITS = {
  samples: 'samples',
  seconds: 's',
  gaps: 'gaps',
  percentOfTime: '% of time',
  percentOfIdleTime: '% of idle time',
  percentGpuUtil: '% GPU-Util',
  percentOfDriverSamples: '% of driver samples',
  percentOfOneCore: '% of one core',
  percentOfSamples: '% of samples',
  percentOfCpuTime: '% of CPU time',
  bytesPerSecond: 'B/s',
  bytesPerSecondPerLane: 'B/s per lane',
  bytes: 'B',
  percentSmActive: '% SM active',
  percentOfGpuMemory: '% of GPU memory',
  percentOfLinkRate: '% of link rate',
  percentOfWindow: '% of window',
  pointsOfGpuUtil: 'points of GPU-Util',
} as const;

export type ThresholdUnitId = keyof typeof THRESHOLD_UNITS;

export interface Threshold extends ThresholdUse {
  unitId: ThresholdUnitId;
  /** gpuwise's own reason for the number (where no published figure gives it), in English. */
  why: string | null;
  /** The published source, where there is one. */
  cite: string | null;
}

/** `source` is the reason and the citation as one English text: what the JSON report carries. */
function t(id: string, value: number, unitId: ThresholdUnitId, { why, cite }: { why?: string; cite?: string }): Threshold {
  const source = [why === undefined ? null : `gpuwise's choice: ${why}`, cite ?? null].filter((part) => part !== null).join('; ');
  return { id, value, unit: THRESHOLD_UNITS[unitId], source, unitId, why: why ?? null, cite: cite ?? null };
}

export const THRESHOLDS = {
  // --- Enough to say anything --------------------------------------------------------------
  minSamples: t('minSamples', 3, 'samples', { why: 'two rates need three readings; fewer cannot tell a pattern from a moment' }),
  minWindowSeconds: t('minWindowSeconds', 2, 'seconds', { why: 'below 2 s a single data-loader stall or warm-up dominates' }),

  // --- Input pipeline -----------------------------------------------------------------------
  inputModeratePercent: t('inputModeratePercent', 5, 'percentOfTime', { cite: TF_INPUT }),
  inputHighPercent: t('inputHighPercent', 20, 'percentOfTime', { cite: TF_INPUT }),
  gapUtilPercent: t('gapUtilPercent', 10, 'percentGpuUtil', { why: 'a 1/6 s driver sample at ≤ 10 % is a tick with (almost) no kernel: the GPU waited', cite: NVML_UTIL }),
  sawToothMinGaps: t('sawToothMinGaps', 3, 'gaps', { why: 'a wait before every step recurs: fewer separate gaps between the first burst and the last are a pause, not a saw-tooth' }),
  sawToothLongestGapPercent: t('sawToothLongestGapPercent', 50, 'percentOfIdleTime', { why: 'one gap holding half the idle time or more is one long pause (a checkpoint, an evaluation), not a wait before each step' }),
  sawToothBusySharePercent: t('sawToothBusySharePercent', 10, 'percentOfDriverSamples', { why: 'gaps count as a saw-tooth only with bursts of work between them (a tenth of the ticks > 50 %): a GPU barely used all the time is not starved, it is given little' }),
  workerSaturatedPercent: t('workerSaturatedPercent', 80, 'percentOfOneCore', { why: 'a loader worker is single-threaded Python; ≥ 80 % of a core means it never waits' }),
  runnableSharePercent: t('runnableSharePercent', 80, 'percentOfSamples', { why: 'the kernel\'s state R (running, or ready and waiting for a CPU) in ≥ 80 % of the samples: the process never waits for data or the GPU — saturated even where a shared machine gives it less than a core' }),
  iowaitHighPercent: t('iowaitHighPercent', 10, 'percentOfCpuTime', { why: 'iowait above 10 % of all CPU time means reads stall the host, not a background trickle' }),
  diskReadHighBytesPerSecond: t('diskReadHighBytesPerSecond', 50 * 2 ** 20, 'bytesPerSecond', { why: '50 MiB/s of storage reads by the tree: the data set is not in the page cache' }),

  // --- Launch bound / small batch -------------------------------------------------------------
  smActiveIneffectivePercent: t('smActiveIneffectivePercent', 50, 'percentSmActive', { cite: DCGM_SM }),
  smActiveEffectivePercent: t('smActiveEffectivePercent', 80, 'percentSmActive', { cite: DCGM_SM }),
  mainThreadFullCorePercent: t('mainThreadFullCorePercent', 85, 'percentOfOneCore', { why: 'Python launches kernels from one thread; ≥ 85 % of a core leaves it no time to wait: the CPU sets the pace' }),
  lowMemoryUsePercent: t('lowMemoryUsePercent', 30, 'percentOfGpuMemory', { why: 'a batch that fills under 30 % of memory has room to grow ×2 or more' }),
  smallModelUtilPercent: t('smallModelUtilPercent', 80, 'percentGpuUtil', { why: 'kernels run ≥ 80 % of the time: the GPU is not waiting for launches, each kernel is just too small to fill it' }),
  busyUtilPercent: t('busyUtilPercent', 50, 'percentGpuUtil', { why: 'a GPU whose kernels run under half the time is mostly waiting, whatever the cause' }),

  // --- Transfer bound -----------------------------------------------------------------------
  pcieNearLinkPercent: t('pcieNearLinkPercent', 60, 'percentOfLinkRate', { why: 'real copies reach ~75–85 % of the line rate (packet overheads); 60 % sustained means copies take most of the link' }),
  transferSharePercent: t('transferSharePercent', 20, 'percentOfWindow', { why: 'as TensorBoard\'s "highly input-bound" share: copies near the link rate for a fifth of the time or more' }),
  pcieBusyLinkPercent: t('pcieBusyLinkPercent', 15, 'percentOfLinkRate', { why: '15 % of the line rate (9.5 GB/s on Gen5 ×16, five times what a busy image loader feeds) most of the time, while the GPU waits, is copies setting the pace', cite: 'NVIDIA Developer Blog, M. Harris, "How to Optimize Data Transfers in CUDA C/C++": copies from pageable memory are staged through a pinned buffer by the CPU and reach a fraction of pinned bandwidth; https://developer.nvidia.com/blog/how-optimize-data-transfers-cuda-cc/' }),
  pcieBusyBytesPerSecond: t('pcieBusyBytesPerSecond', 2 * 2 ** 30, 'bytesPerSecond', { why: '2 GiB/s to or from one GPU also counts as a busy bus whatever the link: no image pipeline feeds that much (10,000 RGB 224×224 images a second are 1.5 GB)' }),
  hostFeedBytesPerSecond: t('hostFeedBytesPerSecond', 100 * 2 ** 20, 'bytesPerSecond', { why: '100 MiB/s host→device: batches copied every step; kernel launches alone move a few MiB/s' }),
  gpuSaturatedUtilPercent: t('gpuSaturatedUtilPercent', 90, 'percentGpuUtil', { why: 'kernels ≥ 90 % of the time: copies overlap with compute and do not hold it back' }),
  pcieGen1LaneBytesPerSecond: t('pcieGen1LaneBytesPerSecond', 250e6, 'bytesPerSecondPerLane', { cite: PCIE }),
  pcieGen2LaneBytesPerSecond: t('pcieGen2LaneBytesPerSecond', 500e6, 'bytesPerSecondPerLane', { cite: PCIE }),
  pcieGen3LaneBytesPerSecond: t('pcieGen3LaneBytesPerSecond', 984.6e6, 'bytesPerSecondPerLane', { cite: PCIE }),
  pcieGen4LaneBytesPerSecond: t('pcieGen4LaneBytesPerSecond', 1969e6, 'bytesPerSecondPerLane', { cite: PCIE }),
  pcieGen5LaneBytesPerSecond: t('pcieGen5LaneBytesPerSecond', 3938e6, 'bytesPerSecondPerLane', { cite: PCIE }),
  pcieGen6LaneBytesPerSecond: t('pcieGen6LaneBytesPerSecond', 7563e6, 'bytesPerSecondPerLane', { cite: PCIE }),

  // --- Idle while holding memory ------------------------------------------------------------
  idleUtilPercent: t('idleUtilPercent', 5, 'percentGpuUtil', { why: '≤ 5 % GPU-Util: at most an occasional tiny kernel', cite: NVML_UTIL }),
  idleSharePercent: t('idleSharePercent', 80, 'percentOfWindow', { why: 'idle for most of the window, not a pause between epochs' }),
  idleHeldBytes: t('idleHeldBytes', 1024 * 2 ** 20, 'bytes', { why: '1 GiB: more than a bare CUDA context (~0.3–0.6 GiB), so real tensors are held' }),

  // --- Throttled ----------------------------------------------------------------------------
  throttleSharePercent: t('throttleSharePercent', 10, 'percentOfWindow', { why: 'held back 10 % of the time or more costs the job measurably', cite: NVML_VIOLATION }),
  throttleHighSharePercent: t('throttleHighSharePercent', 50, 'percentOfWindow', { why: 'half the time or more: the clocks, not the code, set the pace' }),

  // --- Memory nearly full -------------------------------------------------------------------
  memoryNearlyFullPercent: t('memoryNearlyFullPercent', 90, 'percentOfGpuMemory', { why: 'PyTorch\'s caching allocator rounds blocks up and fragments; above 90 % a larger input or a new shape can fail to allocate' }),
  memoryOomRiskPercent: t('memoryOomRiskPercent', 95, 'percentOfGpuMemory', { why: 'the events module\'s memory-nearly-full default (src/events/options.ts): a few hundred MiB left on an 8–80 GB GPU' }),

  // --- Imbalance ----------------------------------------------------------------------------
  imbalanceGapPercent: t('imbalanceGapPercent', 25, 'pointsOfGpuUtil', { why: 'synchronous data-parallel ranks wait for the slowest; a 25-point gap between ranks is a straggler, not noise' }),

  // --- Batch advice -------------------------------------------------------------------------
  batchSafetyMarginPercent: t('batchSafetyMarginPercent', 10, 'percentOfGpuMemory', { why: 'kept free for allocator fragmentation, cuDNN/cuBLAS workspaces and the odd longer sequence' }),
} as const satisfies Record<string, Threshold>;

export type ThresholdId = keyof typeof THRESHOLDS;

/** A threshold as a finding lists it (a copy: a report never aliases the table). */
export function used(...ids: ThresholdId[]): ThresholdUse[] {
  return ids.map((id) => {
    const { value, unit, source } = THRESHOLDS[id];
    return { id, value, unit, source };
  });
}

export function isThresholdId(id: string): id is ThresholdId {
  return Object.hasOwn(THRESHOLDS, id);
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
