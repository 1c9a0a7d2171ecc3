// Benchmark: one steady-state 8-GPU snapshot through gpuwise's NVML backend.
//
// 1. On 8x-h100-real-costs (every NVML call priced after NVIDIA's documentation and public
//    measurements; the fake sleeps or spins that long): the wall time of a read against the floor —
//    the summed modelled cost of the calls that snapshot cannot avoid (bench/lib/nvml-floor.mjs).
//    Each read is priced by what it read (the frames differ), and the median of the per-read
//    ratios is printed. Aim: ≤ 1.2. Timed: the deadline driver that one-shot `info` and the sampler read through
//    (koffi async calls under one deadline; from its second read a GPU that answered promptly
//    gets one call on the pool as a probe and the rest made directly, src/backends/nvml/sync-trust.ts),
//    the same with every call on the pool, the plain synchronous reader, and the worker thread.
// 2. On 8x-h100 (no modelled costs): the backend against a C program making the reader's NVML
//    calls on the same library (bench/snapshot-loop.c), in alternating rounds — what FFI and JS
//    add per snapshot. The C loop makes the reader's calls as of 2026-12-02 (201 for 8 GPUs;
//    keep it in step when the reader changes what it calls).
//
// Prints a table, then as the LAST line one JSON object with the figures. Noisy machines: read
// the ratios, not the absolutes.
//
//   npm run bench:snapshot [-- --reads 20 --rounds 5 --iterations 2000 --scenario 8x-h100-real-costs]

import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleChild } from './lib/bundle.mjs';
import { unavoidableCost } from './lib/nvml-floor.mjs';

const { values: args } = parseArgs({
  options: {
    reads: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '5' },
    iterations: { type: 'string', default: '2000' },
    scenario: { type: 'string', default: '8x-h100-real-costs' },
  },
});
const reads = Number(args.reads);
const rounds = Number(args.rounds);
const iterations = Number(args.iterations);

const root = process.cwd();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const scenarioFile = (name) => join(root, `test/fake-nvml/scenarios/${name}.json`);

execFileSync('node', ['test/fake-nvml/build.mjs'], { stdio: 'inherit' });
const lib = join(root, 'build/fake-nvml/libnvidia-ml.so.1');
const env = { GPUWISE_NVML_LIB: lib };
delete process.env.FAKE_NVML_STEP;

