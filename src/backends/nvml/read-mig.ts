// MIG devices of a GPU in MIG mode: each slice's identity and memory. Enumerated on every read,
// since an administrator can create or destroy instances while we watch.

import type { MigDevice } from '../../core/snapshot.js';
import { DEVICE_ATTRIBUTES, MEMORY_V1, STRING_BUFFER_BYTES } from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { NVML_ERROR_NOT_FOUND, NVML_SUCCESS } from './return-codes.js';
import type { Scratch } from './scratch.js';

export interface MigReading {
  devices: MigDevice[];
  /** The first error that was not "no device in this slot", if any. */
  errorCode: number | null;
}

export function readMigDevices(lib: NvmlLibrary, s: Scratch, handle: bigint): MigReading {
  if (lib.fn.maxMigDeviceCount(handle, s.slot(0)) !== NVML_SUCCESS) return { devices: [], errorCode: null };
  const max = s.slotU32(0);
  const devices: MigDevice[] = [];
  let errorCode: number | null = null;
  const out: unknown[] = [null];
  for (let index = 0; index < max; index++) {
    const code = lib.fn.migDeviceHandleByIndex(handle, index, out);
    // NOT_FOUND: an empty slot, the normal case for all but the instances that exist.
    if (code !== NVML_SUCCESS) {
      if (code !== NVML_ERROR_NOT_FOUND) errorCode ??= code;
      continue;
    }
    devices.push(readMigDevice(lib, s, out[0] as bigint, index));
  }
  return { devices, errorCode };
}

function readMigDevice(lib: NvmlLibrary, s: Scratch, mig: bigint, index: number): MigDevice {
  const string = (key: 'name' | 'uuid') =>
    lib.fn[key](mig, s.stringPointer, STRING_BUFFER_BYTES) === NVML_SUCCESS ? s.string() : null;
  const u32 = (key: 'gpuInstanceId' | 'computeInstanceId') =>
    lib.fn[key](mig, s.slot(0)) === NVML_SUCCESS ? s.slotU32(0) : null;
  const device: MigDevice = {
    index,
    uuid: string('uuid'),
    name: string('name'),
    gpuInstanceId: u32('gpuInstanceId'),
    computeInstanceId: u32('computeInstanceId'),
    multiprocessorCount: null,
    memoryTotalBytes: null,
    memoryUsedBytes: null,
    memoryFreeBytes: null,
  };
  s.clearStruct();
  if (lib.fn.deviceAttributes(mig, s.structPointer) === NVML_SUCCESS) {
    device.multiprocessorCount = s.structU32(DEVICE_ATTRIBUTES.multiprocessorCount);
  }
  if (lib.fn.memoryInfo(mig, s.structPointer) === NVML_SUCCESS) {
    device.memoryTotalBytes = s.structU64n(MEMORY_V1.total);
    device.memoryFreeBytes = s.structU64n(MEMORY_V1.free);
    device.memoryUsedBytes = s.structU64n(MEMORY_V1.used);
  }
  return device;
}
