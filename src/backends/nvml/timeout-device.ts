// A GPU whose read did not come back in time: who it is (as last seen), and nothing else.

import type { GpuDevice } from '../../core/snapshot.js';

const IDENTITY_FIELDS = [
  'name', 'uuid', 'pciBusId', 'serial', 'architecture', 'computeCapability', 'vbiosVersion',
  'temperatureSlowdownCelsius', 'temperatureShutdownCelsius', 'powerLimitDefaultWatts',
  'graphicsClockMaxMhz', 'smClockMaxMhz', 'memoryClockMaxMhz', 'pcieLinkGenerationMax', 'pcieLinkWidthMax',
] as const satisfies readonly (keyof GpuDevice)[];

const METRIC_FIELDS = [
  'memoryTotalBytes', 'memoryUsedBytes', 'memoryFreeBytes', 'memoryReservedBytes',
  'gpuUtilPercent', 'memoryUtilPercent', 'encoderUtilPercent', 'decoderUtilPercent',
  'temperatureCelsius', 'fanSpeedPercent', 'powerDrawWatts', 'powerLimitWatts', 'energyConsumedJoules',
  'graphicsClockMhz', 'smClockMhz', 'memoryClockMhz',
  'pcieLinkGeneration', 'pcieLinkWidth', 'pcieRxBytesPerSecond', 'pcieTxBytesPerSecond',
  'performanceState', 'clockEventReasons', 'eccModeCurrent', 'eccModePending', 'eccErrors',
  'migModeCurrent', 'migModePending', 'computeMode', 'persistenceMode', 'driverModel',
] as const satisfies readonly (keyof GpuDevice)[];

export function timedOutDevice(index: number, lastSeen: GpuDevice | null, detail: string): GpuDevice {
  const device: GpuDevice = {
    index,
    state: 'error',
    stateDetail: detail,
    vendor: 'nvidia',
    name: null, uuid: null, pciBusId: null, serial: null, architecture: null, computeCapability: null, vbiosVersion: null,
    memoryTotalBytes: null, memoryUsedBytes: null, memoryFreeBytes: null, memoryReservedBytes: null,
    gpuUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null,
    temperatureCelsius: null, temperatureSlowdownCelsius: null, temperatureShutdownCelsius: null, fanSpeedPercent: null,
    powerDrawWatts: null, powerLimitWatts: null, powerLimitDefaultWatts: null, energyConsumedJoules: null,
    graphicsClockMhz: null, smClockMhz: null, memoryClockMhz: null,
    graphicsClockMaxMhz: null, smClockMaxMhz: null, memoryClockMaxMhz: null,
    pcieLinkGeneration: null, pcieLinkGenerationMax: null, pcieLinkWidth: null, pcieLinkWidthMax: null,
    pcieRxBytesPerSecond: null, pcieTxBytesPerSecond: null,
    performanceState: null, clockEventReasons: null,
    eccModeCurrent: null, eccModePending: null, eccErrors: null,
    migModeCurrent: null, migModePending: null, migDevices: [],
    computeMode: null, persistenceMode: null, driverModel: null,
    unavailable: {},
  };
  for (const field of IDENTITY_FIELDS) {
    const value = lastSeen?.[field] ?? null;
    (device as unknown as Record<string, unknown>)[field] = value;
    if (value === null) device.unavailable[field] = lastSeen?.unavailable[field] ?? 'timeout';
  }
  for (const field of METRIC_FIELDS) device.unavailable[field] = 'timeout';
  return device;
}
