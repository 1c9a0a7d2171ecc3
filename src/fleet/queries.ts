// The fleet view's PromQL. Every question is one aggregation over the whole fleet — never one
// query per node — so the number of queries does not grow with the fleet, and Prometheus does
// the grouping. GPU-hours use the recording rules of deploy/prometheus when Prometheus has them
// (a few series per user instead of every process's) and the raw series otherwise.

/** Under this utilisation (%) a held GPU counts as idle, as in the recording rules. */
export const IDLE_UTIL_PERCENT = 5;

/** A Prometheus duration of whole seconds ("90s"). */
export const seconds = (s: number) => `${Math.max(1, Math.round(s))}s`;

/** The subquery step for GPU-hours over a range: about 720 steps, whole minutes past 12 h. */
export function gpuHoursStep(rangeSeconds: number): number {
  const step = Math.max(1, Math.ceil(rangeSeconds / 720));
  return rangeSeconds >= 12 * 3600 ? Math.ceil(step / 60) * 60 : step;
}

export const GRID_QUERIES = {
  // Every exporter that reported GPUs in the last hour, up or not: a node that stopped answering
  // is the one to show, and its GPU series have gone stale.
  up: 'up and on(instance, job) (count by (instance, job) (last_over_time(gpuwise_gpus[1h])) or count by (instance, job) (last_over_time(DCGM_FI_DEV_GPU_UTIL[1h])))',
  state: 'gpuwise_gpu_state == 1',
  util: 'DCGM_FI_DEV_GPU_UTIL',
  memoryUsed: 'gpuwise_gpu_memory_used_bytes',
  memoryTotal: 'gpuwise_gpu_memory_total_bytes',
  processes: 'gpuwise_gpu_processes',
} as const;

/** GPUs held by a process whose utilisation stayed under the threshold for the whole window. */
export function idleGpusQuery(windowSeconds: number): string {
  return `(max_over_time(DCGM_FI_DEV_GPU_UTIL[${seconds(windowSeconds)}]) < ${IDLE_UTIL_PERCENT}) and on(instance, job, gpu) (gpuwise_gpu_processes > 0)`;
}

/** The processes on those GPUs, with their user and pod labels. */
export function idleProcessesQuery(windowSeconds: number): string {
  return `gpuwise_process_gpu_memory_used_bytes and on(instance, job, gpu) (max_over_time(DCGM_FI_DEV_GPU_UTIL[${seconds(windowSeconds)}]) < ${IDLE_UTIL_PERCENT})`;
}

/** GPUs each user (and namespace) holds, now: a GPU counts once per user. */
const USER_GPUS_RAW = 'count by (user, namespace) (count by (user, namespace, instance, gpu) (gpuwise_process_gpu_memory_used_bytes))';
const NODE_GPUS_RAW = 'sum by (instance, job, Hostname) (gpuwise_gpu_processes > bool 0)';

function gpuHours(inner: string, by: string, rangeSeconds: number, top: number): string {
  const step = gpuHoursStep(rangeSeconds);
  return `topk(${top}, sum by (${by}) (sum_over_time((${inner})[${seconds(rangeSeconds)}:${seconds(step)}])) * ${step} / 3600)`;
}

export function topUsersQuery(rangeSeconds: number, top: number, recorded: boolean): string {
  return gpuHours(recorded ? 'gpuwise:user_gpus_allocated' : USER_GPUS_RAW, 'user, namespace', rangeSeconds, top);
}

export function topNodesQuery(rangeSeconds: number, top: number, recorded: boolean): string {
  return gpuHours(recorded ? 'gpuwise:node_gpus_allocated' : NODE_GPUS_RAW, 'instance, job, Hostname', rangeSeconds, top);
}

/** The heatmap: mean utilisation per node over time (one query_range). */
export const HEATMAP_QUERY = 'avg by (instance, Hostname) (DCGM_FI_DEV_GPU_UTIL)';
