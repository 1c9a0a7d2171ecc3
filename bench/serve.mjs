// Benchmark: what `gpuwise serve` costs while it records — CPU % of one core and RSS — at 1 Hz on
// the fake 8×H100 (8x-h100-real-costs: the driver's modelled call costs) with real spawned
// processes as its GPU processes, and a /metrics scrape every 15 s as a Prometheus would. The
// built CLI runs as a user runs it (bin/gpuwise.mjs serve), measured from outside through /proc
// between its first sample and the end; then SIGTERM, and the stop is timed and checked (exit 0,
// the database reopens with the samples). Baselines in the same run: an idle `node`, and the
// sampler alone (bench:sampler's child) at the same rate. Prints a table, then as the LAST line
// one JSON object.
//
//   npm run bench:serve [-- --seconds 60 --processes 200 --scrape-every 15 --variants record,live]
//   npm run bench:serve -- --seconds 600 --variants record   (the issue's 10 minutes; baselines 120 s,
//                           or --baseline-seconds N)
//
// Aims (issue 10): RSS under 100 MiB, CPU under 1 % of a core at 1 Hz.

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { bundleChild } from './lib/bundle.mjs';
import { procUsage, spawnSleepers, writeLiveScenario } from './lib/live-scenario.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    processes: { type: 'string', default: '200' },
    'scrape-every': { type: 'string', default: '15' },
    scenario: { type: 'string', default: '8x-h100-real-costs' },
    variants: { type: 'string', default: 'record,live' },
    baselines: { type: 'string', default: 'idle,sampler' },
    'baseline-seconds': { type: 'string' },
  },
});
const seconds = Number(args.seconds);
// Baselines level off within a minute or two (no store, no growth): a 10-minute serve run does
// not need 10-minute baselines beside it.
const baselineSeconds = Number(args['baseline-seconds'] ?? Math.min(seconds, 120));
const scrapeEverySeconds = Number(args['scrape-every']);
const root = process.cwd();
const MiB = 1024 * 1024;
const VARIANTS = {
  record: { label: 'gpuwise serve (recording)', argv: [] },
  live: { label: 'gpuwise serve --no-record', argv: ['--no-record'] },
};
const variants = args.variants === 'none' ? [] : args.variants.split(',');
for (const v of variants) if (!VARIANTS[v]) throw new Error(`unknown variant ${v}; known: ${Object.keys(VARIANTS).join(', ')}`);
const baselines = args.baselines === 'none' ? [] : args.baselines.split(',');

execFileSync('node', ['test/fake-nvml/build.mjs'], { stdio: 'inherit' });
execFileSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });
const lib = join(root, 'build/fake-nvml/libnvidia-ml.so.1');

function firstLine(child, name, timeoutMs = 60_000) {
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} printed nothing within ${timeoutMs / 1000} s`)), timeoutMs);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve({ line, lines });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited ${code} early`)));
  });
}

/** Runs `seconds` from the ready line on: CPU, RSS (and its peak, polled every second). */
async function observe(child, during = async () => {}, runSeconds = seconds) {
  const start = { at: performance.now(), ...procUsage(child.pid) };
  let peakRss = start.rssBytes;
  const poll = setInterval(() => {
    peakRss = Math.max(peakRss, procUsage(child.pid).rssBytes);
  }, 1000);
  let done = false;
  const work = during(() => done);
  await new Promise((resolve) => setTimeout(resolve, runSeconds * 1000));
  clearInterval(poll);
  const end = { at: performance.now(), ...procUsage(child.pid) };
  done = true;
  await work;
  const elapsed = (end.at - start.at) / 1000;
  return {
    seconds: Number(elapsed.toFixed(1)),
    cpu_percent: Number(((100 * (end.cpuSeconds - start.cpuSeconds)) / elapsed).toFixed(2)),
    rss_mib: Number((end.rssBytes / MiB).toFixed(1)),
    peak_rss_mib: Number((Math.max(peakRss, end.rssBytes, end.hwmBytes) / MiB).toFixed(1)),
  };
}

