// Benchmark: recommend() over the whole built-in catalog, against a baseline measured in the same
// run — the least a fit check must do: one memory estimate and a loop comparing it with every
// GPU's memory. Prints a table, then as the LAST line one JSON object:
//   {"bench":"recommend","ours_us":…,"baseline_us":…,"ratio":…}
// The advisor is bundled with esbuild first, so the figures are those of compiled code.

import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = mkdtempSync(join(tmpdir(), 'gpuwise-bench-'));
const outfile = join(dir, 'advisor.mjs');
await build({
  stdin: {
    contents: "export * from './src/advisor/index.ts'; export { loadGpuCatalog, memoryBytesOf } from './src/catalog/index.ts';",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  outfile,
  logLevel: 'warning',
});
const advisor = await import(pathToFileURL(outfile).href);
rmSync(dir, { recursive: true, force: true });

const { recommend, estimateMemory, loadGpuCatalog, memoryBytesOf } = advisor;
const catalog = loadGpuCatalog();

const WORKLOADS = [
  { name: 'train llama-3-8b', input: { task: 'train', model: 'llama-3-8b' } },
  { name: 'finetune qlora llama-3-70b', input: { task: 'finetune', model: 'llama-3-70b', estimate: { method: 'qlora' } } },
  { name: 'inference llama-3-70b', input: { task: 'inference', model: 'llama-3-70b' } },
  { name: 'inference mixtral int4', input: { task: 'inference', model: 'mixtral-8x7b', estimate: { weightDtype: 'int4' } } },
  { name: 'train resnet-50', input: { task: 'train', model: 'resnet-50' } },
  { name: 'finetune lora sdxl', input: { task: 'finetune', model: 'sdxl', estimate: { method: 'lora' } } },
];

function baseline(input) {
  const { task, model, estimate = {} } = input;
  const need = estimateMemory({ ...estimate, task, model }).perGpu.totalBytes;
  let fitting = 0;
  for (const gpu of catalog.gpus) if (memoryBytesOf(gpu) >= need) fitting += 1;
  return fitting;
}

/** Median microseconds per call over `rounds` rounds of `perRound` calls, after a warm-up. */
function measure(fn, perRound, rounds = 15) {
  for (let i = 0; i < perRound; i++) fn();
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < perRound; i++) fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / perRound);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const rows = [];
for (const { name, input } of WORKLOADS) {
  const options = recommend(input).options.length;
  const ours = measure(() => recommend(input), 50);
  const base = measure(() => baseline(input), 500);
  rows.push({ name, options, ours, base });
}

const pad = (s, n) => String(s).padEnd(n);
const num = (v) => v.toFixed(1).padStart(10);
console.log(`recommend() over ${catalog.gpus.length} catalog GPUs (median µs per call)`);
console.log(`${pad('workload', 30)}${pad('options', 9)}${'ours µs'.padStart(10)}${'base µs'.padStart(10)}${'ratio'.padStart(8)}`);
for (const r of rows) console.log(`${pad(r.name, 30)}${pad(r.options, 9)}${num(r.ours)}${num(r.base)}${(r.ours / r.base).toFixed(1).padStart(8)}`);

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const ours = mean(rows.map((r) => r.ours));
const base = mean(rows.map((r) => r.base));
console.log(`target: under 10,000 µs per call — ${ours < 10_000 ? 'met' : 'NOT met'}`);
console.log(JSON.stringify({ bench: 'recommend', ours_us: Number(ours.toFixed(1)), baseline_us: Number(base.toFixed(1)), ratio: Number((ours / base).toFixed(2)) }));
