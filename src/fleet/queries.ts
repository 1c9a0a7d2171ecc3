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

// Each grid query keeps only the labels the grid shows: 4,000 GPUs' full label sets are most of
// an answer's bytes, and Prometheus's JSON encoding of them most of its time.
const slim = (expr: string) => `max by (instance, job, gpu, GPU_I_ID) (${expr})`;

export const GRID_QUERIES = {
  // Every exporter that reported GPUs in the last hour, up or not: a node that stopped answering
  // is the one to show, and its GPU series have gone stale.
  up: 'up and on(instance, job) (count by (instance, job) (last_over_time(gpuwise_gpus[1h])) or count by (instance, job) (last_over_time(DCGM_FI_DEV_GPU_UTIL[1h])))',
  state: 'max by (instance, job, gpu, UUID, modelName, Hostname, state) (gpuwise_gpu_state == 1)',
  // The identity labels once more here, for a node only dcgm-exporter reports (no gpuwise_gpu_state).
  util: 'max by (instance, job, gpu, GPU_I_ID, UUID, modelName, Hostname) (DCGM_FI_DEV_GPU_UTIL)',
  memoryUsed: slim('gpuwise_gpu_memory_used_bytes'),
  memoryTotal: slim('gpuwise_gpu_memory_total_bytes'),
  processes: slim('gpuwise_gpu_processes'),
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

/** Raw series: a subquery at a fixed step (the expression is evaluated at each step). */
function rawGpuHours(inner: string, by: string, rangeSeconds: number, top: number): string {
  const step = gpuHoursStep(rangeSeconds);
  return `topk(${top}, sum by (${by}) (sum_over_time((${inner})[${seconds(rangeSeconds)}:${seconds(step)}])) * ${step} / 3600)`;
}

/**
 * A recording rule's series has one sample per rule interval, so its sum over the range divided
 * by its samples per hour is GPU-hours — one pass over the samples, several times faster than a
 * subquery. Samples per hour: the most any of its series has in the last hour.
 */
function recordedGpuHours(series: string, by: string, rangeSeconds: number, top: number): string {
  return `topk(${top}, sum by (${by}) (sum_over_time(${series}[${seconds(rangeSeconds)}])) / scalar(max(count_over_time(${series}[1h]))))`;
}

export function topUsersQuery(rangeSeconds: number, top: number, recorded: boolean): string {
  return recorded ? recordedGpuHours('gpuwise:user_gpus_allocated', 'user, namespace', rangeSeconds, top) : rawGpuHours(USER_GPUS_RAW, 'user, namespace', rangeSeconds, top);
}

export function topNodesQuery(rangeSeconds: number, top: number, recorded: boolean): string {
  return recorded ? recordedGpuHours('gpuwise:node_gpus_allocated', 'instance, job, Hostname', rangeSeconds, top) : rawGpuHours(NODE_GPUS_RAW, 'instance, job, Hostname', rangeSeconds, top);
}

/** The heatmap: mean utilisation per node over time (one query_range). */
export const HEATMAP_QUERY = 'avg by (instance, Hostname) (DCGM_FI_DEV_GPU_UTIL)';
/** The same from the recording rule, one series per node instead of one per GPU. */
export const HEATMAP_RECORDED_QUERY = 'avg by (instance, Hostname) (gpuwise:node_gpu_utilization:avg)';
/** The nodes reporting utilisation now (an instant query: cheap at any fleet size). */
export const HEATMAP_NODES_QUERY = 'count by (instance) (DCGM_FI_DEV_GPU_UTIL)';

/** HEATMAP_QUERY for these instances only (their names matched exactly, as regex literals). */
export function heatmapQueryFor(instances: readonly string[]): string {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  return `avg by (instance, Hostname) (DCGM_FI_DEV_GPU_UTIL{instance=~"${instances.map(literal).join('|')}"})`;
}
