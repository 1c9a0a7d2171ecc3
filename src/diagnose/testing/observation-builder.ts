// Synthetic Observations for tests, compact to write: a few GPU specs and one frame (or a function
// of the sample number) with only the values a test cares about. Everything not given is null,
// as a backend that could not read it would leave it — so a test of "missing data" is the default.

import { emptyGpuDevice } from '../../core/empty-device.js';
import type { ClockEventReason } from '../../core/clock-events.js';
import type { DeviceSampleSeries } from '../../core/backend.js';
import type { GpuDevice, GpuProcess, ThrottleTimePercent } from '../../core/snapshot.js';
import { TRACE_FORMAT, TRACE_VERSION, type HostSample, type Observation, type ObservationSample, type TreeProcessSample, type TreeSample } from '../types.js';

const MIB = 2 ** 20;
/** The driver's sampling tick (1/6 s), as NVML's sample buffer and the fake NVML keep it. */
export const DRIVER_TICK_MS = 1000 / 6;

export interface GpuSpec {
  name?: string;
  uuid?: string;
  memoryTotalMiB?: number;
  pcieGen?: number;
  pcieWidth?: number;
  architecture?: string;
  powerLimitWatts?: number;
  /** The board's default limit (null: not read). Default: the same as powerLimitWatts. */
  powerLimitDefaultWatts?: number | null;
}

export interface GpuFrame {
  util?: number | null;
  memUtil?: number | null;
  memUsedMiB?: number | null;
  smActive?: number | null;
  smOccupancy?: number | null;
  tensorActive?: number | null;
  dramActive?: number | null;
  pcieRxMiBps?: number | null;
  pcieTxMiBps?: number | null;
  power?: number | null;
  throttle?: Partial<ThrottleTimePercent> | null;
  reasons?: ClockEventReason[] | null;
  /** GPU-Util of the driver's 1/6 s ticks, repeating (a saw-tooth: [100, 100, 0]). */
  subUtil?: number[];
  /** Any other GpuDevice field, raw (hostile values in tests). */
  raw?: Partial<GpuDevice>;
}

export interface TreeFrame {
  /** The root's CPU, % of one core. */
  rootCpu?: number | null;
  /** One entry per child process (depth 1), % of one core. */
  workers?: (number | null)[];
  /** The root's threads' CPU, busiest first. */
  rootThreads?: (number | null)[] | null;
  diskReadMiBps?: number | null;
  /** State letters; default R at ≥ 80 % of a core, S below, null without a figure. */
  rootState?: string | null;
  workerStates?: (string | null)[];
  /** Does the root use the GPU (NVML lists it)? Default true. */
  rootUsesGpu?: boolean;
}

export interface FrameSpec {
  gpus?: (GpuFrame | null)[];
  processes?: (Partial<GpuProcess> & { pid: number })[];
  host?: Partial<HostSample> & { iowait?: number | null };
  tree?: TreeFrame | null;
}

export interface ObservationSpec {
  gpus?: GpuSpec[];
  /** Number of samples (default 10). */
  samples?: number;
  intervalMs?: number;
  startMs?: number;
  rootPid?: number | null;
  cpuLogicalCount?: number | null;
  frame?: FrameSpec | ((sample: number, wallMs: number) => FrameSpec);
}

export const ROOT_PID = 4242;

export function buildObservation(spec: ObservationSpec = {}): Observation {
  const gpus = spec.gpus ?? [{}];
  const count = spec.samples ?? 10;
  const intervalMs = spec.intervalMs ?? 1000;
  const startMs = spec.startMs ?? Date.UTC(2026, 11, 1, 12, 0, 0);
  const rootPid = spec.rootPid === undefined ? ROOT_PID : spec.rootPid;
  const samples: ObservationSample[] = [];
  let tick = 0;
  for (let i = 0; i < count; i += 1) {
    const wallMs = startMs + i * intervalMs;
    const frame = typeof spec.frame === 'function' ? spec.frame(i, wallMs) : (spec.frame ?? {});
    const devices = gpus.map((g, index) => device(index, g, frame.gpus?.[index] ?? null, i === 0));
    const subSamples: DeviceSampleSeries[] = [];
    const ticksBefore = tick;
    devices.forEach((d, index) => {
      const pattern = frame.gpus?.[index]?.subUtil;
      if (!pattern || pattern.length === 0 || i === 0) return;
      const timesMs: number[] = [];
      const values: number[] = [];
      let k = ticksBefore;
      for (let at = Math.ceil((wallMs - intervalMs) / DRIVER_TICK_MS) * DRIVER_TICK_MS; at < wallMs; at += DRIVER_TICK_MS, k += 1) {
        timesMs.push(Math.round(at));
        values.push(pattern[k % pattern.length] as number);
      }
      subSamples.push({ deviceIndex: d.index, uuid: d.uuid, metric: 'gpuUtilPercent', timesMs, values });
    });
    tick += Math.round(intervalMs / DRIVER_TICK_MS);
    samples.push({
      wallMs,
      coversMs: i === 0 ? null : intervalMs,
      devices,
      processes: (frame.processes ?? []).map((p) => gpuProcess(p, devices)),
      subSamples,
      host: host(frame.host),
      tree: rootPid === null || frame.tree === null || frame.tree === undefined ? null : tree(rootPid, frame.tree),
    });
  }
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    recordedBy: 'test',
    startedAt: new Date(startMs).toISOString(),
    endedAt: new Date(startMs + (count - 1) * intervalMs).toISOString(),
    intervalMs,
    target: { pid: rootPid, command: null, gpuIndices: null },
    rootPid,
    backend: 'nvml',
    driver: { driverVersion: '580.65.06', cudaDriverVersion: '13.0', nvmlVersion: null, unavailable: {} },
    hostname: 'box',
    cpuLogicalCount: spec.cpuLogicalCount === undefined ? 16 : spec.cpuLogicalCount,
    samples,
    job: null,
    problems: [],
  };
}

