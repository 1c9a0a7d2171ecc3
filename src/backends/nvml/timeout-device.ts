// A GPU whose read did not come back in time: who it is (as last seen), and nothing else.

import type { BackendProcess, BackendReading } from '../../core/backend.js';
import { emptyGpuDevice } from '../../core/empty-device.js';
import type { DriverInfo, GpuDevice, SnapshotProblem } from '../../core/snapshot.js';

const IDENTITY_FIELDS = [
  'name', 'uuid', 'pciBusId', 'serial', 'architecture', 'computeCapability', 'vbiosVersion',
  'temperatureSlowdownCelsius', 'temperatureShutdownCelsius', 'powerLimitDefaultWatts',
  'graphicsClockMaxMhz', 'smClockMaxMhz', 'memoryClockMaxMhz', 'pcieLinkGenerationMax', 'pcieLinkWidthMax',
] as const satisfies readonly (keyof GpuDevice)[];

/**
 * Seconds since `sinceMs` for "has not answered for N s": tenths under 10 s, because a one-shot
 * read gives up after a few seconds and "0 s" would read as no wait at all. Both times are on the
 * monotonic clock (performance.now): a step of the wall clock must not make a GPU silent for an hour.
 */
export function secondsSince(sinceMs: number, nowMs: number = performance.now()): number {
  const seconds = Math.max(0, nowMs - sinceMs) / 1000;
  return seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds);
}

export function timedOutDevice(index: number, lastSeen: GpuDevice | null, detail: string): GpuDevice {
  const device = emptyGpuDevice(index, 'nvidia', 'timeout');
  device.state = 'error';
  device.stateDetail = detail;
  for (const field of IDENTITY_FIELDS) {
    const value = lastSeen?.[field] ?? null;
    (device as unknown as Record<string, unknown>)[field] = value;
    if (value !== null) delete device.unavailable[field];
    else if (lastSeen?.unavailable[field]) device.unavailable[field] = lastSeen.unavailable[field];
  }
  return device;
}

/** What a read that ran out of time had gathered before it did. */
export interface PartialRead {
  count: number | null;
  devices: GpuDevice[];
  processes: BackendProcess[];
  driver: DriverInfo | null;
}

export interface KnownState {
  devices: readonly GpuDevice[];
  count: number | null;
  driver: BackendReading['driver'] | null;
}

/**
 * What a read that ran out of time can honestly say: the GPUs that answered, and for the others
 * their identity as last seen with every metric null (reason `timeout`).
 */
export function partialReading(
  read: PartialRead,
  known: KnownState,
  message: string,
  code: string,
  said: Pick<SnapshotProblem, 'key' | 'params'> = {},
): BackendReading {
  const count = read.count ?? known.count ?? 0;
  const devices = [...read.devices];
  for (let index = devices.length; index < count; index++) devices.push(timedOutDevice(index, known.devices[index] ?? null, message));
  const scope = read.devices.length < count ? `device:${read.devices.length}` : 'backend';
  return {
    driver: read.driver ?? known.driver ?? { driverVersion: null, cudaDriverVersion: null, nvmlVersion: null, unavailable: {} },
    devices,
    processes: read.processes,
    problems: [{ scope, code, message, ...said }],
  };
}
