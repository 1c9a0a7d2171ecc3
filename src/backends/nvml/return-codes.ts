// nvmlReturn_t, every code nvml.h defines, and what each means for a field we tried to read.

import type { UnavailableReason } from '../../core/unavailable.js';

export const NVML_RETURN_NAMES: Readonly<Record<number, string>> = {
  0: 'SUCCESS',
  1: 'ERROR_UNINITIALIZED',
  2: 'ERROR_INVALID_ARGUMENT',
  3: 'ERROR_NOT_SUPPORTED',
  4: 'ERROR_NO_PERMISSION',
  5: 'ERROR_ALREADY_INITIALIZED',
  6: 'ERROR_NOT_FOUND',
  7: 'ERROR_INSUFFICIENT_SIZE',
  8: 'ERROR_INSUFFICIENT_POWER',
  9: 'ERROR_DRIVER_NOT_LOADED',
  10: 'ERROR_TIMEOUT',
  11: 'ERROR_IRQ_ISSUE',
  12: 'ERROR_LIBRARY_NOT_FOUND',
  13: 'ERROR_FUNCTION_NOT_FOUND',
  14: 'ERROR_CORRUPTED_INFOROM',
  15: 'ERROR_GPU_IS_LOST',
  16: 'ERROR_RESET_REQUIRED',
  17: 'ERROR_OPERATING_SYSTEM',
  18: 'ERROR_LIB_RM_VERSION_MISMATCH',
  19: 'ERROR_IN_USE',
  20: 'ERROR_MEMORY',
  21: 'ERROR_NO_DATA',
  22: 'ERROR_VGPU_ECC_NOT_SUPPORTED',
  23: 'ERROR_INSUFFICIENT_RESOURCES',
  24: 'ERROR_FREQ_NOT_SUPPORTED',
  25: 'ERROR_ARGUMENT_VERSION_MISMATCH',
  26: 'ERROR_DEPRECATED',
  27: 'ERROR_NOT_READY',
  28: 'ERROR_GPU_NOT_FOUND',
  29: 'ERROR_INVALID_STATE',
  999: 'ERROR_UNKNOWN',
};

export const NVML_SUCCESS = 0;
export const NVML_ERROR_INVALID_ARGUMENT = 2;
export const NVML_ERROR_NOT_SUPPORTED = 3;
export const NVML_ERROR_NO_PERMISSION = 4;
export const NVML_ERROR_NOT_FOUND = 6;
export const NVML_ERROR_INSUFFICIENT_SIZE = 7;
export const NVML_ERROR_DRIVER_NOT_LOADED = 9;
export const NVML_ERROR_TIMEOUT = 10;
export const NVML_ERROR_FUNCTION_NOT_FOUND = 13;
export const NVML_ERROR_GPU_IS_LOST = 15;
export const NVML_ERROR_NO_DATA = 21;
export const NVML_ERROR_GPU_NOT_FOUND = 28;

export function nvmlReturnName(code: number): string {
  return NVML_RETURN_NAMES[code] ?? `ERROR_CODE_${code}`;
}

/** Codes after which the whole GPU should be treated as gone, not just one field. */
export function isDeviceLost(code: number): boolean {
  return code === NVML_ERROR_GPU_IS_LOST || code === NVML_ERROR_GPU_NOT_FOUND;
}

/** Why a field is null after `code`. */
export function unavailableReasonFor(code: number): UnavailableReason {
  switch (code) {
    case NVML_ERROR_NOT_SUPPORTED:
      return 'not-supported';
    case NVML_ERROR_FUNCTION_NOT_FOUND:
      return 'symbol-missing';
    case NVML_ERROR_NO_PERMISSION:
      return 'no-permission';
    case NVML_ERROR_GPU_IS_LOST:
    case NVML_ERROR_GPU_NOT_FOUND:
      return 'gpu-lost';
    case NVML_ERROR_TIMEOUT:
      return 'timeout';
    case NVML_ERROR_NO_DATA:
      return 'not-reported';
    default:
      return 'error';
  }
}
