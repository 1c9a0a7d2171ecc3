// The one data model every consumer reads: plain, JSON-serialisable, units in field names.
// A value the hardware or driver does not give is `null` — never 0, -1, NaN or "N/A" — and the
// reason it is missing goes into `unavailable` (see ./unavailable.ts).

import type { BackendCapabilities, BackendId, BackendUnavailableCode, DeviceSampleSeries } from './backend.js';
import type { ClockEventReason } from './clock-events.js';
import type { UnavailableMap } from './unavailable.js';

export const SNAPSHOT_SCHEMA_VERSION = 1;

export interface Snapshot {
  schemaVersion: typeof SNAPSHOT_SCHEMA_VERSION;
  /** The one instant this snapshot describes (ISO 8601, UTC, milliseconds). */
  at: string;
  /** Which backend produced the GPU data; null when none could open (no driver, no GPU). */
  backend: BackendId | null;
  /** What that backend can give (live metrics, processes …); null when none opened. */
  capabilities: BackendCapabilities | null;
  /** Every backend tried before (and including) the one used, and why each that failed did. */
  backendAttempts: BackendAttemptSummary[];
  driver: DriverInfo;
  host: HostSummary;
  devices: GpuDevice[];
  processes: GpuProcess[];
  /** Problems that did not stop the snapshot (a failed process list, an unreadable /proc …). */
  problems: SnapshotProblem[];
  /**
   * The driver's sub-second samples since the previous snapshot, when the session was opened
   * with `subSecondSamples` (the sampler does) and the backend has them.
   */
  samples?: DeviceSampleSeries[];
  /**
   * When the processes' host fields (CPU %, RSS, command, tree …) were read, where that was
   * before this snapshot (ISO 8601): a sampler reuses them for a few seconds between full reads
   * of /proc (HostReaderOptions.processDetailsMaxAgeMs). Absent when they were read for this one.
   */
  processDetailsAt?: string;
}

export interface BackendAttemptSummary {
  backend: BackendId;
  ok: boolean;
  /** Why it could not open (null when ok). */
  code: BackendUnavailableCode | null;
  detail: string | null;
}

export interface DriverInfo {
  /** e.g. "580.65.06". */
  driverVersion: string | null;
  /** Newest CUDA version the *driver* supports (not the installed toolkit), e.g. "13.0". */
  cudaDriverVersion: string | null;
  /** e.g. "13.580.65.06"; only NVML reports it. */
  nvmlVersion: string | null;
  unavailable: UnavailableMap<'driverVersion' | 'cudaDriverVersion' | 'nvmlVersion'>;
}

export interface HostSummary {
  hostname: string;
  /** Node's `process.platform`: linux, win32, darwin … */
  platform: string;
  /** Kernel release, e.g. "6.8.0-45-generic". */
  kernelRelease: string | null;
  cpuModel: string | null;
  cpuLogicalCount: number | null;
  /** Busy share of all logical CPUs since the previous reading (or over a short first window). */
  cpuUtilPercent: number | null;
  loadAverage1m: number | null;
  loadAverage5m: number | null;
  loadAverage15m: number | null;
  memoryTotalBytes: number | null;
  /** Memory the kernel could give to a new program without swapping (MemAvailable). */
  memoryAvailableBytes: number | null;
  memoryUsedBytes: number | null;
  swapTotalBytes: number | null;
  swapUsedBytes: number | null;
  uptimeSeconds: number | null;

  // Added for long runs (the host side of the Sampler issue); optional so that hand-written
  // summaries (tests, replays of older snapshots) stay valid.
  /** How all CPUs together spent the interval, as shares of it (iowait included). */
  cpuTime?: CpuTimeSplit | null;
  /** The same per logical CPU, in the kernel's numbering; offline CPUs are absent. */
  cpuCores?: CpuCoreTime[] | null;
  /** MemFree: memory nothing uses, not even the page cache. */
  memoryFreeBytes?: number | null;
  /** Buffers: the block-device cache (htop's blue bar). */
  memoryBuffersBytes?: number | null;
  /** Page cache the kernel can drop: Cached + SReclaimable − Shmem, as htop and free(1) count it. */
  memoryCachedBytes?: number | null;
  /** Shmem: tmpfs and shared memory, e.g. /dev/shm where DataLoader workers hand tensors over. */
  memorySharedBytes?: number | null;
  /** SwapCached: pages held both in swap and in memory. */
  swapCachedBytes?: number | null;
}

