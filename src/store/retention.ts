// Retention and the size bound. Each tier drops rows older than its retention (per k, through the
// tier's clustering key: no table scan). Past `maxBytes`, rows go from the tiers that take the
// space, finest first: raw samples, then minutes, and only then hours with the events and
// processes they are kept as long as. The long-term history is the smallest part of the file,
// so it is the last to go. Rows not yet rolled up into the next tier never go (that would make
// the next tier's bucket wrong). The freed pages go back to the file system
// (auto_vacuum = INCREMENTAL), so the file shrinks too.

import type Database from 'better-sqlite3';
import { FAMILIES, TIERS, TIER_MS, clusterColumn, rangeParams, rangeWhere, tableOf } from './schema.js';
import type { HistoryTier, RetentionOptions } from './types.js';
import { HOST_K } from './write.js';

const DAY = 24 * 3_600_000;
export const DEFAULT_RETENTION: RetentionOptions = { rawMs: DAY, minuteMs: 30 * DAY, hourMs: 365 * DAY, maxBytes: 2 ** 30 };
/**
 * Rounds of "drop the oldest tenth" per stage of the size bound. A round cuts at least a tier's
 * least cut, so a stage ends well within this (a year of hours: about 75 rounds); the next
 * prune carries on if not.
 */
const MAX_SHRINK_ROUNDS = 200;
const FREE_PAGES_TO_RELEASE = 2048;
/**
 * The least a round of the size bound cuts from a tier: one bucket of the tier it is rolled into
 * (a tenth of a span that is already short would take many rounds to free a page).
 */
const LEAST_CUT_MS: Readonly<Record<HistoryTier, number>> = { raw: TIER_MS.minute, minute: TIER_MS.hour, hour: TIER_MS.hour };

export interface Pruner {
  prune(nowMs: number, deviceIds: readonly number[]): void;
  /** Bytes of the database's pages that hold data (free pages excluded). */
  usedBytes(): number;
}

/** What the pruner deletes from (a tier's tables, events, processes); each cut says whether it removed a row. */
interface Prunable {
  cut(beforeMs: number, deviceIds: readonly number[]): boolean;
  /** The oldest tenth of the span it holds, never a row at or after `floorMs`. */
  cutTenth(deviceIds: readonly number[], floorMs: number): boolean;
}

