// The fields of a GPU that change from one read to the next. Each call's return code decides
// between a value and a null with its reason; once the GPU reports itself lost, stop calling.
// Rates over the interval (PCIe, NVLink, average power, throttle time) are in ./read-rates.ts.

import { decodeClockEventReasons } from '../../core/clock-events.js';
import type { ComputeMode, DeviceMetricField, EccErrorCounts, GpuDevice } from '../../core/snapshot.js';
import { milliwattsToWatts } from '../../core/units.js';
import type { FieldRecorder } from './field-recorder.js';
import { isDeviceLost, NVML_SUCCESS } from './return-codes.js';
import {
  CLOCK_TYPE,
  DRIVER_MODEL_NAMES,
  ECC_COUNTER_TYPE,
  ECC_ERROR_TYPE,
  MEMORY_V1,
  MEMORY_V2,
  MEMORY_V2_VERSION,
  PSTATE_UNKNOWN,
  TEMPERATURE_SENSOR_GPU,
  UTILIZATION,
} from './layouts.js';
import type { NvmlLibrary } from './library.js';
import { call, type Plan } from './plan.js';
import type { CounterBatch } from './read-counters.js';
import type { Scratch } from './scratch.js';

export type DeviceMetrics = Pick<
  GpuDevice,
  | 'memoryTotalBytes' | 'memoryUsedBytes' | 'memoryFreeBytes' | 'memoryReservedBytes'
  | 'gpuUtilPercent' | 'memoryUtilPercent' | 'encoderUtilPercent' | 'decoderUtilPercent'
  | 'temperatureCelsius' | 'fanSpeedPercent'
  | 'powerDrawWatts' | 'powerLimitWatts' | 'energyConsumedJoules'
  | 'graphicsClockMhz' | 'smClockMhz' | 'memoryClockMhz'
  | 'pcieLinkGeneration' | 'pcieLinkWidth' | 'pcieRxBytesPerSecond' | 'pcieTxBytesPerSecond'
  | 'nvlinkRxBytesPerSecond' | 'nvlinkTxBytesPerSecond' | 'powerDrawAverageWatts'
  | 'graphicsActivePercent' | 'smActivePercent' | 'smOccupancyPercent' | 'tensorActivePercent' | 'dramActivePercent' | 'throttleTimePercent'
  | 'performanceState' | 'clockEventReasons'
  | 'eccModeCurrent' | 'eccModePending' | 'eccErrors'
  | 'migModeCurrent' | 'migModePending'
  | 'computeMode' | 'persistenceMode' | 'driverModel'
>;

const COMPUTE_MODES: Readonly<Record<number, ComputeMode>> = {
  0: 'default',
  1: 'exclusive-thread',
  2: 'prohibited',
  3: 'exclusive-process',
};

export interface MetricOptions {
  /**
   * Where the PCIe byte counters are missing: measure throughput with nvmlDeviceGetPcieThroughput
   * (20 ms of sampling per call on real GPUs) in the background. Default true.
   */
  pcieThroughput: boolean;
  /** The driver model query only means something on Windows. */
  platform: string;
}

/**
 * The fields that change between reads, but for the counters (./read-rates.ts). `counters` is
 * this read's field-values batch: where it has the instant power, GetPowerUsage is skipped.
 */