const dir = await bundleChild(root, { nvml: 'src/backends/nvml/index.ts', isolated: 'src/backends/nvml/isolated.ts', deadline: 'src/backends/nvml/deadline.ts' });
try {
  const { openNvml } = await import(pathToFileURL(join(dir, 'nvml.mjs')).href);
  const { createIsolatedNvmlDriver } = await import(pathToFileURL(join(dir, 'isolated.mjs')).href);
  const { createNvmlDeadlineDriver } = await import(pathToFileURL(join(dir, 'deadline.mjs')).href);
  const openDeadline = async (syncAfterProbe) => {
    const result = await createNvmlDeadlineDriver({ env, platform: 'linux', syncAfterProbe }).open();
    if (!result.ok) throw new Error(`NVML did not open: ${result.unavailable.detail}`);
    return result.backend;
  };

  /**
   * Median wall ms of `count` reads after the first (identity) and a few warm-up reads, and the
   * median of each read's time over its own floor: the scenario's frames differ (a GPU with no
   * processes has no process calls to make), so each read is priced by what it read.
   */
  const timeReads = async (backend, count) => {
    await backend.read();
    for (let i = 0; i < 3; i++) await backend.read();
    const times = [];
    const ratios = [];
    const floors = [];
    let last;
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      last = await backend.read();
      const ms = performance.now() - started;
      const floorMs = unavoidableCost(scenario, last).totalUs / 1000;
      times.push(ms);
      floors.push(floorMs);
      ratios.push(ms / floorMs);
    }
    return { ms: median(times), ratio: median(ratios), floorMs: median(floors), reading: last };
  };

  // 1. Real costs. The fake reads FAKE_NVML_SCENARIO at the first nvmlInit after a full shutdown.
  process.env.FAKE_NVML_SCENARIO = scenarioFile(args.scenario);
  const scenario = JSON.parse(readFileSync(scenarioFile(args.scenario), 'utf8'));
  const probed = await openDeadline(true);
  const direct = await timeReads(probed, reads);
  await probed.close();
  const pooled = await openDeadline(false);
  const pool = await timeReads(pooled, reads);
  await pooled.close();
  const opened = openNvml({ env, platform: 'linux' });
  if (!opened.ok) throw new Error(`NVML did not open: ${opened.unavailable.detail}`);
  const inline = await timeReads(opened.backend, reads);
  await opened.backend.close();
  const isolatedOpen = await createIsolatedNvmlDriver({ env, platform: 'linux' }).open();
  if (!isolatedOpen.ok) throw new Error(`NVML worker did not open: ${isolatedOpen.unavailable.detail}`);
  const worker = await timeReads(isolatedOpen.backend, reads);
  await isolatedOpen.backend.close();
  const floor = unavoidableCost(scenario, direct.reading);
  const floorMs = direct.floorMs;

  // 2. No modelled costs: the backend against the C loop.
  process.env.FAKE_NVML_SCENARIO = scenarioFile('8x-h100');
  const loop = join(dir, 'snapshot-loop');
  execFileSync('gcc', ['-O2', '-o', loop, 'bench/snapshot-loop.c', '-ldl']);
  const plain = openNvml({ env, platform: 'linux' });
  if (!plain.ok) throw new Error(`NVML did not open: ${plain.unavailable.detail}`);
  for (let i = 0; i < 200; i++) await plain.backend.read();
  const sampling = await openDeadline(true);
  for (let i = 0; i < 200; i++) await sampling.read();
  const ours = [];
  const oursDeadline = [];
  const baseline = [];
  const perRead = async (backend) => {
    const started = performance.now();
    for (let i = 0; i < iterations; i++) await backend.read();
    return ((performance.now() - started) * 1000) / iterations;
  };
  for (let round = 0; round < rounds; round++) {
    ours.push(await perRead(plain.backend));
    oursDeadline.push(await perRead(sampling));
    baseline.push(Number(execFileSync(loop, [lib, String(iterations)], { encoding: 'utf8', env: { ...process.env } }).trim()));
  }
  await plain.backend.close();
  await sampling.close();

  const gpus = inline.reading.devices.length;
  const row = (name, value, unit) => console.log(`${name.padEnd(62)} ${value.toFixed(2).padStart(9)} ${unit}`);
  console.log(`${args.scenario}: one snapshot of ${gpus} GPUs, median of ${reads} reads`);
  row('floor: unavoidable calls at their modelled cost (median of the reads)', floorMs, 'ms');
  row('deadline driver (info, sampler): probe, then direct calls', direct.ms, 'ms');
  row('  ratio to the floor (aim ≤ 1.2)', direct.ratio, '×');
  row('deadline driver, every call on the pool', pool.ms, 'ms');
  row('  ratio to the floor', pool.ratio, '×');
  row('synchronous reader, in process', inline.ms, 'ms');
  row('  ratio to the floor', inline.ratio, '×');
  row('worker thread', worker.ms, 'ms');
  row('  ratio to the floor', worker.ratio, '×');
  const first = floor.devices[0];
  if (first) console.log(`  floor of GPU 0: ${first.items.map((i) => `${i.what} ${i.us} µs`).join(', ')}`);
  console.log(`8x-h100 (no modelled costs), median of ${rounds} rounds × ${iterations}`);
  row('synchronous reader read()', median(ours), 'µs');
  row('deadline driver read() (probe, then direct calls)', median(oursDeadline), 'µs');
  row('C loop, same NVML calls', median(baseline), 'µs');
  row('ratio, synchronous reader', median(ours) / median(baseline), '×');
  row('ratio, deadline driver', median(oursDeadline) / median(baseline), '×');
  const round2 = (value) => Number(value.toFixed(2));
  console.log(
    JSON.stringify({
      bench: 'snapshot',
      scenario: args.scenario,
      gpus,
      floor_ms: round2(floorMs),
      direct_ms: round2(direct.ms),
      direct_ratio: round2(direct.ratio),
      pool_ms: round2(pool.ms),
      pool_ratio: round2(pool.ratio),
      inline_ms: round2(inline.ms),
      inline_ratio: round2(inline.ratio),
      worker_ms: round2(worker.ms),
      worker_ratio: round2(worker.ratio),
      floor_per_gpu_us: floor.devices.map((d) => Math.round(d.totalUs)),
      fake_costs_ours_us: round2(median(ours)),
      fake_costs_c_loop_us: round2(median(baseline)),
      fake_costs_ratio: round2(median(ours) / median(baseline)),
      fake_costs_deadline_us: round2(median(oursDeadline)),
      fake_costs_deadline_ratio: round2(median(oursDeadline) / median(baseline)),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
