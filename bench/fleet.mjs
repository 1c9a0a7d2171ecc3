// Benchmark: the fleet view at scale, simulated. Backfills a real Prometheus (Debian's) with
// synthetic series for NODES nodes × 8 GPUs over 7 days through `promtool tsdb create-blocks-from
// openmetrics` (one 2-hour OpenMetrics file per block: promtool 2.42 re-reads its whole input
// once per 2-hour block, so one big file would be read 84 times), starts Prometheus on the
// blocks, then times:
//   summary      — fleetSummary() as serve's /api/v1/fleet/summary and `gpuwise fleet` run it
//                  (14 aggregations side by side), with the recording rules' series present;
//   raw hours    — the GPU-hours queries on raw series (no recording rules), per user and node;
//   heatmap      — fleetHeatmap() over 7 days (one query_range);
//   cli          — `gpuwise fleet --json` end to end (the built CLI: process start included);
// against baselines measured in the same run: a bare `up` query over HTTP, and `node -e 0`.
// The series: per GPU utilisation, processes held, memory, state and one process series per job
// (60 users, jobs of 6–48 h, 20 % of GPUs idle but held); per node gpuwise_gpus and up; the
// recording rules' gpuwise:user_gpus_allocated, gpuwise:node_gpus, gpuwise:node_gpus_allocated
// and gpuwise:node_gpu_utilization:avg. A sample every
// 4 minutes for 7 days (inside Prometheus's 5-minute lookback), every minute in the last 2 h.
// Prints a table, then as the LAST line one JSON object: {"bench":"fleet",…}.
//   node bench/fleet.mjs [--nodes 500] [--days 7] [--runs 7] [--keep] [--reuse DIR]
// --keep leaves bench/out/fleet-*/ (blocks and meta.json); --reuse DIR times a kept one again
// without backfilling (the backfill is most of the run: minutes on a small machine).

import { build } from 'esbuild';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const NODES = arg('nodes', 500);
const DAYS = arg('days', 7);
const RUNS = arg('runs', 7);
const GPUS = 8;
const USERS = 60;
const BLOCK_S = 7200;
const OLD_STEP_S = 240;
const RECENT_STEP_S = 60;
const PROMETHEUS = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'].find(existsSync);
const PROMTOOL = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find(existsSync);
if (!PROMETHEUS || !PROMTOOL) {
  console.error('bench:fleet needs prometheus and promtool (apt-get install prometheus)');
  process.exit(2);
}

const root = process.cwd();
mkdirSync(join(root, 'bench/out'), { recursive: true });
const reuseAt = process.argv.indexOf('--reuse');
const reuse = reuseAt === -1 ? null : process.argv[reuseAt + 1];
const dir = reuse ?? mkdtempSync(join(root, 'bench/out/fleet-'));
const outfile = join(dir, 'fleet-lib.mjs');
await build({
  stdin: { contents: "export * from './src/fleet/index.ts';", resolveDir: root, loader: 'ts' },
  bundle: true, platform: 'node', target: 'node20', format: 'esm', outfile, logLevel: 'warning',
});
const fleet = await import(pathToFileURL(outfile).href);

// --- the synthetic fleet: a job schedule per GPU, deterministic ---
let seed = 15;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const meta = reuse ? JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) : null;
const end = meta?.end ?? Math.floor(Date.now() / 1000 / BLOCK_S) * BLOCK_S - 60; // the last block ends a minute ago
const start = end - DAYS * 86_400;
const gpus = [];
for (let n = 0; n < NODES; n++) {
  for (let g = 0; g < GPUS; g++) {
    const jobs = [];
    let t = start - Math.floor(random() * 86_400);
    while (t < end) {
      const length = 6 * 3600 + Math.floor(random() * 42 * 3600);
      const gap = Math.floor(random() * 8 * 3600);
      jobs.push({ from: t, to: t + length, user: `user${String(Math.floor(random() * USERS)).padStart(2, '0')}`, pid: 1000 + Math.floor(random() * 4e6), util: random() < 0.2 ? 0 : 40 + Math.floor(random() * 60) });
      t += length + gap;
    }
    gpus.push({ node: n, gpu: g, jobs });
  }
}
const nodeLabels = (n) => `instance="node-${String(n).padStart(3, '0')}:8478",job="gpuwise",Hostname="node-${String(n).padStart(3, '0')}"`;
const gpuLabels = (x) => `${nodeLabels(x.node)},gpu="${x.gpu}",UUID="GPU-${x.node}-${x.gpu}"`;
const jobAt = (x, t) => x.jobs.find((j) => j.from <= t && t < j.to) ?? null;