export function* readMetrics(
  lib: NvmlLibrary,
  s: Scratch,
  handle: bigint,
  rec: FieldRecorder<DeviceMetricField>,
  options: MetricOptions,
  counters: CounterBatch,
): Plan<DeviceMetrics> {
  const m = emptyMetrics();
  const u32 = (field: DeviceMetricField, code: number) => (rec.ok(field, code) ? s.slotU32(0) : null);

  yield* readMemory(lib, s, handle, rec, m);
  if (rec.lost) return m;

  if (rec.ok('gpuUtilPercent', yield call(lib.fn.utilization, handle, s.structPointer))) {
    m.gpuUtilPercent = s.structU32(UTILIZATION.gpu);
    m.memoryUtilPercent = s.structU32(UTILIZATION.memory);
  } else {
    rec.unavailable.memoryUtilPercent = rec.unavailable.gpuUtilPercent;
  }
  const encoder = u32('encoderUtilPercent', yield call(lib.fn.encoderUtilization, handle, s.slot(0), s.slot(1)));
  m.encoderUtilPercent = encoder;
  const decoder = u32('decoderUtilPercent', yield call(lib.fn.decoderUtilization, handle, s.slot(0), s.slot(1)));
  m.decoderUtilPercent = decoder;
  if (rec.lost) return m;

  m.temperatureCelsius = u32('temperatureCelsius', yield call(lib.fn.temperature, handle, TEMPERATURE_SENSOR_GPU, s.slot(0)));
  m.fanSpeedPercent = u32('fanSpeedPercent', yield call(lib.fn.fanSpeed, handle, s.slot(0)));
  // NVML_FI_DEV_POWER_INSTANT is the power now; GetPowerUsage is a 1 s average on Ampere and
  // newer, so it is only the fallback.
  const instant = counters.powerInstantMilliwatts;
  const drawMw = instant.ok ? instant.value : u32('powerDrawWatts', yield call(lib.fn.powerUsage, handle, s.slot(0)));
  m.powerDrawWatts = drawMw === null ? null : milliwattsToWatts(drawMw);
  const limitMw = u32('powerLimitWatts', yield call(lib.fn.enforcedPowerLimit, handle, s.slot(0)));
  m.powerLimitWatts = limitMw === null ? null : milliwattsToWatts(limitMw);
  if (rec.lost) return m;

  m.graphicsClockMhz = u32('graphicsClockMhz', yield call(lib.fn.clockInfo, handle, CLOCK_TYPE.graphics, s.slot(0)));
  m.smClockMhz = u32('smClockMhz', yield call(lib.fn.clockInfo, handle, CLOCK_TYPE.sm, s.slot(0)));
  m.memoryClockMhz = u32('memoryClockMhz', yield call(lib.fn.clockInfo, handle, CLOCK_TYPE.memory, s.slot(0)));
  const pstate = u32('performanceState', yield call(lib.fn.performanceState, handle, s.slot(0)));
  m.performanceState = pstate === null || pstate === PSTATE_UNKNOWN || pstate > 15 ? null : pstate;
  if (pstate !== null && m.performanceState === null) rec.unavailable.performanceState = 'not-reported';
  if (rec.ok('clockEventReasons', yield call(lib.fn.clockEventReasons, handle, s.slot(0)))) {
    m.clockEventReasons = decodeClockEventReasons(s.slotU64(0));
  }
  if (rec.lost) return m;

  m.pcieLinkGeneration = u32('pcieLinkGeneration', yield call(lib.fn.pcieLinkGeneration, handle, s.slot(0)));
  m.pcieLinkWidth = u32('pcieLinkWidth', yield call(lib.fn.pcieLinkWidth, handle, s.slot(0)));
  if (rec.lost) return m;

  yield* readModes(lib, s, handle, rec, m, options.platform, counters);
  return m;
}

function* readMemory(lib: NvmlLibrary, s: Scratch, handle: bigint, rec: FieldRecorder<DeviceMetricField>, m: DeviceMetrics): Plan<void> {
  // v2 adds the driver-reserved share; it needs its version word set or it answers
  // ARGUMENT_VERSION_MISMATCH.
  if (lib.has('memoryInfoV2')) {
    s.clearStruct();
    s.setStructU32(MEMORY_V2.version, MEMORY_V2_VERSION);
    const code = yield call(lib.fn.memoryInfoV2, handle, s.structPointer);
    if (code === NVML_SUCCESS) {
      m.memoryTotalBytes = s.structU64n(MEMORY_V2.total);
      m.memoryReservedBytes = s.structU64n(MEMORY_V2.reserved);
      m.memoryFreeBytes = s.structU64n(MEMORY_V2.free);
      m.memoryUsedBytes = s.structU64n(MEMORY_V2.used);
      return;
    }
    if (isDeviceLost(code)) {
      rec.missing('memoryTotalBytes', code);
      return copyMemoryReason(rec);
    }
    // Any other failure (a driver whose v2 rejects our version word …): the v1 call still works.
  }
  if (rec.ok('memoryTotalBytes', yield call(lib.fn.memoryInfo, handle, s.structPointer))) {
    m.memoryTotalBytes = s.structU64n(MEMORY_V1.total);
    m.memoryFreeBytes = s.structU64n(MEMORY_V1.free);
    m.memoryUsedBytes = s.structU64n(MEMORY_V1.used);
    rec.unavailable.memoryReservedBytes = lib.has('memoryInfoV2') ? 'not-supported' : 'symbol-missing';
    return;
  }
  copyMemoryReason(rec);
}

function copyMemoryReason(rec: FieldRecorder<DeviceMetricField>): void {
  const reason = rec.unavailable.memoryTotalBytes ?? 'error';
  rec.unavailable.memoryUsedBytes = reason;
  rec.unavailable.memoryFreeBytes = reason;
  rec.unavailable.memoryReservedBytes = reason;
}

