// The data `diagnose` works on and the report it gives. An Observation is what was watched (and
// what a trace file holds, see ./trace.ts); `diagnose(observation)` turns it into ranked findings.
// Plain, JSON-serialisable data, units in names, missing values null — as core/snapshot.ts.

import type { BackendId, DeviceSampleSeries } from '../core/backend.js';
import type { CpuTimeSplit, DriverInfo, GpuDevice, GpuProcess } from '../core/snapshot.js';

export const TRACE_FORMAT = 'gpuwise-diagnose-trace';
export const TRACE_VERSION = 1;

/** What was asked to be watched. Exactly one of pid / command is set, or neither (whole GPUs). */
export interface ObservationTarget {
  /** `--pid N`: an existing process (and its tree). */
  pid: number | null;
  /** `-- command …`: started by diagnose itself; its pid is `rootPid`. */
  command: string[] | null;
  /** `--gpu i` (indices as NVML numbers them); null: the GPUs the job uses, else all. */
  gpuIndices: number[] | null;
}

/** One process of the watched tree at one sample. */
export interface TreeProcessSample {
  pid: number;
  /** null for the root. */
  parentPid: number | null;
  /** 0 for the root, 1 for its children … */
  depth: number;
  name: string | null;
  /** The kernel's state letter (R, S, D …). */
  state: string | null;
  /** Percent of ONE core over the interval. */
  cpuPercent: number | null;
  rssBytes: number | null;
  /** From /proc/<pid>/io read_bytes (storage reads, not page-cache hits), over the interval. */
  diskReadBytesPerSecond: number | null;
  /** True when NVML lists this pid as a GPU process. */
  usesGpu: boolean;
}

export interface TreeSample {
  rootPid: number;
  processes: TreeProcessSample[];
  /** Threads of the root process, busiest first (capped); null where not read. */
  rootThreads: { tid: number; name: string | null; cpuPercent: number | null }[] | null;
  /** Sums over `processes` (null when no process had a figure). */
  totalCpuPercent: number | null;
  totalDiskReadBytesPerSecond: number | null;
}

export interface HostSample {
  cpuUtilPercent: number | null;
  /** The interval's CPU time split, iowait included (Linux). */
  cpuTime: CpuTimeSplit | null;
  memoryAvailableBytes: number | null;
  memoryCachedBytes: number | null;
  /** Major page faults per second over the interval (/proc/vmstat pgmajfault): page-cache pressure. */
  majorFaultsPerSecond: number | null;
}

export interface ObservationSample {
  /** Wall clock, ms since the epoch. */
  wallMs: number;
  /** ms since the previous sample; null for the first. */
  coversMs: number | null;
  /** The watched GPUs only (GpuDevice as the sampler gives it, GPM and throttle shares included). */
  devices: GpuDevice[];
  /** GPU processes on the watched GPUs (`tree`/`threads` dropped: see `tree`). */
  processes: GpuProcess[];
  /** The driver's sub-second samples for the watched GPUs since the previous sample. */
  subSamples: DeviceSampleSeries[];
  host: HostSample;
  /** The watched process tree; null when watching whole GPUs. */
  tree: TreeSample | null;
}

/** How a job started by diagnose (or run) ended, when it ended within the window. */
export interface JobEnd {
  exitCode: number | null;
  signal: string | null;
  atMs: number;
}

export interface Observation {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  /** gpuwise's version that recorded it. */
  recordedBy: string;
  startedAt: string;
  endedAt: string;
  intervalMs: number;
  target: ObservationTarget;
  /** The root of the watched tree (the --pid, or the started command's pid). */
  rootPid: number | null;
  backend: BackendId | null;
  driver: DriverInfo;
  hostname: string;
  cpuLogicalCount: number | null;
  samples: ObservationSample[];
  job: JobEnd | null;
  /** Problems while observing (untranslated English + optional key), as Snapshot.problems. */
  problems: { scope: string; code: string; message: string; key?: string; params?: Record<string, string | number> }[];
}

// --- The report ---------------------------------------------------------------------------

