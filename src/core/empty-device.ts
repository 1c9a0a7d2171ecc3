// A GpuDevice with every value missing: the start for a backend that reads only some fields
// (the PCI scan), for a GPU that did not answer, and for hand-made test values.

import type { DeviceMetricField, GpuDevice } from './snapshot.js';
import type { UnavailableReason } from './unavailable.js';

/** Every field that can be missing, in the Snapshot's order (the type checks none is left out). */
const METRIC_FIELDS = {
  name: true, uuid: true, pciBusId: true, serial: true, architecture: true, computeCapability: true, vbiosVersion: true,
  memoryTotalBytes: true, memoryUsedBytes: true, memoryFreeBytes: true, memoryReservedBytes: true,
  gpuUtilPercent: true, memoryUtilPercent: true, encoderUtilPercent: true, decoderUtilPercent: true,
  temperatureCelsius: true, temperatureSlowdownCelsius: true, temperatureShutdownCelsius: true, fanSpeedPercent: true,
  powerDrawWatts: true, powerLimitWatts: true, powerLimitDefaultWatts: true, energyConsumedJoules: true,
  graphicsClockMhz: true, smClockMhz: true, memoryClockMhz: true,
  graphicsClockMaxMhz: true, smClockMaxMhz: true, memoryClockMaxMhz: true,
  pcieLinkGeneration: true, pcieLinkGenerationMax: true, pcieLinkWidth: true, pcieLinkWidthMax: true,
  pcieRxBytesPerSecond: true, pcieTxBytesPerSecond: true,
  nvlinkRxBytesPerSecond: true, nvlinkTxBytesPerSecond: true,
  powerDrawAverageWatts: true,
  graphicsActivePercent: true, smActivePercent: true, smOccupancyPercent: true, tensorActivePercent: true, dramActivePercent: true,
  throttleTimePercent: true,
  performanceState: true, clockEventReasons: true,
  eccModeCurrent: true, eccModePending: true, eccErrors: true,
  migModeCurrent: true, migModePending: true,
  computeMode: true, persistenceMode: true, driverModel: true,
} as const satisfies Record<DeviceMetricField, true>;

export const DEVICE_METRIC_FIELDS = Object.keys(METRIC_FIELDS) as DeviceMetricField[];

/**
 * Every metric null; with `reason`, each one's reason set to it (a backend's device), without,
 * none set (a hand-made value the caller completes).
 */
export function emptyGpuDevice(index: number, vendor: GpuDevice['vendor'], reason?: UnavailableReason): GpuDevice {
  const device = { index, state: 'ok', stateDetail: null, vendor, migDevices: [], unavailable: {} } as unknown as GpuDevice;
  const values = device as unknown as Record<string, unknown>;
  for (const field of DEVICE_METRIC_FIELDS) {
    values[field] = null;
    if (reason) device.unavailable[field] = reason;
  }
  return device;
}

/** Sets a value and clears the reason it was missing. */
export function setDeviceValue<Field extends DeviceMetricField>(device: GpuDevice, field: Field, value: GpuDevice[Field]): void {
  device[field] = value;
  if (value !== null) delete device.unavailable[field];
}
