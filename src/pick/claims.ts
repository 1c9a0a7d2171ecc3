// Short-lived claims on GPUs, so that two picks (or two `run --gpus`) started in the same second
// do not both take the GPU that looked free to each: a job's process shows up on its GPU only
// after CUDA has started, seconds later. Claims live in a folder of the user's
// (./claims-folder.ts, docs/pick.md "Claims"). A claim by `pick` lapses after a minute (pick ends as soon as it has printed); one by
// `run` lasts while that gpuwise lives, restarts and back-off waits included. A claim whose time
// is up, whose process is gone (its start time compared, so a reused PID does not hold it), from
// before a reboot, released or unreadable is stale: ignored, and taken over by the next claimer.
// Claims are advisory, between gpuwise's own.
//
// Exactly one claimer wins a GPU: each claim of a key is a file of its own, numbered one past the
// newest (`<hash>.<n>.claim`), written aside and then link(2)ed into place — which fails when the
// number is taken. The newest file of a key is the claim; it is never removed (a release
// overwrites it), only files older than the newest two, so a number is never handed out twice and
// a stale claim is taken over without ever moving a fresh one aside.

import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive, processStartTicks } from '../core/process-identity.js';

export interface GpuClaim {
  /** What is claimed: a MIG instance's UUID, else the GPU's UUID (`index:N` for one without). */
  key: string;
  by: 'pick' | 'run';
  pid: number;
  /** /proc/<pid>/stat's starttime of the claimer; null where there is no /proc. */
  startTicks: number | null;
  bootId: string | null;
  claimedMs: number;
  /** When the claim lapses; null: while the claimer lives. */
  expiresMs: number | null;
}

/** How long a claim by `pick` holds: time for the job it printed for to start and show up on the GPU. */
export const PICK_CLAIM_MS = 60_000;

export type ClaimResult = { ok: true } | { ok: false; holder: GpuClaim | null };

export interface ClaimStore {
  readonly dir: string;
  /** Live claims by other processes, by key. */
  others(): Map<string, GpuClaim>;
  /** Claims `key` for this process (renewing its own), unless another holds a live claim on it. */
  claim(key: string, by: GpuClaim['by'], ttlMs: number | null): ClaimResult;
  /** Releases this process's claims on `keys`. */
  release(keys: readonly string[]): void;
  /** Releases every claim this store made. */
  releaseAll(): void;
}

/** The process a claim is made for. */
export interface ClaimOwner {
  pid: number;
  startTicks: number | null;
}

export interface ClaimStoreOptions {
  now?: () => number;
  /** Tests: claim as another process would (default: this one). */
  owner?: ClaimOwner;
}

/** The key a unit is claimed by. */
export function claimKeyOf(unit: { index: number; uuid: string | null; migUuid?: string | null }): string {
  return unit.migUuid ?? unit.uuid ?? `index:${unit.index}`;
}

let bootIdCache: string | null | undefined;
function bootId(): string | null {
  if (bootIdCache === undefined) {
    try {
      bootIdCache = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      bootIdCache = null;
    }
  }
  return bootIdCache;
}

/** A claim, or null for a released, corrupt or foreign file (stale either way). */
function parseClaim(text: string): GpuClaim | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const { key, by, pid, startTicks, bootId: boot, claimedMs, expiresMs } = value;
    if (typeof key !== 'string' || (by !== 'pick' && by !== 'run') || !Number.isInteger(pid) || (pid as number) <= 0 || typeof claimedMs !== 'number') return null;
    return {
      key, by, pid: pid as number, claimedMs,
      startTicks: typeof startTicks === 'number' ? startTicks : null,
      bootId: typeof boot === 'string' ? boot : null,
      expiresMs: typeof expiresMs === 'number' ? expiresMs : null,
    };
  } catch {
    return null;
  }
}

const CLAIM_FILE = /^([0-9a-f]{32})\.(\d{1,15})\.claim$/;
const TEMP_FILE = /^\.(\d+)\.[0-9a-f]+\.tmp$/;
/** Each lost round means another claimer made or removed a file of this key in between. */
const ROUNDS = 8;

