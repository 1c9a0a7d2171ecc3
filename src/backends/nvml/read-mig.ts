// MIG devices of a GPU in MIG mode: each slice's identity and memory. Enumerated on every read,
// since an administrator can create or destroy instances while we watch.

import type { MigDevice } from '../../core/snapshot.js';
import { DEVICE_ATTRIBUTES, MEMORY_V1, STRING_BUFFER_BYTES } from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { NVML_ERROR_NOT_FOUND, NVML_SUCCESS } from './return-codes.js';
import { call, type Plan } from './plan.js';
import type { Scratch } from './scratch.js';

export interface MigReading {
  devices: MigDevice[];
  /** The first error that was not "no device in this slot", if any. */
  errorCode: number | null;
}

export function* readMigDevices(lib: NvmlLibrary, s: Scratch, handle: bigint): Plan<MigReading> {
  if ((yield call(lib.fn.maxMigDeviceCount, handle, s.slot(0))) !== NVML_SUCCESS) return { devices: [], errorCode: null };
  const max = s.slotU32(0);
  const devices: MigDevice[] = [];
  let errorCode: number | null = null;
  const out: unknown[] = [null];
  for (let index = 0; index < max; index++) {
    const code = yield call(lib.fn.migDeviceHandleByIndex, handle, index, out);
    // NOT_FOUND: an empty slot, the normal case for all but the instances that exist.
    if (code !== NVML_SUCCESS) {
      if (code !== NVML_ERROR_NOT_FOUND) errorCode ??= code;
      continue;
    }
    devices.push(yield* readMigDevice(lib, s, out[0] as bigint, index));
  }
  return { devices, errorCode };
}

function* readMigDevice(lib: NvmlLibrary, s: Scratch, mig: bigint, index: number): Plan<MigDevice> {
  function* string(key: 'name' | 'uuid'): Plan<string | null> {
    return (yield call(lib.fn[key], mig, s.stringPointer, STRING_BUFFER_BYTES)) === NVML_SUCCESS ? s.string() : null;
  }
  function* u32(key: 'gpuInstanceId' | 'computeInstanceId'): Plan<number | null> {
    return (yield call(lib.fn[key], mig, s.slot(0))) === NVML_SUCCESS ? s.slotU32(0) : null;
  }
  const device: MigDevice = {
    index,
    uuid: yield* string('uuid'),
    name: yield* string('name'),
    gpuInstanceId: yield* u32('gpuInstanceId'),
    computeInstanceId: yield* u32('computeInstanceId'),
    multiprocessorCount: null,
    memoryTotalBytes: null,
    memoryUsedBytes: null,
    memoryFreeBytes: null,
  };
  s.clearStruct();
  if ((yield call(lib.fn.deviceAttributes, mig, s.structPointer)) === NVML_SUCCESS) {
    device.multiprocessorCount = s.structU32(DEVICE_ATTRIBUTES.multiprocessorCount);
  }
  if ((yield call(lib.fn.memoryInfo, mig, s.structPointer)) === NVML_SUCCESS) {
    device.memoryTotalBytes = s.structU64n(MEMORY_V1.total);
    device.memoryFreeBytes = s.structU64n(MEMORY_V1.free);
    device.memoryUsedBytes = s.structU64n(MEMORY_V1.used);
  }
  return device;
}
