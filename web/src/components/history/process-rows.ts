// The processes tables' rows, from either source: the live snapshot (now) or the history's
// merged records (a range). One shape, so one sortable table draws both; what a source does not
// have (CPU and RSS of the past) is null and the table says "N/A", never 0.

import type { LiveProcess, StoredProcess } from '../../api/types.js';

export type ProcessColumn = 'gpu' | 'pid' | 'user' | 'command' | 'gpuMemory' | 'cpu' | 'rss' | 'seen';

export const NUMERIC_COLUMNS: ReadonlySet<ProcessColumn> = new Set(['gpu', 'pid', 'gpuMemory', 'cpu', 'rss', 'seen']);

export interface ProcessRow {
  /** Stable across refreshes: device, pid, start. */
  id: string;
  deviceKey: string | null;
  gpuIndex: number;
  pid: number;
  user: string | null;
  /** The command line, else the executable's name. */
  command: string | null;
  /** Now: used; past: the peak seen. */
  gpuMemoryBytes: number | null;
  cpuPercent: number | null;
  rssBytes: number | null;
  firstSeenMs: number | null;
  lastSeenMs: number | null;
  /** Why the host side is missing (now only): other-namespace, gone … */
  hostResolution: string | null;
  /** Now only: how old the GPU's slow process list this row comes from is (carried between reads). */
  listedAgeMs: number | null;
}

export function liveRows(processes: readonly LiveProcess[]): ProcessRow[] {
  return processes.map((p) => ({
    id: `${p.deviceKey ?? p.gpuIndex}/${p.pid}/${p.gpuInstanceId ?? ''}/${p.computeInstanceId ?? ''}`,
    deviceKey: p.deviceKey, gpuIndex: p.gpuIndex, pid: p.pid, user: p.user, command: p.command ?? p.name,
    gpuMemoryBytes: p.usedMemoryBytes, cpuPercent: p.cpuPercent, rssBytes: p.rssBytes,
    firstSeenMs: p.startedAt ? Date.parse(p.startedAt) || null : null, lastSeenMs: null,
    hostResolution: p.hostResolution === 'ok' ? null : p.hostResolution,
    listedAgeMs: p.listedAgeMs ?? null,
  }));
}

export function pastRows(processes: readonly StoredProcess[]): ProcessRow[] {
  return processes.map((p) => ({
    id: `${p.deviceKey}/${p.pid}/${p.startedAt ?? p.firstSeenMs}`,
    deviceKey: p.deviceKey, gpuIndex: p.gpuIndex, pid: p.pid, user: p.user, command: p.command ?? p.name,
    gpuMemoryBytes: p.maxUsedMemoryBytes, cpuPercent: null, rssBytes: null,
    firstSeenMs: p.firstSeenMs, lastSeenMs: p.lastSeenMs, hostResolution: null, listedAgeMs: null,
  }));
}

export function columnValue(row: ProcessRow, column: ProcessColumn): string | number | null {
  switch (column) {
    case 'gpu': return row.gpuIndex;
    case 'pid': return row.pid;
    case 'user': return row.user;
    case 'command': return row.command;
    case 'gpuMemory': return row.gpuMemoryBytes;
    case 'cpu': return row.cpuPercent;
    case 'rss': return row.rssBytes;
    case 'seen': return row.firstSeenMs;
  }
}
