// Hand-built samples for the rule tests: a GPU with every value missing unless a test sets it
// (missing must never trigger an event), processes, and a clock that advances one second a sample.

import { emptyGpuDevice } from '../../core/empty-device.js';
import type { GpuDevice, GpuProcess, Snapshot, SnapshotProblem } from '../../core/snapshot.js';
import type { Sample } from '../../monitor/sampler.js';

export const T0 = Date.parse('2026-12-01T12:00:00.000Z');

export function gpu(index: number, patch: Partial<GpuDevice> = {}): GpuDevice {
  const device = emptyGpuDevice(index, 'nvidia');
  device.uuid = `GPU-${index}`;
  device.name = 'NVIDIA H100 80GB HBM3';
  device.pciBusId = `00000000:${(0x17 + index).toString(16).toUpperCase().padStart(2, '0')}:00.0`;
  return Object.assign(device, patch);
}

export function proc(pid: number, gpuIndex: number, patch: Partial<GpuProcess> = {}): GpuProcess {
  return {
    pid, gpuIndex, gpuUuid: `GPU-${gpuIndex}`, gpuInstanceId: null, computeInstanceId: null, type: 'compute',
    usedMemoryBytes: 2 ** 30, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null,
    name: 'python', command: null, user: null, cpuPercent: null, rssBytes: null, startedAt: null, hostResolution: 'ok',
    ...patch,
  };
}

export interface Frame {
  devices: GpuDevice[];
  processes?: GpuProcess[];
  problems?: SnapshotProblem[];
  /** Seconds after the previous frame (default 1). */
  afterSeconds?: number;
}

/** A sequence of samples, one per frame, seq 1, 2, 3 … */
export function samples(frames: readonly Frame[]): Sample[] {
  let wallMs = T0;
  return frames.map((frame, i) => {
    if (i > 0) wallMs += (frame.afterSeconds ?? 1) * 1000;
    const snapshot = {
      schemaVersion: 1, at: new Date(wallMs).toISOString(), backend: 'nvml', capabilities: null, backendAttempts: [],
      driver: { driverVersion: '580.65.06', cudaDriverVersion: '13.0', nvmlVersion: null, unavailable: {} },
      host: {} as Snapshot['host'],
      devices: frame.devices, processes: frame.processes ?? [], problems: frame.problems ?? [],
    } satisfies Snapshot;
    return { seq: i + 1, wallMs, monotonicMs: wallMs - T0, coversMs: i === 0 ? null : 1000, backendMs: 1, hostMs: 1, snapshot };
  });
}
