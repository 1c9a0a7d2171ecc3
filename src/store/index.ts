// The history store: SQLite tiers of raw samples and rollups, processes and events seen, and the
// recorder that feeds it from the sampler.
export { openHistoryStore } from './sqlite-store.js';
export type { HistoryStoreOptions, SqliteHistoryStore } from './sqlite-store.js';
export { createRecorder } from './recorder.js';
export type { Recorder, RecorderOptions, RecorderStats } from './recorder.js';
export { defaultHistoryPath } from './paths.js';
export { DEFAULT_RETENTION } from './retention.js';
export { SCHEMA_VERSION } from './schema.js';
export { StoreError, isStoreError } from './errors.js';
export type { StoreErrorCode, StoreErrorKey } from './errors.js';
export { HOST_DEVICE, MAX_POINTS } from './query.js';
export type * from './types.js';
