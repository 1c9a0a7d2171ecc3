export { recommend, compareOptions, gpuCounts } from './recommend.js';
export { rateAt, rateWithFallback } from './precision.js';
export * from './types.js';
