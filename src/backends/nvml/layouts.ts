// Byte layouts of the NVML structs gpuwise reads (x86-64 / aarch64 LP64 and Windows x64 agree:
// unsigned int = 4 bytes, unsigned long long = 8 bytes aligned to 8). From nvml.h.

/** nvmlPciInfo_t (v2 and v3 share it): char busIdLegacy[16]; 5 × unsigned int; char busId[32]. */
export const PCI_INFO = {
  size: 68,
  busIdLegacy: { offset: 0, length: 16 },
  domain: 16,
  bus: 20,
  device: 24,
  pciDeviceId: 28,
  pciSubSystemId: 32,
  busId: { offset: 36, length: 32 },
} as const;

/** nvmlMemory_t: total, free, used (unsigned long long each). */
export const MEMORY_V1 = { size: 24, total: 0, free: 8, used: 16 } as const;

/** nvmlMemory_v2_t: unsigned int version; (pad); total, reserved, free, used. */
export const MEMORY_V2 = { size: 40, version: 0, total: 8, reserved: 16, free: 24, used: 32 } as const;
/** NVML_STRUCT_VERSION(Memory, 2) = sizeof(nvmlMemory_v2_t) | (2 << 24). */
export const MEMORY_V2_VERSION = MEMORY_V2.size | (2 << 24);

/** nvmlUtilization_t: unsigned int gpu, memory. */
export const UTILIZATION = { size: 8, gpu: 0, memory: 4 } as const;

/** nvmlDeviceAttributes_t: 8 × unsigned int, then unsigned long long memorySizeMB. */
export const DEVICE_ATTRIBUTES = { size: 40, multiprocessorCount: 0, memorySizeMB: 32 } as const;

/** nvmlProcessUtilizationSample_t: unsigned int pid; (pad); unsigned long long timeStamp; 4 × unsigned int. */
export const PROCESS_UTILIZATION_SAMPLE = {
  size: 32,
  pid: 0,
  timeStamp: 8,
  smUtil: 16,
  memUtil: 20,
  encUtil: 24,
  decUtil: 28,
} as const;

/**
 * The process-info structs. v1: {pid, usedGpuMemory}; v2: + gpuInstanceId, computeInstanceId;
 * v3: + usedGpuCcProtectedMemory. The stride is what garbles PIDs when it is guessed wrong.
 */
export interface ProcessInfoLayout {
  version: 1 | 2 | 3;
  stride: 16 | 24 | 32;
  pid: 0;
  usedGpuMemory: 8;
  /** Offsets of the MIG ids, or null for v1. */
  gpuInstanceId: 16 | null;
  computeInstanceId: 20 | null;
}

export const PROCESS_INFO_V1: ProcessInfoLayout = {
  version: 1, stride: 16, pid: 0, usedGpuMemory: 8, gpuInstanceId: null, computeInstanceId: null,
};
export const PROCESS_INFO_V2: ProcessInfoLayout = {
  version: 2, stride: 24, pid: 0, usedGpuMemory: 8, gpuInstanceId: 16, computeInstanceId: 20,
};
export const PROCESS_INFO_V3: ProcessInfoLayout = {
  version: 3, stride: 32, pid: 0, usedGpuMemory: 8, gpuInstanceId: 16, computeInstanceId: 20,
};

export function processInfoLayoutForStride(stride: number): ProcessInfoLayout | null {
  if (stride === 16) return PROCESS_INFO_V1;
  if (stride === 24) return PROCESS_INFO_V2;
  if (stride === 32) return PROCESS_INFO_V3;
  return null;
}

/**
 * Which struct the chosen process symbol fills. The _v3 functions took the v2 struct at first
 * (R510), the v3 struct with usedGpuCcProtectedMemory in the R535 window (the driver exports
 * nvmlDeviceGetConfComputeMemSizeInfo but not yet nvmlDeviceGetRunningProcessDetailList), and
 * the v2 struct again once the detail-list API took over (nvitop PR #79 and its follow-ups).
 * The reader also probes the real stride once (./process-stride.ts) and trusts that over this.
 */
export function processInfoLayoutFor(
  symbolName: string,
  hasConfComputeMemSizeInfo: boolean,
  hasRunningProcessDetailList: boolean,
): ProcessInfoLayout {
  if (symbolName.endsWith('_v3')) {
    return hasConfComputeMemSizeInfo && !hasRunningProcessDetailList ? PROCESS_INFO_V3 : PROCESS_INFO_V2;
  }
  if (symbolName.endsWith('_v2')) return PROCESS_INFO_V2;
  return PROCESS_INFO_V1;
}

/** NVML_VALUE_NOT_AVAILABLE for unsigned long long: usedGpuMemory under WDDM. */
export const ULL_NOT_AVAILABLE = 0xffffffffffffffffn;
/** gpuInstanceId / computeInstanceId when the GPU is not in MIG mode. */
export const UINT_NOT_AVAILABLE = 0xffffffff;

export const STRING_BUFFER_BYTES = 96;

