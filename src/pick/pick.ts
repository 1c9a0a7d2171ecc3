// Which GPUs are free: pure rules over a short window of snapshots. A GPU counts as free only when
// it was free in EVERY snapshot of the window (highest utilisation, least free memory, any
// process seen), so one idle instant between two training steps does not make a busy GPU free.

import type { Snapshot } from '../core/snapshot.js';
import { claimKeyOf, type GpuClaim } from './claims.js';
import { unitsOf, type UnitReading } from './units.js';

export interface PickOptions {
  /** How many GPUs are wanted (default 1). */
  count?: number;
  /** Least free memory a GPU must have in every snapshot (bytes; default none). */
  minFreeMemoryBytes?: number;
  /** Highest utilisation allowed in any snapshot (percent; default 10). */
  maxUtilPercent?: number;
  /** Accept GPUs with processes on them (default false: any process makes a GPU taken). */
  allowProcesses?: boolean;
  /** MIG instances as units of their own (default true). */
  includeMig?: boolean;
  /** Live claims of other picks and runs, by claim key (./claims.ts): such a unit is taken. */
  claimedByOthers?: ReadonlyMap<string, GpuClaim>;
  /** Now (ms), for a claim's age. */
  nowMs?: number;
}

export interface PickedGpu {
  index: number;
  uuid: string | null;
  /** Set for a MIG instance: its own UUID (`MIG-…`), which CUDA_VISIBLE_DEVICES takes. */
  migUuid?: string | null;
  /** Set for a MIG instance: its index within the parent GPU. */
  migIndex?: number | null;
  name: string | null;
  /** The least free memory over the window. */
  freeMemoryBytes: number | null;
  /** The highest utilisation over the window; null where the driver gives none (MIG). */
  gpuUtilPercent: number | null;
  /** Higher is better: free memory share minus utilisation. */
  score: number;
}

export interface PickReason {
  key: string;
  params?: Record<string, string | number>;
}

export interface RejectedGpu {
  index: number;
  uuid: string | null;
  migUuid?: string | null;
  migIndex?: number | null;
  name?: string | null;
  reasons: PickReason[];
}

export interface PickResult {
  picked: PickedGpu[];
  rejected: RejectedGpu[];
  enough: boolean;
  asked: number;
  /** Free units beyond `asked` (not picked, not rejected). */
  spare?: number;
  /** Snapshots the decision rests on. */
  snapshots?: number;
}

export const DEFAULT_MAX_UTIL_PERCENT = 10;

interface Summary {
  first: UnitReading;
  seen: number;
  broken: string | null;
  /** The reading's problem for a GPU not readable, where it has a message key: said in the reader's language. */
  brokenSaid: PickReason | null;
  maxUtil: number | null;
  /** A read gave no utilisation for a whole GPU not in MIG mode (for MIG the driver never gives one). */
  utilUnknown: boolean;
  minFree: number | null;
  total: number | null;
  pids: Set<number>;
  prohibited: boolean;
}

function summarise(snapshots: readonly Snapshot[], includeMig: boolean): Map<string, Summary> {
  const summaries = new Map<string, Summary>();
  for (const snapshot of snapshots) {
    for (const [key, unit] of unitsOf(snapshot, includeMig)) {
      let summary = summaries.get(key);
      if (!summary) {
        summary = { first: unit, seen: 0, broken: null, brokenSaid: null, maxUtil: null, utilUnknown: false, minFree: null, total: null, pids: new Set(), prohibited: false };
        summaries.set(key, summary);
      }
      summary.seen += 1;
      const { device, mig } = unit;
      if (device.state !== 'ok') {
        summary.broken = device.stateDetail ?? device.state;
        const said = snapshot.problems.find((p) => p.scope === `device:${device.index}` && p.key !== undefined);
        summary.brokenSaid = said?.key === undefined ? null : { key: said.key, ...(said.params ? { params: said.params } : {}) };
      }
      const util = mig === null ? device.gpuUtilPercent : null;
      if (util !== null) summary.maxUtil = Math.max(summary.maxUtil ?? 0, util);
      else if (mig === null && device.migModeCurrent !== true && device.state === 'ok') summary.utilUnknown = true;
      const total = mig === null ? device.memoryTotalBytes : mig.memoryTotalBytes;
      const used = mig === null ? device.memoryUsedBytes : mig.memoryUsedBytes;
      const free = (mig === null ? device.memoryFreeBytes : mig.memoryFreeBytes) ?? (total !== null && used !== null ? Math.max(0, total - used) : null);
      if (free !== null) summary.minFree = Math.min(summary.minFree ?? Infinity, free);
      if (total !== null) summary.total = total;
      for (const process of unit.processes) summary.pids.add(process.pid);
      if (device.computeMode === 'prohibited') summary.prohibited = true;
    }
  }
  return summaries;
}

const GIB = 1024 ** 3;
const gib = (bytes: number) => Math.round((bytes / GIB) * 10) / 10;

