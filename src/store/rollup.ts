// Per-minute rollups from raw samples and per-hour rollups from the minutes: for every metric
// min, max, sum and count (avg = sum / count, so buckets merge exactly), and for counters the sum
// of their per-sample increases. Done in the append's transaction for each bucket that is
// finished — the newest sample lies past its end — and again for a bucket a late sample fell in.

import type Database from 'better-sqlite3';
import { FAMILIES, K_STRIDE, TIER_MS, metricColumnsOf, quote, rangeParams, rangeWhere, tableOf, type AnyFamily } from './schema.js';

const MINUTE = TIER_MS.minute;
const HOUR = TIER_MS.hour;

/** Aggregates of one source tier's columns into the next tier's, in metricColumnsOf order. */
function aggregatesFrom(f: AnyFamily, fromRaw: boolean): string[] {
  return f.columns.flatMap((c) => {
    const s = quote(c.sql);
    const inc = c.counter ? [`sum(${quote(`${c.sql}__inc`)})`] : [];
    if (fromRaw) return [`min(${s})`, `max(${s})`, `sum(${s})`, `count(${s})`, ...inc];
    const q = (suffix: string) => quote(`${c.sql}__${suffix}`);
    return [`min(${q('min')})`, `max(${q('max')})`, `sum(${q('sum')})`, `sum(${q('n')})`, ...inc];
  });
}

function rollupStatement(db: Database.Database, f: AnyFamily, target: 'minute' | 'hour'): Database.Statement {
  const source = target === 'minute' ? 'raw' : 'minute';
  const width = TIER_MS[target];
  const columns = ['id', 'k', 't', 'samples', ...metricColumnsOf(f, target).map(([name]) => name)].map(quote).join(', ');
  const samples = source === 'raw' ? 'count(*)' : 'sum(samples)';
  return db.prepare(
    `INSERT OR REPLACE INTO ${tableOf(f, target)} (${columns})
     SELECT k * ${K_STRIDE} + t / ${width}, k, (t / ${width}) * ${width} AS bucket, ${samples}, ${aggregatesFrom(f, source === 'raw').join(', ')}
     FROM ${tableOf(f, source)} WHERE ${rangeWhere(source)} GROUP BY bucket`,
  );
}

export interface Watermarks {
  /** Every minute before this is rolled up (null: nothing recorded yet). */
  minute: number | null;
  hour: number | null;
}

export interface Rollups {
  readonly marks: Watermarks;
  /** Reads the marks from disk again (after a transaction that moved them rolled back). */
  reload(): void;
  /** Rolls up what samples between `lowestMs` and `newestMs` finished; `keys` has every k that may have rows. */
  advance(lowestMs: number, newestMs: number, keys: { device: readonly number[]; host: readonly number[] }): void;
}

const floorTo = (ms: number, width: number) => Math.floor(ms / width) * width;

export function createRollups(db: Database.Database): Rollups {
  const statements = new Map(FAMILIES.map((f) => [f.name, { minute: rollupStatement(db, f, 'minute'), hour: rollupStatement(db, f, 'hour') }]));
  const readMark = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const writeMark = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  const read = (key: string) => {
    const row = readMark.get(key);
    return row ? Number(row.value) : null;
  };
  const marks: Watermarks = { minute: read('rolled_minute_until'), hour: read('rolled_hour_until') };

  const run = (target: 'minute' | 'hour', lo: number, hi: number, keys: { device: readonly number[]; host: readonly number[] }) => {
    for (const f of FAMILIES) {
      const statement = statements.get(f.name)![target];
      for (const k of keys[f.name]) statement.run(rangeParams(target === 'minute' ? 'raw' : 'minute', k, lo, hi));
    }
  };

  return {
    marks,
    reload() {
      marks.minute = read('rolled_minute_until');
      marks.hour = read('rolled_hour_until');
    },
    advance(lowestMs, newestMs, keys) {
      const lowestMinute = floorTo(lowestMs, MINUTE);
      const minuteFrom = Math.min(marks.minute ?? lowestMinute, lowestMinute);
      const minuteTo = Math.max(floorTo(newestMs, MINUTE), marks.minute ?? minuteFrom);
      if (minuteTo > minuteFrom) run('minute', minuteFrom, minuteTo, keys);
      if (minuteTo !== marks.minute) {
        marks.minute = minuteTo;
        writeMark.run('rolled_minute_until', String(minuteTo));
      }
      // Hours from minutes: those the minute mark has passed, and one a re-rolled minute is in.
      const lowestHour = floorTo(minuteFrom, HOUR);
      const hourFrom = Math.min(marks.hour ?? lowestHour, lowestHour);
      const hourTo = Math.max(floorTo(minuteTo, HOUR), marks.hour ?? hourFrom);
      if (hourTo > hourFrom && minuteFrom < minuteTo) run('hour', hourFrom, hourTo, keys);
      if (hourTo !== marks.hour) {
        marks.hour = hourTo;
        writeMark.run('rolled_hour_until', String(hourTo));
      }
    },
  };
}
