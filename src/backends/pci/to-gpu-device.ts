// A PCI scan entry as a snapshot GpuDevice: identity and PCIe link from the bus, every live
// metric null with reason 'not-reported' — a bus scan sees the card, not what it is doing.

import { emptyGpuDevice, setDeviceValue } from '../../core/empty-device.js';
import { checkRange, DEVICE_NUMERIC_FIELDS } from '../../core/fields.js';
import type { GpuDevice } from '../../core/snapshot.js';
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

type LinkField = 'pcieLinkGeneration' | 'pcieLinkGenerationMax' | 'pcieLinkWidth' | 'pcieLinkWidthMax';

/** A link figure within what a GPU can report (fields.ts), else null with reason out-of-range: a max width of 0 is no maximum. */
function setLinkValue(gpu: GpuDevice, field: LinkField, value: number | null): void {
  if (value === null) return;
  const verdict = checkRange(DEVICE_NUMERIC_FIELDS[field], value);
  if (verdict.ok) setDeviceValue(gpu, field, verdict.value);
  else gpu.unavailable[field] = 'out-of-range';
}

export function pciDeviceToGpuDevice(device: PciDisplayDevice, index: number): GpuDevice {
  // A bus scan knows who the card is and how it is linked, nothing live: the rest is not reported.
  const gpu = emptyGpuDevice(index, findPciVendor(device.vendorId)?.snapshotVendor ?? 'other', 'not-reported');
  gpu.stateDetail = pciStateDetail(device);
  setDeviceValue(gpu, 'name', pciDisplayName(device));
  setDeviceValue(gpu, 'pciBusId', toNvmlBusId(device.address));
  setLinkValue(gpu, 'pcieLinkGeneration', device.pcieLinkGeneration);
  setLinkValue(gpu, 'pcieLinkGenerationMax', device.pcieLinkGenerationMax);
  setLinkValue(gpu, 'pcieLinkWidth', device.pcieLinkWidth);
  setLinkValue(gpu, 'pcieLinkWidthMax', device.pcieLinkWidthMax);
  return gpu;
}