function device(index: number, spec: GpuSpec, f: GpuFrame | null, first: boolean): GpuDevice {
  const totalMiB = spec.memoryTotalMiB ?? 81920;
  const used = f?.memUsedMiB ?? null;
  const d: GpuDevice = {
    ...emptyGpuDevice(index, 'nvidia'),
    name: spec.name ?? 'NVIDIA H100 80GB HBM3',
    uuid: spec.uuid ?? `GPU-0000000${index}-aaaa-bbbb-cccc-dddddddddddd`,
    architecture: spec.architecture ?? 'hopper',
    memoryTotalBytes: totalMiB * MIB,
    memoryUsedBytes: used === null ? null : used * MIB,
    memoryFreeBytes: used === null ? null : (totalMiB - used) * MIB,
    gpuUtilPercent: f?.util ?? null,
    memoryUtilPercent: f?.memUtil ?? null,
    powerDrawWatts: f?.power ?? null,
    powerLimitWatts: spec.powerLimitWatts ?? 700,
    powerLimitDefaultWatts: spec.powerLimitDefaultWatts === undefined ? (spec.powerLimitWatts ?? 700) : spec.powerLimitDefaultWatts,
    pcieLinkGeneration: spec.pcieGen ?? 5,
    pcieLinkWidth: spec.pcieWidth ?? 16,
    pcieLinkGenerationMax: spec.pcieGen ?? 5,
    pcieLinkWidthMax: spec.pcieWidth ?? 16,
    clockEventReasons: f?.reasons ?? null,
  };
  // Interval fields are null at the first sample (no earlier counter to subtract).
  if (!first && f) {
    d.smActivePercent = f.smActive ?? null;
    d.smOccupancyPercent = f.smOccupancy ?? null;
    d.tensorActivePercent = f.tensorActive ?? null;
    d.dramActivePercent = f.dramActive ?? null;
    d.pcieRxBytesPerSecond = f.pcieRxMiBps == null ? null : f.pcieRxMiBps * MIB;
    d.pcieTxBytesPerSecond = f.pcieTxMiBps == null ? null : f.pcieTxMiBps * MIB;
    d.powerDrawAverageWatts = f.power ?? null;
    d.throttleTimePercent = f.throttle
      ? { power: null, thermal: null, syncBoost: null, boardLimit: null, lowUtilization: null, reliability: null, ...f.throttle }
      : null;
  }
  return { ...d, ...(f?.raw ?? {}) };
}

function gpuProcess(p: Partial<GpuProcess> & { pid: number }, devices: GpuDevice[]): GpuProcess {
  const gpuIndex = p.gpuIndex ?? 0;
  return {
    gpuIndex, gpuUuid: devices[gpuIndex]?.uuid ?? null, gpuInstanceId: null, computeInstanceId: null, type: 'compute',
    usedMemoryBytes: null, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null,
    name: 'python3', command: 'python3 train.py', user: 'alice', cpuPercent: null, rssBytes: null, startedAt: null, hostResolution: 'ok',
    ...p,
  };
}

function host(h: FrameSpec['host']): HostSample {
  const iowait = h?.iowait ?? null;
  return {
    cpuUtilPercent: h?.cpuUtilPercent ?? null,
    cpuTime: h?.cpuTime ?? (iowait === null ? null : {
      userPercent: null, nicePercent: null, systemPercent: null, idlePercent: null,
      iowaitPercent: iowait, irqPercent: null, softirqPercent: null, stealPercent: null,
    }),
    memoryAvailableBytes: h?.memoryAvailableBytes ?? null,
    memoryCachedBytes: h?.memoryCachedBytes ?? null,
    majorFaultsPerSecond: h?.majorFaultsPerSecond ?? null,
  };
}

const stateOf = (cpu: number | null | undefined) => (cpu === null || cpu === undefined || !Number.isFinite(cpu) ? null : cpu >= 80 ? 'R' : 'S');

function tree(rootPid: number, f: TreeFrame): TreeSample {
  const disk = f.diskReadMiBps == null ? null : f.diskReadMiBps * MIB;
  const processes: TreeProcessSample[] = [
    { pid: rootPid, parentPid: null, depth: 0, name: 'python3', state: f.rootState === undefined ? stateOf(f.rootCpu) : f.rootState, cpuPercent: f.rootCpu ?? null, rssBytes: 4 * 2 ** 30, diskReadBytesPerSecond: disk, usesGpu: f.rootUsesGpu ?? true },
    ...(f.workers ?? []).map((cpu, k): TreeProcessSample => ({
      pid: rootPid + 1 + k, parentPid: rootPid, depth: 1, name: 'pt_data_worker', state: f.workerStates?.[k] === undefined ? stateOf(cpu) : (f.workerStates[k] ?? null), cpuPercent: cpu, rssBytes: 2 ** 30, diskReadBytesPerSecond: null, usesGpu: false,
    })),
  ];
  const cpus = processes.map((p) => p.cpuPercent).filter((v): v is number => v !== null);
  return {
    rootPid,
    processes,
    rootThreads: f.rootThreads === undefined || f.rootThreads === null ? null : f.rootThreads.map((cpu, k) => ({ tid: rootPid + 100 + k, name: k === 0 ? 'python3' : `worker${k}`, cpuPercent: cpu })),
    totalCpuPercent: cpus.length === 0 ? null : cpus.reduce((a, b) => a + b, 0),
    totalDiskReadBytesPerSecond: disk,
  };
}