/**
 * Shares (0–100) of an interval's CPU time, from /proc/stat's counters (user includes guest time,
 * as the kernel counts it). Null where the platform does not say (off Linux: iowait, softirq, steal).
 */
export interface CpuTimeSplit {
  userPercent: number | null;
  nicePercent: number | null;
  systemPercent: number | null;
  idlePercent: number | null;
  /** Idle while a disk read or write of this CPU was pending: a data loader waiting on storage. */
  iowaitPercent: number | null;
  irqPercent: number | null;
  softirqPercent: number | null;
  /** Time the hypervisor ran something else while this (virtual) CPU wanted to run. */
  stealPercent: number | null;
}

export interface CpuCoreTime extends CpuTimeSplit {
  /** The kernel's CPU number (N in cpuN). */
  cpu: number;
  /** Everything but idle and iowait. */
  busyPercent: number | null;
}

/** `lost`: the GPU stopped answering (fell off the bus); `error`: it answered with errors only. */
export type DeviceState = 'ok' | 'lost' | 'error';

export type ComputeMode = 'default' | 'exclusive-thread' | 'prohibited' | 'exclusive-process';

export interface EccErrorCounts {
  correctedVolatile: number | null;
  uncorrectedVolatile: number | null;
  correctedAggregate: number | null;
  uncorrectedAggregate: number | null;
}

/** From nvmlDeviceGetViolationStatus's cumulative counters, as shares (0–100) of the interval. */
export interface ThrottleTimePercent {
  power: number | null;
  thermal: number | null;
  syncBoost: number | null;
  boardLimit: number | null;
  lowUtilization: number | null;
  reliability: number | null;
}

export interface MigDevice {
  /** Index of this MIG device within its parent GPU. */
  index: number;
  uuid: string | null;
  name: string | null;
  gpuInstanceId: number | null;
  computeInstanceId: number | null;
  multiprocessorCount: number | null;
  memoryTotalBytes: number | null;
  memoryUsedBytes: number | null;
  memoryFreeBytes: number | null;
}

export interface GpuDevice {
  index: number;
  state: DeviceState;
  /** What went wrong when `state` is not `ok` (an NVML return-code name or a short text). */
  stateDetail: string | null;
  vendor: 'nvidia' | 'amd' | 'intel' | 'apple' | 'other';
  name: string | null;
  uuid: string | null;
  /** Domain-qualified, upper-case hex as NVML prints it: "00000000:17:00.0". */
  pciBusId: string | null;
  serial: string | null;
  /** Architecture name as NVML reports it: "ampere", "hopper" … */
  architecture: string | null;
  /** CUDA compute capability, e.g. "8.0". */
  computeCapability: string | null;
  vbiosVersion: string | null;

  memoryTotalBytes: number | null;
  memoryUsedBytes: number | null;
  memoryFreeBytes: number | null;
  /** Memory the driver keeps for itself (NVML v2 memory info only). */
  memoryReservedBytes: number | null;

  /** Share of the sample period in which at least one kernel ran — not how busy the SMs are. */
  gpuUtilPercent: number | null;
  /** Share of the sample period in which device memory was read or written. */
  memoryUtilPercent: number | null;
  encoderUtilPercent: number | null;
  decoderUtilPercent: number | null;

  temperatureCelsius: number | null;
  temperatureSlowdownCelsius: number | null;
  temperatureShutdownCelsius: number | null;
  fanSpeedPercent: number | null;

  powerDrawWatts: number | null;
  /** The limit the driver enforces now. */
  powerLimitWatts: number | null;
  powerLimitDefaultWatts: number | null;
  /** Energy since the driver was loaded. */
  energyConsumedJoules: number | null;

