// `gpuwise pick` as a library: which GPUs (or MIG instances) are free, best first.
export { DEFAULT_MAX_UTIL_PERCENT, formatVisibleDevices, pickGpus } from './pick.js';
export type { PickedGpu, PickOptions, PickReason, PickResult, RejectedGpu } from './pick.js';
export { DEFAULT_PICK_WINDOW_MS, pickFreeGpus } from './free.js';
export type { PickFreeOptions } from './free.js';
