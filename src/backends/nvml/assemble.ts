// Building a GpuDevice from what the reader gathered: identity, metrics, MIG devices, reasons.

import type { GpuDevice } from '../../core/snapshot.js';
import type { DeviceIdentity } from './read-identity.js';
import { emptyMetrics, type DeviceMetrics } from './read-metrics.js';
import type { UnavailableReason } from '../../core/unavailable.js';

const METRIC_FIELDS = Object.keys(emptyMetrics()) as (keyof ReturnType<typeof emptyMetrics>)[];

export function allUnavailable(reason: UnavailableReason): GpuDevice['unavailable'] {
  return Object.fromEntries(METRIC_FIELDS.map((field) => [field, reason]));
}

export function identityUnavailable(identity: DeviceIdentity): GpuDevice['unavailable'] {
  return Object.fromEntries(
    Object.entries(identity)
      .filter(([, value]) => value === null)
      .map(([field]) => [field, 'gpu-lost']),
  );
}

export function deviceWithoutData(
  index: number,
  identity: DeviceIdentity,
  state: GpuDevice['state'],
  stateDetail: string,
  unavailable: GpuDevice['unavailable'],
): GpuDevice {
  return assembleDevice(index, state, stateDetail, identity, emptyMetrics(), [], unavailable);
}

/**
 * Every field named once, in one order: object spreads of two 20-field objects cost more than
 * all the native calls of a GPU, and one fixed shape keeps the consumers' property reads fast.
 */
export function assembleDevice(
  index: number,
  state: GpuDevice['state'],
  stateDetail: string | null,
  id: DeviceIdentity,
  m: DeviceMetrics,
  migDevices: GpuDevice['migDevices'],
  unavailable: GpuDevice['unavailable'],
): GpuDevice {
  return {
    index, state, stateDetail, vendor: 'nvidia',
    name: id.name, uuid: id.uuid, pciBusId: id.pciBusId, serial: id.serial,
    architecture: id.architecture, computeCapability: id.computeCapability, vbiosVersion: id.vbiosVersion,
    memoryTotalBytes: m.memoryTotalBytes, memoryUsedBytes: m.memoryUsedBytes,
    memoryFreeBytes: m.memoryFreeBytes, memoryReservedBytes: m.memoryReservedBytes,
    gpuUtilPercent: m.gpuUtilPercent, memoryUtilPercent: m.memoryUtilPercent,
    encoderUtilPercent: m.encoderUtilPercent, decoderUtilPercent: m.decoderUtilPercent,
    temperatureCelsius: m.temperatureCelsius,
    temperatureSlowdownCelsius: id.temperatureSlowdownCelsius, temperatureShutdownCelsius: id.temperatureShutdownCelsius,
    fanSpeedPercent: m.fanSpeedPercent,
    powerDrawWatts: m.powerDrawWatts, powerLimitWatts: m.powerLimitWatts,
    powerLimitDefaultWatts: id.powerLimitDefaultWatts, energyConsumedJoules: m.energyConsumedJoules,
    graphicsClockMhz: m.graphicsClockMhz, smClockMhz: m.smClockMhz, memoryClockMhz: m.memoryClockMhz,
    graphicsClockMaxMhz: id.graphicsClockMaxMhz, smClockMaxMhz: id.smClockMaxMhz, memoryClockMaxMhz: id.memoryClockMaxMhz,
    pcieLinkGeneration: m.pcieLinkGeneration, pcieLinkGenerationMax: id.pcieLinkGenerationMax,
    pcieLinkWidth: m.pcieLinkWidth, pcieLinkWidthMax: id.pcieLinkWidthMax,
    pcieRxBytesPerSecond: m.pcieRxBytesPerSecond, pcieTxBytesPerSecond: m.pcieTxBytesPerSecond,
    nvlinkRxBytesPerSecond: m.nvlinkRxBytesPerSecond, nvlinkTxBytesPerSecond: m.nvlinkTxBytesPerSecond,
    powerDrawAverageWatts: m.powerDrawAverageWatts,
    graphicsActivePercent: m.graphicsActivePercent, smActivePercent: m.smActivePercent, smOccupancyPercent: m.smOccupancyPercent,
    tensorActivePercent: m.tensorActivePercent, dramActivePercent: m.dramActivePercent,
    throttleTimePercent: m.throttleTimePercent,
    performanceState: m.performanceState, clockEventReasons: m.clockEventReasons,
    eccModeCurrent: m.eccModeCurrent, eccModePending: m.eccModePending, eccErrors: m.eccErrors,
    migModeCurrent: m.migModeCurrent, migModePending: m.migModePending, migDevices,
    computeMode: m.computeMode, persistenceMode: m.persistenceMode, driverModel: m.driverModel,
    unavailable,
  };
}