  graphicsClockMhz: number | null;
  smClockMhz: number | null;
  memoryClockMhz: number | null;
  graphicsClockMaxMhz: number | null;
  smClockMaxMhz: number | null;
  memoryClockMaxMhz: number | null;

  pcieLinkGeneration: number | null;
  pcieLinkGenerationMax: number | null;
  pcieLinkWidth: number | null;
  pcieLinkWidthMax: number | null;
  pcieRxBytesPerSecond: number | null;
  pcieTxBytesPerSecond: number | null;
  /** NVLink traffic summed over the GPU's links, from the driver's byte counters. */
  nvlinkRxBytesPerSecond: number | null;
  nvlinkTxBytesPerSecond: number | null;

  /**
   * Mean power over the interval since the previous reading, from the energy counter's delta
   * (`powerDrawWatts` is the instant reading where the driver has it).
   */
  powerDrawAverageWatts: number | null;

  /**
   * GPM (Hopper and newer): how busy the GPU really is. `gpuUtilPercent` says a kernel ran;
   * these say how many SMs were active, how full they were, and how much of the tensor cores and
   * memory bandwidth the kernels used. `graphicsActivePercent` is the share of time the graphics
   * engine (any compute or graphics work) was active, GPM's own GPU-Util.
   */
  graphicsActivePercent: number | null;
  smActivePercent: number | null;
  smOccupancyPercent: number | null;
  tensorActivePercent: number | null;
  dramActivePercent: number | null;

  /** Share of the interval since the previous reading that clocks were held back, per cause. */
  throttleTimePercent: ThrottleTimePercent | null;

  /** 0 (P0, fastest) … 15; null when unknown. */
  performanceState: number | null;
  /** Why clocks are below their maximum right now, decoded from NVML's bit mask. */
  clockEventReasons: ClockEventReason[] | null;

  eccModeCurrent: boolean | null;
  eccModePending: boolean | null;
  eccErrors: EccErrorCounts | null;

  migModeCurrent: boolean | null;
  migModePending: boolean | null;
  migDevices: MigDevice[];

  computeMode: ComputeMode | null;
  persistenceMode: boolean | null;
  /** "WDDM" / "TCC" on Windows; null elsewhere. */
  driverModel: string | null;
  /**
   * How old this GPU's figures are (ms, at the snapshot's instant) when they come from an earlier
   * read than the snapshot's own: a GPU read apart (src/backends/nvml/apart-read.ts) shows its
   * newest answer, which began this long ago. Absent: read for this snapshot.
   */
  readingAgeMs?: number;

  unavailable: UnavailableMap<DeviceMetricField>;
}

/** The device fields that can be missing for a reason worth telling. */
export type DeviceMetricField = Exclude<
  keyof GpuDevice,
  'index' | 'state' | 'stateDetail' | 'vendor' | 'migDevices' | 'readingAgeMs' | 'unavailable'
>;

export type ProcessType = 'compute' | 'graphics' | 'compute+graphics';

/**
 * How the host side of a GPU process was resolved:
 * `other-namespace` — the PID belongs to another PID namespace (a container, or gpuwise runs in
 * one), so the host cannot see it; `gone` — it exited between the GPU read and the host read;
 * `error` — reading it failed for another reason (the snapshot's problems say which).
 */
export type HostResolution = 'ok' | 'other-namespace' | 'gone' | 'no-permission' | 'error' | 'unsupported';

export interface GpuProcess {
  pid: number;
  gpuIndex: number;
  gpuUuid: string | null;
  /** MIG placement, when the GPU is in MIG mode. */
  gpuInstanceId: number | null;
  computeInstanceId: number | null;
  type: ProcessType;
  usedMemoryBytes: number | null;
  /** Per-process utilisation over the last sample window, where NVML gives it. */
  smUtilPercent: number | null;
  memoryUtilPercent: number | null;
  encoderUtilPercent: number | null;
  decoderUtilPercent: number | null;