// Enumerations used as call arguments.
export const TEMPERATURE_SENSOR_GPU = 0;
export const TEMPERATURE_THRESHOLD = { shutdown: 0, slowdown: 1 } as const;
export const CLOCK_TYPE = { graphics: 0, sm: 1, memory: 2, video: 3 } as const;
export const PCIE_COUNTER = { txBytes: 0, rxBytes: 1 } as const;
export const ECC_ERROR_TYPE = { corrected: 0, uncorrected: 1 } as const;
export const ECC_COUNTER_TYPE = { volatile: 0, aggregate: 1 } as const;
/** nvmlPstates_t: 0–15, 32 = unknown. */
export const PSTATE_UNKNOWN = 32;
/** nvmlDeviceArchitecture_t values (nvml.h). */
export const ARCHITECTURE_NAMES: Readonly<Record<number, string>> = {
  2: 'kepler',
  3: 'maxwell',
  4: 'pascal',
  5: 'volta',
  6: 'turing',
  7: 'ampere',
  8: 'ada',
  9: 'hopper',
  10: 'blackwell',
};
/** nvmlDriverModel_t. */
export const DRIVER_MODEL_NAMES: Readonly<Record<number, string>> = { 0: 'WDDM', 1: 'TCC', 2: 'MCDM' };

// -- Counters, samples, violations and GPM (nvml.h; checked against the R580 header) ---------

/**
 * nvmlFieldValue_t: unsigned int fieldId, scopeId; long long timestamp (CPU µs since 1970),
 * latencyUsec; nvmlValueType_t valueType; nvmlReturn_t nvmlReturn; nvmlValue_t value (an
 * 8-byte union, 8-aligned).
 */
export const FIELD_VALUE = { size: 40, fieldId: 0, scopeId: 4, timestamp: 8, latencyUsec: 16, valueType: 24, nvmlReturn: 28, value: 32 } as const;

/** nvmlValueType_t: which member of nvmlValue_t holds the value. */
export const VALUE_TYPE = {
  double: 0,
  unsignedInt: 1,
  unsignedLong: 2,
  unsignedLongLong: 3,
  signedLongLong: 4,
  signedInt: 5,
  unsignedShort: 6,
} as const;

/** The NVML_FI_* ids gpuwise asks for in one nvmlDeviceGetFieldValues call per GPU. */
export const FIELD_ID = {
  /**
   * The four ECC error totals of nvmlDeviceGetTotalEccErrors (single-bit = corrected, double-bit =
   * uncorrected), volatile and aggregate; NOT_SUPPORTED while ECC is off.
   */
  eccSbeVolatileTotal: 3,
  eccDbeVolatileTotal: 4,
  eccSbeAggregateTotal: 5,
  eccDbeAggregateTotal: 6,
  /**
   * Throttle time per limiter, ns, cumulative (the counters of nvmlDeviceGetViolationStatus,
   * which R580 deprecates in their favour): power, thermal, sync boost, board limit, low
   * utilisation, reliability.
   */
  perfPolicyPower: 74,
  perfPolicyThermal: 75,
  perfPolicySyncBoost: 76,
  perfPolicyBoardLimit: 77,
  perfPolicyLowUtilization: 78,
  perfPolicyReliability: 79,
  /** Total energy since the driver loaded, mJ (older drivers than NVML_FI_DEV_ENERGY know it). */
  totalEnergyConsumption: 83,
  /** NVLink data bytes sent / received, KiB, cumulative; scopeId UINT_MAX sums every link. */
  nvlinkThroughputDataTx: 138,
  nvlinkThroughputDataRx: 139,
  /** Current power, mW, "supported on all architectures"; scopeId 0 = the GPU alone. */
  powerInstant: 186,
  /** PCIe bytes sent / received, cumulative ("value can be wrapped"). */
  pcieCountTxBytes: 197,
  pcieCountRxBytes: 198,
} as const;
export const SCOPE_ALL_LINKS = 0xffffffff;

/** nvmlSample_t: unsigned long long timeStamp (CPU µs); nvmlValue_t sampleValue. */
export const SAMPLE = { size: 16, timeStamp: 0, value: 8 } as const;
/** nvmlSamplingType_t values gpuwise reads. */
export const SAMPLING_TYPE = { totalPower: 0, gpuUtilization: 1, memoryUtilization: 2 } as const;

/** nvmlViolationTime_t: unsigned long long referenceTime (CPU µs), violationTime (ns). */
export const VIOLATION_TIME = { size: 16, referenceTime: 0, violationTime: 8 } as const;
/** nvmlPerfPolicyType_t, one per ThrottleTimePercent field. */
export const PERF_POLICY = { power: 0, thermal: 1, syncBoost: 2, boardLimit: 3, lowUtilization: 4, reliability: 5 } as const;

/** nvmlGpmSupport_t: unsigned int version (NVML_GPM_SUPPORT_VERSION = 1), isSupportedDevice. */
export const GPM_SUPPORT = { size: 8, version: 0, isSupportedDevice: 4, VERSION: 1 } as const;
/**
 * nvmlGpmMetricsGet_t: unsigned int version (NVML_GPM_METRICS_GET_VERSION = 1), numMetrics;
 * nvmlGpmSample_t sample1, sample2 (each a struct of one pointer); nvmlGpmMetric_t metrics[].
 * nvmlGpmMetric_t: unsigned int metricId; nvmlReturn_t nvmlReturn; double value; three char *
 * (metricInfo) — 40 bytes in every header since R520. The array is declared with
 * NVML_GPM_METRIC_MAX entries (98 in R520, 333 in R580); the buffer holds 512, so a driver that
 * touches the whole declared array stays inside memory we own.
 */
export const GPM_METRICS_GET = { version: 0, numMetrics: 4, sample1: 8, sample2: 16, metrics: 24, VERSION: 1, MAX_METRICS: 512 } as const;
export const GPM_METRIC = { size: 40, metricId: 0, nvmlReturn: 4, value: 8 } as const;
/** nvmlGpmMetricId_t values gpuwise reads (all 0.0–100.0). */
export const GPM_METRIC_ID = { graphicsUtil: 1, smUtil: 2, smOccupancy: 3, anyTensorUtil: 5, dramBandwidthUtil: 10 } as const;
