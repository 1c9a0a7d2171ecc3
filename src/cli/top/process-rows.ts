// The process table's rows: every GPU process of a snapshot (one row per GPU it uses), filtered by
// user, GPU or text, sorted by any column, and in tree view followed by the processes it started
// (a training job's data-loader workers). Pure: snapshot and settings in, rows out.

import type { GpuDevice, GpuProcess, HostProcessNode, HostResolution, Snapshot } from '../../core/snapshot.js';
import { shortenCommand } from '../render/info-text.js';

export const SORT_KEYS = ['pid', 'user', 'gpu', 'gpuMemory', 'sm', 'cpu', 'rss', 'time', 'command'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface ProcessSort {
  key: SortKey;
  descending: boolean;
}

export interface ProcessFilter {
  /** Case-insensitive, in the PID, user, command or name; '' matches all. */
  text: string;
  user: string | null;
  gpu: number | null;
}

export interface ProcessRow {
  /** Stable across refreshes: the selection follows it. */
  key: string;
  pid: number;
  /** 0 for a GPU process, 1 for a process it started, 2 for a grandchild … */
  depth: number;
  /** Tree view: per ancestor level below the root, whether a later sibling follows (draw │); last: this row is the last child. */
  branches: boolean[];
  gpuIndex: number | null;
  /** "3", or "0/1" for MIG device 1 of GPU 0; null for a process that is not itself on a GPU. */
  gpuLabel: string | null;
  user: string | null;
  gpuMemoryBytes: number | null;
  smPercent: number | null;
  cpuPercent: number | null;
  rssBytes: number | null;
  elapsedSeconds: number | null;
  /** What to show as the command; null when the host could not say (see resolution). */
  command: string | null;
  resolution: HostResolution;
  /** The kernel's state letter, for processes of a tree (D: waiting on I/O, Z: zombie). */
  state: string | null;
  /** Descendants of a GPU process (workers); 0 when none or unknown. */
  workers: number;
  /** For the identity check before a signal: a GPU process's start, or the GPU process a tree node belongs to. */
  startedAt: string | null;
  rootPid: number;
  /** A tree node that is itself a GPU process (it has its own GPU row too). */
  usesGpu: boolean;
}

export interface RowOptions {
  sort: ProcessSort;
  filter: ProcessFilter;
  tree: boolean;
}

type Comparable = number | string | null;

const SORT_VALUE: Record<SortKey, (row: ProcessRow) => Comparable> = {
  pid: (row) => row.pid,
  user: (row) => row.user,
  gpu: (row) => row.gpuIndex,
  gpuMemory: (row) => row.gpuMemoryBytes,
  sm: (row) => row.smPercent,
  cpu: (row) => row.cpuPercent,
  rss: (row) => row.rssBytes,
  time: (row) => row.elapsedSeconds,
  command: (row) => row.command,
};

export function buildRows(snapshot: Snapshot, options: RowOptions): ProcessRow[] {
  const atMs = Date.parse(snapshot.at);
  const devices = new Map<number, GpuDevice>();
  for (const device of snapshot.devices) devices.set(device.index, device);
  const roots: { row: ProcessRow; process: GpuProcess }[] = [];
  const treeShown = new Set<number>();
  // Indexed loops: a for-of allocates a result a step until V8 optimises this (two frames a second).
  for (let i = 0; i < snapshot.processes.length; i++) {
    const process = snapshot.processes[i]!;
    const row = gpuRow(process, devices.get(process.gpuIndex), atMs);
    if (!matchesSelectors(row, options.filter)) continue;
    roots.push({ row, process });
  }
  const text = options.filter.text.trim().toLowerCase();
  const kept = text === '' ? roots : roots.filter(({ row, process }) => rowMatches(row, text) || (options.tree && (process.tree?.descendants ?? []).some((node) => nodeMatches(node, text))));
  kept.sort((a, b) => compareRows(a.row, b.row, options.sort));
  const rows: ProcessRow[] = [];
  for (let i = 0; i < kept.length; i++) {
    const { row, process } = kept[i]!;
    rows.push(row);
    // A process on two GPUs has two rows; its tree is shown once, under the first.
    if (!options.tree || treeShown.has(process.pid)) continue;
    treeShown.add(process.pid);
    for (const child of treeRows(process, row)) rows.push(child);
  }
  return rows;
}

/**
 * Start times already parsed: the same 200 texts come with every read, and Date.parse of each
 * was a tenth of a frame. Bounded: emptied when processes come and go by the thousand.
 */
const startedMsByText = new Map<string, number>();

function parseStarted(text: string): number {
  let ms = startedMsByText.get(text);
  if (ms === undefined) {
    if (startedMsByText.size >= 4096) startedMsByText.clear();
    startedMsByText.set(text, (ms = Date.parse(text)));
  }
  return ms;
}

function gpuRow(process: GpuProcess, device: GpuDevice | undefined, atMs: number): ProcessRow {
  const startedMs = process.startedAt === null ? Number.NaN : parseStarted(process.startedAt);
  const elapsed = Number.isFinite(startedMs) && Number.isFinite(atMs) ? Math.max(0, (atMs - startedMs) / 1000) : null;
  return {
    key: `${process.pid}@${process.gpuIndex}/${process.gpuInstanceId ?? ''}`,
    pid: process.pid,
    depth: 0,
    branches: [],
    gpuIndex: process.gpuIndex,
    gpuLabel: gpuLabel(process, device),
    user: process.user,
    gpuMemoryBytes: process.usedMemoryBytes,
    smPercent: process.smUtilPercent,
    cpuPercent: process.cpuPercent,
    rssBytes: process.rssBytes,
    elapsedSeconds: elapsed,
    command: process.command !== null ? shortenCommand(process.command) : process.name,
    resolution: process.hostResolution,
    state: null,
    workers: process.tree?.descendants.length ?? 0,
    startedAt: process.startedAt,
    rootPid: process.pid,
    usesGpu: true,
  };
}

function gpuLabel(process: GpuProcess, device: GpuDevice | undefined): string {
  if (process.gpuInstanceId === null) return String(process.gpuIndex);
  const mig = device?.migDevices.find((m) => m.gpuInstanceId === process.gpuInstanceId && (process.computeInstanceId === null || m.computeInstanceId === process.computeInstanceId));
  return mig ? `${process.gpuIndex}/${mig.index}` : `${process.gpuIndex}/g${process.gpuInstanceId}`;
}

/** The descendants of a GPU process in depth-first order, with the branch flags the tree glyphs need. */
function treeRows(process: GpuProcess, root: ProcessRow): ProcessRow[] {
  const descendants = process.tree?.descendants ?? [];
  if (descendants.length === 0) return [];
  const children = new Map<number, HostProcessNode[]>();
  for (const node of descendants) {
    const list = children.get(node.parentPid);
    if (list) list.push(node);
    else children.set(node.parentPid, [node]);
  }
  const rows: ProcessRow[] = [];
  const seen = new Set<number>([process.pid]);
  const walk = (parentPid: number, branches: boolean[]) => {
    const list = children.get(parentPid) ?? [];
    list.forEach((node, i) => {
      if (seen.has(node.pid)) return; // a malformed tree must not loop
      seen.add(node.pid);
      const last = i === list.length - 1;
      rows.push(nodeRow(node, root, [...branches, last]));
      walk(node.pid, [...branches, !last]);
    });
  };
  walk(process.pid, []);
  return rows;
}

function nodeRow(node: HostProcessNode, root: ProcessRow, branches: boolean[]): ProcessRow {
  return {
    key: `${root.key}>${node.pid}`,
    pid: node.pid,
    depth: branches.length,
    branches,
    gpuIndex: null,
    gpuLabel: null,
    user: root.user,
    gpuMemoryBytes: null,
    smPercent: null,
    cpuPercent: node.cpuPercent,
    rssBytes: node.rssBytes,
    elapsedSeconds: null,
    command: node.command !== null ? shortenCommand(node.command) : node.name,
    resolution: 'ok',
    state: node.state,
    workers: 0,
    startedAt: root.startedAt,
    rootPid: root.pid,
    usesGpu: node.usesGpu,
  };
}

function matchesSelectors(row: ProcessRow, filter: ProcessFilter): boolean {
  if (filter.user !== null && row.user !== filter.user) return false;
  if (filter.gpu !== null && row.gpuIndex !== filter.gpu) return false;
  return true;
}

function rowMatches(row: ProcessRow, text: string): boolean {
  return String(row.pid).includes(text) || (row.user?.toLowerCase().includes(text) ?? false) || (row.command?.toLowerCase().includes(text) ?? false);
}

function nodeMatches(node: HostProcessNode, text: string): boolean {
  return String(node.pid).includes(text) || (node.command ?? node.name ?? '').toLowerCase().includes(text);
}

/** Missing values sort last in both directions; ties by PID, then GPU. */
export function compareRows(a: ProcessRow, b: ProcessRow, sort: ProcessSort): number {
  const read = SORT_VALUE[sort.key];
  const x = read(a);
  const y = read(b);
  if (x === null || y === null) {
    if (x !== y) return x === null ? 1 : -1;
  } else if (x !== y) {
    const order = x < y ? -1 : 1;
    return sort.descending ? -order : order;
  }
  if (sort.key === 'gpu' && a.gpuMemoryBytes !== b.gpuMemoryBytes) {
    // Within a GPU, the biggest user of its memory first.
    return (b.gpuMemoryBytes ?? -1) - (a.gpuMemoryBytes ?? -1);
  }
  return a.pid - b.pid || (a.gpuIndex ?? -1) - (b.gpuIndex ?? -1);
}

/** The users and GPUs that have processes, for the u and g filters to step through. */
export function filterChoices(snapshot: Snapshot): { users: string[]; gpus: number[] } {
  const users = new Set<string>();
  for (const process of snapshot.processes) if (process.user !== null) users.add(process.user);
  return { users: [...users].sort(), gpus: snapshot.devices.map((device) => device.index) };
}
