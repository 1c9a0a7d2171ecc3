export { recommend, compareOptions, gpuCounts } from './recommend.js';
export { rateAt, rateWithFallback } from './precision.js';
export * from './types.js';
export { fitOnGpu, type GpuFit } from './fit-gpu.js';
export { hostNeeds, hostShortfalls, type HostNeeds, type HostShortfall } from './host.js';
export { usableMemory, INFERENCE_MARGIN, TRAINING_MARGIN, type UsableMemory } from './usable-memory.js';
export { ringLink, type Link, type LinkKind, type ParallelPlan, type Scaling } from './scaling.js';
