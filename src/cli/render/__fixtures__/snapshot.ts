// Hand-made snapshots for the renderer tests: one healthy host, devices from emptyGpuDevice.

import { emptyGpuDevice } from '../../../core/empty-device.js';
import type { GpuDevice, GpuProcess, Snapshot } from '../../../core/snapshot.js';

export function device(overrides: Partial<GpuDevice>): GpuDevice {
  return { ...emptyGpuDevice(0, 'nvidia'), ...overrides };
}

export function gpuProcess(overrides: Partial<GpuProcess>): GpuProcess {
  return {
    pid: 4242, gpuIndex: 0, gpuUuid: null, gpuInstanceId: null, computeInstanceId: null, type: 'compute',
    usedMemoryBytes: 2 ** 30, smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null,
    name: null, command: null, user: 'alice', cpuPercent: null, rssBytes: null, startedAt: null, hostResolution: 'ok',
    ...overrides,
  };
}

export function snapshot(devices: GpuDevice[], overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    schemaVersion: 1,
    at: '2026-11-29T12:00:00.000Z',
    backend: 'nvml',
    capabilities: { metrics: true, processes: true },
    backendAttempts: [{ backend: 'nvml', ok: true, code: null, detail: null }],
    driver: { driverVersion: '580.65.06', cudaDriverVersion: '13.0', nvmlVersion: null, unavailable: {} },
    host: {
      hostname: 'box', platform: 'linux', kernelRelease: null, cpuModel: null, cpuLogicalCount: 32, cpuUtilPercent: 12,
      loadAverage1m: 1, loadAverage5m: 1, loadAverage15m: 1, memoryTotalBytes: 2 ** 38, memoryAvailableBytes: 2 ** 37,
      memoryUsedBytes: 2 ** 37, swapTotalBytes: 0, swapUsedBytes: 0, uptimeSeconds: 3600,
    },
    devices,
    processes: [],
    problems: [],
    ...overrides,
  };
}
