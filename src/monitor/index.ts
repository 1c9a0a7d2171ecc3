// The monitor layer: one sampler that every long-running consumer shares.
export { createSampler, DEFAULT_HISTORY_ROWS, DEFAULT_INTERVAL_MS, MAX_INTERVAL_MS, MIN_INTERVAL_MS, SamplerStoppedError } from './sampler.js';
export type { Sample, SampleListener, Sampler, SamplerOptions } from './sampler.js';
export { deviceKey, MAX_TRACKED_GPUS } from './history.js';
export type { DeviceHistoryWindow, HistoryWindow } from './history.js';
export { DEVICE_COLUMNS, HOST_COLUMNS } from './columns.js';
export type { Column, DeviceColumnName } from './columns.js';
export { ColumnRing, SampleRing } from './ring.js';
export type { RingWindow } from './ring.js';
