// The box around the GPUs: the host's columns (monitor/columns.ts HOST_COLUMNS, named
// gpuwise_host_<column in snake case>), the driver, which backend read the GPUs, and the sample.

import type { Sample } from '../../monitor/sampler.js';
import { HOST_COLUMNS } from '../../monitor/columns.js';
import { helpText } from './help.js';
import { HOSTNAME_LABEL, type LabelContext } from './labels.js';
import { extendLabels, formatLabels, type ExpositionWriter } from './text.js';

/** cpuUtilPercent → cpu_util_percent, loadAverage1m → load_average_1m. */
export function snakeCase(name: string): string {
  return name.replace(/([a-z])([A-Z0-9])/g, '$1_$2').toLowerCase();
}

export const hostSeriesName = (column: string) => `gpuwise_host_${snakeCase(column)}`;

/** The host's fixed figures, next to the columns that change. */
const HOST_FIXED = [
  ['gpuwise_host_memory_total_bytes', 'memoryTotalBytes'],
  ['gpuwise_host_swap_total_bytes', 'swapTotalBytes'],
  ['gpuwise_host_logical_cpus', 'cpuLogicalCount'],
  ['gpuwise_host_uptime_seconds', 'uptimeSeconds'],
] as const;

export function writeHostFamilies(out: ExpositionWriter, sample: Sample, context: LabelContext): void {
  const { host, driver } = sample.snapshot;
  const labels = formatLabels([[HOSTNAME_LABEL, context.hostname]]);
  for (const column of HOST_COLUMNS) {
    const name = hostSeriesName(column.name);
    out.family(name, 'gauge', helpText(`metrics.help.${name}`))(labels, column.read(host));
  }
  for (const [name, key] of HOST_FIXED) out.family(name, 'gauge', helpText(`metrics.help.${name}`))(labels, host[key]);
  out.family('gpuwise_host_info', 'gauge', helpText('metrics.help.gpuwise_host_info'))(
    extendLabels(labels, [['platform', host.platform], ['kernel_release', host.kernelRelease], ['cpu_model', host.cpuModel]]),
    1,
  );
  out.family('gpuwise_driver_info', 'gauge', helpText('metrics.help.gpuwise_driver_info'))(
    extendLabels(labels, [['driver_version', driver.driverVersion], ['cuda_driver_version', driver.cudaDriverVersion], ['nvml_version', driver.nvmlVersion]]),
    1,
  );
}

/**
 * gpuwise_backend_up: 1 for the backend that read the GPUs, 0 for each other one the chain tried
 * (before it, or after it when the one in use lists no GPU; the reason as a label), so "no GPU
 * data" is alertable and says why.
 */
export function writeBackendFamilies(out: ExpositionWriter, sample: Sample, context: LabelContext): void {
  const { snapshot } = sample;
  const up = out.family('gpuwise_backend_up', 'gauge', helpText('metrics.help.gpuwise_backend_up'));
  const seen = new Set<string>();
  for (const attempt of snapshot.backendAttempts) {
    if (seen.has(attempt.backend)) continue;
    seen.add(attempt.backend);
    up(formatLabels([['backend', attempt.backend], ['reason', attempt.ok ? null : attempt.code], [HOSTNAME_LABEL, context.hostname]]), attempt.ok ? 1 : 0);
  }
  if (snapshot.backend !== null && !seen.has(snapshot.backend)) {
    up(formatLabels([['backend', snapshot.backend], ['reason', null], [HOSTNAME_LABEL, context.hostname]]), 1);
  }
  const labels = formatLabels([[HOSTNAME_LABEL, context.hostname]]);
  out.family('gpuwise_gpus', 'gauge', helpText('metrics.help.gpuwise_gpus'))(labels, snapshot.devices.length);
}

/** The sample itself: which one, when, over what interval, and what reading it cost. */
export function writeSampleFamilies(out: ExpositionWriter, sample: Sample, context: LabelContext): void {
  const labels = formatLabels([[HOSTNAME_LABEL, context.hostname]]);
  out.family('gpuwise_sampler_samples_total', 'counter', helpText('metrics.help.gpuwise_sampler_samples_total'))(labels, sample.seq);
  out.family('gpuwise_sample_timestamp_seconds', 'gauge', helpText('metrics.help.gpuwise_sample_timestamp_seconds'))(labels, sample.wallMs / 1000);
  out.family('gpuwise_sample_interval_seconds', 'gauge', helpText('metrics.help.gpuwise_sample_interval_seconds'))(
    labels,
    sample.coversMs === null ? null : sample.coversMs / 1000,
  );
}
