// The cumulative counters of one GPU, in one nvmlDeviceGetFieldValues call: PCIe and NVLink
// bytes, energy, throttle time per limiter, the ECC error totals (four calls a tick otherwise),
// and the instant power that sits beside them. A rate is the difference between
// two readings, so nothing here sleeps (nvmlDeviceGetPcieThroughput samples for 20 ms per call).
// Each value carries the driver's own timestamp (CPU µs), which times the difference exactly.

import type { EccErrorCounts, ThrottleTimePercent } from '../../core/snapshot.js';
import { FIELD_ID, FIELD_VALUE, SCOPE_ALL_LINKS, VALUE_TYPE } from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { call, type Plan } from './plan.js';
import { NVML_SUCCESS } from './return-codes.js';
import { NativeBuffer } from './scratch.js';

/** A counter at one instant, as two 32-bit halves: exact past 2^53, deltas without BigInt. */
export interface CounterPoint {
  hi: number;
  lo: number;
  /** 64 bits wide (a 32-bit counter that goes backwards has wrapped; a 64-bit one was reset). */
  wide: boolean;
  /** The driver's timestamp of the value (µs since 1970), 0 when it gave none. */
  driverUs: number;
  /** Our monotonic clock when it was read (ms), for drivers that give no timestamp. */
  localMs: number;
}

export type Read<T> = { ok: true; value: T } | { ok: false; code: number };

export type ThrottleCause = keyof ThrottleTimePercent;

export interface CounterBatch {
  /** The nvmlDeviceGetFieldValues call's own return code. */
  callCode: number;
  pcieTxBytes: Read<CounterPoint>;
  pcieRxBytes: Read<CounterPoint>;
  nvlinkTxKib: Read<CounterPoint>;
  nvlinkRxKib: Read<CounterPoint>;
  energyMillijoules: Read<CounterPoint>;
  powerInstantMilliwatts: Read<number>;
  /** Throttle time per limiter, ns; the value's timestamp is its reference time. */
  violationNs: Record<ThrottleCause, Read<CounterPoint>>;
  /** The ECC error totals (read only while ECC is on: ./read-metrics.ts). */
  eccErrors: Record<keyof EccErrorCounts, Read<number>>;
}

const REQUESTS = [
  [FIELD_ID.pcieCountTxBytes, 0],
  [FIELD_ID.pcieCountRxBytes, 0],
  [FIELD_ID.nvlinkThroughputDataTx, SCOPE_ALL_LINKS],
  [FIELD_ID.nvlinkThroughputDataRx, SCOPE_ALL_LINKS],
  [FIELD_ID.totalEnergyConsumption, 0],
  [FIELD_ID.powerInstant, 0],
  [FIELD_ID.perfPolicyPower, 0],
  [FIELD_ID.perfPolicyThermal, 0],
  [FIELD_ID.perfPolicySyncBoost, 0],
  [FIELD_ID.perfPolicyBoardLimit, 0],
  [FIELD_ID.perfPolicyLowUtilization, 0],
  [FIELD_ID.perfPolicyReliability, 0],
  [FIELD_ID.eccSbeVolatileTotal, 0],
  [FIELD_ID.eccDbeVolatileTotal, 0],
  [FIELD_ID.eccSbeAggregateTotal, 0],
  [FIELD_ID.eccDbeAggregateTotal, 0],
] as const;
const FIRST_VIOLATION = 6;
const FIRST_ECC = 12;

/** One GPU's request buffer, reused on every read. */
export class CounterRequest {
  readonly buffer = new NativeBuffer(REQUESTS.length * FIELD_VALUE.size);

  private prepare(): void {
    this.buffer.fill(0);
    // Indexed, not destructured: every GPU, every tick, and destructuring runs the iterator protocol.
    for (let i = 0; i < REQUESTS.length; i++) {
      this.buffer.setU32(i * FIELD_VALUE.size + FIELD_VALUE.fieldId, REQUESTS[i]![0]);
      this.buffer.setU32(i * FIELD_VALUE.size + FIELD_VALUE.scopeId, REQUESTS[i]![1]);
    }
  }

