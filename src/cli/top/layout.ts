// How the screen is shared: header, GPU panel, host panel, notes, process table, status line.
// Full mode (bars, SM/tensor/DRAM activity, graphs) when the terminal has the room for it and
// still leaves the table a fair share; compact mode (one line per GPU) otherwise; and when even
// that does not fit, as many GPUs as fit with a count of the rest.

import type { GpuDevice } from '../../core/snapshot.js';
import { gpuBlockHeight } from './gpu-panel.js';
import type { ViewMode } from './state.js';

export interface Layout {
  mode: 'compact' | 'full';
  graphHeight: number;
  migLines: boolean;
  /** GPUs drawn (the first ones); the rest are counted on a line of their own. */
  gpusShown: number;
  gpuLines: number;
  hostLines: number;
  /** Table lines, header included. */
  tableHeight: number;
}

export interface LayoutInput {
  rows: number;
  columns: number;
  devices: readonly GpuDevice[];
  view: ViewMode;
  /** Lines taken by notes (problems, PID namespace, backend) above the table. */
  noteLines: number;
  /** No GPU: the panel shows why, in this many lines. */
  noGpuLines: number;
}

/** Header and status line. */
const CHROME = 2;
const MAX_GRAPH_HEIGHT = 4;
/** Full mode needs this width to be worth it. */
const FULL_MIN_COLUMNS = 100;

export function planLayout(input: LayoutInput): Layout {
  const avail = Math.max(0, input.rows - CHROME - input.noteLines);
  const { devices } = input;
  const blocks = (mode: 'compact' | 'full', graph: number, mig: boolean) => devices.reduce((sum, d) => sum + gpuBlockHeight(d, mode, graph, mig), 0);
  // The table keeps at least 30 % of the screen (and 4 lines) however many GPUs there are.
  const minTable = Math.max(4, Math.round(avail * 0.3));
  if (devices.length === 0) {
    const host = avail >= 12 ? 3 : 2;
    const gpuLines = Math.min(input.noGpuLines, Math.max(1, avail - host - 4));
    return { mode: 'compact', graphHeight: 0, migLines: false, gpusShown: 0, gpuLines, hostLines: host, tableHeight: Math.max(0, avail - gpuLines - host) };
  }
  const fullAllowed = input.view === 'full' || (input.view === 'auto' && input.columns >= FULL_MIN_COLUMNS);
  if (fullAllowed) {
    for (let graph = MAX_GRAPH_HEIGHT; graph >= 0; graph--) {
      const gpuLines = blocks('full', graph, true);
      if (gpuLines + 3 + minTable <= avail) return { mode: 'full', graphHeight: graph, migLines: true, gpusShown: devices.length, gpuLines, hostLines: 3, tableHeight: avail - gpuLines - 3 };
    }
  }
  for (const mig of [true, false]) {
    const gpuLines = blocks('compact', 0, mig);
    const host = avail - gpuLines - 4 >= 6 ? 3 : 2;
    if (gpuLines + host + 4 <= avail) return { mode: 'compact', graphHeight: 0, migLines: mig, gpusShown: devices.length, gpuLines, hostLines: host, tableHeight: avail - gpuLines - host };
  }
  // Not even one line per GPU fits: the first ones, and a line that counts the others.
  const host = 1;
  const table = Math.min(4, Math.max(0, avail - host - 2));
  const shown = Math.max(0, Math.min(devices.length - 1, avail - host - table - 1));
  return { mode: 'compact', graphHeight: 0, migLines: false, gpusShown: shown, gpuLines: shown + 1, hostLines: host, tableHeight: Math.max(0, avail - shown - 1 - host) };
}
