// Throttle time: how long each limiter (power, thermal, sync boost, board, low utilisation,
// reliability) has held the clocks down, as cumulative ns against the driver's reference time in
// µs. The field-values batch carries them (NVML_FI_DEV_PERF_POLICY_*); drivers whose batch lacks
// them answer nvmlDeviceGetViolationStatus, one call per limiter. A share of the interval needs
// two readings, like any rate.

import { PERF_POLICY, VIOLATION_TIME } from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { call, type Plan } from './plan.js';
import type { CounterBatch, CounterPoint, Read, ThrottleCause } from './read-counters.js';
import { NVML_ERROR_FUNCTION_NOT_FOUND, NVML_SUCCESS } from './return-codes.js';
import type { Scratch } from './scratch.js';

export const THROTTLE_CAUSES = Object.keys(PERF_POLICY) as ThrottleCause[];
export type { ThrottleCause };

export type ViolationReadings = Record<ThrottleCause, Read<CounterPoint>>;

export function* readViolations(lib: NvmlLibrary, s: Scratch, handle: bigint, batch: CounterBatch): Plan<Read<ViolationReadings>> {
  if (THROTTLE_CAUSES.some((cause) => batch.violationNs[cause].ok)) return { ok: true, value: batch.violationNs };
  if (!lib.has('violationStatus')) return { ok: false, code: NVML_ERROR_FUNCTION_NOT_FOUND };
  const readings = {} as ViolationReadings;
  for (const cause of THROTTLE_CAUSES) {
    s.clearStruct();
    const code = yield call(lib.fn.violationStatus, handle, PERF_POLICY[cause], s.structPointer);
    readings[cause] =
      code === NVML_SUCCESS
        ? {
            ok: true,
            value: {
              hi: s.structU32(VIOLATION_TIME.violationTime + 4),
              lo: s.structU32(VIOLATION_TIME.violationTime),
              wide: true,
              driverUs: s.structU64n(VIOLATION_TIME.referenceTime),
              localMs: performance.now(),
            },
          }
        : { ok: false, code };
  }
  return { ok: true, value: readings };
}
