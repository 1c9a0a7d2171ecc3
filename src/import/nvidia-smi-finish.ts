// What the -q outputs give beyond the CSV query's fields (temperature thresholds, MIG devices),
// added to the device the shared mapping built. Shared by the XML and the text form.

import { MIG_NOT_IN_CSV_KEY, type MappedDevice } from '../backends/nvidia-smi/map-device.js';
import { unitFactor } from '../backends/nvidia-smi/units.js';
import { parseCount, parseDecimal } from '../backends/nvidia-smi/values.js';
import { checkRange, DEVICE_NUMERIC_FIELDS } from '../core/fields.js';
import type { GpuDevice, MigDevice, SnapshotProblem } from '../core/snapshot.js';
import { splitQuantity } from './nvidia-smi-record.js';
import type { XmlElement } from './xml.js';

export interface TreeAccess {
  text(node: XmlElement, path: string): string | undefined;
  /** Paths of the slowdown and shutdown thresholds, oldest name first. */
  slowdown: readonly string[];
  shutdown: readonly string[];
}

/** "19968 MiB" → bytes, or null for "N/A" and anything unreadable. */
export function quantityOf(printed: string | undefined): number | null {
  if (printed === undefined) return null;
  const cell = splitQuantity(printed);
  const parsed = parseDecimal(cell.raw, null);
  const factor = unitFactor('bytes', cell.unit);
  return parsed.ok && factor !== null && parsed.value >= 0 ? parsed.value * factor : null;
}

export function wholeNumber(printed: string | undefined): number | null {
  if (printed === undefined) return null;
  const parsed = parseCount(printed);
  return parsed.ok ? parsed.value : null;
}

function celsiusAt(gpu: XmlElement, access: TreeAccess, paths: readonly string[], field: 'temperatureSlowdownCelsius' | 'temperatureShutdownCelsius'): number | null {
  for (const path of paths) {
    const printed = access.text(gpu, path);
    if (printed === undefined) continue;
    const cell = splitQuantity(printed);
    const parsed = parseDecimal(cell.raw, null);
    // The T.Limit thresholds (R535+) are relative to the current temperature, often negative: not absolute limits.
    if (!parsed.ok || (cell.unit !== null && cell.unit !== 'C') || /tlimit|T\.Limit/.test(path)) continue;
    const verdict = checkRange(DEVICE_NUMERIC_FIELDS[field], parsed.value);
    if (verdict.ok) return verdict.value;
  }
  return null;
}

/** The mapped device with what only -q gives; its problems appended to `problems`. */
export function finishDevice(mapped: MappedDevice, gpu: XmlElement, access: TreeAccess, migs: MigDevice[], problems: SnapshotProblem[]): GpuDevice {
  const device = mapped.device;
  for (const [field, paths] of [['temperatureSlowdownCelsius', access.slowdown], ['temperatureShutdownCelsius', access.shutdown]] as const) {
    const value = celsiusAt(gpu, access, paths, field);
    if (value !== null) {
      device[field] = value;
      delete device.unavailable[field];
    }
  }
  device.migDevices = migs;
  // -q lists the MIG instances, so the CSV backend's "cannot list them" note does not apply.
  problems.push(...mapped.problems.filter((problem) => problem.key !== MIG_NOT_IN_CSV_KEY));
  return device;
}
