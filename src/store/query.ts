// history(): picks the coarsest tier whose buckets are still finer than a chart's point, unless
// a finer tier does not reach back to the start of the range and a coarser one does; then
// aggregates into `points` buckets in SQL. Minutes not yet rolled up come from the raw rows (and
// hours not yet rolled up from the minutes), so the newest data is always in the answer.

import type Database from 'better-sqlite3';
import { StoreError } from './errors.js';
import type { Rollups } from './rollup.js';
import { DEVICE_FAMILY, HOST_FAMILY, TIER_MS, clusterColumn, quote, rangeParams, rangeWhere, tableOf, type AnyFamily, type StoreColumn } from './schema.js';
import type { HistoryAnswer, HistoryPoint, HistoryQuery, HistoryTier } from './types.js';
import { HOST_K } from './write.js';

export const HOST_DEVICE = 'host';
/** More points than any screen has; a larger `points` is taken as this (buckets are allocated). */
export const MAX_POINTS = 20_000;

interface Bucket { min: number | null; max: number | null; sum: number | null; n: number; inc: number | null }

const addNullable = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);
const pick = (a: number | null, b: number | null, f: (x: number, y: number) => number) => (a === null ? b : b === null ? a : f(a, b));

function aggregates(columns: readonly StoreColumn<unknown>[], source: HistoryTier): string {
  return columns
    .flatMap((c) => {
      const q = (suffix: string) => quote(`${c.sql}__${suffix}`);
      const inc = c.counter ? [`sum(${q('inc')})`] : [];
      if (source === 'raw') return [`min(${quote(c.sql)})`, `max(${quote(c.sql)})`, `sum(${quote(c.sql)})`, `count(${quote(c.sql)})`, ...inc];
      return [`min(${q('min')})`, `max(${q('max')})`, `sum(${q('sum')})`, `sum(${q('n')})`, ...inc];
    })
    .join(', ');
}

export interface HistoryReader {
  history(query: HistoryQuery): HistoryAnswer;
}

