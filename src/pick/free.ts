// pickFreeGpus: reads a short window through the sampler (the one live reader) and applies
// pickGpus to it. With no sampler given it opens one for about a second at 4 reads a second and
// closes it; with one given (run's own) it listens to that one and leaves it running.

import { createSampler, type Sampler } from '../monitor/index.js';
import type { SessionOptions } from '../snapshot/session.js';
import type { Snapshot } from '../core/snapshot.js';
import { claimKeyOf, type ClaimStore, type GpuClaim } from './claims.js';
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
  /**
   * Other picks' and runs' claims (./claims.ts) are honoured; with `claimAs`, the units picked
   * are claimed for this process — all of them or, when another claimer wins one first, the next
   * best instead.
   */
  claiming?: { store: ClaimStore; claimAs: { by: GpuClaim['by']; ttlMs: number | null } | null };
}

export interface PickFreeResult extends PickResult {
  lastSnapshot: Snapshot | null;
  /** The claim keys this call claimed (empty without `claiming.claimAs`, or when not enough were free). */
  claimed: string[];
  /** Why the units picked are not claimed though asked (the folder not writable …); else null. */
  claimError: Error | null;
}

export const DEFAULT_PICK_WINDOW_MS = 1000;
const MIN_READS = 2;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function pickFreeGpus(options: PickFreeOptions = {}): Promise<PickFreeResult> {
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
  const lastSnapshot = snapshots.at(-1) ?? null;
  if (options.claiming === undefined) return { ...pickGpus(snapshots, options), lastSnapshot, claimed: [], claimError: null };
  return { ...pickAndClaim(snapshots, options, options.claiming), lastSnapshot };
}

/** Bounded: each lost round means another claimer took a unit in these same milliseconds. */
const CLAIM_ROUNDS = 5;

type Claiming = NonNullable<PickFreeOptions['claiming']>;

function pickAndClaim(snapshots: readonly Snapshot[], options: PickOptions, claims: Claiming): Omit<PickFreeResult, 'lastSnapshot'> {
  let others = claims.store.others();
  let result = pickGpus(snapshots, { ...options, claimedByOthers: others });
  const claimAs = claims.claimAs;
  if (claimAs === null) return { ...result, claimed: [], claimError: null };
  for (let round = 1; result.enough; round++) {
    const claimed: string[] = [];
    let lost = false;
    try {
      for (const unit of result.picked) {
        const key = claimKeyOf(unit);
        // Only --allow-processes picks a unit another holds: shared knowingly, so not claimed.
        if (others.has(key)) continue;
        if (!claims.store.claim(key, claimAs.by, claimAs.ttlMs).ok) {
          lost = true;
          break;
        }
        claimed.push(key);
      }
    } catch (error) {
      // The folder took no claim (not writable …): the pick stands, unclaimed, and says so.
      claims.store.release(claimed);
      return { ...result, claimed: [], claimError: error instanceof Error ? error : new Error(String(error)) };
    }
    if (!lost) return { ...result, claimed, claimError: null };
    claims.store.release(claimed);
    if (round >= CLAIM_ROUNDS) return { ...result, enough: false, picked: [], claimed: [], claimError: null };
    others = claims.store.others();
    result = pickGpus(snapshots, { ...options, claimedByOthers: others });
  }
  return { ...result, claimed: [], claimError: null };
}
