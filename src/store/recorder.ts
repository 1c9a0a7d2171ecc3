// The recorder: hears every sample of the sampler, derives its events at once (derivation is
// stateful and wants every sample in order), and writes what it heard in one transaction per
// flush. A failing write (a full disk) never reaches the sampler: it is told to onError, the
// samples are kept to retry at the next flush, and past a cap the oldest are dropped and counted.
// Except when another recorder has taken the history over (StoreError 'lock-lost'): no retry can
// land, so the recorder stops, tells it once, and counts what it held as dropped.

import type { GpuEvent } from '../events/types.js';
import type { Sample, Sampler } from '../monitor/sampler.js';
import { isStoreError } from './errors.js';
import type { HistoryStore } from './types.js';

export interface RecorderOptions {
  sampler: Pick<Sampler, 'subscribe'>;
  store: Pick<HistoryStore, 'append'>;
  /** Events of one sample (events/derive.ts's createEventDeriver().next); none when absent. */
  deriveEvents?: (sample: Sample) => GpuEvent[];
  /** Time between writes (default 5000 ms); 0 writes only on flush(). */
  flushEveryMs?: number;
  /** Samples kept while writes fail (default 3600: an hour at 1 Hz); past it the oldest go. */
  maxPendingSamples?: number;
  /** Told of every failed write (the store's StoreError: disk full, read-only …), and of a throwing deriveEvents. */
  onError?: (error: unknown, stats: RecorderStats) => void;
  /** Told after each write that committed, with the newest sample's seq (a caller can log progress). */
  onFlush?: (info: { samples: number; events: number; lastSeq: number }) => void;
}

export interface RecorderStats {
  /** Samples committed to the store. */
  written: number;
  /** Samples waiting for the next flush. */
  pending: number;
  /** Samples dropped because writes kept failing past maxPendingSamples. */
  droppedSamples: number;
  droppedEvents: number;
  failedWrites: number;
  lastError: unknown;
}

export interface Recorder {
  /** Writes what is pending now; false when the write failed (the samples stay pending). */
  flush(): boolean;
  /** Stops hearing samples and the timer, then flushes once more. Idempotent. */
  stop(): boolean;
  stats(): RecorderStats;
}

export const DEFAULT_FLUSH_EVERY_MS = 5000;
export const DEFAULT_MAX_PENDING_SAMPLES = 3600;

export function createRecorder(options: RecorderOptions): Recorder {
  const maxSamples = Math.max(1, options.maxPendingSamples ?? DEFAULT_MAX_PENDING_SAMPLES);
  // Events are few per sample; the same multiple bounds them.
  const maxEvents = maxSamples * 16;
  let samples: Sample[] = [];
  let events: GpuEvent[] = [];
  const stats: RecorderStats = { written: 0, pending: 0, droppedSamples: 0, droppedEvents: 0, failedWrites: 0, lastError: null };
  let stopped = false;
  // Set when the store can never take a write again (another recorder took the lock over).
  let givenUp = false;

  const report = (error: unknown) => {
    stats.lastError = error;
    stats.pending = samples.length;
    options.onError?.(error, { ...stats });
  };

  const unsubscribe = options.sampler.subscribe((sample) => {
    samples.push(sample);
    if (samples.length > maxSamples) stats.droppedSamples += samples.splice(0, samples.length - maxSamples).length;
    if (options.deriveEvents) {
      try {
        events.push(...options.deriveEvents(sample));
      } catch (error) {
        report(error);
      }
      if (events.length > maxEvents) stats.droppedEvents += events.splice(0, events.length - maxEvents).length;
    }
    stats.pending = samples.length;
  });

  const flush = (): boolean => {
    if (givenUp) return false;
    if (samples.length === 0 && events.length === 0) return true;
    const batch = samples;
    const batchEvents = events;
    try {
      options.store.append(batch, batchEvents);
    } catch (error) {
      stats.failedWrites++;
      if (isStoreError(error) && error.code === 'lock-lost') {
        givenUp = true;
        stopHearing();
        stats.droppedSamples += samples.length;
        stats.droppedEvents += events.length;
        samples = [];
        events = [];
      }
      report(error);
      return false;
    }
    // append is synchronous: no sample arrived while it ran.
    samples = [];
    events = [];
    stats.written += batch.length;
    stats.pending = samples.length;
    const last = batch.at(-1);
    options.onFlush?.({ samples: batch.length, events: batchEvents.length, lastSeq: last ? last.seq : 0 });
    return true;
  };

  const every = options.flushEveryMs ?? DEFAULT_FLUSH_EVERY_MS;
  const timer = every > 0 ? setInterval(flush, every) : null;
  // The recorder alone does not keep a process alive: the sampler and the server do.
  timer?.unref();

  function stopHearing(): void {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    if (timer) clearInterval(timer);
  }

  return {
    flush,
    stop() {
      stopHearing();
      return flush();
    },
    stats: () => ({ ...stats, pending: samples.length }),
  };
}
