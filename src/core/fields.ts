// One table of the numeric fields gpuwise reads: what kind of value each is, its unit, the range
// a real GPU can physically report, and its names outside (DCGM-exporter, Prometheus). The
// range check (./validate.ts), the sampler's rings, the store's columns, /metrics and the TUI's
// columns all derive from this table instead of listing fields again.

import type { DeviceMetricField } from './snapshot.js';

/**
 * identity — fixed for the life of the driver (name, limits, max clocks);
 * gauge — a reading at one instant; counter — only grows (energy, ECC errors; rates come from
 * deltas); state — an enumerated mode.
 */
export type FieldKind = 'identity' | 'gauge' | 'counter' | 'state';

export type FieldUnit =
  | 'bytes' | 'bytes-per-second' | 'percent' | 'celsius' | 'watts' | 'joules' | 'mhz'
  | 'count' | 'pstate' | 'pcie-generation' | 'pcie-lanes';

export interface NumericFieldMeta {
  kind: FieldKind;
  unit: FieldUnit;
  /** Smallest and largest value a working GPU can report; outside it is a sentinel or garbage. */
  min: number;
  max: number;
  /**
   * Overshoot within this much above `max` is clamped to `max` rather than rejected: drivers
   * report 101 % while a clock ramps. Garbage (0xFFFFFFFF) is far past any tolerance.
   */
  tolerance?: number;
  /** DCGM-exporter's series, and the factor from our unit to its (bytes → MiB). */
  dcgm?: { name: string; scale: number };
  /** gpuwise's own series name, in base units. */
  prometheus?: string;
}

/** NVML's "no value" sentinels, which some calls return with NVML_SUCCESS. */
export const NVML_U32_SENTINEL = 0xffff_ffff;
export const NVML_U64_SENTINEL = 2 ** 64 - 1;

const TIB = 2 ** 40;
/** No GPU has 16 TiB of memory (the largest in 2026: 288 GB); 2⁶⁴−1 MiB is a sentinel. */
const MAX_MEMORY_BYTES = 16 * TIB;
const MAX_COUNT = 1e15;

const bytes = (dcgm?: string, prometheus?: string): NumericFieldMeta => ({
  kind: 'gauge', unit: 'bytes', min: 0, max: MAX_MEMORY_BYTES,
  ...(dcgm ? { dcgm: { name: dcgm, scale: 1 / 2 ** 20 } } : {}),
  ...(prometheus ? { prometheus } : {}),
});
const percent = (dcgm?: string, prometheus?: string): NumericFieldMeta => ({
  kind: 'gauge', unit: 'percent', min: 0, max: 100, tolerance: 5,
  ...(dcgm ? { dcgm: { name: dcgm, scale: 1 } } : {}),
  ...(prometheus ? { prometheus } : {}),
});
const celsius = (kind: FieldKind, dcgm?: string, prometheus?: string): NumericFieldMeta => ({
  // Shutdown thresholds reach ~105 °C, memory junctions ~110 °C; cold starts go below 0.
  kind, unit: 'celsius', min: -50, max: 150,
  ...(dcgm ? { dcgm: { name: dcgm, scale: 1 } } : {}),
  ...(prometheus ? { prometheus } : {}),
});
const watts = (kind: FieldKind, dcgm?: string, prometheus?: string): NumericFieldMeta => ({
  // A GB200 superchip's module limit is 2.7 kW; 0xFFFFFFFF mW would read 4.3 MW.
  kind, unit: 'watts', min: 0, max: 10_000,
  ...(dcgm ? { dcgm: { name: dcgm, scale: 1 } } : {}),
  ...(prometheus ? { prometheus } : {}),
});
const mhz = (kind: FieldKind, dcgm?: string, prometheus?: string): NumericFieldMeta => ({
  // GDDR7 memory clocks read ~14,000 MHz in NVML; nothing reaches 50 GHz.
  kind, unit: 'mhz', min: 0, max: 50_000,
  ...(dcgm ? { dcgm: { name: dcgm, scale: 1 } } : {}),
  ...(prometheus ? { prometheus } : {}),
});

/**
 * Every numeric device field. The help text of each is the i18n key `field.<name>.help`
 * (src/i18n/messages/fields.ts; a test checks every field has one).
 */
