// Whether the history is being written: the recorder tells of each write that failed (a full disk,
// a read-only file) and each that committed; /api/v1/health and /metrics read the state here, so
// a program sees a recording failure for as long as it lasts (the log says it once a minute at most).

import type { MessageKey, MessageParams } from '../i18n/index.js';
import { isStoreError, type StoreErrorCode } from '../store/errors.js';

/** What the last failure was: the store's error (a message key) or, for anything else, its text. */
export interface RecordingFailure {
  code: StoreErrorCode | null;
  key: MessageKey | null;
  params: MessageParams;
  /** English, for logs; a reader's language comes from key + params. */
  message: string;
}

export interface RecordingState {
  /** When the failures now in a row began; null while writes land. */
  failingSinceMs: number | null;
  lastFailureAtMs: number | null;
  /** The latest failure while failing; null once a write lands again. */
  lastFailure: RecordingFailure | null;
  /** Failures since the start (writes, and event derivations that threw). */
  failures: number;
  lastWriteAtMs: number | null;
  /** As the recorder last said (absent: it did not say). */
  pendingSamples?: number;
  droppedSamples?: number;
}

export interface RecorderCounts {
  pending: number;
  droppedSamples: number;
}

export interface RecordingHealth {
  failed(error: unknown, counts?: RecorderCounts): void;
  wrote(): void;
  state(): RecordingState;
}

function failureOf(error: unknown): RecordingFailure {
  if (isStoreError(error)) return { code: error.code, key: error.key, params: error.params, message: error.message };
  return { code: null, key: null, params: {}, message: error instanceof Error ? error.message : String(error) };
}

export function createRecordingHealth(now: () => number = Date.now): RecordingHealth {
  const state: RecordingState = { failingSinceMs: null, lastFailureAtMs: null, lastFailure: null, failures: 0, lastWriteAtMs: null };
  return {
    failed(error, counts) {
      const atMs = now();
      state.failingSinceMs ??= atMs;
      state.lastFailureAtMs = atMs;
      state.lastFailure = failureOf(error);
      state.failures++;
      if (counts) Object.assign(state, { pendingSamples: counts.pending, droppedSamples: counts.droppedSamples });
    },
    wrote() {
      state.failingSinceMs = null;
      state.lastFailure = null;
      state.lastWriteAtMs = now();
      if (state.pendingSamples !== undefined) state.pendingSamples = 0;
    },
    state: () => ({ ...state }),
  };
}
