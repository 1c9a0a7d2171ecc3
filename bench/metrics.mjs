// Benchmark: /metrics for 8 GPUs (the recorded 8x H100 sample of the golden test). Measures
//   render      — the body built from a sample (what each new sample costs once), uncached;
//   cached      — renderMetrics between two samples (the scrape path: cached body + tail);
//   over HTTP   — GET /metrics through createServerApp on @hono/node-server (its middleware,
//                 Host check, headers), one keep-alive client: latency p50/p99, then 8
//                 concurrent clients for throughput;
// against baselines in the same run and the same process: the same app serving the same body
// as a constant string, and a bare node:http server answering that string. Variants: "every
// scrape a new sample" renders on every request (a scrape per sample or faster); "bytes" serves
// renderMetricsBytes (the per-sample part encoded to UTF-8 once), which the route can hand to
// the socket without encoding 135 KiB per scrape.
// Client and server share one process (and this machine's cores), so the HTTP figures include
// the client's own cost. Prints a table, then as the LAST line one JSON object:
//   {"bench":"metrics","gpus":8,…,"http":{"ours":{"p50_ms":…,"p99_ms":…,"rps":…},…}}

import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.cwd();
mkdirSync(join(root, 'bench/out'), { recursive: true });
const dir = mkdtempSync(join(root, 'bench/out/metrics-'));
const outfile = join(dir, 'metrics.mjs');
await build({
  stdin: {
    contents: [
      "export { renderMetrics, renderMetricsBytes, renderSampleBody } from './src/server/metrics/index.ts';",
      "export { recordedSample } from './src/server/metrics/__fixtures__/samples.ts';",
      "export { createServerApp } from './src/server/app.ts';",
      "export { createFakeSampler } from './src/server/testing/fake-sampler.ts';",
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true, platform: 'node', target: 'node20', format: 'esm', outfile, logLevel: 'warning',
  external: ['koffi', 'better-sqlite3', '@hono/node-server', 'hono'],
  // The fixture loader finds test/golden/ relative to its own file; keep that path.
  define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(root, 'src/server/metrics/__fixtures__/samples.ts')).href) },
});
const lib = await import(pathToFileURL(outfile).href);
const { createAdaptorServer } = await import('@hono/node-server');
rmSync(dir, { recursive: true, force: true });

const sample = lib.recordedSample('metrics-8x-h100');
const gpus = sample.snapshot.devices.length;
const hostname = 'bench-node';
const render = (s) => lib.renderMetrics({ sample: s, hostname, perProcess: false });
const body = render(sample);
const seriesCount = body.split('\n').filter((line) => line !== '' && !line.startsWith('#')).length;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
function summarise(samplesMs) {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

/** Per-call time of fn, in ms, for `count` calls after a warm-up. */
function timeCalls(fn, count) {
  for (let i = 0; i < Math.min(200, count); i++) fn(i);
  const times = new Array(count);
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    fn(i);
    times[i] = Number(process.hrtime.bigint() - start) / 1e6;
  }
  return summarise(times);
}

// Distinct sample objects defeat the per-sample cache (each is a "new" sample).
const fresh = Array.from({ length: 256 }, (_, i) => ({ ...structuredClone(sample), seq: sample.seq + 1 + i }));
const context = { hostname, driverVersion: sample.snapshot.driver.driverVersion };
const renderOnly = timeCalls((i) => lib.renderSampleBody(fresh[i % fresh.length], context, false), 2000);
const cached = timeCalls(() => render(sample), 20_000);

function listen(server) {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
}

async function appServer(metrics) {
  const sampler = lib.createFakeSampler();
  sampler.latest = () => sample;
  let port = 0;
  const app = () =>
    lib.createServerApp({
      sampler, store: null, auth: { token: null, metricsOpen: true }, allowedHosts: [`127.0.0.1:${port}`], metrics, version: 'bench',
    });
  let built = null;
  const server = createAdaptorServer({ fetch: (request, env) => built.fetch(request, env) });
  port = await listen(server);
  built = app();
  return { server, port };
}

