// `nvidia-smi dmon` (one row per GPU per sample) and `nvidia-smi pmon` (one row per process per
// sample), as pasted: two `#` header lines naming the columns and their units (repeated mid-stream
// on Windows), then rows. The latest row of each GPU (dmon) or process (pmon) is the reading.
// A `-` is no value. dmon's cells go through the nvidia-smi backend's mapping like a CSV query's.

import type { BackendProcess, BackendReading } from '../core/backend.js';
import type { GpuFieldKey } from '../backends/nvidia-smi/fields.js';
import { recordToDevice } from '../backends/nvidia-smi/map-device.js';
import type { FieldCell } from '../backends/nvidia-smi/records.js';
import { emptyGpuDevice } from '../core/empty-device.js';
import type { GpuDevice, SnapshotProblem } from '../core/snapshot.js';
import { MAX_GPU_PROCESSES_PER_MACHINE, MAX_GPUS_PER_MACHINE } from '../system/limits.js';
import { quantityOf, wholeNumber } from './nvidia-smi-finish.js';
import { driverInfo } from './nvidia-smi-xml.js';
import { ImportError, type ImportFormat } from './types.js';

/** dmon column → the CSV query field it is, and the unit dmon prints it in. */
const DMON_COLUMNS: Readonly<Record<string, [GpuFieldKey, string | null]>> = {
  pwr: ['powerDraw', 'W'],
  gtemp: ['temperature', 'C'],
  sm: ['gpuUtil', '%'],
  mem: ['memoryUtil', '%'],
  enc: ['encoderUtil', '%'],
  dec: ['decoderUtil', '%'],
  mclk: ['memoryClock', 'MHz'],
  pclk: ['graphicsClock', 'MHz'],
  // dmon's "MB" is MiB, as everywhere in nvidia-smi.
  fb: ['memoryUsed', 'MiB'],
};

const MAX_LINE = 1000;

interface Table {
  columns: string[];
  rows: string[][];
}

/** The column names from the first `# gpu …` line; rows are the other non-`#` lines, split on blanks. */
function readTable(text: string): Table {
  let columns: string[] = [];
  const rows: string[][] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.length > MAX_LINE) continue;
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const names = line.slice(1).trim().split(/\s+/);
      if (columns.length === 0 && names[0]?.toLowerCase() === 'gpu') columns = names.map((n) => n.toLowerCase());
      continue;
    }
    if (rows.length < MAX_GPU_PROCESSES_PER_MACHINE * 8) rows.push(line.split(/\s+/));
  }
  return { columns, rows };
}

const cellOf = (raw: string | undefined, unit: string | null): FieldCell => ({ raw: raw === undefined || raw === '-' ? 'N/A' : raw, unit });

function parseDmon(text: string): BackendReading {
  const { columns, rows } = readTable(text);
  const latest = new Map<number, string[]>();
  for (const row of rows) {
    const index = wholeNumber(row[0]);
    if (index === null || index >= MAX_GPUS_PER_MACHINE || row.length !== columns.length) continue;
    latest.set(index, row);
  }
  if (latest.size === 0) throw new ImportError('import.error.noGpu', { format: 'nvidia-smi dmon' });
  const devices: GpuDevice[] = [];
  const problems: SnapshotProblem[] = [
    { scope: 'import', code: 'partial', message: 'nvidia-smi dmon: live metrics only; names, memory sizes and the driver are not in it', key: 'import.note.dmon' },
  ];
  for (const [index, row] of [...latest].sort((a, b) => a[0] - b[0])) {
    const cells = new Map<GpuFieldKey, FieldCell>([['index', { raw: String(index), unit: null }]]);
    columns.forEach((name, at) => {
      const field = DMON_COLUMNS[name];
      if (field) cells.set(field[0], cellOf(row[at], field[1]));
    });
    const mapped = recordToDevice({ line: index + 1, cells }, index);
    devices.push(mapped.device);
    problems.push(...mapped.problems);
  }
  return { driver: driverInfo(undefined, undefined), devices, processes: [], problems };
}

const percent = (raw: string | undefined) => {
  const value = raw === undefined || raw === '-' ? null : Number(raw);
  return value !== null && Number.isFinite(value) && value >= 0 && value <= 100 ? value : null;
};

function parsePmon(text: string): BackendReading {
  const { columns, rows } = readTable(text);
  const at = (name: string) => columns.indexOf(name);
  const latest = new Map<string, string[]>();
  for (const row of rows) {
    // The command is the last column and may hold blanks: rows are at least as wide as the header.
    if (row.length < columns.length || wholeNumber(row[0]) === null || wholeNumber(row[at('pid')]) === null) continue;
    latest.set(`${row[0]}:${row[at('pid')]}`, row);
  }
  const gpus = [...new Set([...latest.values()].map((row) => wholeNumber(row[0])!))].filter((i) => i < MAX_GPUS_PER_MACHINE).sort((a, b) => a - b);
  if (gpus.length === 0) throw new ImportError('import.error.noGpu', { format: 'nvidia-smi pmon' });
  const devices = gpus.map((index) => emptyGpuDevice(index, 'nvidia', 'not-reported'));
  const processes: BackendProcess[] = [...latest.values()].slice(0, MAX_GPU_PROCESSES_PER_MACHINE).map((row) => {
    const type = row[at('type')];
    const command = at('command') >= 0 ? row.slice(at('command')).join(' ') : '';
    return {
      pid: wholeNumber(row[at('pid')])!,
      gpuIndex: wholeNumber(row[0])!,
      gpuUuid: null,
      gpuInstanceId: null,
      computeInstanceId: null,
      type: type === 'G' ? 'graphics' : type === 'C+G' ? 'compute+graphics' : 'compute',
      usedMemoryBytes: at('fb') >= 0 && row[at('fb')] !== '-' ? quantityOf(`${row[at('fb')]} MiB`) : null,
      smUtilPercent: percent(row[at('sm')]),
      memoryUtilPercent: percent(row[at('mem')]),
      encoderUtilPercent: percent(row[at('enc')]),
      decoderUtilPercent: percent(row[at('dec')]),
      name: command === '' || command === '-' ? null : command,
    };
  });
  const problems: SnapshotProblem[] = [
    { scope: 'import', code: 'partial', message: 'nvidia-smi pmon: processes only, with names cut to 15 characters; the GPUs are known by index', key: 'import.note.pmon' },
  ];
  return { driver: driverInfo(undefined, undefined), devices, processes, problems };
}

const HEADER = /^#\s*gpu\s+(pwr|pid)\b/im;

export const nvidiaSmiMonitorFormat: ImportFormat = {
  id: 'nvidia-smi-dmon-pmon',
  command: 'nvidia-smi dmon / nvidia-smi pmon',
  detect: (text) => HEADER.test(text) && /^#\s*Idx\b/im.test(text),
  parse(text) {
    const kind = HEADER.exec(text)?.[1]?.toLowerCase();
    return kind === 'pid' ? parsePmon(text) : parseDmon(text);
  },
};
