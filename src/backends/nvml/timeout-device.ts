// A GPU whose read did not come back in time: who it is (as last seen), and nothing else.

import { emptyGpuDevice } from '../../core/empty-device.js';
import type { GpuDevice } from '../../core/snapshot.js';

const IDENTITY_FIELDS = [
  'name', 'uuid', 'pciBusId', 'serial', 'architecture', 'computeCapability', 'vbiosVersion',
  'temperatureSlowdownCelsius', 'temperatureShutdownCelsius', 'powerLimitDefaultWatts',
  'graphicsClockMaxMhz', 'smClockMaxMhz', 'memoryClockMaxMhz', 'pcieLinkGenerationMax', 'pcieLinkWidthMax',
] as const satisfies readonly (keyof GpuDevice)[];

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
