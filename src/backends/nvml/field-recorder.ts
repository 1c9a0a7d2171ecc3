// Turns NVML return codes into "value or null, and why". One recorder per device per read.

import type { UnavailableMap } from '../../core/unavailable.js';
import { isDeviceLost, NVML_SUCCESS, unavailableReasonFor } from './return-codes.js';

export interface FieldError {
  field: string;
  code: number;
}

export class FieldRecorder<Field extends string> {
  readonly unavailable: UnavailableMap<Field> = {};
  /** Calls that failed for a reason worth telling (not "unsupported" or "old driver"). */
  readonly errors: FieldError[] = [];
  /** Set once any call says the GPU is gone; the reader stops calling after that. */
  lostCode: number | null = null;

  /** True when `code` is success; otherwise records why `field` is null. */
  ok(field: Field, code: number): boolean {
    if (code === NVML_SUCCESS) return true;
    this.missing(field, code);
    return false;
  }

  missing(field: Field, code: number): void {
    const reason = unavailableReasonFor(code);
    this.unavailable[field] = reason;
    if (isDeviceLost(code)) this.lostCode ??= code;
    else if (reason === 'error' || reason === 'no-permission' || reason === 'timeout') this.errors.push({ field, code });
  }

  get lost(): boolean {
    return this.lostCode !== null;
  }
}
