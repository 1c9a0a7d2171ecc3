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

/** The two GPU-hours lists: the recording rule's series, the raw expression it records, its keys. */
export const GPU_HOURS = {
  users: { recorded: 'gpuwise:user_gpus_allocated', raw: USER_GPUS_RAW, by: 'user, namespace', keys: ['user', 'namespace'] },
  nodes: { recorded: 'gpuwise:node_gpus_allocated', raw: NODE_GPUS_RAW, by: 'instance, job, Hostname', keys: ['instance', 'Hostname'] },
} as const;
export type GpuHoursList = keyof typeof GPU_HOURS;

/** A subquery at a fixed step (the expression is evaluated at each step), summed into GPU-hours. */
function stepGpuHours(inner: string, by: string, rangeSeconds: number, stepSeconds: number): string {
  return `sum by (${by}) (sum_over_time((${inner})[${seconds(rangeSeconds)}:${seconds(stepSeconds)}])) * ${stepSeconds} / 3600`;
}

/**
 * From the raw series: every process series at every step. `stepSeconds` defaults to the range's
 * own; the part of a range before the recording rules began is read at the whole range's step,
 * so its steps meet the recorded ones.
 */
export function rawGpuHoursQuery(list: GpuHoursList, rangeSeconds: number, top: number | null, stepSeconds = gpuHoursStep(rangeSeconds)): string {
  const sum = stepGpuHours(GPU_HOURS[list].raw, GPU_HOURS[list].by, rangeSeconds, stepSeconds);
  return top === null ? sum : `topk(${top}, ${sum})`;
}

/**
 * The recording rule's samples summed over the range, per user or node: one pass over a few
 * series per user or node instead of every process's. Times the rule's interval, that is
 * GPU-seconds (gpu-hours.ts) — right however young the recording is, which dividing by its
 * samples in the last hour was not.
 */
export function recordedSumQuery(list: GpuHoursList, rangeSeconds: number): string {
  return `sum by (${GPU_HOURS[list].by}) (sum_over_time(${GPU_HOURS[list].recorded}[${seconds(rangeSeconds)}]))`;
}

/**
 * How many evaluations of the rules the range holds: their per-node GPU count, which every
 * scraped node has at every evaluation (a user's series is there only while they hold a GPU).
 */
export function recordedEvaluationsQuery(rangeSeconds: number): string {
  return `max(count_over_time(gpuwise:node_gpus[${seconds(rangeSeconds)}]))`;
}

/** When the rules last evaluated (Unix seconds): their newest sample holds only from then to now. */
export const RECORDED_LAST_EVALUATION_QUERY = 'max(timestamp(gpuwise:node_gpus))';

/**
 * The rule's newest sample per user or node. A series that left the rule's answer is marked stale
 * at the next evaluation, so it is not here.
 */
export function recordedLastQuery(list: GpuHoursList): string {
  return `sum by (${GPU_HOURS[list].by}) (${GPU_HOURS[list].recorded})`;
}

/** Without the rules API: the rule's samples in the last hour (its interval, once it is an hour old). */
export function recordedPerHourQuery(list: GpuHoursList): string {
  return `max(count_over_time(${GPU_HOURS[list].recorded}[1h]))`;
}

/**
 * One query for GPU-hours per user: the raw form, or the recorded one of docs/fleet.md (samples
 * over samples per hour, as Grafana's panels use it: right once the rules are an hour old).
 */
export function topUsersQuery(rangeSeconds: number, top: number, recorded: boolean): string {
  return recorded ? onePassGpuHours('users', rangeSeconds, top) : rawGpuHoursQuery('users', rangeSeconds, top);
}

export function topNodesQuery(rangeSeconds: number, top: number, recorded: boolean): string {
  return recorded ? onePassGpuHours('nodes', rangeSeconds, top) : rawGpuHoursQuery('nodes', rangeSeconds, top);
}

function onePassGpuHours(list: GpuHoursList, rangeSeconds: number, top: number): string {
  return `topk(${top}, ${recordedSumQuery(list, rangeSeconds)} / scalar(${recordedPerHourQuery(list)}))`;
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
