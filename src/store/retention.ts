// Retention and the size bound. Each tier drops rows older than its retention (per k, through the
// tier's clustering key: no table scan). Past `maxBytes`, each tier gives up the oldest tenth of the span
// it holds — raw, minutes, hours, events and processes alike — until the pages in use fit; the
// freed pages go back to the file system (auto_vacuum = INCREMENTAL), so the file shrinks too.

import type Database from 'better-sqlite3';
import { FAMILIES, TIERS, clusterColumn, rangeParams, rangeWhere, tableOf } from './schema.js';
import type { RetentionOptions } from './types.js';
import { HOST_K } from './write.js';

const DAY = 24 * 3_600_000;
export const DEFAULT_RETENTION: RetentionOptions = { rawMs: DAY, minuteMs: 30 * DAY, hourMs: 365 * DAY, maxBytes: 2 ** 30 };
/** Rounds of "drop the oldest tenth" before giving up (a bound far below the schema's own size). */
const MAX_SHRINK_ROUNDS = 30;
const FREE_PAGES_TO_RELEASE = 2048;

export interface Pruner {
  prune(nowMs: number, deviceIds: readonly number[]): void;
  /** Bytes of the database's pages that hold data (free pages excluded). */
  usedBytes(): number;
}

export function createPruner(db: Database.Database, retention: RetentionOptions): Pruner {
  const keep = { raw: retention.rawMs, minute: retention.minuteMs, hour: retention.hourMs };
  const tables = FAMILIES.flatMap((f) =>
    TIERS.map((tier) => ({
      tier,
      keysOf: (deviceIds: readonly number[]) => (f.name === 'host' ? [HOST_K] : deviceIds),
      deleteBefore: db.prepare(`DELETE FROM ${tableOf(f, tier)} WHERE ${rangeWhere(tier)}`),
      first: db.prepare(`SELECT t FROM ${tableOf(f, tier)} WHERE ${rangeWhere(tier)} ORDER BY ${clusterColumn(tier)} LIMIT 1`).pluck(),
      last: db.prepare(`SELECT t FROM ${tableOf(f, tier)} WHERE ${rangeWhere(tier)} ORDER BY ${clusterColumn(tier)} DESC LIMIT 1`).pluck(),
    })),
  );
  const deleteEvents = db.prepare('DELETE FROM events WHERE at_ms < ?');
  const eventSpan = db.prepare('SELECT min(at_ms) AS lo, max(at_ms) AS hi FROM events');
  const deleteProcesses = db.prepare('DELETE FROM processes WHERE last_seen_ms < ?');
  const processSpan = db.prepare('SELECT min(last_seen_ms) AS lo, max(last_seen_ms) AS hi FROM processes');
  const pragma = (name: string) => db.pragma(name, { simple: true }) as number;
  const usedBytes = () => (pragma('page_count') - pragma('freelist_count')) * pragma('page_size');

  type Span = { lo: number | null; hi: number | null };
  const cutOldestTenth = (span: Span, remove: (before: number) => void) => {
    if (span.lo === null || span.hi === null) return false;
    remove(span.lo + Math.max(1, Math.ceil((span.hi - span.lo) / 10)));
    return true;
  };

  const shrink = (deviceIds: readonly number[]) => {
    for (let round = 0; round < MAX_SHRINK_ROUNDS && usedBytes() > retention.maxBytes; round++) {
      let removed = false;
      db.transaction(() => {
        for (const table of tables) {
          for (const k of table.keysOf(deviceIds)) {
            const all = rangeParams(table.tier, k, -Infinity, Infinity);
            const span = { lo: (table.first.get(all) as number | undefined) ?? null, hi: (table.last.get(all) as number | undefined) ?? null };
            removed = cutOldestTenth(span, (before) => table.deleteBefore.run(rangeParams(table.tier, k, -Infinity, before))) || removed;
          }
        }
        removed = cutOldestTenth(eventSpan.get() as Span, (before) => deleteEvents.run(before)) || removed;
        removed = cutOldestTenth(processSpan.get() as Span, (before) => deleteProcesses.run(before)) || removed;
      })();
      db.pragma('incremental_vacuum');
      if (!removed) break;
    }
    // Under WAL the file shrinks when the log is written back; do it now rather than later.
    db.pragma('wal_checkpoint(TRUNCATE)');
  };

  return {
    usedBytes,
    prune(nowMs, deviceIds) {
      db.transaction(() => {
        for (const table of tables) {
          for (const k of table.keysOf(deviceIds)) table.deleteBefore.run(rangeParams(table.tier, k, -Infinity, nowMs - keep[table.tier]));
        }
        // Events and processes are kept as long as the longest tier, so every chart can show them.
        deleteEvents.run(nowMs - keep.hour);
        deleteProcesses.run(nowMs - keep.hour);
      })();
      if (usedBytes() > retention.maxBytes) shrink(deviceIds);
      // Free pages are reused by the next rows anyway; hand them back only once there are many.
      else if (pragma('freelist_count') > FREE_PAGES_TO_RELEASE) db.pragma('incremental_vacuum');
    },
  };
}
