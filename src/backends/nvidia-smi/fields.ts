// The `--query-gpu` and `--query-compute-apps` fields gpuwise asks nvidia-smi for.
//
// nvidia-smi fails the whole query when one field is unknown to the installed driver
// ('Field "x" is not a valid field to query.'), so each field lists the names to try, most
// preferred first; the driver probes once and keeps the names the driver accepts (see probe.ts).
// `header` lists every other name nvidia-smi may print for the field in the CSV header: it prints
// the canonical name, not the alias asked for ("clocks.gr" comes back as "clocks.current.graphics").
// Field names are from `nvidia-smi --help-query-gpu` of drivers 590–610 and older captures.

export interface QueryField<Key extends string> {
  key: Key;
  /** Query names to try, most preferred first. */
  query: readonly string[];
  /** Other names the header may use for this field. */
  header?: readonly string[];
  /**
   * Known to every driver since about R450. The rest are probed (newer drivers only): the
   * probe still drops a rejected core field rather than fail, but that is not expected.
   */
  core: boolean;
}

const field = <Key extends string>(
  key: Key,
  query: readonly string[],
  core: boolean,
  header: readonly string[] = [],
): QueryField<Key> => ({ key, query, header, core });

export const GPU_FIELDS = [
  field('index', ['index'], true),
  field('uuid', ['uuid'], true, ['gpu_uuid']),
  field('name', ['name'], true, ['gpu_name']),
  field('pciBusId', ['pci.bus_id'], true, ['gpu_bus_id']),
  field('serial', ['serial'], true, ['gpu_serial']),
  field('vbiosVersion', ['vbios_version'], true),
  // driver_version is deprecated from R610 in favour of kmd_version, which R590 does not know.
  field('driverVersion', ['driver_version', 'kmd_version'], true),
  field('computeCapability', ['compute_cap'], false),
  field('memoryTotal', ['memory.total'], true),
  field('memoryUsed', ['memory.used'], true),
  field('memoryFree', ['memory.free'], true),
  field('memoryReserved', ['memory.reserved'], false),
  field('gpuUtil', ['utilization.gpu'], true),
  field('memoryUtil', ['utilization.memory'], true),
  field('encoderUtil', ['utilization.encoder'], false),
  field('decoderUtil', ['utilization.decoder'], false),
  field('temperature', ['temperature.gpu'], true),
  field('fanSpeed', ['fan.speed'], true),
  // power.draw: a 1 s average on Ampere and newer, instantaneous before — what NVML's
  // nvmlDeviceGetPowerUsage returns, so both backends agree. power.draw.instant/.average exist
  // only on newer drivers and are not needed for that.
  field('powerDraw', ['power.draw'], true),
  field('powerLimitRequested', ['power.limit'], true, ['gpu.power.requested_limit']),
  field('powerLimitEnforced', ['enforced.power.limit'], true, ['gpu.power.current_limit']),
  field('powerLimitDefault', ['power.default_limit'], true, ['gpu.power.default_limit']),
  field('graphicsClock', ['clocks.gr'], true, ['clocks.current.graphics']),
  field('smClock', ['clocks.sm'], true, ['clocks.current.sm']),
  field('memoryClock', ['clocks.mem'], true, ['clocks.current.memory']),
  field('graphicsClockMax', ['clocks.max.gr'], true, ['clocks.max.graphics']),
  field('smClockMax', ['clocks.max.sm'], true),
  field('memoryClockMax', ['clocks.max.mem'], true, ['clocks.max.memory']),
  // "current" is deprecated for "gpucurrent" (same value) but is the one older drivers know.
  field('pcieGeneration', ['pcie.link.gen.current', 'pcie.link.gen.gpucurrent'], true),
  // "max" is what the GPU *and* the host allow — NVML's GetMaxPcieLinkGeneration.
  field('pcieGenerationMax', ['pcie.link.gen.max'], true),
  field('pcieWidth', ['pcie.link.width.current'], true),
  field('pcieWidthMax', ['pcie.link.width.max'], true),
  field('performanceState', ['pstate'], true),
  // Renamed clocks_event_reasons in newer drivers, which still accept the old name; older
  // drivers know only the old one.
  field('clockEventMask', ['clocks_throttle_reasons.active', 'clocks_event_reasons.active'], true),
  field('eccModeCurrent', ['ecc.mode.current'], true),
  field('eccModePending', ['ecc.mode.pending'], true),
  field('eccCorrectedVolatile', ['ecc.errors.corrected.volatile.total'], true),
  field('eccUncorrectedVolatile', ['ecc.errors.uncorrected.volatile.total'], true),
  field('eccCorrectedAggregate', ['ecc.errors.corrected.aggregate.total'], true),
  field('eccUncorrectedAggregate', ['ecc.errors.uncorrected.aggregate.total'], true),
  field('migModeCurrent', ['mig.mode.current'], false),
  field('migModePending', ['mig.mode.pending'], false),
  field('computeMode', ['compute_mode'], true),
  field('persistenceMode', ['persistence_mode'], true),
  field('driverModel', ['driver_model.current'], true),
] as const;

export type GpuFieldKey = (typeof GPU_FIELDS)[number]['key'];

// Graphics processes have no CSV query in nvidia-smi (only the table and `pmon` show them), so
// this backend reports compute processes only; graphics processes come from the NVML backend.
export const PROCESS_FIELDS = [
  field('gpuUuid', ['gpu_uuid'], true),
  field('gpuBusId', ['gpu_bus_id'], true),
  field('pid', ['pid'], true),
  field('processName', ['process_name'], true, ['name']),
  field('usedMemory', ['used_gpu_memory'], true, ['used_memory']),
] as const;

export type ProcessFieldKey = (typeof PROCESS_FIELDS)[number]['key'];

/** Every name (query or header) → the field it means. */
export function fieldsByName<Key extends string>(fields: readonly QueryField<Key>[]): Map<string, Key> {
  const byName = new Map<string, Key>();
  for (const entry of fields) {
    for (const name of [...entry.query, ...(entry.header ?? [])]) byName.set(name, entry.key);
  }
  return byName;
}
