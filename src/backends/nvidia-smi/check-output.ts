// Whether a `--query-gpu` answer can be believed as a whole. Each cell is checked where it is
// read (values.ts, map-device.ts); this judges the output: a header that names none of our
// fields is not a query answer (4 KB of random bytes once became 31 GPUs), more GPUs than a
// machine can hold, or two GPUs with one index, UUID or bus address is a broken tool. Such an
// output is rejected whole: at open the backend is then unavailable and the chain falls back to
// the next backend; in a later read it gives no devices and one problem.

import type { GpuDevice } from '../../core/snapshot.js';
import { MAX_GPUS_PER_MACHINE, MAX_TOOL_OUTPUT_BYTES, quoteForDetail } from '../../system/limits.js';
import type { RecordTable } from './records.js';

export type OutputRejectionCode =
  | 'output-truncated'
  | 'empty-output'
  | 'unknown-header'
  | 'too-many-gpus'
  | 'duplicate-gpu'
  | 'no-readable-row';

export interface OutputRejection {
  /** Machine-readable; also the problem's code when a read is rejected. */
  code: OutputRejectionCode;
  /** Technical detail, not translated. */
  detail: string;
}

/** The table as a whole: a header of ours, a believable number of rows, some of them readable. */
export function checkQueryTable<Key extends string>(parsed: RecordTable<Key>, what: 'GPU' | 'process'): OutputRejection | null {
  const { table, columnsKnownByName } = parsed;
  if (table.headerProblem !== null) return { code: 'unknown-header', detail: `${table.headerProblem}; not a ${what} query answer` };
  if (table.columns.length > 0 && columnsKnownByName === 0) {
    const first = table.columns.slice(0, 3).map((column) => column.name).join(', ');
    return { code: 'unknown-header', detail: `the header names no ${what} field gpuwise knows (it starts ${quoteForDetail(first)}); not a query answer` };
  }
  if (what === 'GPU' && table.rows.length === 0 && table.rejectedCount > 0) {
    return { code: 'no-readable-row', detail: `none of the ${table.rejectedCount} lines under the header is a row of the query` };
  }
  return null;
}

/**
 * Nothing at all: no header, no GPU error line. nvidia-smi prints a header whenever it has a GPU
 * and "No devices were found" when it has none, so an empty answer is a broken tool, not zero GPUs.
 */
export function checkNotEmpty(columns: number, unopened: number): OutputRejection | null {
  if (columns > 0 || unopened > 0) return null;
  return { code: 'empty-output', detail: 'nvidia-smi printed nothing; not a GPU query answer' };
}

/** More GPUs than a machine can have, counting the ones nvidia-smi could not open. */
export function checkGpuCount(rows: number, unopened: number): OutputRejection | null {
  const total = rows + unopened;
  if (total <= MAX_GPUS_PER_MACHINE) return null;
  return { code: 'too-many-gpus', detail: `nvidia-smi listed ${total} GPUs; no machine has more than ${MAX_GPUS_PER_MACHINE}` };
}

/** Two rows for one GPU: the same index, UUID or PCI bus id. `lines` gives each device's line. */
export function checkDistinctGpus(devices: readonly GpuDevice[], lines: readonly number[]): OutputRejection | null {
  const keys: [string, (device: GpuDevice) => string | number | null][] = [
    ['index', (device) => device.index],
    ['UUID', (device) => device.uuid],
    ['PCI bus id', (device) => device.pciBusId],
  ];
  for (const [name, keyOf] of keys) {
    const seen = new Map<string | number, number>();
    for (const [position, device] of devices.entries()) {
      const key = keyOf(device);
      if (key === null) continue;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        const value = typeof key === 'number' ? String(key) : quoteForDetail(key);
        return { code: 'duplicate-gpu', detail: `GPU ${name} ${value} appears on lines ${earlier} and ${lines[position]}` };
      }
      seen.set(key, lines[position] ?? 0);
    }
  }
  return null;
}