export function createHistoryReader(db: Database.Database, rollups: Rollups, idOf: (key: string) => number | undefined): HistoryReader {
  const statements = new Map<string, Database.Statement>();
  const statement = (f: AnyFamily, tier: HistoryTier, columns: readonly StoreColumn<unknown>[]) => {
    const id = `${f.name}/${tier}/${columns.map((c) => c.sql).join(',')}`;
    let s = statements.get(id);
    if (!s) {
      if (statements.size > 256) statements.clear();
      s = db
        .prepare(
          `SELECT CAST((t - @from) / @step AS INTEGER) AS b, ${aggregates(columns, tier)} FROM ${tableOf(f, tier)}
           WHERE ${rangeWhere(tier)} GROUP BY b`,
        )
        .raw(true);
      statements.set(id, s);
    }
    return s;
  };
  const oldest = new Map(
    [DEVICE_FAMILY, HOST_FAMILY].flatMap((f) =>
      (['raw', 'minute', 'hour'] as const).map((tier) => [`${f.name}/${tier}`, db.prepare(`SELECT t FROM ${tableOf(f, tier)} WHERE ${rangeWhere(tier)} ORDER BY ${clusterColumn(tier)} LIMIT 1`).pluck()] as const),
    ),
  );
  const oldestOf = (f: AnyFamily, tier: HistoryTier, k: number) => (oldest.get(`${f.name}/${tier}`)!.get(rangeParams(tier, k, -Infinity, Infinity)) as number | undefined) ?? null;

  /** Coarser only when the finer tier starts after `fromMs` and the coarser has a whole bucket before it. */
  const chooseTier = (f: AnyFamily, k: number | undefined, fromMs: number, wantedMs: number): HistoryTier => {
    let tier: HistoryTier = wantedMs >= TIER_MS.hour ? 'hour' : wantedMs >= TIER_MS.minute ? 'minute' : 'raw';
    if (k === undefined) return tier;
    const steps: [HistoryTier, HistoryTier][] = [['raw', 'minute'], ['minute', 'hour']];
    for (const [finer, coarser] of steps) {
      if (tier !== finer) continue;
      const finerOldest = oldestOf(f, finer, k);
      const coarserOldest = oldestOf(f, coarser, k);
      if (coarserOldest === null || (finerOldest !== null && finerOldest <= fromMs)) continue;
      if (finerOldest === null || coarserOldest + TIER_MS[coarser] <= finerOldest) tier = coarser;
    }
    return tier;
  };

  return {
    history(query) {
      const { fromMs, toMs } = query;
      const points = Math.min(MAX_POINTS, Math.floor(query.points));
      if (!Number.isFinite(fromMs) || !Number.isFinite(toMs) || fromMs > toMs || !(points >= 1)) {
        throw new StoreError('bad-query', { from: String(fromMs), to: String(toMs), points: String(query.points) });
      }
      const f: AnyFamily = query.device === HOST_DEVICE ? HOST_FAMILY : DEVICE_FAMILY;
      const columns = query.metrics.map((metric) => {
        const column = (f.byName as ReadonlyMap<string, StoreColumn<unknown>>).get(metric);
        if (!column) throw new StoreError('unknown-metric', { metric, device: query.device, known: [...f.byName.keys()].join(', ') });
        return column;
      });
      const k = f === HOST_FAMILY ? HOST_K : idOf(query.device);
      const tier = chooseTier(f, k, Math.floor(fromMs), Math.ceil((toMs - fromMs + 1) / points));
      const width = TIER_MS[tier];
      const from = Math.floor(fromMs / width) * width;
      const span = Math.floor(toMs) - from + 1;
      const stepMs = Math.ceil(Math.ceil(span / points) / width) * width;
      const count = Math.ceil(span / stepMs);
      const buckets: Bucket[][] = columns.map(() => Array.from({ length: count }, () => ({ min: null, max: null, sum: null, n: 0, inc: null })));

      if (k !== undefined && columns.length > 0) {
        const hi = Math.floor(toMs) + 1;
        const minuteMark = rollups.marks.minute ?? -Infinity;
        const hourMark = rollups.marks.hour ?? -Infinity;
        const segments: [HistoryTier, number, number][] =
          tier === 'hour' ? [['hour', from, Math.min(hourMark, hi)], ['minute', Math.max(from, hourMark), Math.min(minuteMark, hi)], ['raw', Math.max(from, minuteMark), hi]]
          : tier === 'minute' ? [['minute', from, Math.min(minuteMark, hi)], ['raw', Math.max(from, minuteMark), hi]]
          : [['raw', from, hi]];
        for (const [source, lo, segmentHi] of segments) {
          if (!(lo < segmentHi)) continue;
          const rows = statement(f, source, columns).all({ ...rangeParams(source, k, lo, segmentHi), from, step: stepMs }) as (number | null)[][];
          for (const row of rows) {
            const b = row[0] as number;
            let at = 1;
            columns.forEach((column, i) => {
              const bucket = buckets[i]![b];
              const [mn, mx, sm, n] = [row[at] ?? null, row[at + 1] ?? null, row[at + 2] ?? null, row[at + 3] ?? 0];
              const inc = column.counter ? (row[at + 4] ?? null) : null;
              at += column.counter ? 5 : 4;
              if (!bucket) return;
              bucket.min = pick(bucket.min, mn, Math.min);
              bucket.max = pick(bucket.max, mx, Math.max);
              bucket.sum = addNullable(bucket.sum, sm);
              bucket.n += n;
              bucket.inc = addNullable(bucket.inc, inc);
            });
          }
        }
      }

      return {
        device: query.device,
        tier,
        stepMs,
        fromMs: from,
        toMs,
        series: columns.map((column, i) => ({
          metric: column.name,
          unit: column.unit,
          kind: column.kind,
          points: buckets[i]!.map((bucket, b): HistoryPoint => {
            const has = bucket.n > 0;
            const point: HistoryPoint = { t: from + b * stepMs, min: has ? bucket.min : null, avg: has ? bucket.sum! / bucket.n : null, max: has ? bucket.max : null };
            if (column.counter) point.delta = bucket.inc;
            return point;
          }),
        })),
      };
    },
  };
}
