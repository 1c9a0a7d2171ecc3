// Per-process series, behind `perProcess` (serve --process-metrics): every GPU process is a new
// label set, and a PID changes with every run, so a busy box makes many short series. Without
// the flag only the count of processes per GPU is written.
//
// Process names, users and command lines are whatever the process chose: labels escape them
// (see text.ts), and the command line is cut to a bounded length first, so one process with a
// megabyte of argv cannot make every scrape a megabyte.

import { PROCESS_NUMERIC_FIELDS, type NumericFieldMeta } from '../../core/fields.js';
import type { GpuDevice, GpuProcess } from '../../core/snapshot.js';
import { helpText } from './help.js';
import { gpuLabels, HOSTNAME_LABEL, type LabelContext } from './labels.js';
import { formatLabels, type ExpositionWriter } from './text.js';

/** Code points of a command line kept in the `command` label; longer ones end in "…". */
export const MAX_COMMAND_LABEL_CHARS = 160;
/** Names and users are short on every OS; a longer one is cut the same way. */
const MAX_NAME_LABEL_CHARS = 64;

/** Cut on code points, never inside a surrogate pair. */
export function cutLabel(text: string | null, max: number): string | null {
  if (text === null || text.length <= max) return text;
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, max - 1).join('')}…`;
}

type ProcessField = Exclude<keyof typeof PROCESS_NUMERIC_FIELDS, 'pid'>;
const FIELDS = (Object.entries(PROCESS_NUMERIC_FIELDS) as [keyof typeof PROCESS_NUMERIC_FIELDS, NumericFieldMeta][]).filter(
  (entry): entry is [ProcessField, NumericFieldMeta] => entry[0] !== 'pid' && entry[1].prometheus !== undefined,
);

/** The host side of a process, read from /proc (not in the field table: not a GPU reading). */
const HOST_SIDE = [
  ['gpuwise_process_cpu_percent', (p: GpuProcess) => p.cpuPercent],
  ['gpuwise_process_resident_memory_bytes', (p: GpuProcess) => p.rssBytes],
] as const;

function processLabels(p: GpuProcess, device: GpuDevice | undefined, context: LabelContext): string {
  return formatLabels([
    ['gpu', String(p.gpuIndex)],
    ['UUID', p.gpuUuid ?? device?.uuid ?? null],
    ['GPU_I_ID', p.gpuInstanceId === null ? null : String(p.gpuInstanceId)],
    ['pid', String(p.pid)],
    ['name', cutLabel(p.name, MAX_NAME_LABEL_CHARS)],
    ['user', cutLabel(p.user, MAX_NAME_LABEL_CHARS)],
    ['command', cutLabel(p.command, MAX_COMMAND_LABEL_CHARS)],
    ['type', p.type],
    ...workloadPairs(p),
    [HOSTNAME_LABEL, context.hostname],
  ]);
}

/**
 * Where the process runs (host/cgroup.ts): dcgm-exporter's pod, namespace and container labels
 * when the pod is named; else the pod's UID, or a plain container's short ID as `docker ps`
 * prints it; and a Slurm job. Nothing for a host process.
 */
function workloadPairs(p: GpuProcess): [string, string | null][] {
  const w = p.workload;
  if (!w) return [];
  return [
    ['namespace', w.namespace],
    ['pod', w.pod],
    ['container', w.container],
    ['pod_uid', w.pod === null ? w.podUid : null],
    ['container_id', w.pod === null && w.containerId !== null ? w.containerId.slice(0, 12) : null],
    ['slurm_job', w.slurmJobId],
  ];
}

export function writeProcessFamilies(
  out: ExpositionWriter,
  devices: readonly GpuDevice[],
  processes: readonly GpuProcess[],
  context: LabelContext,
  options: { perProcess: boolean; listed: boolean },
): void {
  // A backend that cannot list processes (the bus scan) says nothing about them: no count of 0.
  if (!options.listed) return;
  const byIndex = new Map(devices.map((device) => [device.index, device]));
  const counts = new Map<number, number>();
  for (const p of processes) counts.set(p.gpuIndex, (counts.get(p.gpuIndex) ?? 0) + 1);
  const count = out.family('gpuwise_gpu_processes', 'gauge', helpText('metrics.help.gpuwise_gpu_processes'));
  for (const device of devices) count(gpuLabels(device, context), device.state === 'ok' ? (counts.get(device.index) ?? 0) : null);
  if (!options.perProcess) return;

  // Two entries with one label set (a backend listing a process twice) would make Prometheus
  // drop the whole scrape as a duplicate series: the first one stands.
  const seen = new Set<string>();
  const rows: [string, GpuProcess][] = [];
  for (const p of processes) {
    const labels = processLabels(p, byIndex.get(p.gpuIndex), context);
    if (seen.has(labels)) continue;
    seen.add(labels);
    rows.push([labels, p]);
  }
  for (const [field, meta] of FIELDS) {
    const add = out.family(meta.prometheus!, 'gauge', helpText(`metrics.help.${meta.prometheus!}`));
    for (const [labels, p] of rows) add(labels, p[field]);
  }
  for (const [name, read] of HOST_SIDE) {
    const add = out.family(name, 'gauge', helpText(`metrics.help.${name}`));
    for (const [labels, p] of rows) add(labels, read(p));
  }
}
