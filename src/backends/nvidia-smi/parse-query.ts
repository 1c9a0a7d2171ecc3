// Whole outputs → typed results: `--query-gpu` CSV → devices, `--query-compute-apps` CSV →
// processes. Pure; the only entry points tests and the backend need.

import type { BackendProcess } from '../../core/backend.js';
import type { GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import { GPU_FIELDS, PROCESS_FIELDS } from './fields.js';
import { quantity, recordToDevice } from './map-device.js';
import { extractDeviceErrors } from './outcome.js';
import { parseRecords } from './records.js';
import { parseCount, parseText } from './values.js';

export interface GpuQueryResult {
  devices: GpuDevice[];
  /** The driver version the rows agree on, or null when none printed one. */
  driverVersion: string | null;
  problems: SnapshotProblem[];
}

/**
 * Parses `nvidia-smi --query-gpu=… --format=csv[,nounits]`. `asked` is the list of query names
 * in the order requested, when known; it lets columns be matched by position.
 */
export function parseGpuQuery(text: string, asked?: readonly string[]): GpuQueryResult {
  const { text: csv, deviceErrors } = extractDeviceErrors(text);
  const { records, notes } = parseRecords(csv, GPU_FIELDS, asked);
  const problems: SnapshotProblem[] = notes.map((message) => ({ scope: 'devices', code: 'parse', message }));
  for (const error of deviceErrors) {
    problems.push({ scope: `device:${error.pciBusId}`, code: error.lost ? 'gpu-lost' : 'device-error', message: error.message });
  }
  const devices: GpuDevice[] = [];
  let driverVersion: string | null = null;
  records.forEach((record, position) => {
    const mapped = recordToDevice(record, position);
    devices.push(mapped.device);
    problems.push(...mapped.problems);
    driverVersion ??= mapped.driverVersion;
  });
  return { devices, driverVersion, problems };
}

export interface ComputeAppsResult {
  processes: BackendProcess[];
  problems: SnapshotProblem[];
}

const usedMemory = quantity('bytes');

/**
 * Parses `nvidia-smi --query-compute-apps=… --format=csv[,nounits]`, placing each process on one
 * of `devices` by GPU UUID (or PCI bus id). These are compute processes only: nvidia-smi has no
 * CSV query for graphics processes.
 */
export function parseComputeApps(text: string, devices: readonly GpuDevice[], asked?: readonly string[]): ComputeAppsResult {
  // Per-GPU "Unable to determine the device handle" lines: the GPU query reports those.
  const { text: csv } = extractDeviceErrors(text);
  const { records, notes } = parseRecords(csv, PROCESS_FIELDS, asked, { freeTextColumn: 'process_name' });
  const problems: SnapshotProblem[] = notes.map((message) => ({ scope: 'processes', code: 'parse', message }));
  const processes: BackendProcess[] = [];
  const unplaced: string[] = [];
  for (const record of records) {
    const problem = (message: string) => problems.push({ scope: 'processes', code: 'parse', message: `line ${record.line}: ${message}` });
    const pidCell = record.cells.get('pid');
    const pid = pidCell ? parseCount(pidCell.raw) : null;
    if (!pid?.ok) {
      problem(`no usable PID (${JSON.stringify(pidCell?.raw ?? null)})`);
      continue;
    }
    const uuid = record.cells.get('gpuUuid')?.raw.trim() ?? '';
    const busId = record.cells.get('gpuBusId')?.raw.trim().toUpperCase() ?? '';
    const device = devices.find((d) => (uuid !== '' && d.uuid === uuid) || (busId !== '' && d.pciBusId === busId));
    if (!device) {
      unplaced.push(`${pid.value} on ${uuid || busId || 'an unnamed GPU'}`);
      continue;
    }
    const nameCell = record.cells.get('processName');
    const name = nameCell ? parseText(nameCell.raw) : null;
    const memoryCell = record.cells.get('usedMemory');
    // "[N/A]" under Windows WDDM, where the OS, not the NVIDIA driver, manages GPU memory.
    const memory = memoryCell ? usedMemory(memoryCell) : null;
    if (memory && !memory.ok && memory.malformed) problem(`used_gpu_memory: ${memory.malformed}`);
    processes.push({
      pid: pid.value,
      gpuIndex: device.index,
      gpuUuid: device.uuid,
      gpuInstanceId: null,
      computeInstanceId: null,
      type: 'compute',
      usedMemoryBytes: memory?.ok ? memory.value : null,
      smUtilPercent: null,
      memoryUtilPercent: null,
      encoderUtilPercent: null,
      decoderUtilPercent: null,
      name: name?.ok ? name.value : null,
    });
  }
  if (unplaced.length > 0) {
    // One entry, not one per process: when the GPU query failed, every process lands here.
    problems.push({ scope: 'processes', code: 'unknown-gpu', message: `processes on GPUs this reading does not list: ${unplaced.join(', ')}` });
  }
  return { processes, problems };
}
