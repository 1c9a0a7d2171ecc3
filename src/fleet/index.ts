// The fleet view over Prometheus (docs/fleet.md).
export { createPrometheusClient, FleetError, type FleetErrorKey, type PrometheusClient, type PrometheusClientOptions } from './client.js';
export { fleetSummary, type FleetSummaryOptions } from './summary.js';
export { fleetHeatmap } from './heatmap.js';
export { gpuHours, recordingOf, type GpuHoursResult, type Recording } from './gpu-hours.js';
export * from './queries.js';
export type * from './types.js';
