// `nvidia-smi --query-gpu=… --format=csv[,noheader][,nounits]` and `--query-compute-apps=…`,
// read by the nvidia-smi backend's own parsers. With a header, columns are known by name. Without
// one (noheader), only columns whose values say what they are can be placed: a GPU UUID, a PCI
// bus id, a performance state, a product name, and (with units) the largest MiB column as the
// memory total. Every other column stays unread, and a problem says so.

import type { BackendReading } from '../core/backend.js';
import type { GpuDevice, SnapshotProblem } from '../core/snapshot.js';
import { fieldsByName, GPU_FIELDS, PROCESS_FIELDS } from '../backends/nvidia-smi/fields.js';
import { forEachLine, parseHeaderCell } from '../backends/nvidia-smi/parse-csv.js';
import { parseComputeApps, parseGpuQuery } from '../backends/nvidia-smi/parse-query.js';
import { emptyGpuDevice } from '../core/empty-device.js';
import { MAX_GPUS_PER_MACHINE } from '../system/limits.js';
import { driverInfo } from './nvidia-smi-xml.js';
import { ImportError, type ImportFormat } from './types.js';

const GPU_NAMES = fieldsByName(GPU_FIELDS);
const PROCESS_NAMES = fieldsByName(PROCESS_FIELDS);
const HEADER_CELL = /^[A-Za-z_][\w.]*(?: \[[^\]]{0,16}\])?$/;

function firstLine(text: string): string {
  let first = '';
  forEachLine(text.length > 8192 ? text.slice(0, 8192) : text, (line) => {
    first = line;
    return false;
  });
  return first;
}

function headerNames(line: string): string[] | null {
  const cells = line.split(',').map((cell) => cell.trim());
  if (cells.length === 0 || !cells.every((cell) => HEADER_CELL.test(cell))) return null;
  return cells.map((cell) => parseHeaderCell(cell).name);
}

const isGpuHeader = (names: string[]) => names.some((name) => GPU_NAMES.has(name) && name !== 'pid' && name !== 'gpu_uuid');
const isAppsHeader = (names: string[]) => names.includes('pid') && names.some((name) => PROCESS_NAMES.has(name));

// What a cell's value alone says it is (noheader).
const UUID = /^GPU-[0-9a-fA-F-]{8,}$/;
const BUS_ID = /^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]$/;
const PSTATE = /^P(?:[0-9]|1[0-5])$/;
const PRODUCT = /^(?:NVIDIA|Tesla|Quadro|GeForce|TITAN|GRID|RTX|A\d{2,3}|H\d{3}|L\d{1,2}S?)\b/;
const MIB = /^\d+ MiB$/;

function rows(text: string): string[][] {
  const out: string[][] = [];
  forEachLine(text, (line) => {
    out.push(line.split(',').map((cell) => cell.trim()));
    return out.length <= MAX_GPUS_PER_MACHINE;
  });
  return out;
}

/** A header for a noheader table, from what each column's values look like; null when it is not a GPU table. */
export function inferHeader(table: string[][]): { header: string[]; unknown: number } | null {
  const width = table[0]?.length ?? 0;
  if (width < 2 || !table.every((row) => row.length === width)) return null;
  const column = (i: number) => table.map((row) => row[i]!);
  const all = (i: number, pattern: RegExp) => column(i).every((cell) => pattern.test(cell));
  const header: string[] = [];
  const mib: number[] = [];
  for (let i = 0; i < width; i++) {
    if (i === 0 && column(0).every((cell, row) => cell === String(row))) header.push('index');
    else if (all(i, UUID) && !header.includes('uuid')) header.push('uuid');
    else if (all(i, BUS_ID) && !header.includes('pci.bus_id')) header.push('pci.bus_id');
    else if (all(i, PSTATE) && !header.includes('pstate')) header.push('pstate');
    else if (all(i, PRODUCT) && !header.includes('name')) header.push('name');
    else {
      if (all(i, MIB)) mib.push(i);
      header.push(`column.${i + 1}`);
    }
  }
  // The memory total is never below used, free or reserved: the one MiB column that is the largest in every row.
  const largest = mib.filter((i) => table.every((row) => mib.every((j) => parseInt(row[i]!, 10) >= parseInt(row[j]!, 10))));
  if (mib.length >= 2 && largest.length === 1) header[largest[0]!] = 'memory.total [MiB]';
  if (!header.some((name) => name === 'uuid' || name === 'pci.bus_id' || name === 'name')) return null;
  return { header, unknown: header.filter((name) => name.startsWith('column.')).length };
}