  /** Executable name as the backend or host reports it. */
  name: string | null;
  /**
   * Only when the process comes from a GPU's process list that was not read for this snapshot: a
   * list that takes milliseconds a call is read every 5 s in a long-running reader and carried
   * between (backends/nvml/list-pacing.ts). How long ago (ms) that list was read; a process in
   * two lists gets the older one's age. Absent when every list that has it was read now.
   */
  listedAgeMs?: number;
  // Host enrichment (Linux /proc; null elsewhere or when unresolvable; see `hostResolution`).
  command: string | null;
  user: string | null;
  cpuPercent: number | null;
  rssBytes: number | null;
  /** ISO 8601. */
  startedAt: string | null;
  hostResolution: HostResolution;
  /** The processes it started (data-loader workers …), when read; null when its host side is not resolved. */
  tree?: HostProcessTree | null;
  /** Its threads, when read; null when its host side is not resolved. */
  threads?: HostThreadSummary | null;
  /** The container, pod or batch job it runs in, from /proc/<pid>/cgroup (Linux); absent for a host process or when not read. */
  workload?: ProcessWorkload;
  /** Why a GPU-side value is null when the backend gave one no GPU can have (see core/fields.ts). */
  unavailable?: UnavailableMap<'usedMemoryBytes' | 'smUtilPercent' | 'memoryUtilPercent' | 'encoderUtilPercent' | 'decoderUtilPercent'>;
}

/** Where a process runs, from its cgroup path (src/host/cgroup.ts) and, in a cluster, the pod list. */
export interface ProcessWorkload {
  podUid: string | null;
  pod: string | null;
  namespace: string | null;
  container: string | null;
  /** 64 hex digits, as the runtime names the container. */
  containerId: string | null;
  runtime: 'containerd' | 'cri-o' | 'docker' | 'podman' | null;
  slurmJobId: string | null;
}

/** One descendant of a GPU process, from /proc. */
export interface HostProcessNode {
  pid: number;
  /** The GPU process or another node of the same tree. */
  parentPid: number;
  /** 1 for a child of the GPU process, 2 for a grandchild … */
  depth: number;
  name: string | null;
  command: string | null;
  /** The kernel's state letter: R running, S sleeping, D waiting uninterruptibly (often on I/O), Z zombie … */
  state: string | null;
  /** Percent of ONE core since the previous reading, as for GpuProcess. */
  cpuPercent: number | null;
  /** Null for a zombie, which has no memory of its own. */
  rssBytes: number | null;
  threadCount: number | null;
  /** True when it is itself a GPU process of the same snapshot (its own entry has the GPU side). */
  usesGpu: boolean;
}

export interface HostProcessTree {
  /** Every descendant, parents before their children. */
  descendants: HostProcessNode[];
  /** The GPU process and its descendants together; null when a living one has no figure yet. */
  totalCpuPercent: number | null;
  /**
   * Sum of RSS over the same processes. Pages that forked workers share with their parent are
   * counted once per process, as top and ps count them: an upper bound of the memory used.
   */
  totalRssBytes: number | null;
  /** How descendants were found: the kernel's per-thread child lists, or every process's parent PID. */
  source: 'task-children' | 'ppid-scan';
  /** True when the tree was larger than the reader's limit: only the first descendants are listed and summed. */
  truncated: boolean;
}

export interface HostThread {
  tid: number;
  /** The thread's own name (prctl / pthread_setname_np), e.g. "pt_main_thread". */
  name: string | null;
  cpuPercent: number | null;
}

export interface HostThreadSummary {
  /** How many threads the process has (main thread included). */
  count: number | null;
  /** Per-thread CPU, busiest first and capped; null unless the reader was asked for it (threadCpu). */
  busiest: HostThread[] | null;
}

export interface SnapshotProblem {
  /** Where: "processes", "host", "device:2" … */
  scope: string;
  /** Machine-readable code (an NVML return-code name, "timeout", "parse" …). */
  code: string;
  /**
   * Untranslated English text. Where `key` is set, renderers should show `t(key, params)` in the
   * user's language instead, so that --json and stored histories do not depend on LANG.
   */
  message: string;
  /** An i18n message key (see src/i18n/messages/), when the problem has a translated text. */
  key?: string;
  /** The values that key's placeholders take. */
  params?: Record<string, string | number>;
}