  *read(lib: NvmlLibrary, handle: bigint, platform: string): Plan<CounterBatch> {
    this.prepare();
    const code = yield call(lib.fn.fieldValues, handle, REQUESTS.length, this.buffer.pointer);
    const localMs = performance.now();
    const counter = (i: number): Read<CounterPoint> => (code !== NVML_SUCCESS ? { ok: false, code } : this.counterAt(i, localMs, platform));
    const number = (i: number): Read<number> => (code !== NVML_SUCCESS ? { ok: false, code } : this.numberAt(i, platform));
    return {
      callCode: code,
      pcieTxBytes: counter(0),
      pcieRxBytes: counter(1),
      nvlinkTxKib: counter(2),
      nvlinkRxKib: counter(3),
      energyMillijoules: counter(4),
      powerInstantMilliwatts: number(5),
      violationNs: {
        power: counter(FIRST_VIOLATION),
        thermal: counter(FIRST_VIOLATION + 1),
        syncBoost: counter(FIRST_VIOLATION + 2),
        boardLimit: counter(FIRST_VIOLATION + 3),
        lowUtilization: counter(FIRST_VIOLATION + 4),
        reliability: counter(FIRST_VIOLATION + 5),
      },
      eccErrors: {
        correctedVolatile: number(FIRST_ECC),
        uncorrectedVolatile: number(FIRST_ECC + 1),
        correctedAggregate: number(FIRST_ECC + 2),
        uncorrectedAggregate: number(FIRST_ECC + 3),
      },
    };
  }

  free(): void {
    this.buffer.free();
  }

  private status(i: number): number {
    return this.buffer.view.getInt32(i * FIELD_VALUE.size + FIELD_VALUE.nvmlReturn, true);
  }

  private counterAt(i: number, localMs: number, platform: string): Read<CounterPoint> {
    const code = this.status(i);
    if (code !== NVML_SUCCESS) return { ok: false, code };
    const base = i * FIELD_VALUE.size;
    const type = this.buffer.u32(base + FIELD_VALUE.valueType);
    const driverUs = Math.max(0, this.buffer.u64n(base + FIELD_VALUE.timestamp));
    const at = base + FIELD_VALUE.value;
    const wide = type === VALUE_TYPE.unsignedLongLong || type === VALUE_TYPE.signedLongLong || (type === VALUE_TYPE.unsignedLong && platform !== 'win32');
    if (wide) return { ok: true, value: { hi: this.buffer.u32(at + 4), lo: this.buffer.u32(at), wide, driverUs, localMs } };
    const value = decodeNumber(this.buffer.view, at, type, platform);
    if (value === null || value < 0) return { ok: false, code: NVML_ERROR_UNEXPECTED_TYPE };
    return { ok: true, value: { hi: Math.floor(value / 0x1_0000_0000), lo: value % 0x1_0000_0000, wide: type === VALUE_TYPE.double, driverUs, localMs } };
  }

  private numberAt(i: number, platform: string): Read<number> {
    const code = this.status(i);
    if (code !== NVML_SUCCESS) return { ok: false, code };
    const base = i * FIELD_VALUE.size;
    const value = decodeNumber(this.buffer.view, base + FIELD_VALUE.value, this.buffer.u32(base + FIELD_VALUE.valueType), platform);
    return value === null ? { ok: false, code: NVML_ERROR_UNEXPECTED_TYPE } : { ok: true, value };
  }
}

/** A value type we do not know: read as "error" (nvmlReturn_t has no such code; 999 is UNKNOWN). */
const NVML_ERROR_UNEXPECTED_TYPE = 999;

/** An nvmlValue_t member by its nvmlValueType_t; `unsigned long` is 32 bits on Windows. */
export function decodeNumber(view: DataView, offset: number, type: number, platform: string): number | null {
  switch (type) {
    case VALUE_TYPE.double: return view.getFloat64(offset, true);
    case VALUE_TYPE.unsignedInt: return view.getUint32(offset, true);
    case VALUE_TYPE.unsignedLong:
      return platform === 'win32' ? view.getUint32(offset, true) : Number(view.getBigUint64(offset, true));
    case VALUE_TYPE.unsignedLongLong: return Number(view.getBigUint64(offset, true));
    case VALUE_TYPE.signedLongLong: return Number(view.getBigInt64(offset, true));
    case VALUE_TYPE.signedInt: return view.getInt32(offset, true);
    case VALUE_TYPE.unsignedShort: return view.getUint16(offset, true);
    default: return null;
  }
}