/** One 2-hour block of every series as OpenMetrics, families contiguous, samples in time order. */
function blockText(from, to) {
  const recent = to > end - BLOCK_S;
  const step = recent ? RECENT_STEP_S : OLD_STEP_S;
  const times = [];
  for (let t = from; t < to && t <= end; t += step) times.push(t);
  const out = [];
  const family = (name, rows) => {
    out.push(`# TYPE ${name} gauge`);
    for (const [labels, value] of rows) for (const t of times) {
      const v = value(t);
      if (v !== null) out.push(`${name}{${labels}} ${v} ${t}`);
    }
  };
  family('DCGM_FI_DEV_GPU_UTIL', gpus.map((x) => [gpuLabels(x), (t) => jobAt(x, t)?.util ?? 0]));
  family('gpuwise_gpu_processes', gpus.map((x) => [gpuLabels(x), (t) => (jobAt(x, t) ? 1 : 0)]));
  // One series per job; a job's series exists only while it runs.
  out.push('# TYPE gpuwise_process_gpu_memory_used_bytes gauge');
  for (const x of gpus) for (const job of x.jobs) {
    if (job.to <= from || job.from >= to) continue;
    const labels = `${gpuLabels(x)},pid="${job.pid}",name="python3",user="${job.user}",type="compute"`;
    for (const t of times) if (job.from <= t && t < job.to) out.push(`gpuwise_process_gpu_memory_used_bytes{${labels}} 60000000000 ${t}`);
  }
  // The recording rules' series, as Prometheus would have written them: one rule interval
  // throughout (OLD_STEP_S), however fresh the raw series are.
  const ruleTimes = times.filter((t) => (t - from) % OLD_STEP_S === 0);
  const ruleFamily = (name, rows) => {
    out.push(`# TYPE ${name} gauge`);
    for (const [labels, value] of rows) for (const t of ruleTimes) out.push(`${name}{${labels}} ${value(t)} ${t}`);
  };
  out.push('# TYPE gpuwise:user_gpus_allocated gauge');
  const perUser = new Map();
  for (const t of ruleTimes) for (const x of gpus) {
    const job = jobAt(x, t);
    if (job) perUser.set(`${job.user} ${t}`, (perUser.get(`${job.user} ${t}`) ?? 0) + 1);
  }
  for (let u = 0; u < USERS; u++) {
    const user = `user${String(u).padStart(2, '0')}`;
    for (const t of ruleTimes) if (perUser.has(`${user} ${t}`)) out.push(`gpuwise:user_gpus_allocated{user="${user}"} ${perUser.get(`${user} ${t}`)} ${t}`);
  }
  const nodes = Array.from({ length: NODES }, (_, n) => n);
  // Every scraped node at every evaluation: the fleet view counts the rules' evaluations with it.
  ruleFamily('gpuwise:node_gpus', nodes.map((n) => [nodeLabels(n), () => GPUS]));
  ruleFamily('gpuwise:node_gpus_allocated', nodes.map((n) => [nodeLabels(n), (t) => gpus.slice(n * GPUS, n * GPUS + GPUS).filter((x) => jobAt(x, t)).length]));
  ruleFamily('gpuwise:node_gpu_utilization:avg', nodes.map((n) => [nodeLabels(n), (t) => gpus.slice(n * GPUS, n * GPUS + GPUS).reduce((sum, x) => sum + (jobAt(x, t)?.util ?? 0), 0) / GPUS]));
  if (recent) {
    // Instant queries read only the last minutes: these are written for the last block.
    family('gpuwise_gpu_memory_used_bytes', gpus.map((x) => [gpuLabels(x), (t) => (jobAt(x, t) ? 60e9 : 5e8)]));
    family('gpuwise_gpu_memory_total_bytes', gpus.map((x) => [gpuLabels(x), () => 85899345920]));
    family('gpuwise_gpu_state', gpus.map((x) => [`${gpuLabels(x)},state="ok"`, () => 1]));
    family('gpuwise_gpus', nodes.map((n) => [nodeLabels(n), () => GPUS]));
    family('up', nodes.map((n) => [`instance="node-${String(n).padStart(3, '0')}:8478",job="gpuwise"`, () => 1]));
  }
  out.push('# EOF');
  return { text: `${out.join('\n')}\n`, lines: out.length };
}

const data = join(dir, 'data');
const backfillStart = performance.now();
let lines = meta?.lines ?? 0;
if (!meta) mkdirSync(data);
for (let from = Math.floor(start / BLOCK_S) * BLOCK_S; !meta && from <= end; from += BLOCK_S) {
  const { text, lines: n } = blockText(Math.max(from, start), from + BLOCK_S);
  lines += n;
  const file = join(dir, 'block.om');
  writeFileSync(file, text);
  const run = spawnSync(PROMTOOL, ['tsdb', 'create-blocks-from', 'openmetrics', '--quiet', file, data], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`promtool failed on the block at ${from}: ${run.stderr}`);
}
rmSync(join(dir, 'block.om'), { force: true });
const backfillS = meta?.backfillS ?? (performance.now() - backfillStart) / 1000;
if (!meta) writeFileSync(join(dir, 'meta.json'), JSON.stringify({ end, lines, backfillS, nodes: NODES, days: DAYS }));

