// The GPU catalog's library API: load (validated once, cached), list, get, resolve sources, and
// match the names drivers print. Pure data: no I/O, no printing.

export * from './gpu-schema.js';
export * from './load.js';
export { GpuCatalogError, validateGpuCatalog, type CatalogIssue } from './validate.js';
export { isCutOffGpuName, matchGpuName, type GpuNameMatch, type MatchConfidence, type MatchHints } from './match.js';
export { describeUnlistedGpu, type UnlistedGpu } from './unlisted.js';
export { lookupGpu, queryGpuList, type GpuListResult, type GpuLookup } from './gpu-query.js';
export { checkGpuConsistency, type ConsistencyProblem } from './consistency.js';
export { findNumbers, type NumberSite } from './figure-walk.js';