// A CSV without an index column lists GPUs in index order: the row position is the index.
const NO_INDEX = /no GPU index; using row position/;

function gpuReading(csv: string, problems: SnapshotProblem[]): BackendReading {
  const result = parseGpuQuery(csv);
  if (result.rejected) throw new ImportError('import.error.csv', { detail: result.rejected.detail });
  if (result.devices.length === 0) throw new ImportError('import.error.noGpu', { format: 'nvidia-smi --query-gpu' });
  // The CSV has no cuda_version field: the driver's CUDA is not in it.
  return { driver: driverInfo(result.driverVersion ?? undefined, undefined), devices: result.devices, processes: [], problems: [...problems, ...result.problems.filter((p) => !NO_INDEX.test(p.message))] };
}

/** The GPUs a process list names (by UUID, else bus id), with nothing but their identity known. */
function devicesOfApps(table: string[][], names: string[]): GpuDevice[] {
  const at = (name: string) => names.indexOf(name);
  const devices: GpuDevice[] = [];
  const seen = new Set<string>();
  for (const row of table) {
    const uuid = row[at('gpu_uuid')] ?? null;
    const busId = row[at('gpu_bus_id')] ?? null;
    const key = uuid ?? busId;
    if (key === null || seen.has(key) || devices.length >= MAX_GPUS_PER_MACHINE) continue;
    seen.add(key);
    const device = emptyGpuDevice(devices.length, 'nvidia', 'not-reported');
    const set = <F extends 'uuid' | 'name' | 'pciBusId'>(field: F, value: string | null | undefined) => {
      if (!value || /^\[?N\/A\]?$/.test(value)) return;
      device[field] = value;
      delete device.unavailable[field];
    };
    set('uuid', uuid);
    set('pciBusId', busId?.toUpperCase());
    set('name', row[at('gpu_name')]);
    devices.push(device);
  }
  return devices;
}

export function parseNvidiaSmiCsv(text: string): BackendReading {
  const names = headerNames(firstLine(text));
  if (names && isAppsHeader(names)) {
    const table = rows(text).slice(1);
    const devices = devicesOfApps(table, names);
    const apps = parseComputeApps(text, devices);
    const note: SnapshotProblem = {
      scope: 'import',
      code: 'partial',
      message: 'a process list (--query-compute-apps): the GPUs are known only by name and id',
      key: 'import.note.appsOnly',
    };
    return { driver: driverInfo(undefined, undefined), devices, processes: apps.processes, problems: [note, ...apps.problems] };
  }
  if (names && isGpuHeader(names)) return gpuReading(text, []);
  const table = rows(text);
  const inferred = inferHeader(table);
  if (!inferred) throw new ImportError('import.error.csvNoHeader', { command: 'nvidia-smi --query-gpu=index,name,uuid,memory.total,memory.used --format=csv' });
  const problems: SnapshotProblem[] = [];
  if (inferred.unknown > 0) {
    problems.push({
      scope: 'import',
      code: 'partial',
      message: `no header line: ${inferred.unknown} of ${inferred.header.length} columns could not be told apart and were not read`,
      key: 'import.note.noHeader',
      params: { unknown: inferred.unknown, columns: inferred.header.length },
    });
  }
  return gpuReading(`${inferred.header.join(', ')}\n${table.map((row) => row.join(', ')).join('\n')}\n`, problems);
}

export const nvidiaSmiCsvFormat: ImportFormat = {
  id: 'nvidia-smi-csv',
  command: 'nvidia-smi --query-gpu=… --format=csv',
  detect(text) {
    const names = headerNames(firstLine(text));
    if (names) return isGpuHeader(names) || isAppsHeader(names);
    // Whole lines only: a row cut at the window would look like a table of uneven width.
    const head = text.length > 8192 ? text.slice(0, text.lastIndexOf('\n', 8192) + 1) : text;
    return inferHeader(rows(head).slice(0, 8)) !== null;
  },
  parse: parseNvidiaSmiCsv,
};