export const DEVICE_NUMERIC_FIELDS = {
  memoryTotalBytes: { ...bytes(undefined, 'gpuwise_gpu_memory_total_bytes'), kind: 'identity' },
  memoryUsedBytes: bytes('DCGM_FI_DEV_FB_USED', 'gpuwise_gpu_memory_used_bytes'),
  memoryFreeBytes: bytes('DCGM_FI_DEV_FB_FREE', 'gpuwise_gpu_memory_free_bytes'),
  memoryReservedBytes: bytes('DCGM_FI_DEV_FB_RESERVED', 'gpuwise_gpu_memory_reserved_bytes'),
  gpuUtilPercent: percent('DCGM_FI_DEV_GPU_UTIL', 'gpuwise_gpu_utilization_percent'),
  memoryUtilPercent: percent('DCGM_FI_DEV_MEM_COPY_UTIL', 'gpuwise_gpu_memory_utilization_percent'),
  encoderUtilPercent: percent('DCGM_FI_DEV_ENC_UTIL', 'gpuwise_gpu_encoder_utilization_percent'),
  decoderUtilPercent: percent('DCGM_FI_DEV_DEC_UTIL', 'gpuwise_gpu_decoder_utilization_percent'),
  temperatureCelsius: celsius('gauge', 'DCGM_FI_DEV_GPU_TEMP', 'gpuwise_gpu_temperature_celsius'),
  temperatureSlowdownCelsius: celsius('identity', undefined, 'gpuwise_gpu_temperature_slowdown_celsius'),
  temperatureShutdownCelsius: celsius('identity', undefined, 'gpuwise_gpu_temperature_shutdown_celsius'),
  // NVML: "may exceed 100% in certain cases" (nvmlDeviceGetFanSpeed).
  fanSpeedPercent: { kind: 'gauge', unit: 'percent', min: 0, max: 255, prometheus: 'gpuwise_gpu_fan_speed_percent' },
  powerDrawWatts: watts('gauge', 'DCGM_FI_DEV_POWER_USAGE', 'gpuwise_gpu_power_draw_watts'),
  powerLimitWatts: watts('gauge', undefined, 'gpuwise_gpu_power_limit_watts'),
  powerLimitDefaultWatts: watts('identity', undefined, 'gpuwise_gpu_power_limit_default_watts'),
  // 10 kW for a century is 3e13 J; the u64 sentinel in mJ would be 1.8e16 J.
  energyConsumedJoules: {
    kind: 'counter', unit: 'joules', min: 0, max: 1e14,
    dcgm: { name: 'DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION', scale: 1000 },
    prometheus: 'gpuwise_gpu_energy_consumed_joules_total',
  },
  graphicsClockMhz: mhz('gauge', undefined, 'gpuwise_gpu_graphics_clock_mhz'),
  smClockMhz: mhz('gauge', 'DCGM_FI_DEV_SM_CLOCK', 'gpuwise_gpu_sm_clock_mhz'),
  memoryClockMhz: mhz('gauge', 'DCGM_FI_DEV_MEM_CLOCK', 'gpuwise_gpu_memory_clock_mhz'),
  graphicsClockMaxMhz: mhz('identity', undefined, 'gpuwise_gpu_graphics_clock_max_mhz'),
  smClockMaxMhz: mhz('identity', undefined, 'gpuwise_gpu_sm_clock_max_mhz'),
  memoryClockMaxMhz: mhz('identity', undefined, 'gpuwise_gpu_memory_clock_max_mhz'),
  pcieLinkGeneration: { kind: 'gauge', unit: 'pcie-generation', min: 1, max: 8, prometheus: 'gpuwise_gpu_pcie_link_generation' },
  pcieLinkGenerationMax: { kind: 'identity', unit: 'pcie-generation', min: 1, max: 8, prometheus: 'gpuwise_gpu_pcie_link_generation_max' },
  pcieLinkWidth: { kind: 'gauge', unit: 'pcie-lanes', min: 0, max: 64, prometheus: 'gpuwise_gpu_pcie_link_width' },
  pcieLinkWidthMax: { kind: 'identity', unit: 'pcie-lanes', min: 1, max: 64, prometheus: 'gpuwise_gpu_pcie_link_width_max' },
  // PCIe 7.0 x16 is ~256 GB/s each way; 1 TB/s is far past it.
  // DCGM's PCIe rates (bytes/s, headers and payload) are what NVML's PCIe byte counters give.
  pcieRxBytesPerSecond: { kind: 'gauge', unit: 'bytes-per-second', min: 0, max: 1e12, dcgm: { name: 'DCGM_FI_PROF_PCIE_RX_BYTES', scale: 1 }, prometheus: 'gpuwise_gpu_pcie_rx_bytes_per_second' },
  pcieTxBytesPerSecond: { kind: 'gauge', unit: 'bytes-per-second', min: 0, max: 1e12, dcgm: { name: 'DCGM_FI_PROF_PCIE_TX_BYTES', scale: 1 }, prometheus: 'gpuwise_gpu_pcie_tx_bytes_per_second' },
  performanceState: { kind: 'state', unit: 'pstate', min: 0, max: 15, prometheus: 'gpuwise_gpu_performance_state' },
  // NVLink 5 is 1.8 TB/s per GPU, both directions together.
  nvlinkRxBytesPerSecond: { kind: 'gauge', unit: 'bytes-per-second', min: 0, max: 1e13, prometheus: 'gpuwise_gpu_nvlink_rx_bytes_per_second' },
  nvlinkTxBytesPerSecond: { kind: 'gauge', unit: 'bytes-per-second', min: 0, max: 1e13, prometheus: 'gpuwise_gpu_nvlink_tx_bytes_per_second' },
  powerDrawAverageWatts: watts('gauge', undefined, 'gpuwise_gpu_power_draw_average_watts'),
  // GPM ratios: DCGM exports them as 0–1, we keep percent (scale 0.01 to DCGM's).
  graphicsActivePercent: { ...percent(undefined, 'gpuwise_gpu_graphics_active_percent'), dcgm: { name: 'DCGM_FI_PROF_GR_ENGINE_ACTIVE', scale: 0.01 } },
  smActivePercent: { ...percent(undefined, 'gpuwise_gpu_sm_active_percent'), dcgm: { name: 'DCGM_FI_PROF_SM_ACTIVE', scale: 0.01 } },
  smOccupancyPercent: { ...percent(undefined, 'gpuwise_gpu_sm_occupancy_percent'), dcgm: { name: 'DCGM_FI_PROF_SM_OCCUPANCY', scale: 0.01 } },
  tensorActivePercent: { ...percent(undefined, 'gpuwise_gpu_tensor_active_percent'), dcgm: { name: 'DCGM_FI_PROF_PIPE_TENSOR_ACTIVE', scale: 0.01 } },
  dramActivePercent: { ...percent(undefined, 'gpuwise_gpu_dram_active_percent'), dcgm: { name: 'DCGM_FI_PROF_DRAM_ACTIVE', scale: 0.01 } },
} as const satisfies Partial<Record<DeviceMetricField, NumericFieldMeta>>;