export type RuleId =
  | 'input-bound'
  | 'launch-bound'
  | 'transfer-bound'
  | 'idle-holding-memory'
  | 'throttled'
  | 'memory-nearly-full'
  | 'imbalance';

export type Framework = 'pytorch' | 'tensorflow' | 'jax';

/** A message in the catalog (src/i18n/messages/diagnose.ts) with its values. */
export interface Text {
  key: string;
  params?: Record<string, string | number>;
}

/** One threshold a rule used, and where the number comes from (thresholds.ts). */
export interface ThresholdUse {
  id: string;
  value: number;
  unit: string;
  /** A citation: the document and, where it has one, the URL. */
  source: string;
}

export interface Evidence extends Text {
  /** The measured value (in `unit`), for --json and charts; null when it is a statement. */
  value: number | null;
  unit: string | null;
}

export interface Fix extends Text {
  /** Code to change, per framework, where the frameworks differ; `any` when it is the same. */
  code: Partial<Record<Framework | 'any', string>>;
}

export interface Finding {
  rule: RuleId;
  /** How much it costs the job: high (most of the GPU's time), medium, low. */
  severity: 'high' | 'medium' | 'low';
  /** 0–1: how sure the rule is that this is the cause. */
  confidence: number;
  gpuIndices: number[];
  pids: number[];
  title: Text;
  summary: Text;
  evidence: Evidence[];
  thresholds: ThresholdUse[];
  fixes: Fix[];
  /** The span the evidence covers (wall ms). */
  fromMs: number;
  toMs: number;
  /** Added by analysis: 0–1, the share of the window's GPU time the problem touches. */
  timeShare: number;
  /** Added by analysis: severity weight (high 3, medium 2, low 1) × confidence × timeShare; the ranking key. */
  score: number;
  /** Added by analysis: a variant of the rule with its own text (launch-bound: 'small-model'). */
  variant: string | null;
}

export interface BatchAdvice {
  gpuIndex: number;
  /** Peak memory used over the window. */
  peakUsedBytes: number;
  totalBytes: number;
  /** Bytes per unit of batch: measured between two batch sizes, or estimated. */
  bytesPerBatchItem: number | null;
  method: 'measured' | 'estimated' | 'unknown';
  currentBatch: number | null;
  /** The largest batch that fits with `safetyMarginPercent` left free; null when unknown. */
  largestBatch: number | null;
  safetyMarginPercent: number;
  notes: Text[];
}

export interface GpuWindowSummary {
  index: number;
  uuid: string | null;
  name: string | null;
  gpuUtilMeanPercent: number | null;
  smActiveMeanPercent: number | null;
  tensorActiveMeanPercent: number | null;
  memoryUsedPeakBytes: number | null;
  memoryTotalBytes: number | null;
  powerMeanWatts: number | null;
  pcieRxMeanBytesPerSecond: number | null;
  pcieTxMeanBytesPerSecond: number | null;
}

export interface DiagnoseReport {
  version: 1;
  target: ObservationTarget;
  rootPid: number | null;
  startedAt: string;
  endedAt: string;
  seconds: number;
  sampleCount: number;
  /** `insufficient`: too few samples (or no GPU) to say anything. */
  verdict: 'healthy' | 'findings' | 'insufficient';
  /** Ranked: the most likely main cause first. */
  findings: Finding[];
  gpus: GpuWindowSummary[];
  batchAdvice: BatchAdvice[];
  /** Always-shown explanations (what GPU-Util means, what was not observable and why). */
  notes: Text[];
}

export interface DiagnoseOptions {
  /** Current batch size when the user gives it (`--batch`), for the batch advice. */
  batchSize?: number;
  /** Memory-estimator inputs when the user gives a model (`--model`). */
  model?: string;
  /**
   * Added by analysis: the batch sizes the job ran with and when each began (wall ms), when the
   * caller knows them (a job that logs them, `run`): memory measured at two batch sizes gives the
   * bytes per batch item. Without it the estimator (`model`) or 'unknown'.
   */
  batchSteps?: { fromMs: number; batchSize: number }[];
  /** Added by analysis: sequence length for the estimator (`--seq`), default the estimator's. */
  sequenceLength?: number;
}