function reasonsFor(summary: Summary, windowSize: number, options: PickOptions): PickReason[] {
  const reasons: PickReason[] = [];
  const maxUtil = options.maxUtilPercent ?? DEFAULT_MAX_UTIL_PERCENT;
  if (summary.broken !== null) reasons.push(summary.brokenSaid ?? { key: 'pick.reason.state', params: { state: summary.broken } });
  if (summary.seen < windowSize) reasons.push({ key: 'pick.reason.notAlwaysSeen', params: { seen: summary.seen, of: windowSize } });
  if (summary.prohibited) reasons.push({ key: 'pick.reason.prohibited' });
  // CUDA addresses a MIG instance only by its own UUID.
  if (summary.first.mig !== null && summary.first.mig.uuid === null) reasons.push({ key: 'pick.reason.noMigUuid' });
  if (options.allowProcesses !== true && summary.pids.size > 0) {
    reasons.push({ key: 'pick.reason.processes', params: { count: summary.pids.size, pids: [...summary.pids].slice(0, 5).join(', ') + (summary.pids.size > 5 ? ', …' : '') } });
  }
  if (summary.maxUtil !== null && summary.maxUtil > maxUtil) {
    reasons.push({ key: 'pick.reason.util', params: { util: Math.round(summary.maxUtil), max: maxUtil } });
  } else if (summary.utilUnknown && maxUtil < 100) {
    // Not read is not idle: a GPU whose utilisation the driver did not give may be the busiest.
    reasons.push({ key: 'pick.reason.utilUnknown', params: { max: maxUtil } });
  }
  const claim = options.claimedByOthers === undefined ? undefined : claimOn(summary, options.claimedByOthers);
  if (claim !== undefined && options.allowProcesses !== true) {
    const seconds = Math.max(0, Math.round(((options.nowMs ?? Date.now()) - claim.claimedMs) / 1000));
    reasons.push({ key: 'pick.reason.claimed', params: { by: claim.by, pid: claim.pid, seconds } });
  }
  const minFree = options.minFreeMemoryBytes;
  if (minFree !== undefined && minFree > 0) {
    if (summary.minFree === null) reasons.push({ key: 'pick.reason.freeUnknown' });
    else if (summary.minFree < minFree) reasons.push({ key: 'pick.reason.memory', params: { freeGiB: gib(summary.minFree), minGiB: gib(minFree) } });
  }
  return reasons;
}

/** Another's claim on the unit, or on the GPU a MIG instance is part of (a `--no-mig` pick's, a run's list). */
function claimOn(summary: Summary, claims: ReadonlyMap<string, GpuClaim>): GpuClaim | undefined {
  const { device, mig } = summary.first;
  return claims.get(claimKeyOf(identity(summary))) ?? (mig === null ? undefined : claims.get(claimKeyOf({ index: device.index, uuid: device.uuid })));
}

function scoreOf(summary: Summary): number {
  const freeShare = summary.minFree !== null && summary.total !== null && summary.total > 0 ? (summary.minFree / summary.total) * 100 : 0;
  // An unread utilisation (accepted only under --max-util 100) ranks as the worst, not as idle.
  const util = summary.utilUnknown ? 100 : (summary.maxUtil ?? 0);
  return Math.round((freeShare - util) * 100) / 100;
}

function identity(summary: Summary) {
  const { device, mig } = summary.first;
  const base = { index: device.index, uuid: device.uuid };
  return mig === null ? base : { ...base, migUuid: mig.uuid, migIndex: mig.index };
}

/**
 * Picks `count` free GPUs (or MIG instances) from a window of snapshots, best first: the most
 * free memory as a share of the unit's own, less its highest utilisation; ties go to more free
 * bytes, then the lower index. Everything not free is listed in `rejected` with its reasons.
 */
export function pickGpus(snapshots: readonly Snapshot[], options: PickOptions = {}): PickResult {
  const asked = Math.max(1, Math.floor(options.count ?? 1));
  const summaries = [...summarise(snapshots, options.includeMig !== false).values()];
  const free: PickedGpu[] = [];
  const rejected: RejectedGpu[] = [];
  for (const summary of summaries) {
    const reasons = reasonsFor(summary, snapshots.length, options);
    const name = summary.first.mig?.name ?? summary.first.device.name;
    if (reasons.length > 0) {
      rejected.push({ ...identity(summary), name, reasons });
      continue;
    }
    free.push({ ...identity(summary), name, freeMemoryBytes: summary.minFree, gpuUtilPercent: summary.maxUtil, score: scoreOf(summary) });
  }
  free.sort((a, b) => b.score - a.score || (b.freeMemoryBytes ?? 0) - (a.freeMemoryBytes ?? 0) || a.index - b.index || (a.migIndex ?? 0) - (b.migIndex ?? 0));
  const picked = free.slice(0, asked);
  return { picked, rejected, enough: picked.length >= asked, asked, spare: free.length - picked.length, snapshots: snapshots.length };
}

/** The picked units as CUDA_VISIBLE_DEVICES wants them: "0,3", or UUIDs. A MIG instance is always its `MIG-…` UUID. */
export function formatVisibleDevices(result: PickResult, form: 'index' | 'uuid'): string {
  return result.picked
    .map((gpu) => {
      if (gpu.migUuid !== undefined && gpu.migUuid !== null) return gpu.migUuid;
      return form === 'uuid' && gpu.uuid !== null ? gpu.uuid : String(gpu.index);
    })
    .join(',');
}
