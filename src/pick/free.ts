// pickFreeGpus: reads a short window through the sampler (the one live reader) and applies
// pickGpus to it. With no sampler given it opens one for about a second at 4 reads a second and
// closes it; with one given (run's own) it listens to that one and leaves it running.

import { createSampler, type Sampler } from '../monitor/index.js';
import type { SessionOptions } from '../snapshot/session.js';
import type { Snapshot } from '../core/snapshot.js';
import { pickGpus, type PickOptions, type PickResult } from './pick.js';

export interface PickFreeOptions extends PickOptions {
  /** How long to watch (default 1000 ms). At least two reads are always used. */
  windowMs?: number;
  /** Read through this sampler (not stopped afterwards); else one is opened and closed. */
  sampler?: Sampler;
  /** For tests: the wait between reads of an owned sampler (default windowMs / 4, at least 50). */
  intervalMs?: number;
  /** For the session an owned sampler opens (a pinned backend …). */
  sessionOptions?: SessionOptions;
}

export const DEFAULT_PICK_WINDOW_MS = 1000;
const MIN_READS = 2;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function pickFreeGpus(options: PickFreeOptions = {}): Promise<PickResult & { lastSnapshot: Snapshot | null }> {
  const windowMs = Math.max(0, Math.min(options.windowMs ?? DEFAULT_PICK_WINDOW_MS, 60_000));
  const owned = options.sampler === undefined;
  const sampler = options.sampler ?? (await createSampler({ intervalMs: options.intervalMs ?? Math.max(50, Math.round(windowMs / 4)), sessionOptions: { subSecondSamples: false, ...options.sessionOptions } }));
  const snapshots: Snapshot[] = [];
  const off = sampler.subscribe((sample) => snapshots.push(sample.snapshot));
  try {
    // A sampler someone else runs may already hold a fresh read: it starts the window.
    const latest = sampler.latest();
    if (!owned && latest !== null) snapshots.push(latest.snapshot);
    await sleep(windowMs);
    while (snapshots.length < MIN_READS) {
      const read = (await sampler.refresh()).snapshot;
      if (!snapshots.includes(read)) snapshots.push(read);
    }
  } finally {
    off();
    if (owned) await sampler.stop();
  }
  return { ...pickGpus(snapshots, options), lastSnapshot: snapshots.at(-1) ?? null };
}
