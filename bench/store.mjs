// Benchmark: the history store. Ingest rate (samples/s of an 8-GPU box with processes, in
// flushes of 5 samples as the recorder writes at 1 Hz) against a plain INSERT loop of the same
// rows in the same transactions; then 24 h of raw samples for 8 GPUs (filled as fast as it goes,
// with their rollups), and the history queries a chart makes — 24 h × 8 GPUs at ~1000 points —
// against a plain SELECT of the rows that query reads and against aggregating the raw rows
// (what a store without rollups would do). Prints a table, then as the LAST line one JSON object.
//
//   npm run bench:store [-- --hours 24 --gpus 8 --processes 8 --ingest 2000 --rounds 30]

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { build } from 'esbuild';

const { values: args } = parseArgs({
  options: {
    hours: { type: 'string', default: '24' },
    gpus: { type: 'string', default: '8' },
    processes: { type: 'string', default: '8' },
    ingest: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '30' },
  },
});
const hours = Number(args.hours);
const gpus = Number(args.gpus);
const perGpu = Number(args.processes);
const ingestSamples = Number(args.ingest);
const rounds = Number(args.rounds);

const root = process.cwd();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
mkdirSync(join(root, 'bench/out'), { recursive: true });
const dir = mkdtempSync(join(root, 'bench/out/store-'));