export type DeviceNumericField = keyof typeof DEVICE_NUMERIC_FIELDS;

/** ECC error counters (GpuDevice.eccErrors.*). */
export const ECC_COUNT_META: NumericFieldMeta = { kind: 'counter', unit: 'count', min: 0, max: MAX_COUNT };

/** Each ECC counter with its DCGM name (DCGM reads them as NVML's corrected = single-bit, uncorrected = double-bit). */
export const ECC_COUNT_FIELDS = {
  correctedVolatile: { ...ECC_COUNT_META, dcgm: { name: 'DCGM_FI_DEV_ECC_SBE_VOL_TOTAL', scale: 1 } },
  uncorrectedVolatile: { ...ECC_COUNT_META, dcgm: { name: 'DCGM_FI_DEV_ECC_DBE_VOL_TOTAL', scale: 1 } },
  correctedAggregate: { ...ECC_COUNT_META, dcgm: { name: 'DCGM_FI_DEV_ECC_SBE_AGG_TOTAL', scale: 1 } },
  uncorrectedAggregate: { ...ECC_COUNT_META, dcgm: { name: 'DCGM_FI_DEV_ECC_DBE_AGG_TOTAL', scale: 1 } },
} as const satisfies Record<string, NumericFieldMeta>;

/** Shares of the interval (GpuDevice.throttleTimePercent.*). */
export const THROTTLE_PERCENT_META: NumericFieldMeta = { kind: 'gauge', unit: 'percent', min: 0, max: 100, tolerance: 5 };

/** MIG device memory, in the same range as a whole GPU's. */
export const MIG_MEMORY_META: NumericFieldMeta = bytes();

/** GPU process fields. Windows PIDs reach 2³²−4 (multiples of 4); 0 is never a real process. */
export const PROCESS_NUMERIC_FIELDS = {
  pid: { kind: 'identity', unit: 'count', min: 1, max: 0xffff_fffe },
  usedMemoryBytes: bytes(undefined, 'gpuwise_process_gpu_memory_used_bytes'),
  smUtilPercent: percent(undefined, 'gpuwise_process_sm_utilization_percent'),
  memoryUtilPercent: percent(undefined, 'gpuwise_process_memory_utilization_percent'),
  encoderUtilPercent: percent(undefined, 'gpuwise_process_encoder_utilization_percent'),
  decoderUtilPercent: percent(undefined, 'gpuwise_process_decoder_utilization_percent'),
} as const satisfies Record<string, NumericFieldMeta>;

export type ProcessNumericField = keyof typeof PROCESS_NUMERIC_FIELDS;

export type RangeVerdict = { ok: true; value: number } | { ok: false };

/**
 * A reading checked against its field: in range (or just over, within tolerance, then clamped)
 * gives the value; non-finite, a sentinel or anything impossible does not. So does −0: no
 * driver prints "-0", so a "-0" cell is garbage, and it would print as a real zero.
 */
export function checkRange(meta: NumericFieldMeta, value: number): RangeVerdict {
  const checked = rangeValue(meta, value);
  return Number.isNaN(checked) ? { ok: false } : { ok: true, value: checked };
}

/**
 * checkRange without a verdict object, for the paths that check every field of every reading
 * (a sampler checks ~1,500 values a tick): the value (clamped within tolerance), or NaN where
 * checkRange says not ok. NaN is never a value that passes, so it cannot be mistaken for one.
 */
export function rangeValue(meta: NumericFieldMeta, value: number): number {
  if (!Number.isFinite(value) || Object.is(value, -0)) return Number.NaN;
  if (value === NVML_U32_SENTINEL && meta.max < NVML_U32_SENTINEL) return Number.NaN;
  if (value < meta.min) return Number.NaN;
  if (value > meta.max) return meta.tolerance !== undefined && value <= meta.max + meta.tolerance ? meta.max : Number.NaN;
  return value;
}
