// The fleet summary: the node × GPU grid, idle-but-allocated GPUs with whose processes hold
// them, top users and nodes by GPU-hours over a range (gpu-hours.ts), and the alerts that fire —
// a fixed handful of queries, run side by side, whatever the fleet's size.

import type { PrometheusClient, Sample } from './client.js';
import { gpuHours, recordingOf } from './gpu-hours.js';
import { GRID_QUERIES, idleGpusQuery, idleProcessesQuery } from './queries.js';
import type { FleetAlert, FleetGpu, FleetNode, FleetProcess, FleetSummary, IdleAllocatedGpu } from './types.js';

export interface FleetSummaryOptions {
  /** GPU-hours over this range (default 7 days). */
  rangeSeconds?: number;
  /** A held GPU is idle when under 5 % for this long (default 1 h). */
  idleWindowSeconds?: number;
  /** Entries in each top list (default 10). */
  top?: number;
  /** Evaluation time, Unix seconds (default: Prometheus's now). */
  atSeconds?: number;
}

const label = (m: Record<string, string>, name: string): string | null => (m[name] === undefined || m[name] === '' ? null : m[name]!);
const gpuKey = (m: Record<string, string>) => `${m.instance ?? ''}\u0000${m.job ?? ''}\u0000${m.gpu ?? ''}`;
const nodeKey = (m: Record<string, string>) => `${m.instance ?? ''}\u0000${m.job ?? ''}`;

function buildGrid(up: Sample[], state: Sample[], util: Sample[], used: Sample[], total: Sample[], processes: Sample[]): FleetNode[] {
  const nodes = new Map<string, FleetNode>();
  const gpus = new Map<string, FleetGpu>();
  const nodeOf = (m: Record<string, string>): FleetNode => {
    let node = nodes.get(nodeKey(m));
    if (!node) nodes.set(nodeKey(m), (node = { instance: m.instance ?? '', job: m.job ?? '', hostname: null, up: null, gpus: [] }));
    node.hostname ??= label(m, 'Hostname');
    return node;
  };
  const gpuOf = (m: Record<string, string>): FleetGpu | null => {
    if (m.gpu === undefined) return null;
    let gpu = gpus.get(gpuKey(m));
    if (!gpu) {
      gpu = { gpu: m.gpu, uuid: null, model: null, state: null, utilPercent: null, memoryUsedBytes: null, memoryTotalBytes: null, processes: null };
      gpus.set(gpuKey(m), gpu);
      nodeOf(m).gpus.push(gpu);
    }
    gpu.uuid ??= label(m, 'UUID');
    gpu.model ??= label(m, 'modelName');
    return gpu;
  };
  for (const s of up) nodeOf(s.metric).up = s.value === null ? null : s.value === 1;
  for (const s of state) {
    const gpu = gpuOf(s.metric);
    const value = s.metric.state;
    if (gpu && (value === 'ok' || value === 'lost' || value === 'error')) gpu.state = value;
  }
  // MIG instances carry GPU_I_ID: the grid is of whole GPUs; their memory is the GPU's own series.
  const whole = (list: Sample[]) => list.filter((s) => s.metric.GPU_I_ID === undefined);
  // A series without a gpu label (another exporter's metric of the same name) is no GPU's reading.
  const set = (list: Sample[], field: 'utilPercent' | 'memoryUsedBytes' | 'memoryTotalBytes' | 'processes') => {
    for (const s of whole(list)) {
      const gpu = gpuOf(s.metric);
      if (gpu) gpu[field] = s.value;
    }
  };
  set(util, 'utilPercent');
  set(used, 'memoryUsedBytes');
  set(total, 'memoryTotalBytes');
  set(processes, 'processes');
  const byGpu = (a: FleetGpu, b: FleetGpu) => Number(a.gpu) - Number(b.gpu) || a.gpu.localeCompare(b.gpu);
  for (const node of nodes.values()) node.gpus.sort(byGpu);
  return [...nodes.values()].sort((a, b) => (a.hostname ?? a.instance).localeCompare(b.hostname ?? b.instance) || a.instance.localeCompare(b.instance));
}

