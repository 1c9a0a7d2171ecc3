// /metrics for `gpuwise serve`: Prometheus text with dcgm-exporter's names and labels where the
// two overlap, gpuwise_* series in base units for the rest (docs/metrics.md lists every series).

export { renderMetrics, renderMetricsBytes, renderSampleBody, METRICS_CONTENT_TYPE, type RenderMetricsInput } from './render.js';
export type { CollectorResult } from './collectors.js';
export { escapeLabelValue } from './text.js';
export { HOSTNAME_LABEL, DRIVER_VERSION_LABEL, type LabelContext } from './labels.js';
export { MAX_COMMAND_LABEL_CHARS } from './process-families.js';
export { createLastXidTracker, type LastXidByGpu } from './xid-family.js';
