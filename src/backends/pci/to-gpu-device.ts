// A PCI scan entry as a snapshot GpuDevice: identity and PCIe link from the bus, every live
// metric null with reason 'not-reported' — a bus scan sees the card, not what it is doing.

import type { DeviceMetricField, GpuDevice } from '../../core/snapshot.js';
import type { UnavailableMap } from '../../core/unavailable.js';
import { toNvmlBusId } from './address.js';
import type { PciDisplayDevice } from './types.js';
import { findPciVendor } from './vendors.js';

/** The devices a monitoring backend should list: GPUs and accelerators, physical functions only. */
export function isMonitoredPciDevice(device: PciDisplayDevice): boolean {
  // SR-IOV virtual functions are slices of a GPU listed once already (NVML lists physical GPUs too).
  return (device.role === 'gpu' || device.role === 'accelerator') && device.physicalFunction === null;
}

/** "NVIDIA H100 SXM5 80GB"; the vendor is prefixed unless the name already starts with it. */
export function pciDisplayName(device: PciDisplayDevice): string | null {
  if (device.deviceName === null) return null;
  const vendor = device.vendorName;
  if (vendor === null || device.deviceName.toLowerCase().startsWith(vendor.toLowerCase())) return device.deviceName;
  return `${vendor} ${device.deviceName}`;
}

/** Says which kernel driver holds the card — the first thing to know when NVML does not work. */
export function pciStateDetail(device: PciDisplayDevice): string {
  return device.driver === null ? 'no driver bound' : `driver: ${device.driver}`;
}

export function pciDeviceToGpuDevice(device: PciDisplayDevice, index: number): GpuDevice {
  const gpu: Omit<GpuDevice, 'unavailable'> = {
    index,
    state: 'ok',
    stateDetail: pciStateDetail(device),
    vendor: findPciVendor(device.vendorId)?.snapshotVendor ?? 'other',
    name: pciDisplayName(device),
    uuid: null,
    pciBusId: toNvmlBusId(device.address),
    serial: null,
    architecture: null,
    computeCapability: null,
    vbiosVersion: null,
    memoryTotalBytes: null,
    memoryUsedBytes: null,
    memoryFreeBytes: null,
    memoryReservedBytes: null,
    gpuUtilPercent: null,
    memoryUtilPercent: null,
    encoderUtilPercent: null,
    decoderUtilPercent: null,
    temperatureCelsius: null,
    temperatureSlowdownCelsius: null,
    temperatureShutdownCelsius: null,
    fanSpeedPercent: null,
    powerDrawWatts: null,
    powerLimitWatts: null,
    powerLimitDefaultWatts: null,
    energyConsumedJoules: null,
    graphicsClockMhz: null,
    smClockMhz: null,
    memoryClockMhz: null,
    graphicsClockMaxMhz: null,
    smClockMaxMhz: null,
    memoryClockMaxMhz: null,
    pcieLinkGeneration: device.pcieLinkGeneration,
    pcieLinkGenerationMax: device.pcieLinkGenerationMax,
    pcieLinkWidth: device.pcieLinkWidth,
    pcieLinkWidthMax: device.pcieLinkWidthMax,
    pcieRxBytesPerSecond: null,
    pcieTxBytesPerSecond: null,
    performanceState: null,
    clockEventReasons: null,
    eccModeCurrent: null,
    eccModePending: null,
    eccErrors: null,
    migModeCurrent: null,
    migModePending: null,
    migDevices: [],
    computeMode: null,
    persistenceMode: null,
    driverModel: null,
  };
  const unavailable: UnavailableMap<DeviceMetricField> = {};
  for (const [field, value] of Object.entries(gpu)) {
    if (value === null && field !== 'stateDetail') unavailable[field as DeviceMetricField] = 'not-reported';
  }
  return { ...gpu, unavailable };
}