async function bundle(entry, name) {
  const outfile = join(dir, `${name}.mjs`);
  await build({ entryPoints: [join(root, entry)], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', external: ['better-sqlite3'], logLevel: 'warning' });
  return import(pathToFileURL(outfile).href);
}

try {
  const store = await bundle('src/store/index.ts', 'store');
  const { busySample } = await bundle('src/store/__fixtures__/samples.ts', 'samples');
  const T0 = Date.UTC(2026, 11, 1, 0, 0, 0);
  const BATCH = 5;

  // --- Ingest: ours against a plain INSERT loop of the same values, same batches.
  const ingestOurs = () => {
    const s = store.openHistoryStore({ path: join(dir, `ingest-${Math.random()}.db`), now: () => T0, pruneEveryMs: Infinity });
    const samples = Array.from({ length: ingestSamples }, (_, i) => busySample(i, T0 + i * 1000, gpus, perGpu));
    const started = performance.now();
    for (let i = 0; i < samples.length; i += BATCH) s.append(samples.slice(i, i + BATCH));
    const ms = performance.now() - started;
    s.close();
    return ms;
  };
  const ingestPlain = () => {
    const db = new Database(join(dir, `plain-${Math.random()}.db`));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const columns = 36;
    db.exec(`CREATE TABLE raw (k INTEGER, t INTEGER, ${Array.from({ length: columns }, (_, i) => `c${i} REAL`).join(', ')}); CREATE UNIQUE INDEX raw_kt ON raw (k, t)`);
    db.exec('CREATE TABLE procs (k INTEGER, pid INTEGER, name TEXT, t INTEGER, used REAL, UNIQUE (k, pid))');
    const insert = db.prepare(`INSERT INTO raw VALUES (${Array.from({ length: columns + 2 }, () => '?').join(', ')})`);
    const proc = db.prepare('INSERT INTO procs VALUES (?, ?, ?, ?, ?) ON CONFLICT (k, pid) DO UPDATE SET t = excluded.t, used = excluded.used');
    const samples = Array.from({ length: ingestSamples }, (_, i) => busySample(i, T0 + i * 1000, gpus, perGpu));
    const write = db.transaction((batch) => {
      for (const sample of batch) {
        sample.snapshot.devices.forEach((d, k) => {
          const values = [d.gpuUtilPercent, d.memoryUtilPercent, d.memoryUsedBytes, d.memoryFreeBytes, d.temperatureCelsius, d.powerDrawWatts, d.energyConsumedJoules, d.smClockMhz, d.memoryClockMhz, d.pcieRxBytesPerSecond, d.pcieTxBytesPerSecond, d.performanceState];
          insert.run(k + 1, sample.wallMs, ...values, ...Array(columns - values.length).fill(null));
        });
        insert.run(0, sample.wallMs, sample.snapshot.host.cpuUtilPercent, sample.snapshot.host.memoryUsedBytes, ...Array(columns - 2).fill(null));
      }
      for (const p of batch.at(-1).snapshot.processes) proc.run(p.gpuIndex, p.pid, p.name, batch.at(-1).wallMs, p.usedMemoryBytes);
    });
    const started = performance.now();
    for (let i = 0; i < samples.length; i += BATCH) write(samples.slice(i, i + BATCH));
    const ms = performance.now() - started;
    db.close();
    return ms;
  };
  const ingest = { ours: [], plain: [] };
  for (let round = 0; round < 3; round++) {
    ingest.plain.push(ingestPlain());
    ingest.ours.push(ingestOurs());
  }
  const oursPerSecond = ingestSamples / (median(ingest.ours) / 1000);
  const plainPerSecond = ingestSamples / (median(ingest.plain) / 1000);

  // --- 24 h of raw rows (1 Hz) for the history queries, rollups made on the way.
  const path = join(dir, 'day.db');
  const seconds = Math.round(hours * 3600);
  const end = T0 + seconds * 1000;
  const day = store.openHistoryStore({ path, now: () => end, pruneEveryMs: Infinity });
  const fillStarted = performance.now();
  for (let s = 0; s < seconds; s += 60) {
    day.append(Array.from({ length: Math.min(60, seconds - s) }, (_, i) => busySample(s + i, T0 + (s + i) * 1000, gpus, 1)));
  }
  const fillMs = performance.now() - fillStarted;
  const stats = day.stats();
  const keys = day.devices().map((d) => d.key);

  const queryAll = (metrics, fromMs, points) => {
    let tier = null;
    let cells = 0;
    for (const device of keys) {
      const answer = day.history({ device, metrics, fromMs, toMs: end - 1, points });
      tier = answer.tier;
      cells += answer.series.reduce((total, s) => total + s.points.length, 0);
    }
    return { tier, cells };
  };
  const time = (fn) => {
    fn();
    const laps = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      fn();
      laps.push(performance.now() - started);
    }
    return median(laps);
  };

  // Baselines on the same file: the rows the 24 h query reads, plainly; and the raw rows aggregated.
  const db = new Database(path, { readonly: true });
  const ids = db.prepare('SELECT id FROM devices').pluck().all();
  // The same rows through the same clustering key (id = k * 2^32 + minute number).
  const plainMinutes = db.prepare('SELECT t, gpuUtilPercent__min, gpuUtilPercent__max, gpuUtilPercent__sum, gpuUtilPercent__n FROM device_minute WHERE id >= ? AND id < ?');
  const rawAggregate = db.prepare('SELECT (t - @from) / @step AS b, min(gpuUtilPercent), avg(gpuUtilPercent), max(gpuUtilPercent) FROM device_raw WHERE k = @k AND t >= @from AND t < @to GROUP BY b');
  const from24 = end - 24 * 3600_000;
  const step = Math.ceil((end - from24) / 1000);

  const q1 = queryAll(['gpuUtilPercent'], from24, 1000);
  const q4 = queryAll(['gpuUtilPercent', 'memoryUsedBytes', 'powerDrawWatts', 'temperatureCelsius'], from24, 1000);
  const q1h = queryAll(['gpuUtilPercent'], end - 3600_000, 1000);
  const figures = {
    day_one_metric_ms: time(() => queryAll(['gpuUtilPercent'], from24, 1000)),
    day_four_metrics_ms: time(() => queryAll(['gpuUtilPercent', 'memoryUsedBytes', 'powerDrawWatts', 'temperatureCelsius'], from24, 1000)),
    hour_raw_ms: time(() => queryAll(['gpuUtilPercent'], end - 3600_000, 1000)),
    plain_select_minutes_ms: time(() => { for (const k of ids) plainMinutes.all(k * 2 ** 32 + from24 / 60_000, k * 2 ** 32 + end / 60_000); }),
    raw_aggregate_ms: time(() => { for (const k of ids) rawAggregate.all({ k, from: from24, to: end, step }); }),
    stats_ms: time(() => day.stats()),
  };
  db.close();
  day.close();

  const row = (name, value, unit) => console.log(`${name.padEnd(66)} ${value.toFixed(value < 10 ? 2 : 1).padStart(10)} ${unit}`);
  console.log(`history store: ${gpus} GPUs, ${perGpu} processes each; ingest of ${ingestSamples} samples in flushes of ${BATCH}, median of 3; queries median of ${rounds}`);
  row('plain INSERT loop (same rows and transactions)', plainPerSecond, 'samples/s');
  row('gpuwise store append (raw + rollups + devices + processes)', oursPerSecond, 'samples/s');
  row('ratio store / plain (time)', median(ingest.ours) / median(ingest.plain), '×');
  row(`fill ${hours} h at 1 Hz (${stats.rows.raw} raw rows, ${(stats.fileBytes / 2 ** 20).toFixed(0)} MiB)`, fillMs / 1000, 's');
  row(`24 h × ${keys.length} GPUs, 1 metric, 1000 points (${q1.tier} tier, ${q1.cells} points)`, figures.day_one_metric_ms, 'ms');
  row(`24 h × ${keys.length} GPUs, 4 metrics, 1000 points (${q4.tier} tier)`, figures.day_four_metrics_ms, 'ms');
  row(`1 h × ${keys.length} GPUs, 1 metric, 1000 points (${q1h.tier} tier)`, figures.hour_raw_ms, 'ms');
  row('baseline: plain SELECT of the minute rows the 24 h query reads', figures.plain_select_minutes_ms, 'ms');
  row('baseline: 24 h GROUP BY over the raw rows (no rollups)', figures.raw_aggregate_ms, 'ms');
  row('stats() (row counts of every tier)', figures.stats_ms, 'ms');
  row('ratio 24 h query / plain SELECT', figures.day_one_metric_ms / figures.plain_select_minutes_ms, '×');
  row('ratio 24 h query / raw GROUP BY', figures.day_one_metric_ms / figures.raw_aggregate_ms, '×');
  const round2 = (v) => Number(v.toFixed(2));
  console.log(JSON.stringify({
    bench: 'store',
    gpus, processes_per_gpu: perGpu, hours,
    ingest_samples_per_s: Math.round(oursPerSecond),
    baseline_plain_insert_samples_per_s: Math.round(plainPerSecond),
    ratio_ingest_time: round2(median(ingest.ours) / median(ingest.plain)),
    fill_s: round2(fillMs / 1000),
    raw_rows: stats.rows.raw,
    file_mib: round2(stats.fileBytes / 2 ** 20),
    query_24h_1_metric_ms: round2(figures.day_one_metric_ms),
    query_24h_4_metrics_ms: round2(figures.day_four_metrics_ms),
    query_1h_raw_ms: round2(figures.hour_raw_ms),
    query_24h_tier: q1.tier,
    baseline_plain_select_ms: round2(figures.plain_select_minutes_ms),
    baseline_raw_group_by_ms: round2(figures.raw_aggregate_ms),
    stats_ms: round2(figures.stats_ms),
    ratio_query_plain_select: round2(figures.day_one_metric_ms / figures.plain_select_minutes_ms),
    ratio_query_raw_group_by: round2(figures.day_one_metric_ms / figures.raw_aggregate_ms),
    aim_query_ms: 20,
  }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