// --- Prometheus on the blocks ---
const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = server.address();
    server.close(() => resolve(p));
  });
});
writeFileSync(join(dir, 'prometheus.yml'), 'global: { scrape_interval: 1h }\n');
const prometheus = spawn(PROMETHEUS, [`--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${data}`, `--web.listen-address=127.0.0.1:${port}`, '--storage.tsdb.retention.time=30d', '--log.level=warn'], { detached: true, stdio: 'ignore' });
const url = `http://127.0.0.1:${port}`;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
process.on('exit', () => {
  try {
    process.kill(-prometheus.pid, 'SIGTERM');
  } catch {
    // already stopped
  }
});
const TIMEOUT_MS = 120_000;
const client = fleet.createPrometheusClient({ url, timeoutMs: TIMEOUT_MS });
for (let i = 0; ; i++) {
  try {
    if ((await client.query('count(up)', end)).length > 0) break;
  } catch {
    // still loading the blocks
  }
  if (i > 600) throw new Error('Prometheus did not come up');
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn) {
  try {
    await fn(); // warm-up: the first read of each block pays for its index
  } catch (error) {
    if (error?.key === 'fleet.error.timeout') return { median_ms: null, min_ms: null, over_ms: TIMEOUT_MS };
    throw error;
  }
  const ms = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return { median_ms: Math.round(median(ms) * 10) / 10, min_ms: Math.round(Math.min(...ms) * 10) / 10 };
}

const RANGE = DAYS * 86_400;
let summary = null;
const results = {
  up: await time(() => client.query('up', end)),
  summary: await time(async () => (summary = await fleet.fleetSummary(client, { rangeSeconds: RANGE, idleWindowSeconds: 3600, atSeconds: end }))),
  // The recorded GPU-hours per user as the summary reads them (the rules' evaluations, then the
  // recorded sums; the rules cover the range here), and the one-pass form it used before.
  recordedUserHours: await time(() => fleet.gpuHours(client, 'users', RANGE, 10, end, fleet.recordingOf(client, RANGE, end))),
  recordedUserHoursOnePass: await time(() => client.query(fleet.topUsersQuery(RANGE, 10, true), end)),
  rawUserHours: await time(() => client.query(fleet.topUsersQuery(RANGE, 10, false), end)),
  rawNodeHours: await time(() => client.query(fleet.topNodesQuery(RANGE, 10, false), end)),
  heatmap: await time(() => fleet.fleetHeatmap(client, { rangeSeconds: RANGE, endSeconds: end })),
};
const bin = join(root, 'bin/gpuwise.mjs');
const cliRun = () => new Promise((resolve, reject) => {
  const child = spawn(process.execPath, [bin, 'fleet', '--prometheus', url, '--json', '--timeout', '120', '--at', String(end)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  child.stdout.resume();
  child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`gpuwise fleet exit ${code}: ${err}`))));
});
const nodeRun = () => new Promise((resolve) => spawn(process.execPath, ['-e', '0']).on('exit', resolve));
let cliError = null;
try {
  results.cli = await time(cliRun);
} catch (error) {
  // The built CLI is missing or broken (npm run build): the library figures still stand.
  cliError = String(error).split('\n')[0];
  results.cli = null;
}
results.nodeStart = await time(nodeRun);

if (!process.argv.includes('--keep') && !reuse) rmSync(dir, { recursive: true, force: true });

const ratio = (a) => (a?.median_ms ? Math.round((a.median_ms / results.up.median_ms) * 10) / 10 : null);
const gpuCount = summary.nodes.reduce((n, node) => n + node.gpus.length, 0);
console.log(`fleet: ${NODES} nodes × ${GPUS} GPUs, ${DAYS} days, ${lines ? (lines / 1e6).toFixed(1) : '?'} M samples backfilled in ${backfillS ? backfillS.toFixed(0) : '?'} s; summary saw ${summary.nodes.length} nodes, ${gpuCount} GPUs, ${summary.idle.length} idle-allocated, recording rules used: users ${summary.usedRecordingRules.users}, nodes ${summary.usedRecordingRules.nodes}`);
console.log('what                          median ms   min ms   × bare up');
for (const [name, r] of Object.entries(results)) if (r) console.log(`${name.padEnd(28)} ${String(r.median_ms ?? `> ${r.over_ms}`).padStart(9)} ${String(r.min_ms ?? '').padStart(8)} ${String(ratio(r) ?? '').padStart(10)}`);
if (cliError) console.log(`cli: not measured (${cliError})`);
console.log(`aim: summary under 1 s — ${results.summary.median_ms < 1000 ? 'met' : 'NOT met'}`);
console.log(JSON.stringify({ bench: 'fleet', nodes: NODES, gpus: NODES * GPUS, days: DAYS, samples: lines, backfill_s: backfillS && Math.round(backfillS), ...Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v && { ...v, vs_up: ratio(v) }])), aim_summary_ms: 1000, aim_met: results.summary.median_ms < 1000 }));