async function measureServe(variant, env, dir) {
  const { label, argv } = VARIANTS[variant];
  const db = join(dir, `${variant}.db`);
  const child = spawn(process.execPath, ['bin/gpuwise.mjs', 'serve', '--port', '0', '--json', '--metrics-open', '--db', db, ...argv], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const { line } = await firstLine(child, label);
  const info = JSON.parse(line);
  const scrapesMs = [];
  let scrapeBytes = 0;
  const scrape = async () => {
    const started = performance.now();
    const body = await (await fetch(`${info.url}metrics`)).text();
    scrapesMs.push(performance.now() - started);
    scrapeBytes = body.length;
  };
  const usage = await observe(child, async (done) => {
    // One scrape at once and one every --scrape-every seconds, as Prometheus would.
    while (!done()) {
      await scrape();
      const wakeAt = performance.now() + scrapeEverySeconds * 1000;
      while (!done() && performance.now() < wakeAt) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  const stopStarted = performance.now();
  child.kill('SIGTERM');
  const code = await new Promise((resolve) => child.once('exit', (c) => resolve(c)));
  const stopMs = performance.now() - stopStarted;
  // The database after the stop: it opens, is sound, and holds the samples (device rows, raw tier).
  let rows = null;
  let integrity = null;
  if (variant === 'record') {
    const { default: Database } = await import('better-sqlite3');
    const sqlite = new Database(db, { readonly: true });
    integrity = sqlite.pragma('integrity_check', { simple: true });
    rows = sqlite.prepare('SELECT count(*) AS n FROM device_raw').get().n;
    sqlite.close();
  }
  return {
    name: label,
    variant,
    rate: 1,
    gpus: info.gpuCount,
    ...usage,
    scrapes: scrapesMs.length,
    // The first scrape renders with cold code; the rest are what Prometheus sees.
    scrape_ms_first: Number((scrapesMs[0] ?? NaN).toFixed(1)),
    scrape_ms_p50: Number(percentile(scrapesMs.slice(1), 0.5).toFixed(1)),
    scrape_ms_max: Number(Math.max(...scrapesMs.slice(1)).toFixed(1)),
    metrics_bytes: scrapeBytes,
    stop_ms: Number(stopMs.toFixed(0)),
    exit_code: code,
    raw_rows: rows,
    integrity,
  };
}

function percentile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function measureChild(name, command, argv, env) {
  const child = spawn(command, argv, { env, stdio: ['pipe', 'pipe', 'inherit'] });
  await firstLine(child, name);
  const usage = await observe(child, undefined, baselineSeconds);
  child.kill('SIGKILL');
  return { name, ...usage };
}

const sleepers = spawnSleepers(Number(args.processes));
const dir = mkdtempSync(join(tmpdir(), 'gpuwise-bench-serve-'));
const childDir = baselines.includes('sampler') ? await bundleChild(root, { child: 'bench/lib/sampler-child.mjs' }) : null;
try {
  const scenario = writeLiveScenario(join(root, `test/fake-nvml/scenarios/${args.scenario}.json`), sleepers.pids, dir);
  const env = { ...process.env, GPUWISE_NVML_LIB: lib, FAKE_NVML_SCENARIO: scenario, LANG: 'en_US.UTF-8' };
  delete env.FAKE_NVML_STEP;
  delete env.GPUWISE_TOKEN;
  const results = [];
  for (const variant of variants) results.push(await measureServe(variant, env, dir));
  if (childDir) results.push({ rate: 1, ...(await measureChild('sampler alone (baseline)', process.execPath, [join(childDir, 'child.mjs'), '--hz', '1'], env)) });
  if (baselines.includes('idle')) {
    const idle = `console.log('ready'); setInterval(() => {}, 1 << 30);`;
    results.push({ rate: 0, ...(await measureChild('node, idle (baseline)', process.execPath, ['-e', idle], env)) });
  }

  console.log(`serve over ${args.scenario}: ${results[0]?.gpus ?? '?'} GPUs, ${sleepers.pids.length} live processes, ${seconds} s per serve run, ${baselineSeconds} s per baseline, /metrics every ${scrapeEverySeconds} s`);
  console.log(`${'process'.padEnd(32)} ${'rate'.padStart(5)} ${'CPU %'.padStart(7)} ${'RSS MiB'.padStart(8)} ${'peak'.padStart(7)} ${'scrapes'.padStart(8)} ${'1st ms'.padStart(7)} ${'p50 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'stop ms'.padStart(8)} ${'exit'.padStart(5)} ${'raw rows'.padStart(9)}`);
  for (const r of results) {
    const cell = (value, width) => String(value ?? '—').padStart(width);
    console.log(
      `${r.name.padEnd(32)} ${cell(r.rate ? `${r.rate} Hz` : '—', 5)} ${r.cpu_percent.toFixed(2).padStart(7)} ${r.rss_mib.toFixed(1).padStart(8)} ${r.peak_rss_mib.toFixed(1).padStart(7)} ` +
        `${cell(r.scrapes, 8)} ${cell(r.scrape_ms_first, 7)} ${cell(r.scrape_ms_p50, 7)} ${cell(r.scrape_ms_max, 7)} ${cell(r.stop_ms, 8)} ${cell(r.exit_code, 5)} ${cell(r.raw_rows, 9)}`,
    );
  }
  const serveRecord = results.find((r) => r.variant === 'record');
  if (serveRecord) {
    const rssOk = serveRecord.peak_rss_mib < 100;
    const cpuOk = serveRecord.cpu_percent < 1;
    console.log(`aims: RSS < 100 MiB ${rssOk ? 'met' : 'NOT met'} (peak ${serveRecord.peak_rss_mib}); CPU < 1 % of a core ${cpuOk ? 'met' : 'NOT met'} (${serveRecord.cpu_percent} %)`);
  }
  console.log(JSON.stringify({ bench: 'serve', scenario: args.scenario, processes: sleepers.pids.length, seconds, baselineSeconds, scrapeEverySeconds, results }));
} finally {
  sleepers.stop();
  rmSync(dir, { recursive: true, force: true });
  if (childDir) rmSync(childDir, { recursive: true, force: true });
}
