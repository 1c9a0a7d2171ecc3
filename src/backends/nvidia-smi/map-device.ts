// One `--query-gpu` record → a GpuDevice. Every field nvidia-smi can give is filled from it; every
// other field is null with the reason in `unavailable`. Pure.

import { decodeClockEventReasons } from '../../core/clock-events.js';
import { checkRange, DEVICE_NUMERIC_FIELDS, ECC_COUNT_META, type NumericFieldMeta } from '../../core/fields.js';
import type { DeviceMetricField, DeviceState, GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import type { UnavailableMap, UnavailableReason } from '../../core/unavailable.js';
import type { MessageKey } from '../../i18n/catalog.js';
import { MAX_GPUS_PER_MACHINE, quoteForDetail } from '../../system/limits.js';
import { architectureFromComputeCapability } from './architecture.js';
import type { GpuFieldKey } from './fields.js';
import type { FieldCell, FieldRecord } from './records.js';
import { unitFactor, type Quantity } from './units.js';
import {
  deviceStateFromCell,
  parseComputeMode,
  parseCount,
  parseDecimal,
  parseFlag,
  parseHexMask,
  parsePerformanceState,
  parseText,
  outOfRange,
  type CellValue,
} from './values.js';

type CellParser<T> = (cell: FieldCell) => CellValue<T>;

/**
 * A number in the base unit of `quantity`, converted from the unit the header names, and, with
 * `meta`, within the range a real GPU can report (fields.ts): a number is never invented here.
 */
export function quantity(kind: Quantity, meta?: NumericFieldMeta): CellParser<number> {
  return (cell) => {
    const parsed = parseDecimal(cell.raw, cell.unit);
    if (!parsed.ok) return parsed;
    const factor = unitFactor(kind, cell.unit);
    if (factor === null) return { ok: false, reason: 'error', malformed: `unknown unit ${quoteForDetail(cell.unit ?? '')}` };
    if (parsed.value < 0 && kind !== 'celsius') return outOfRange(cell.raw, 'negative value');
    const value = parsed.value * factor;
    if (!meta) return Number.isFinite(value) ? { ok: true, value } : outOfRange(cell.raw, 'not a finite number');
    const verdict = checkRange(meta, value);
    return verdict.ok ? verdict : outOfRange(cell.raw, 'not a possible value');
  };
}

/** The note that MIG is on but the CSV cannot list its instances; the -q imports, which can, drop it. */
export const MIG_NOT_IN_CSV_KEY = 'problems.migNotInCsv' satisfies MessageKey;

const text: CellParser<string> = (cell) => parseText(cell.raw);
const count: CellParser<number> = (cell) => parseCount(cell.raw);
const flag: CellParser<boolean> = (cell) => parseFlag(cell.raw);
const bytes = quantity('bytes');
const watts = quantity('watts');
const megahertz = quantity('megahertz');
const celsius = quantity('celsius');
const percent = quantity('percent');
// Utilisation just over 100 % (a clock ramping) is clamped by the range check's tolerance.
const utilisation = percent;
const eccCount: CellParser<number> = (cell) => {
  const parsed = parseCount(cell.raw);
  if (!parsed.ok) return parsed;
  return checkRange(ECC_COUNT_META, parsed.value).ok ? parsed : outOfRange(cell.raw, 'not a possible error count');
};

const rangeOf = (target: DeviceMetricField): NumericFieldMeta | undefined =>
  (DEVICE_NUMERIC_FIELDS as Partial<Record<DeviceMetricField, NumericFieldMeta>>)[target];

/** Reads cells into typed values, recording why each missing one is missing. */
class RecordReader {
  readonly unavailable: UnavailableMap<DeviceMetricField> = {};
  readonly malformed: string[] = [];
  readonly outOfRange: string[] = [];

  constructor(private readonly cells: Map<GpuFieldKey, FieldCell>) {}

  /** A parsed number outside its field's physical range (fields.ts) is no value. */
  private checked<T>(target: DeviceMetricField, parsed: CellValue<T>, raw: string): CellValue<T> {
    const meta = rangeOf(target);
    if (!parsed.ok || meta === undefined || typeof parsed.value !== 'number') return parsed;
    const verdict = checkRange(meta, parsed.value);
    return verdict.ok ? { ok: true, value: verdict.value as T } : outOfRange(raw, 'not a possible value');
  }

  /** The first of `keys` that has a value; the reason recorded is the first key's. */
  read<T>(target: DeviceMetricField, keys: GpuFieldKey | readonly GpuFieldKey[], parse: CellParser<T>): T | null {
    let reason: UnavailableReason | undefined;
    for (const key of typeof keys === 'string' ? [keys] : keys) {
      const cell = this.cells.get(key);
      const parsed: CellValue<T> = cell ? this.checked(target, parse(cell), cell.raw) : { ok: false, reason: 'not-reported' };
      if (parsed.ok) return parsed.value;
      reason ??= parsed.reason;
      if (parsed.malformed) (parsed.reason === 'out-of-range' ? this.outOfRange : this.malformed).push(`${key}: ${parsed.malformed}`);
    }
    this.unavailable[target] = reason ?? 'not-reported';
    return null;
  }

  /** A field nvidia-smi's CSV query does not have at all. */
  absent(target: DeviceMetricField): null {
    this.unavailable[target] = 'not-reported';
    return null;
  }

  /** `lost` wins over `error`: a GPU that fell off the bus may also print "requires reset". */
  state(): { state: DeviceState; detail: string | null } {
    let found: { state: DeviceState; detail: string | null } = { state: 'ok', detail: null };
    for (const cell of this.cells.values()) {
      const state = deviceStateFromCell(cell.raw);
      if (state === null || found.state === 'lost') continue;
      found = { state, detail: cell.raw.trim().replace(/^\[|\]$/g, '') };
    }
    return found;
  }
}

export interface MappedDevice {
  device: GpuDevice;
  driverVersion: string | null;
  problems: SnapshotProblem[];
}

/** `position` (0-based row) stands in for the index when nvidia-smi gives none. */
export function recordToDevice(record: FieldRecord<GpuFieldKey>, position: number): MappedDevice {
  const r = new RecordReader(record.cells);
  const indexCell = record.cells.get('index');
  const parsedIndex = indexCell ? parseCount(indexCell.raw) : null;
  // An index past what a machine can have is not one (check-output.ts then finds it missing).
  const indexOk = parsedIndex?.ok === true && parsedIndex.value < MAX_GPUS_PER_MACHINE;
  const index = indexOk ? parsedIndex.value : position;
  const { state, detail } = r.state();

  const computeCapability = r.read('computeCapability', 'computeCapability', text);
  const architecture = computeCapability === null ? null : architectureFromComputeCapability(computeCapability);
  if (architecture === null) r.unavailable.architecture = r.unavailable.computeCapability ?? 'not-reported';
  const clockMask = r.read('clockEventReasons', 'clockEventMask', (cell) => parseHexMask(cell.raw));
  const eccCounts = {
    correctedVolatile: r.read('eccErrors', 'eccCorrectedVolatile', eccCount),
    uncorrectedVolatile: r.read('eccErrors', 'eccUncorrectedVolatile', eccCount),
    correctedAggregate: r.read('eccErrors', 'eccCorrectedAggregate', eccCount),
    uncorrectedAggregate: r.read('eccErrors', 'eccUncorrectedAggregate', eccCount),
  };
  const anyEccCount = Object.values(eccCounts).some((value) => value !== null);
  if (anyEccCount) delete r.unavailable.eccErrors;
  const pciBusId = r.read('pciBusId', 'pciBusId', text);

  const device: GpuDevice = {
    index,
    state,
    stateDetail: detail,
    vendor: 'nvidia',
    name: r.read('name', 'name', text),
    uuid: r.read('uuid', 'uuid', text),
    pciBusId: pciBusId === null ? null : pciBusId.toUpperCase(),
    serial: r.read('serial', 'serial', text),
    architecture,
    computeCapability,
    vbiosVersion: r.read('vbiosVersion', 'vbiosVersion', text),
    memoryTotalBytes: r.read('memoryTotalBytes', 'memoryTotal', bytes),
    memoryUsedBytes: r.read('memoryUsedBytes', 'memoryUsed', bytes),
    memoryFreeBytes: r.read('memoryFreeBytes', 'memoryFree', bytes),
    memoryReservedBytes: r.read('memoryReservedBytes', 'memoryReserved', bytes),
    gpuUtilPercent: r.read('gpuUtilPercent', 'gpuUtil', utilisation),
    memoryUtilPercent: r.read('memoryUtilPercent', 'memoryUtil', utilisation),
    encoderUtilPercent: r.read('encoderUtilPercent', 'encoderUtil', utilisation),
    decoderUtilPercent: r.read('decoderUtilPercent', 'decoderUtil', utilisation),
    temperatureCelsius: r.read('temperatureCelsius', 'temperature', celsius),
    // Not in the CSV query (only `nvidia-smi -q` prints the thresholds).
    temperatureSlowdownCelsius: r.absent('temperatureSlowdownCelsius'),
    temperatureShutdownCelsius: r.absent('temperatureShutdownCelsius'),
    // Not clamped: the fan speed may exceed 100 % by nvidia-smi's own definition.
    fanSpeedPercent: r.read('fanSpeedPercent', 'fanSpeed', percent),
    powerDrawWatts: r.read('powerDrawWatts', 'powerDraw', watts),
    powerLimitWatts: r.read('powerLimitWatts', ['powerLimitEnforced', 'powerLimitRequested'], watts),
    powerLimitDefaultWatts: r.read('powerLimitDefaultWatts', 'powerLimitDefault', watts),
    // Not a CSV query field.
    energyConsumedJoules: r.absent('energyConsumedJoules'),
    graphicsClockMhz: r.read('graphicsClockMhz', 'graphicsClock', megahertz),
    smClockMhz: r.read('smClockMhz', 'smClock', megahertz),
    memoryClockMhz: r.read('memoryClockMhz', 'memoryClock', megahertz),
    graphicsClockMaxMhz: r.read('graphicsClockMaxMhz', 'graphicsClockMax', megahertz),
    smClockMaxMhz: r.read('smClockMaxMhz', 'smClockMax', megahertz),
    memoryClockMaxMhz: r.read('memoryClockMaxMhz', 'memoryClockMax', megahertz),
    pcieLinkGeneration: r.read('pcieLinkGeneration', 'pcieGeneration', count),
    pcieLinkGenerationMax: r.read('pcieLinkGenerationMax', 'pcieGenerationMax', count),
    pcieLinkWidth: r.read('pcieLinkWidth', 'pcieWidth', count),
    pcieLinkWidthMax: r.read('pcieLinkWidthMax', 'pcieWidthMax', count),
    // nvidia-smi's CSV has no PCIe throughput (only `dmon -s t` samples it).
    pcieRxBytesPerSecond: r.absent('pcieRxBytesPerSecond'),
    pcieTxBytesPerSecond: r.absent('pcieTxBytesPerSecond'),
    nvlinkRxBytesPerSecond: r.absent('nvlinkRxBytesPerSecond'),
    nvlinkTxBytesPerSecond: r.absent('nvlinkTxBytesPerSecond'),
    powerDrawAverageWatts: r.absent('powerDrawAverageWatts'),
    graphicsActivePercent: r.absent('graphicsActivePercent'),
    smActivePercent: r.absent('smActivePercent'),
    smOccupancyPercent: r.absent('smOccupancyPercent'),
    tensorActivePercent: r.absent('tensorActivePercent'),
    dramActivePercent: r.absent('dramActivePercent'),
    throttleTimePercent: r.absent('throttleTimePercent'),
    performanceState: r.read('performanceState', 'performanceState', (cell) => parsePerformanceState(cell.raw)),
    clockEventReasons: clockMask === null ? null : decodeClockEventReasons(clockMask),
    eccModeCurrent: r.read('eccModeCurrent', 'eccModeCurrent', flag),
    eccModePending: r.read('eccModePending', 'eccModePending', flag),
    eccErrors: anyEccCount ? eccCounts : null,
    migModeCurrent: r.read('migModeCurrent', 'migModeCurrent', flag),
    migModePending: r.read('migModePending', 'migModePending', flag),
    // MIG instances are not in the CSV query; the NVML backend lists them.
    migDevices: [],
    computeMode: r.read('computeMode', 'computeMode', (cell) => parseComputeMode(cell.raw)),
    persistenceMode: r.read('persistenceMode', 'persistenceMode', flag),
    driverModel: r.read('driverModel', 'driverModel', text),
    unavailable: r.unavailable,
  };
  explainMigUtilisation(device);

  const problems: SnapshotProblem[] = [];
  for (const message of r.malformed) problems.push({ scope: `device:${index}`, code: 'parse', message: `line ${record.line}: ${message}` });
  for (const message of r.outOfRange) problems.push({ scope: `device:${index}`, code: 'out-of-range', message: `line ${record.line}: ${message}` });
  if (device.migModeCurrent === true) {
    // An empty migDevices would read as "no MIG instances"; say that it is unknown instead.
    problems.push({
      scope: `device:${index}`,
      code: 'not-supported',
      message: "MIG is on, but nvidia-smi's CSV query cannot list MIG instances (the NVML backend can)",
      key: MIG_NOT_IN_CSV_KEY,
    });
  }
  if (!indexOk) {
    const printed = indexCell ? ` (${quoteForDetail(indexCell.raw)})` : '';
    problems.push({ scope: `device:${index}`, code: 'parse', message: `line ${record.line}: no GPU index${printed}; using row position ${position}` });
  }
  const driverCell = record.cells.get('driverVersion');
  const driverVersion = driverCell ? parseText(driverCell.raw) : null;
  return { device, driverVersion: driverVersion?.ok ? driverVersion.value : null, problems };
}

const UTILISATION_FIELDS = ['gpuUtilPercent', 'memoryUtilPercent', 'encoderUtilPercent', 'decoderUtilPercent'] as const;

/** In MIG mode nvidia-smi prints "[N/A]" for utilisation because the driver does not support it there. */
function explainMigUtilisation(device: GpuDevice): void {
  if (device.migModeCurrent !== true) return;
  for (const field of UTILISATION_FIELDS) {
    if (device[field] === null && device.unavailable[field] === 'not-reported') device.unavailable[field] = 'not-supported';
  }
}