/** The claims in `dir`, the folder made (exported for tests: a folder, a clock and an owner of their own). */
export function createClaimStore(dir: string, options: ClaimStoreOptions = {}): ClaimStore {
  const now = options.now ?? Date.now;
  const me = options.owner ?? { pid: process.pid, startTicks: processStartTicks(process.pid) };
  const held = new Set<string>();
  const hashOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);
  const pathOf = (hash: string, number: number) => join(dir, `${hash}.${number}.claim`);
  const isMine = (claim: GpuClaim) => claim.pid === me.pid && claim.startTicks === me.startTicks;
  const live = (claim: GpuClaim) => {
    const boot = bootId();
    if (claim.bootId !== null && boot !== null && claim.bootId !== boot) return false;
    if (claim.expiresMs !== null) {
      const leftMs = claim.expiresMs - now();
      // One from the future (the clock was set back) holds no longer than it was made for.
      return leftMs > 0 && leftMs <= claim.expiresMs - claim.claimedMs;
    }
    if (!processAlive(claim.pid)) return false;
    const ticks = processStartTicks(claim.pid);
    return claim.startTicks === null || ticks === null || ticks === claim.startTicks;
  };
  /** Each key's claim files' numbers, newest first. */
  const numbers = (): Map<string, number[]> => {
    const byHash = new Map<string, number[]>();
    for (const name of safeList(dir)) {
      const [, hash, number] = CLAIM_FILE.exec(name) ?? [];
      if (hash === undefined) continue;
      byHash.set(hash, [...(byHash.get(hash) ?? []), Number(number)]);
    }
    for (const list of byHash.values()) list.sort((a, b) => b - a);
    return byHash;
  };
  /** The newest file of `hash`: its number and claim (null: stale as written); null when there is none. */
  const newest = (hash: string): { number: number; claim: GpuClaim | null } | 'none' | 'busy' => {
    for (let round = 0; round < ROUNDS; round++) {
      const number = numbers().get(hash)?.[0];
      if (number === undefined) return 'none';
      try {
        return { number, claim: parseClaim(readFileSync(pathOf(hash, number), 'utf8')) };
      } catch {
        // Removed in between, as a newer one came: look again.
      }
    }
    return 'busy';
  };
  /** `text` in a file of its own beside the claims, readable by all (a folder shared between users). */
  const writeAside = (text: string) => {
    const temp = join(dir, `.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
    writeFileSync(temp, text, { mode: 0o644 });
    chmodSync(temp, 0o644); // whatever the umask
    return temp;
  };
  /** Writes `text` aside and renames it over `path`. */
  const replace = (path: string, text: string) => {
    let temp: string | null = null;
    try {
      temp = writeAside(text);
      renameSync(temp, path);
    } finally {
      if (temp !== null) unlinkQuietly(temp);
    }
  };
  /** Writes `text` aside and links it in as `path`: false when `path` is taken. */
  const linkNew = (text: string, path: string): boolean => {
    let temp: string | null = null;
    try {
      temp = writeAside(text);
      linkSync(temp, path);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      if (temp !== null) unlinkQuietly(temp);
    }
  };
  /** Files older than the newest two of `hash`, and temporary files of claimers gone. */
  const tidy = (hash: string) => {
    for (const number of numbers().get(hash)?.slice(2) ?? []) unlinkQuietly(pathOf(hash, number));
    for (const name of safeList(dir)) {
      const pid = Number(TEMP_FILE.exec(name)?.[1] ?? Number.NaN);
      if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) unlinkQuietly(join(dir, name));
    }
  };

  const store: ClaimStore = {
    dir,
    others() {
      const claims = new Map<string, GpuClaim>();
      for (const hash of numbers().keys()) {
        const found = newest(hash);
        if (typeof found === 'object' && found.claim !== null && !isMine(found.claim) && live(found.claim)) claims.set(found.claim.key, found.claim);
      }
      return claims;
    },
    claim(key, by, ttlMs) {
      const hash = hashOf(key);
      const claimedMs = now();
      const record: GpuClaim = { key, by, pid: me.pid, startTicks: me.startTicks, bootId: bootId(), claimedMs, expiresMs: ttlMs === null ? null : claimedMs + ttlMs };
      const text = `${JSON.stringify(record)}\n`;
      for (let round = 0; round < ROUNDS; round++) {
        const found = newest(hash);
        if (found === 'busy') continue;
        const holder = found === 'none' ? null : found.claim;
        // This process's own live claim is renewed as any is made, by the next number: written
        // over in place, it could be judged expired by another claimer in that very instant.
        if (holder !== null && !isMine(holder) && live(holder)) return { ok: false, holder };
        if (!linkNew(text, pathOf(hash, found === 'none' ? 1 : found.number + 1))) continue; // another claimer took this number first: judge its claim
        held.add(key);
        tidy(hash);
        return { ok: true };
      }
      return { ok: false, holder: null };
    },
    release(keys) {
      for (const key of keys) {
        held.delete(key);
        const hash = hashOf(key);
        const found = newest(hash);
        if (typeof found !== 'object' || found.claim === null || !isMine(found.claim)) continue;
        try {
          // Overwritten, not removed: the number stays taken (see above).
          replace(pathOf(hash, found.number), `${JSON.stringify({ key, releasedMs: now() })}\n`);
        } catch {
          // Not writable now: the claim lapses by itself when its time is up or this process ends.
        }
      }
    },
    releaseAll() {
      store.release([...held]);
    },
  };
  return store;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // gone already, or another user's in a shared folder
  }
}
