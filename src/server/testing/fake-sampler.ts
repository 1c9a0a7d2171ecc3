// A sampler the test drives by hand: push a snapshot and every subscriber hears it at once.

import type { Snapshot } from '../../core/snapshot.js';
import type { HistoryWindow } from '../../monitor/history.js';
import type { Sample, Sampler } from '../../monitor/sampler.js';

export interface FakeSampler extends Sampler {
  push(snapshot: Snapshot): Sample;
  subscribers(): number;
}

export function createFakeSampler(intervalMs = 1000): FakeSampler {
  const listeners = new Set<(sample: Sample) => void>();
  let latest: Sample | null = null;
  let seq = 0;
  const sampler: FakeSampler = {
    session: null as never,
    intervalMs,
    setInterval: (ms) => ms,
    latest: () => latest,
    first: async () => latest ?? Promise.reject(new Error('no sample pushed')),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    window: (): HistoryWindow => ({ sinceMs: 0, devices: [], host: { timesMs: [], columns: {} } }),
    refresh: async () => latest!,
    start: () => undefined,
    stop: async () => undefined,
    historyBytes: () => 0,
    push(snapshot) {
      const wallMs = Date.parse(snapshot.at);
      latest = { seq: ++seq, wallMs, monotonicMs: seq, coversMs: seq > 1 ? intervalMs : null, backendMs: 2, hostMs: 1, snapshot };
      for (const listener of [...listeners]) listener(latest);
      return latest;
    },
    subscribers: () => listeners.size,
  };
  return sampler;
}
