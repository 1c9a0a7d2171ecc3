// The default `nvidia-smi` table, as pasted into forum posts. Each GPU is a block of two lines
// (three since R450, with the MIG mode) between `+---+` rules; the cells become the CSV query's
// fields and go through the nvidia-smi backend's mapping. Layouts from R418 to R610 (whose header
// says "KMD Version" / "CUDA UMD Version", and Windows' "Driver-Model" column) are read. The
// table truncates long names ("NVIDIA GeForce RTX 2080 ...") and process names; that is said.

import type { BackendProcess, BackendReading } from '../core/backend.js';
import type { GpuFieldKey } from '../backends/nvidia-smi/fields.js';
import { MIG_NOT_IN_CSV_KEY, recordToDevice } from '../backends/nvidia-smi/map-device.js';
import type { FieldCell } from '../backends/nvidia-smi/records.js';
import type { GpuDevice, MigDevice, SnapshotProblem } from '../core/snapshot.js';
import { MAX_GPUS_PER_MACHINE, MAX_GPU_PROCESSES_PER_MACHINE } from '../system/limits.js';
import { quantityOf, wholeNumber } from './nvidia-smi-finish.js';
import { splitQuantity } from './nvidia-smi-record.js';
import { driverInfo } from './nvidia-smi-xml.js';
import { ImportError, type ImportFormat } from './types.js';

/** A table line is ~91 characters; longer ones are not the table's, and are skipped unread (keeps every pattern linear). */
const MAX_LINE = 400;

const HEADER = /NVIDIA-SMI\s+\S+\s+(?:Driver|KMD) Version:\s*(\S+)\s+CUDA(?: UMD)? Version:\s*(\S+)/;
const FIRST = /^\s*(\d{1,3})\s+(.+?)\s{2,}(On|Off|WDDM|TCC|MCDM|N\/A)\s*$/;
const SECOND = /^\s*(\S+)\s+(\S+)\s+(P\d{1,2}|N\/A)\s+(.+?)\s*\/\s*(\S+)\s*$/;
const MEMORY = /^\s*(\S+?)\s*\/\s*(\S+?)\s*$/;
const PROCESS = /^\s*(\d{1,3})\s+(?:(\S+)\s+(\S+)\s+)?(\d+)\s+(C\+G|C|G)\s+(.*\S)\s+(\S+)\s*$/;
const MIG = /^\s*(\d{1,3})\s+(\d+)\s+(\d+)\s+(\d+)\s*$/;

function cellsOf(line: string): string[] | null {
  if (!line.startsWith('|') || !line.trimEnd().endsWith('|')) return null;
  return line.trim().slice(1, -1).split('|');
}

const cell = (raw: string): FieldCell => {
  // The table writes "29C" and "23W" without the CSV's space.
  const spaced = raw.trim().replace(/^(-?\d+(?:\.\d+)?)(C|W|MiB|%)$/, '$1 $2');
  return splitQuantity(spaced);
};

interface Section {
  kind: 'gpus' | 'mig' | 'processes' | null;
}

