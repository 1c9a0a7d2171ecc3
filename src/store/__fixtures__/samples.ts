// Hand-built samples with exact numbers, for the store's tests, the crash child and the bench.

import { emptyGpuDevice } from '../../core/empty-device.js';
import type { GpuDevice, GpuProcess, HostSummary, Snapshot } from '../../core/snapshot.js';
import type { Sample } from '../../monitor/sampler.js';

export function handHost(fields: Partial<HostSummary> = {}): HostSummary {
  return {
    hostname: 'box', platform: 'linux', kernelRelease: null, cpuModel: null, cpuLogicalCount: 8, cpuUtilPercent: null,
    loadAverage1m: null, loadAverage5m: null, loadAverage15m: null, memoryTotalBytes: null, memoryAvailableBytes: null,
    memoryUsedBytes: null, swapTotalBytes: null, swapUsedBytes: null, uptimeSeconds: null, ...fields,
  };
}

export function handDevice(index: number, fields: Partial<GpuDevice> = {}): GpuDevice {
  return { ...emptyGpuDevice(index, 'nvidia'), uuid: `GPU-${index}`, name: 'NVIDIA H100', ...fields };
}

export function handProcess(pid: number, gpuIndex: number, fields: Partial<GpuProcess> = {}): GpuProcess {
  return {
    pid, gpuIndex, gpuUuid: `GPU-${gpuIndex}`, gpuInstanceId: null, computeInstanceId: null, type: 'compute',
    usedMemoryBytes: null, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null,
    name: 'python', command: 'python train.py', user: 'alice', cpuPercent: null, rssBytes: null, startedAt: null,
    hostResolution: 'ok', ...fields,
  };
}

export function handSample(
  seq: number,
  wallMs: number,
  devices: GpuDevice[],
  extra: { host?: Partial<HostSummary>; processes?: GpuProcess[] } = {},
): Sample {
  const snapshot: Snapshot = {
    schemaVersion: 1, at: new Date(wallMs).toISOString(), backend: 'nvml', capabilities: null, backendAttempts: [],
    driver: { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} },
    host: handHost(extra.host), devices, processes: extra.processes ?? [], problems: [],
  };
  return { seq, wallMs, monotonicMs: seq * 1000, coversMs: seq > 1 ? 1000 : null, backendMs: 1, hostMs: 1, snapshot };
}

/** A busy 8-GPU box: every GPU with values that move, `processesPerGpu` processes each. */
export function busySample(seq: number, wallMs: number, gpus = 8, processesPerGpu = 4): Sample {
  const devices: GpuDevice[] = [];
  const processes: GpuProcess[] = [];
  for (let i = 0; i < gpus; i++) {
    const phase = (seq + i * 7) % 100;
    devices.push(handDevice(i, {
      gpuUtilPercent: phase, memoryUtilPercent: phase / 2, memoryTotalBytes: 80 * 2 ** 30, memoryUsedBytes: (40 + (phase % 40)) * 2 ** 30,
      memoryFreeBytes: (40 - (phase % 40)) * 2 ** 30, temperatureCelsius: 40 + (phase % 30), powerDrawWatts: 300 + phase,
      energyConsumedJoules: 1e6 + seq * 350, smClockMhz: 1980, memoryClockMhz: 2619, fanSpeedPercent: null,
      pcieRxBytesPerSecond: phase * 1e7, pcieTxBytesPerSecond: phase * 2e7, performanceState: 0,
    }));
    for (let p = 0; p < processesPerGpu; p++) {
      processes.push(handProcess(10_000 + i * 100 + p, i, { usedMemoryBytes: (1 + p) * 2 ** 30, startedAt: '2026-12-01T00:00:00.000Z' }));
    }
  }
  return handSample(seq, wallMs, devices, { host: { cpuUtilPercent: 20 + (seq % 10), memoryUsedBytes: 64 * 2 ** 30, loadAverage1m: 3 }, processes });
}
