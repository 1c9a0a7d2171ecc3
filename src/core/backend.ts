// The contract every GPU backend implements (nvml, nvidia-smi, pci …), kept tiny on purpose:
// open it (or learn why it cannot open), read everything at one instant, close it.

import type { DriverInfo, GpuDevice, GpuProcess, SnapshotProblem } from './snapshot.js';

/**
 * A backend's id: the name of its folder under src/backends/ ("nvml", "nvidia-smi", "pci",
 * "static" …). Which ids exist is the registry's business (backends/registry.ts lists each
 * folder's definition), so a new backend needs no edit here.
 */
export type BackendId = string;

/** The GPU side of a process; the host side (user, command, CPU …) is added by `host/`. */
export type BackendProcess = Pick<
  GpuProcess,
  | 'pid'
  | 'gpuIndex'
  | 'gpuUuid'
  | 'gpuInstanceId'
  | 'computeInstanceId'
  | 'type'
  | 'usedMemoryBytes'
  | 'smUtilPercent'
  | 'memoryUtilPercent'
  | 'encoderUtilPercent'
  | 'decoderUtilPercent'
  | 'name'
  | 'listedAgeMs'
>;

export interface BackendReading {
  driver: DriverInfo;
  devices: GpuDevice[];
  processes: BackendProcess[];
  problems: SnapshotProblem[];
  /**
   * The driver's own sub-second samples since the previous reading (nvmlDeviceGetSamples, about
   * 1/6 s apart), so a 1–2 s sampler still sees what happened between its ticks. Absent when the
   * backend has none.
   */
  samples?: DeviceSampleSeries[];
  /**
   * When a recording says this reading was taken (ISO 8601): an import (`info --from`) shows it
   * as the snapshot's time; a replay, which plays the recording now, does not. Absent when live.
   */
  recordedAt?: string;
}

export type SampledMetric = 'gpuUtilPercent' | 'memoryUtilPercent' | 'powerDrawWatts';

export interface DeviceSampleSeries {
  deviceIndex: number;
  uuid: string | null;
  metric: SampledMetric;
  /** Wall-clock time of each sample, ms since the epoch, ascending. */
  timesMs: number[];
  /** In the metric's unit (percent, watts). */
  values: number[];
}

export interface BackendCapabilities {
  /** Live metrics (utilisation, memory, power …); false for a bus scan that only finds devices. */
  metrics: boolean;
  processes: boolean;
  /**
   * Interval fields (PCIe/NVLink bytes per second, powerDrawAverageWatts, throttleTimePercent,
   * GPM activity) come from counters read at two instants: the first reading after open (or
   * after `prime()`) has them null with reason `first-sample`. Absent: the backend has none.
   */
  intervalRates?: boolean;
  /** The readings carry `samples` (the driver's sub-second samples since the previous reading). */
  subSecondSamples?: boolean;
}

export interface Backend {
  readonly id: BackendId;
  readonly capabilities: BackendCapabilities;
  /** One batched read of every device and process. Partial failures land in `problems`. */
  read(): Promise<BackendReading>;
  /**
   * Reads only the counters, as the baseline for the next read's rates: cheap (one batched call
   * per GPU), so one-shot `info` can prime at open and read after its CPU window with rates and
   * without a sleep. Optional: a backend without interval rates has none.
   */
  prime?(): Promise<void>;
  close(): Promise<void>;
}

/** Why a backend could not open. Expected on most machines, so a value, not an exception. */
export type BackendUnavailableCode =
  | 'library-not-found'
  | 'init-failed'
  | 'command-not-found'
  | 'command-failed'
  | 'timeout'
  | 'unsupported-platform'
  | 'driver-not-loaded'
  | 'no-permission'
  | 'error';

export interface BackendUnavailable {
  code: BackendUnavailableCode;
  /** Technical detail for the curious (a path, an NVML return code, stderr) — not translated. */
  detail: string;
}

export type BackendOpenResult =
  | { ok: true; backend: Backend }
  | { ok: false; unavailable: BackendUnavailable };

/** A backend's factory: one per folder under src/backends/, named after its id. */
export interface BackendDriver {
  readonly id: BackendId;
  open(): Promise<BackendOpenResult>;
}

/**
 * What a backend folder exports as `definition` (its definition.ts, which must stay tiny: the
 * registry imports every definition at start, and the backend's code loads only in `load`).
 */
export interface BackendDefinition<Id extends BackendId = BackendId, Options = unknown> {
  readonly id: Id;
  /** Where it can run: `process.platform` values, or 'all'. Elsewhere it is never loaded. */
  readonly platforms: readonly NodeJS.Platform[] | 'all';
  /** What it gives once open (the snapshot carries the opened backend's own). */
  readonly capabilities: BackendCapabilities;
  /** Its place in the default chain, lowest first; null: used only when pinned by name. */
  readonly chainOrder: number | null;
  /** Imports the backend's code and makes its driver. */
  load(options: Options): Promise<BackendDriver>;
}
