// Whole outputs → typed results: `--query-gpu` CSV → devices (here), `--query-compute-apps` CSV
// → processes (parse-apps.ts). Pure; the only entry points tests and the backend need.

import type { GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import { MAX_GPUS_PER_MACHINE, shortenDetail } from '../../system/limits.js';
import { checkDistinctGpus, checkGpuCount, checkNotEmpty, checkQueryTable, type OutputRejection } from './check-output.js';
import { GPU_FIELDS } from './fields.js';
import { recordToDevice } from './map-device.js';
import { extractDeviceErrors } from './outcome.js';
import { parseRecords } from './records.js';

export { parseComputeApps, type ComputeAppsResult } from './parse-apps.js';

export interface GpuQueryResult {
  devices: GpuDevice[];
  /** The driver version the rows agree on, or null when none printed one. */
  driverVersion: string | null;
  problems: SnapshotProblem[];
  /**
   * Set when the output cannot be believed as a whole (check-output.ts): then there are no
   * devices, and `problems` holds only this.
   */
  rejected: OutputRejection | null;
}

function rejectedQuery(rejection: OutputRejection): GpuQueryResult {
  return { devices: [], driverVersion: null, problems: [{ scope: 'devices', code: rejection.code, message: rejection.detail }], rejected: rejection };
}

/**
 * Parses `nvidia-smi --query-gpu=… --format=csv[,nounits]`. `asked` is the list of query names
 * in the order requested, when known; it lets columns be matched by position.
 */
export function parseGpuQuery(text: string, asked?: readonly string[]): GpuQueryResult {
  const { text: csv, deviceErrors } = extractDeviceErrors(text);
  // Rows past a machine's GPU count are only counted: the output is rejected anyway.
  const parsed = parseRecords(csv, GPU_FIELDS, asked, { maxRows: MAX_GPUS_PER_MACHINE });
  const wholeTable =
    checkNotEmpty(parsed.table.columns.length, deviceErrors.length) ??
    checkQueryTable(parsed, 'GPU') ??
    checkGpuCount(parsed.table.rows.length + parsed.table.rowsPastLimit, deviceErrors.length);
  if (wholeTable) return rejectedQuery(wholeTable);

  const problems: SnapshotProblem[] = parsed.notes.map((message) => ({ scope: 'devices', code: 'parse', message }));
  for (const error of deviceErrors) {
    problems.push({ scope: `device:${error.pciBusId}`, code: error.lost ? 'gpu-lost' : 'device-error', message: shortenDetail(error.message) });
  }
  const devices: GpuDevice[] = [];
  const lines: number[] = [];
  let driverVersion: string | null = null;
  parsed.records.forEach((record, position) => {
    const mapped = recordToDevice(record, position);
    devices.push(mapped.device);
    lines.push(record.line);
    for (const problem of mapped.problems) problems.push(problem);
    driverVersion ??= mapped.driverVersion;
  });
  const duplicate = checkDistinctGpus(devices, lines);
  if (duplicate) return rejectedQuery(duplicate);
  return { devices, driverVersion, problems, rejected: null };
}