function* readModes(
  lib: NvmlLibrary,
  s: Scratch,
  handle: bigint,
  rec: FieldRecorder<DeviceMetricField>,
  m: DeviceMetrics,
  platform: string,
  counters: CounterBatch,
): Plan<void> {
  if (rec.ok('eccModeCurrent', yield call(lib.fn.eccMode, handle, s.slot(0), s.slot(1)))) {
    m.eccModeCurrent = s.slotU32(0) === 1;
    m.eccModePending = s.slotU32(1) === 1;
    if (m.eccModeCurrent) m.eccErrors = yield* readEccErrors(lib, s, handle, rec, counters);
    else rec.unavailable.eccErrors = 'not-supported';
  } else {
    rec.unavailable.eccModePending = rec.unavailable.eccModeCurrent;
    rec.unavailable.eccErrors = rec.unavailable.eccModeCurrent;
  }
  if (rec.ok('migModeCurrent', yield call(lib.fn.migMode, handle, s.slot(0), s.slot(1)))) {
    m.migModeCurrent = s.slotU32(0) === 1;
    m.migModePending = s.slotU32(1) === 1;
  } else {
    rec.unavailable.migModePending = rec.unavailable.migModeCurrent;
  }
  if (rec.ok('computeMode', yield call(lib.fn.computeMode, handle, s.slot(0)))) {
    m.computeMode = COMPUTE_MODES[s.slotU32(0)] ?? null;
    if (m.computeMode === null) rec.unavailable.computeMode = 'not-reported';
  }
  if (rec.ok('persistenceMode', yield call(lib.fn.persistenceMode, handle, s.slot(0)))) {
    m.persistenceMode = s.slotU32(0) === 1;
  }
  if (platform !== 'win32') {
    rec.unavailable.driverModel = 'not-supported';
  } else if (rec.ok('driverModel', yield call(lib.fn.driverModel, handle, s.slot(0), s.slot(1)))) {
    m.driverModel = DRIVER_MODEL_NAMES[s.slotU32(0)] ?? null;
  }
}

/** Each total from the field-values batch where it has it, else from its own call. */
function* readEccErrors(lib: NvmlLibrary, s: Scratch, handle: bigint, rec: FieldRecorder<DeviceMetricField>, counters: CounterBatch): Plan<EccErrorCounts | null> {
  const errors: EccErrorCounts = {
    correctedVolatile: null,
    uncorrectedVolatile: null,
    correctedAggregate: null,
    uncorrectedAggregate: null,
  };
  let firstFailure = 0;
  let anyRead = false;
  for (let i = 0; i < ECC_COUNTERS.length; i++) {
    // Indexed: destructuring an entry runs the iterator protocol (garbage on every read).
    const key = ECC_COUNTERS[i]![0];
    const batched = counters.eccErrors[key];
    if (batched.ok) {
      errors[key] = batched.value;
      anyRead = true;
      continue;
    }
    const errorType = ECC_COUNTERS[i]![1];
    const counterType = ECC_COUNTERS[i]![2];
    const code = yield call(lib.fn.totalEccErrors, handle, errorType, counterType, s.slot(0));
    if (code === NVML_SUCCESS) {
      errors[key] = s.slotU64n(0);
      anyRead = true;
    } else {
      firstFailure ||= code;
    }
  }
  // A single counter failing does not make the others wrong; only all failing nulls the set.
  if (anyRead) return errors;
  rec.missing('eccErrors', firstFailure);
  return null;
}

const ECC_COUNTERS: readonly (readonly [keyof EccErrorCounts, number, number])[] = [
  ['correctedVolatile', ECC_ERROR_TYPE.corrected, ECC_COUNTER_TYPE.volatile],
  ['uncorrectedVolatile', ECC_ERROR_TYPE.uncorrected, ECC_COUNTER_TYPE.volatile],
  ['correctedAggregate', ECC_ERROR_TYPE.corrected, ECC_COUNTER_TYPE.aggregate],
  ['uncorrectedAggregate', ECC_ERROR_TYPE.uncorrected, ECC_COUNTER_TYPE.aggregate],
];

export function emptyMetrics(): DeviceMetrics {
  return {
    memoryTotalBytes: null, memoryUsedBytes: null, memoryFreeBytes: null, memoryReservedBytes: null,
    gpuUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null,
    temperatureCelsius: null, fanSpeedPercent: null,
    powerDrawWatts: null, powerLimitWatts: null, energyConsumedJoules: null,
    graphicsClockMhz: null, smClockMhz: null, memoryClockMhz: null,
    pcieLinkGeneration: null, pcieLinkWidth: null, pcieRxBytesPerSecond: null, pcieTxBytesPerSecond: null,
    nvlinkRxBytesPerSecond: null, nvlinkTxBytesPerSecond: null, powerDrawAverageWatts: null,
    graphicsActivePercent: null, smActivePercent: null, smOccupancyPercent: null, tensorActivePercent: null, dramActivePercent: null, throttleTimePercent: null,
    performanceState: null, clockEventReasons: null,
    eccModeCurrent: null, eccModePending: null, eccErrors: null,
    migModeCurrent: null, migModePending: null,
    computeMode: null, persistenceMode: null, driverModel: null,
  };
}