function buildIdle(idle: Sample[], processes: Sample[]): IdleAllocatedGpu[] {
  const byGpu = new Map<string, FleetProcess[]>();
  for (const s of processes) {
    const m = s.metric;
    const list = byGpu.get(gpuKey(m)) ?? [];
    list.push({ pid: label(m, 'pid'), name: label(m, 'name'), user: label(m, 'user'), namespace: label(m, 'namespace'), pod: label(m, 'pod'), container: label(m, 'container'), memoryUsedBytes: s.value });
    byGpu.set(gpuKey(m), list);
  }
  return idle
    .filter((s) => s.metric.gpu !== undefined && s.value !== null)
    .map((s) => ({
      instance: s.metric.instance ?? '', hostname: label(s.metric, 'Hostname'), gpu: s.metric.gpu!, maxUtilPercent: s.value!,
      processes: (byGpu.get(gpuKey(s.metric)) ?? []).sort((a, b) => (b.memoryUsedBytes ?? 0) - (a.memoryUsedBytes ?? 0)),
    }))
    .sort((a, b) => (a.hostname ?? a.instance).localeCompare(b.hostname ?? b.instance) || Number(a.gpu) - Number(b.gpu));
}

export function toAlerts(raw: Awaited<ReturnType<PrometheusClient['alerts']>>): FleetAlert[] {
  const order = { firing: 0, pending: 1 } as const;
  return raw
    .filter((a): a is typeof a & { state: 'firing' | 'pending' } => a.state === 'firing' || a.state === 'pending')
    .map((a) => ({ name: a.labels.alertname ?? '', state: a.state, severity: a.labels.severity ?? null, labels: a.labels, summary: a.annotations?.summary ?? null, activeAt: a.activeAt ?? null }))
    .sort((a, b) => order[a.state] - order[b.state] || a.name.localeCompare(b.name));
}

export async function fleetSummary(client: PrometheusClient, options: FleetSummaryOptions = {}): Promise<FleetSummary> {
  const rangeSeconds = options.rangeSeconds ?? 7 * 86_400;
  const idleWindowSeconds = options.idleWindowSeconds ?? 3600;
  const top = options.top ?? 10;
  // Not floored to the second: a node whose first scrape landed this second is in the answer.
  const at = options.atSeconds ?? Date.now() / 1000;
  const q = (expr: string) => client.query(expr, at);
  const recording = recordingOf(client, rangeSeconds, at);
  const [up, state, util, used, total, processes, idle, idleProcesses, users, nodeHours, alerts] = await Promise.all([
    q(GRID_QUERIES.up), q(GRID_QUERIES.state), q(GRID_QUERIES.util), q(GRID_QUERIES.memoryUsed), q(GRID_QUERIES.memoryTotal), q(GRID_QUERIES.processes),
    q(idleGpusQuery(idleWindowSeconds)), q(idleProcessesQuery(idleWindowSeconds)),
    gpuHours(client, 'users', rangeSeconds, top, at, recording),
    gpuHours(client, 'nodes', rangeSeconds, top, at, recording),
    client.alerts(),
  ]);
  return {
    prometheus: client.url,
    at: new Date(Math.round(at * 1000)).toISOString(),
    rangeSeconds,
    idleWindowSeconds,
    nodes: buildGrid(up, state, util, used, total, processes),
    idle: buildIdle(idle, idleProcesses),
    topUsers: users.entries,
    topNodes: nodeHours.entries,
    alerts: toAlerts(alerts),
    usedRecordingRules: { users: users.basis.recordedFrom !== null, nodes: nodeHours.basis.recordedFrom !== null },
    gpuHoursBasis: { users: users.basis, nodes: nodeHours.basis },
  };
}
