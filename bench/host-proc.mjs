// Benchmark: the host side of a snapshot for 200 real processes (spawned `sleep`s), steady state —
// what a sampler pays on every tick — against bare loops of fs.readFileSync over the same /proc
// files, measured side by side in alternating rounds. Then the tree of one process with 200
// children, per-thread CPU, and the wall time of a first (one-shot) reading with its CPU windows.
// Prints a table, then as the LAST line one JSON object with the figures. Machines here are
// noisy: read the ratios, not the absolutes.
//
//   npm run bench:host-proc [-- --processes 200 --rounds 7 --iterations 40 --before <git rev>]
//
// --before builds the host layer of an older commit (git archive, nothing checked out) and
// measures it in the same rounds.

import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '7' },
    iterations: { type: 'string', default: '40' },
    before: { type: 'string' },
  },
});
const count = Number(args.processes);
const rounds = Number(args.rounds);
const iterations = Number(args.iterations);
if (process.platform !== 'linux') throw new Error('bench:host-proc reads /proc: Linux only');

const root = process.cwd();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
mkdirSync(join(root, 'bench/out'), { recursive: true });
const dir = mkdtempSync(join(root, 'bench/out/host-proc-'));

async function bundle(source, name) {
  const outfile = join(dir, `${name}.mjs`);
  await build({ entryPoints: [join(source, 'src/host/index.ts')], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  return import(pathToFileURL(outfile).href);
}

const gpu = (pid) => ({
  pid, gpuIndex: 0, gpuUuid: null, gpuInstanceId: null, computeInstanceId: null, type: 'compute', usedMemoryBytes: null,
  smUtilPercent: null, memoryUtilPercent: null, encoderUtilPercent: null, decoderUtilPercent: null, name: null,
});

const children = [];
try {
  const ours = await bundle(root, 'host');
  let before = null;
  if (args.before) {
    const old = join(dir, 'before');
    mkdirSync(old);
    execFileSync('sh', ['-c', `git archive ${JSON.stringify(args.before)} src | tar -x -C ${JSON.stringify(old)}`]);
    before = await bundle(old, 'host-before');
  }

  for (let i = 0; i < count; i++) children.push(spawn('sleep', ['600'], { stdio: 'ignore' }));
  const pids = children.map((child) => child.pid);
  // Until exec completes, a child is a copy of this process; wait until every one is `sleep`.
  for (let tries = 0; tries < 500 && !pids.every((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('sleep')); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const processes = pids.map(gpu);
  const allFiles = pids.flatMap((pid) => ['stat', 'status', 'cmdline'].map((file) => `/proc/${pid}/${file}`));
  const statFiles = pids.map((pid) => `/proc/${pid}/stat`);

  // Steady state: readers with their baselines and caches, as on a sampler's later ticks.
  const readers = {
    plain: ours.createHostReader({ firstSampleWindowMs: 0, uidLookup: null, processTree: false }),
    tree: ours.createHostReader({ firstSampleWindowMs: 0, uidLookup: null }),
    ...(before ? { before: before.createHostReader({ firstSampleWindowMs: 0, uidLookup: null }) } : {}),
  };
  for (const reader of Object.values(readers)) for (let i = 0; i < 5; i++) await reader.enrichProcesses(processes);

  const perCall = async (fn) => {
    const started = performance.now();
    for (let i = 0; i < iterations; i++) await fn();
    return ((performance.now() - started) * 1000) / iterations;
  };
  const samples = { allFiles: [], statOnly: [], plain: [], tree: [], before: [] };
  for (let round = 0; round < rounds; round++) {
    samples.allFiles.push(await perCall(() => { for (const file of allFiles) readFileSync(file); }));
    samples.statOnly.push(await perCall(() => { for (const file of statFiles) readFileSync(file); }));
    samples.plain.push(await perCall(() => readers.plain.enrichProcesses(processes)));
    samples.tree.push(await perCall(() => readers.tree.enrichProcesses(processes)));
    if (readers.before) samples.before.push(await perCall(() => readers.before.enrichProcesses(processes)));
  }

  // One process with `count` children: this bench process and its sleeps.
  const treeReader = ours.createHostReader({ firstSampleWindowMs: 0, uidLookup: null });
  const self = [gpu(process.pid)];
  const found = (await treeReader.enrichProcesses(self)).processes[0].tree;
  const treeRounds = [];
  for (let round = 0; round < rounds; round++) treeRounds.push(await perCall(() => treeReader.enrichProcesses(self)));
  const treeUs = median(treeRounds);
  const threadReader = ours.createHostReader({ firstSampleWindowMs: 0, uidLookup: null, processTree: false, threadCpu: true });
  await threadReader.enrichProcesses(self);
  const threadUs = await perCall(() => threadReader.enrichProcesses(self));
  const threadCount = (await threadReader.enrichProcesses(self)).processes[0].threads.count;

  // A first reading, as one-shot `info` does: summary and processes, each with its 100 ms window.
  const firstMs = [];
  for (let i = 0; i < 3; i++) {
    const reader = ours.createHostReader({ uidLookup: null });
    const started = performance.now();
    await Promise.all([reader.readSummary(), reader.enrichProcesses(processes)]);
    firstMs.push(performance.now() - started);
    reader.close();
  }

  const figures = {
    all: median(samples.allFiles),
    stat: median(samples.statOnly),
    plain: median(samples.plain),
    tree: median(samples.tree),
    before: readers.before ? median(samples.before) : null,
  };
  const row = (name, value, unit) => console.log(`${name.padEnd(58)} ${value.toFixed(1).padStart(9)} ${unit}`);
  console.log(`host side of a snapshot for ${count} processes, median of ${rounds} rounds × ${iterations}`);
  row('readFileSync loop: stat + status + cmdline', figures.all, 'µs');
  row('readFileSync loop: stat only', figures.stat, 'µs');
  if (figures.before !== null) row(`gpuwise enrichProcesses at ${args.before}`, figures.before, 'µs');
  row('gpuwise enrichProcesses, no trees', figures.plain, 'µs');
  row('gpuwise enrichProcesses, with trees (default)', figures.tree, 'µs');
  row('ratio no trees / stat+status+cmdline loop', figures.plain / figures.all, '×');
  row('ratio no trees / stat-only loop', figures.plain / figures.stat, '×');
  row(`one process with ${found.descendants.length} descendants (${found.source})`, treeUs, 'µs');
  row(`one process, per-thread CPU of ${threadCount} threads`, threadUs, 'µs');
  row('first reading with CPU windows (summary + processes)', median(firstMs), 'ms');
  console.log(
    JSON.stringify({
      bench: 'host-proc',
      processes: count,
      baseline_all_files_us: Number(figures.all.toFixed(1)),
      baseline_stat_us: Number(figures.stat.toFixed(1)),
      ...(figures.before !== null ? { before_us: Number(figures.before.toFixed(1)), before_rev: args.before } : {}),
      ours_us: Number(figures.plain.toFixed(1)),
      ours_tree_us: Number(figures.tree.toFixed(1)),
      ratio_all_files: Number((figures.plain / figures.all).toFixed(2)),
      ratio_stat: Number((figures.plain / figures.stat).toFixed(2)),
      tree_descendants: found.descendants.length,
      tree_us: Number(treeUs.toFixed(1)),
      thread_count: threadCount,
      thread_cpu_us: Number(threadUs.toFixed(1)),
      first_reading_ms: Number(median(firstMs).toFixed(1)),
    }),
  );
  for (const reader of [...Object.values(readers), treeReader, threadReader]) reader.close?.();
} finally {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
