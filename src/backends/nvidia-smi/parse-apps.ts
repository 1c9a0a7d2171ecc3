// `--query-compute-apps` CSV → processes, each placed on one of the reading's GPUs. Pure.
// Bounded: at most MAX_PROCESSES_PER_GPU per GPU and a few problem lines per kind, so a runaway
// output costs a summary, not one problem per row.

import type { BackendProcess } from '../../core/backend.js';
import { PROCESS_NUMERIC_FIELDS, checkRange } from '../../core/fields.js';
import type { GpuDevice, SnapshotProblem } from '../../core/snapshot.js';
import { MAX_GPU_PROCESSES_PER_MACHINE, MAX_PROCESSES_PER_GPU, quoteForDetail, shortenDetail } from '../../system/limits.js';
import { checkQueryTable } from './check-output.js';
import { PROCESS_FIELDS } from './fields.js';
import { quantity } from './map-device.js';
import { extractDeviceErrors } from './outcome.js';
import { parseRecords } from './records.js';
import { parseCount, parseText } from './values.js';

export interface ComputeAppsResult {
  processes: BackendProcess[];
  problems: SnapshotProblem[];
}

const usedMemory = quantity('bytes', PROCESS_NUMERIC_FIELDS.usedMemoryBytes);
/** Row-level messages kept per kind; the rest are counted. */
const LISTED = 20;

/** Messages of one kind: the first few in full, then how many more. */
class Listing {
  readonly items: string[] = [];
  count = 0;
  add(item: string): void {
    this.count++;
    if (this.items.length < LISTED) this.items.push(item);
  }
  text(separator: string): string {
    const more = this.count - this.items.length;
    return more > 0 ? `${this.items.join(separator)}${separator}and ${more} more` : this.items.join(separator);
  }
}

/**
 * Parses `nvidia-smi --query-compute-apps=… --format=csv[,nounits]`, placing each process on one
 * of `devices` by GPU UUID (or PCI bus id). These are compute processes only: nvidia-smi has no
 * CSV query for graphics processes.
 */
export function parseComputeApps(text: string, devices: readonly GpuDevice[], asked?: readonly string[]): ComputeAppsResult {
  // Per-GPU "Unable to determine the device handle" lines: the GPU query reports those.
  const { text: csv } = extractDeviceErrors(text);
  const parsed = parseRecords(csv, PROCESS_FIELDS, asked, { freeTextColumn: 'process_name', maxRows: MAX_GPU_PROCESSES_PER_MACHINE });
  const rejected = checkQueryTable(parsed, 'process');
  if (rejected) return { processes: [], problems: [{ scope: 'processes', code: rejected.code, message: rejected.detail }] };

  const problems: SnapshotProblem[] = parsed.notes.map((message) => ({ scope: 'processes', code: 'parse', message }));
  const byUuid = new Map<string, GpuDevice>();
  const byBusId = new Map<string, GpuDevice>();
  for (const device of devices) {
    if (device.uuid !== null && !byUuid.has(device.uuid)) byUuid.set(device.uuid, device);
    if (device.pciBusId !== null && !byBusId.has(device.pciBusId)) byBusId.set(device.pciBusId, device);
  }
  const processes: BackendProcess[] = [];
  const perGpu = new Map<number, number>();
  const dropped = new Map<number, number>();
  const rowProblems = new Listing();
  const outOfRange = new Listing();
  const unplaced = new Listing();
  for (const record of parsed.records) {
    const pidCell = record.cells.get('pid');
    const pid = pidCell ? parseCount(pidCell.raw) : null;
    if (!pid?.ok || !checkRange(PROCESS_NUMERIC_FIELDS.pid, pid.value).ok) {
      // A number no PID can be (0, −0, 2⁶⁴) is out of range; a missing or unreadable one is a parse problem.
      const impossible = pid !== null && (pid.ok || pid.reason === 'out-of-range');
      (impossible ? outOfRange : rowProblems).add(`line ${record.line}: no usable PID (${pidCell ? quoteForDetail(pidCell.raw) : 'null'})`);
      continue;
    }
    const uuid = record.cells.get('gpuUuid')?.raw.trim() ?? '';
    const busId = record.cells.get('gpuBusId')?.raw.trim().toUpperCase() ?? '';
    const device = (uuid !== '' ? byUuid.get(uuid) : undefined) ?? (busId !== '' ? byBusId.get(busId) : undefined);
    if (!device) {
      unplaced.add(`${pid.value} on ${shortenDetail(uuid || busId, 60) || 'an unnamed GPU'}`);
      continue;
    }
    const onGpu = perGpu.get(device.index) ?? 0;
    if (onGpu >= MAX_PROCESSES_PER_GPU) {
      dropped.set(device.index, (dropped.get(device.index) ?? 0) + 1);
      continue;
    }
    perGpu.set(device.index, onGpu + 1);
    const nameCell = record.cells.get('processName');
    const name = nameCell ? parseText(nameCell.raw) : null;
    const memoryCell = record.cells.get('usedMemory');
    // "[N/A]" under Windows WDDM, where the OS, not the NVIDIA driver, manages GPU memory.
    const memory = memoryCell ? usedMemory(memoryCell) : null;
    if (memory && !memory.ok && memory.malformed) {
      (memory.reason === 'out-of-range' ? outOfRange : rowProblems).add(`line ${record.line}: used_gpu_memory: ${memory.malformed}`);
    }
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
  for (const item of rowProblems.items) problems.push({ scope: 'processes', code: 'parse', message: item });
  if (rowProblems.count > rowProblems.items.length) {
    problems.push({ scope: 'processes', code: 'parse', message: `${rowProblems.count - rowProblems.items.length} more rows with problems` });
  }
  if (outOfRange.count > 0) problems.push({ scope: 'processes', code: 'out-of-range', message: outOfRange.text('; ') });
  if (unplaced.count > 0) {
    // One entry, not one per process: when the GPU query failed, every process lands here.
    problems.push({ scope: 'processes', code: 'unknown-gpu', message: `processes on GPUs this reading does not list: ${unplaced.text(', ')}` });
  }
  for (const [index, count] of dropped) {
    problems.push({
      scope: `device:${index}`,
      code: 'too-many-processes',
      message: `${count} more processes listed on this GPU than the ${MAX_PROCESSES_PER_GPU} one GPU can hold; not shown`,
    });
  }
  if (parsed.table.rowsPastLimit > 0) {
    problems.push({
      scope: 'processes',
      code: 'too-many-processes',
      message: `${parsed.table.rowsPastLimit} rows past the ${MAX_GPU_PROCESSES_PER_MACHINE} processes a machine can hold were not read`,
    });
  }
  return { processes, problems };
}