export function createPruner(db: Database.Database, retention: RetentionOptions): Pruner {
  const keep = { raw: retention.rawMs, minute: retention.minuteMs, hour: retention.hourMs };
  const readMark = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const mark = (key: string) => {
    const row = readMark.get(key);
    return row ? Number(row.value) : -Infinity;
  };
  /** Rows of a tier before this are rolled up into the next one and may go; the hour tier has no next. */
  const floorOf = (tier: HistoryTier) => (tier === 'raw' ? mark('rolled_minute_until') : tier === 'minute' ? mark('rolled_hour_until') : Infinity);

  const tierOf = (tier: HistoryTier): Prunable => {
    const tables = FAMILIES.map((f) => ({
      keysOf: (deviceIds: readonly number[]) => (f.name === 'host' ? [HOST_K] : deviceIds),
      deleteBefore: db.prepare(`DELETE FROM ${tableOf(f, tier)} WHERE ${rangeWhere(tier)}`),
      first: db.prepare(`SELECT t FROM ${tableOf(f, tier)} WHERE ${rangeWhere(tier)} ORDER BY ${clusterColumn(tier)} LIMIT 1`).pluck(),
      last: db.prepare(`SELECT t FROM ${tableOf(f, tier)} WHERE ${rangeWhere(tier)} ORDER BY ${clusterColumn(tier)} DESC LIMIT 1`).pluck(),
    }));
    const remove = (table: (typeof tables)[number], k: number, beforeMs: number) => table.deleteBefore.run(rangeParams(tier, k, -Infinity, beforeMs)).changes > 0;
    return {
      cut(beforeMs, deviceIds) {
        let removed = false;
        for (const table of tables) for (const k of table.keysOf(deviceIds)) removed = remove(table, k, beforeMs) || removed;
        return removed;
      },
      cutTenth(deviceIds, floorMs) {
        let removed = false;
        for (const table of tables) {
          for (const k of table.keysOf(deviceIds)) {
            const all = rangeParams(tier, k, -Infinity, Infinity);
            const lo = table.first.get(all) as number | undefined;
            const hi = table.last.get(all) as number | undefined;
            if (lo === undefined || hi === undefined) continue;
            const span = Math.min(hi, floorMs) - lo;
            if (span < 0) continue;
            removed = remove(table, k, Math.min(floorMs, lo + Math.max(LEAST_CUT_MS[tier], Math.ceil(span / 10)))) || removed;
          }
        }
        return removed;
      },
    };
  };

  /** Events and processes, by the time column a row is judged by. */
  const rowsOf = (table: 'events' | 'processes', column: 'at_ms' | 'last_seen_ms'): Prunable => {
    const deleteBefore = db.prepare(`DELETE FROM ${table} WHERE ${column} < ?`);
    const spanOf = db.prepare(`SELECT min(${column}) AS lo, max(${column}) AS hi FROM ${table}`);
    return {
      cut: (beforeMs) => deleteBefore.run(beforeMs).changes > 0,
      cutTenth() {
        const { lo, hi } = spanOf.get() as { lo: number | null; hi: number | null };
        if (lo === null || hi === null) return false;
        return deleteBefore.run(lo + Math.max(1, Math.ceil((hi - lo) / 10))).changes > 0;
      },
    };
  };

  const tiers = Object.fromEntries(TIERS.map((tier) => [tier, tierOf(tier)])) as Record<HistoryTier, Prunable>;
  const events = rowsOf('events', 'at_ms');
  const processes = rowsOf('processes', 'last_seen_ms');
  // What the size bound takes, in order: one stage is emptied (down to its floor) before the next is touched.
  const stages: { tier: HistoryTier; also: Prunable[] }[] = [
    { tier: 'raw', also: [] },
    { tier: 'minute', also: [] },
    // Events and processes are kept as long as the hours, so each chart can still mark them.
    { tier: 'hour', also: [events, processes] },
  ];

  const pragma = (name: string) => db.pragma(name, { simple: true }) as number;
  const usedBytes = () => (pragma('page_count') - pragma('freelist_count')) * pragma('page_size');

  const shrink = (deviceIds: readonly number[]) => {
    for (const stage of stages) {
      for (let round = 0; round < MAX_SHRINK_ROUNDS && usedBytes() > retention.maxBytes; round++) {
        const removed = db.transaction(() => {
          let any = tiers[stage.tier].cutTenth(deviceIds, floorOf(stage.tier));
          for (const other of stage.also) any = other.cutTenth(deviceIds, Infinity) || any;
          return any;
        })();
        if (!removed) break;
      }
    }
    db.pragma('incremental_vacuum');
    // Under WAL the file shrinks when the log is written back; do it now rather than later.
    db.pragma('wal_checkpoint(TRUNCATE)');
  };

  return {
    usedBytes,
    prune(nowMs, deviceIds) {
      db.transaction(() => {
        for (const tier of TIERS) tiers[tier].cut(Math.min(nowMs - keep[tier], floorOf(tier)), deviceIds);
        // Events and processes are kept as long as the longest tier, so every chart can show them.
        events.cut(nowMs - keep.hour, deviceIds);
        processes.cut(nowMs - keep.hour, deviceIds);
      })();
      if (usedBytes() > retention.maxBytes) shrink(deviceIds);
      // Free pages are reused by the next rows anyway; hand them back only once there are many.
      else if (pragma('freelist_count') > FREE_PAGES_TO_RELEASE) db.pragma('incremental_vacuum');
    },
  };
}