async function nodeServer() {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return { server, port: await listen(server) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
function get(port) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/metrics', agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

/**
 * Latency and throughput of every server, interleaved round by round, so that a burst of load
 * from other processes falls on all of them alike rather than on whichever ran at the time.
 */
async function measureHttp(servers, { rounds = 20, perRound = 100, windowMs = 300, concurrency = 8 } = {}) {
  const results = Object.fromEntries(Object.keys(servers).map((name) => [name, { times: [], done: 0, seconds: 0, bytes: 0 }]));
  for (const { port } of Object.values(servers)) for (let i = 0; i < 200; i++) await get(port);
  for (let round = 0; round < rounds; round++) {
    for (const [name, { port }] of Object.entries(servers)) {
      const r = results[name];
      for (let i = 0; i < perRound; i++) {
        const start = process.hrtime.bigint();
        r.bytes = await get(port);
        r.times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }
  }
  for (let round = 0; round < rounds / 2; round++) {
    for (const [name, { port }] of Object.entries(servers)) {
      const r = results[name];
      const end = Date.now() + windowMs;
      const started = process.hrtime.bigint();
      await Promise.all(Array.from({ length: concurrency }, async () => {
        while (Date.now() < end) {
          await get(port);
          r.done += 1;
        }
      }));
      r.seconds += Number(process.hrtime.bigint() - started) / 1e9;
    }
  }
  await Promise.all(Object.values(servers).map(({ server }) => new Promise((resolve) => server.close(resolve))));
  return Object.fromEntries(Object.entries(results).map(([name, r]) => [name, { ...summarise(r.times), rps: r.done / r.seconds, bytes: r.bytes }]));
}

let next = 0;
const http_ = await measureHttp({
  ours: await appServer(() => render(sample)),
  bytes: await appServer(() => lib.renderMetricsBytes({ sample, hostname, perProcess: false })),
  uncached: await appServer(() => render(fresh[next++ % fresh.length])),
  static: await appServer(() => body),
  node_http: await nodeServer(),
});
agent.destroy();

const f = (v, digits = 3) => v.toFixed(digits).padStart(10);
// p99 on a shared machine is mostly other processes' time: say how busy it was.
const load = os.loadavg().map((v) => Number(v.toFixed(2)));
const cores = os.availableParallelism();
console.log(`/metrics for ${gpus} GPUs: ${seriesCount} series, ${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB; ${cores} cores, load average ${load.join(' ')}`);
console.log(`${'in process'.padEnd(42)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}`);
console.log(`${'render (a new sample, uncached)'.padEnd(42)}${f(renderOnly.p50)}${f(renderOnly.p99)}`);
console.log(`${'renderMetrics between samples (cached)'.padEnd(42)}${f(cached.p50)}${f(cached.p99)}`);
console.log(`${'over HTTP, one keep-alive client'.padEnd(42)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'req/s (8 conc.)'.padStart(17)}`);
const rowsHttp = [
  ['gpuwise app, /metrics (cached body)', http_.ours],
  ['gpuwise app, body as cached UTF-8 bytes', http_.bytes],
  ['gpuwise app, every scrape a new sample', http_.uncached],
  ['baseline: same app, constant string', http_.static],
  ['baseline: bare node:http, constant string', http_.node_http],
];
for (const [name, r] of rowsHttp) console.log(`${name.padEnd(42)}${f(r.p50)}${f(r.p99)}${r.rps.toFixed(0).padStart(17)}`);
// `serve` answers with the cached bytes (src/server/service-parts.ts), so that row is the one judged.
const met = http_.bytes.p99 < 5;
const floor = http_.node_http.p99;
console.log(`aim: scrape p99 under 5 ms — ${met ? 'met' : 'NOT met'} (as serve answers, cached bytes: ${http_.bytes.p99.toFixed(2)} ms; as a string ${http_.ours.p99.toFixed(2)} ms; ` +
  `the same app with a constant string ${http_.static.p99.toFixed(2)} ms, bare node:http ${floor.toFixed(2)} ms on this machine)`);

const round = (r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k === 'p50' || k === 'p99' ? `${k}_ms` : k, Number(v.toFixed(k === 'rps' || k === 'bytes' ? 0 : 4))]));
console.log(JSON.stringify({
  bench: 'metrics', gpus, series: seriesCount, body_bytes: Buffer.byteLength(body),
  render: round(renderOnly), cached: round(cached),
  http: Object.fromEntries(Object.entries(http_).map(([k, v]) => [k, round(v)])),
  aim_p99_ms: 5, met, cores, load_average: load,
}));