export function parseNvidiaSmiTable(text: string): BackendReading {
  const lines = text.split(/\r?\n/);
  const header = lines.find((line) => line.length <= MAX_LINE && HEADER.test(line));
  const versions = header ? HEADER.exec(header)! : null;
  const devices: GpuDevice[] = [];
  const processes: BackendProcess[] = [];
  const problems: SnapshotProblem[] = [];
  const migs = new Map<number, MigDevice[]>();
  const section: Section = { kind: null };
  let record: Map<GpuFieldKey, FieldCell> | null = null;
  let row = 0;
  let truncatedNames = 0;
  const flush = () => {
    if (!record) return;
    if (devices.length >= MAX_GPUS_PER_MACHINE) throw new ImportError('import.error.tooManyGpus', { count: devices.length + 1, limit: MAX_GPUS_PER_MACHINE });
    const mapped = recordToDevice({ line: devices.length + 1, cells: record }, devices.length);
    devices.push(mapped.device);
    problems.push(...mapped.problems.filter((p) => p.key !== MIG_NOT_IN_CSV_KEY));
    record = null;
  };
  for (const raw of lines) {
    // Forum pastes indent or quote the table; a line longer than any table line is not one of it.
    if (raw.length > MAX_LINE) continue;
    const line = raw.trim();
    if (/^\|\s*GPU\s+Name\b/.test(line)) section.kind = 'gpus';
    else if (/^\|\s*MIG devices:/.test(line)) section.kind = 'mig';
    else if (/^\|\s*Processes:/.test(line)) section.kind = 'processes';
    if (/^\+[-=+]+\+\s*$/.test(line) || line.trim() === '') {
      flush();
      row = 0;
      if (line.trim() === '') section.kind = null;
      continue;
    }
    const cells = cellsOf(line);
    if (!cells || section.kind === null) continue;
    if (section.kind === 'gpus' && cells.length === 3) {
      const first = FIRST.exec(cells[0]!);
      if (first && row === 0) {
        flush();
        record = new Map();
        // A cut name stays as printed: "RTX 2080 ..." may be a 2080 SUPER or Ti, so it is not shortened into another GPU's name.
        const name = first[2]!.trim();
        if (name.endsWith('...')) truncatedNames++;
        record.set('index', cell(first[1]!));
        record.set('name', { raw: name, unit: null });
        const mode = first[3]!;
        record.set(mode === 'On' || mode === 'Off' ? 'persistenceMode' : 'driverModel', { raw: mode, unit: null });
        const [busId] = cells[1]!.trim().split(/\s+/);
        if (busId) record.set('pciBusId', { raw: busId, unit: null });
        // In MIG mode this column shows the MIG mode ("On"), not a count.
        const ecc = cells[2]!.trim();
        if (/^\d+$/.test(ecc)) record.set('eccUncorrectedVolatile', cell(ecc));
        row = 1;
        continue;
      }
      if (record && row === 1) {
        const second = SECOND.exec(cells[0]!);
        if (second) {
          record.set('fanSpeed', cell(second[1]!));
          record.set('temperature', cell(second[2]!));
          record.set('performanceState', cell(second[3]!));
          record.set('powerDraw', cell(second[4]!));
          record.set('powerLimitEnforced', cell(second[5]!));
        }
        const memory = MEMORY.exec(cells[1]!);
        if (memory) {
          record.set('memoryUsed', cell(memory[1]!));
          record.set('memoryTotal', cell(memory[2]!));
        }
        const [util, ...mode] = cells[2]!.trim().split(/\s+/);
        if (util) record.set('gpuUtil', cell(util));
        if (mode.length > 0) record.set('computeMode', { raw: mode.join(' '), unit: null });
        row = 2;
        continue;
      }
      if (record && row === 2) record.set('migModeCurrent', cell(cells[2]!));
    } else if (section.kind === 'mig' && cells.length >= 2) {
      const ids = MIG.exec(cells[0]!);
      const memory = MEMORY.exec(cells[1]!);
      if (ids && memory) {
        const gpu = Number(ids[1]);
        const list = migs.get(gpu) ?? [];
        if (list.length < 64) list.push({
          index: Number(ids[4]), uuid: null, name: null, gpuInstanceId: Number(ids[2]), computeInstanceId: Number(ids[3]),
          multiprocessorCount: wholeNumber(cells[2]?.trim().split(/\s+/)[0]),
          memoryTotalBytes: quantityOf(memory[2]!.replace(/MiB$/, ' MiB')), memoryUsedBytes: quantityOf(memory[1]!.replace(/MiB$/, ' MiB')), memoryFreeBytes: null,
        });
        migs.set(gpu, list);
      }
    } else if (section.kind === 'processes' && cells.length === 1 && processes.length < MAX_GPU_PROCESSES_PER_MACHINE) {
      const match = PROCESS.exec(cells[0]!);
      if (!match) continue;
      const gpuIndex = Number(match[1]);
      const type = match[5]!;
      const name = match[6]!.trim();
      processes.push({
        pid: Number(match[4]), gpuIndex, gpuUuid: null,
        gpuInstanceId: wholeNumber(match[2]), computeInstanceId: wholeNumber(match[3]),
        type: type === 'G' ? 'graphics' : type === 'C+G' ? 'compute+graphics' : 'compute',
        usedMemoryBytes: quantityOf(match[7]!.replace(/MiB$/, ' MiB')),
        smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null,
        name,
      });
    }
  }
  flush();
  if (devices.length === 0) throw new ImportError('import.error.noGpu', { format: 'nvidia-smi' });
  for (const device of devices) {
    device.migDevices = migs.get(device.index) ?? [];
    for (const process of processes) if (process.gpuIndex === device.index) process.gpuUuid = device.uuid;
  }
  if (truncatedNames > 0) {
    problems.push({
      scope: 'import',
      code: 'partial',
      message: `the table cut ${truncatedNames === 1 ? 'a GPU name' : `${truncatedNames} GPU names`} short ("…"); nvidia-smi -q or --query-gpu=name prints them whole`,
      key: 'import.note.namesCut',
      params: { count: truncatedNames },
    });
  }
  return { driver: driverInfo(versions?.[1], versions?.[2]), devices, processes, problems };
}

export const nvidiaSmiTableFormat: ImportFormat = {
  id: 'nvidia-smi-table',
  command: 'nvidia-smi',
  detect: (text) => /^[ \t>]*\|\s*NVIDIA-SMI \S+/m.test(text) && /^[ \t>]*\|\s*GPU\s+Name\b/m.test(text),
  parse: parseNvidiaSmiTable,
};
