// The diagnose API: watch a job or GPUs (observe, createObserver), save and load the
// observation (writeTrace, readTrace), and explain it (diagnose, in ./analyze.ts).

export * from './types.js';
export { diagnose } from './analyze.js';
export { healthyHeadline, treeUsedNoGpu, utilUnavailableGpuIndices, type HealthyHeadline } from './analyze/notes.js';
export { THRESHOLDS, pcieLinkBytesPerSecond, type Threshold, type ThresholdId } from './thresholds.js';
export { observe, DEFAULT_OBSERVE_DURATION_MS, DEFAULT_OBSERVE_INTERVAL_MS, type ObserveOptions, type ObserveProgress } from './observe.js';
export { createObserver, DEFAULT_MAX_SAMPLES, type Observer, type ObserverOptions } from './observe-samples.js';
export { readTrace, writeTrace, parseTrace, traceLines } from './trace.js';
export { DiagnoseError, isDiagnoseError } from './errors.js';
