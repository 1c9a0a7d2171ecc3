// Benchmark: the sampler's cost over hours — CPU % of one core and RSS — at 1 Hz and 10 Hz over
// the fake 8×H100 with real spawned processes (sleep) as its GPU processes, each run for
// --seconds. Measured from outside, from /proc (every thread: the NVML worker included), between
// the first sample and the end. Baselines in the same run: an idle `node` process, and nvitop's
// API and gpustat reading the same fake NVML in a loop (where Debian's python3 with psutil is
// there, ../shared/peers/README.md). Prints a table, then as the LAST line one JSON object.
//
//   npm run bench:sampler [-- --seconds 60 --rates 1,10 --processes 200 --peers auto|none]
//   npm run bench:sampler -- --variants all   (also: the built CLI's `info --json --watch`, without the
//                           CLI's V8 flags, NVML in the worker thread, on the main thread, and that
//                           without the /proc reads per process — where memory goes; and
//                           every NVML call on libuv's pool, none made directly after a probe)
//   npm run bench:sampler -- --v8-flags="--semi-space-growth-factor=1 --max-opt=1"   (instead of the CLI's)
//   npm run bench:sampler -- --before <git rev>   (each run side by side with the same child built
//                           from that commit, over the same GPUs, processes and seconds: on a noisy
//                           machine the only way to see a tenth of a per cent)
//   npm run bench:sampler -- --child-args="--compaction-growth 1.5"   (more arguments for this tree's
//                           child, bench/lib/sampler-child.mjs; not for the --before one)
// The measured processes run without NODE_EXTRA_CA_CERTS unless --keep-env (./lib/node-env.mjs:
// it adds ~1.9 MiB to every Node process's RSS here, the idle baseline's too).
// Over a long run RSS is also polled every 20 s: the lowest and highest of the last third are
// printed beside the end figure (one figure at the end is partly GC timing).

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { bundleChild } from './lib/bundle.mjs';
import { procUsage, spawnSleepers, writeLiveScenario } from './lib/live-scenario.mjs';
import { benchNodeEnv, removedNote } from './lib/node-env.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rates: { type: 'string', default: '1,10' },
    processes: { type: 'string', default: '200' },
    scenario: { type: 'string' },
    peers: { type: 'string', default: 'auto' },
    variants: { type: 'string', default: 'sampler' },
    'v8-flags': { type: 'string' },
    before: { type: 'string' },
    'child-args': { type: 'string' },
    'keep-env': { type: 'boolean', default: false },
  },
});
/** What the measured child runs: the product's sampler, and variants that leave one part out. */
const VARIANTS = {
  sampler: { label: 'gpuwise sampler', argv: [] },
  'no-v8-flags': { label: 'gpuwise sampler, no CLI V8 flags', argv: ['--v8-flags=none'] },
  worker: { label: 'gpuwise sampler, NVML in a worker thread', argv: ['--worker'] },
  inline: { label: 'gpuwise sampler, NVML on main thread', argv: ['--inline'] },
  'inline-no-proc': { label: 'gpuwise sampler, main thread, no /proc/PID', argv: ['--inline', '--no-proc'] },
  // Every NVML call through koffi's async calls, none made directly after the probe (src/backends/nvml/sync-trust.ts).
  'all-pool': { label: 'gpuwise sampler, every NVML call on the pool', argv: ['--all-pool'] },
  // Without the CLI's periodic compacting GC (scripts/v8-flags.mjs startHeapCompaction).
  'no-compaction': { label: 'gpuwise sampler, no periodic compaction', argv: ['--no-compaction'] },
  // The built CLI on the same sampler: what `info --json --watch` costs with commander, i18n and JSON output.
  cli: { label: 'gpuwise info --json --watch (CLI)', cli: true },
};
const variants = args.variants === 'all' ? Object.keys(VARIANTS) : args.variants === 'none' ? [] : args.variants.split(',');
for (const v of variants) if (!VARIANTS[v]) throw new Error(`unknown variant ${v}; known: ${Object.keys(VARIANTS).join(', ')}`);
const seconds = Number(args.seconds);
const rates = args.rates.split(',').map(Number);
const root = process.cwd();
const peersDir = join(root, '../shared/peers');
const PYTHON = '/usr/bin/python3';
const MiB = 1024 * 1024;

const scenarioName = args.scenario ?? (existsSync(join(root, 'test/fake-nvml/scenarios/8x-h100-real-costs.json')) ? '8x-h100-real-costs' : '8x-h100');
execFileSync('node', ['test/fake-nvml/build.mjs'], { stdio: 'inherit' });
const lib = join(root, 'build/fake-nvml/libnvidia-ml.so.1');

/**
 * Runs one measured process: waits for its `ready` line, lets it run `seconds`, reads its CPU
 * time and RSS from /proc, asks for its report (a line on stdin) and returns everything.
 */
async function measure(name, rate, command, argv, env, { report: asks = true, runSeconds = seconds } = {}) {
  const child = spawn(command, argv, { env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${name} did not answer within 60 s`));
      }, 60_000);
      lines.once('line', (line) => {
        clearTimeout(timer);
        resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`${name} exited ${code} early`)));
    });
  const ready = await next();
  // A process without a report (the CLI) prints one line a sample: count them instead.
  let lineCount = 0;
  if (!asks) lines.on('line', () => lineCount++);
  const start = { at: performance.now(), ...procUsage(child.pid) };
  let peakRss = start.rssBytes;
  const series = [];
  let polls = 0;
  const poll = setInterval(() => {
    const { rssBytes } = procUsage(child.pid);
    peakRss = Math.max(peakRss, rssBytes);
    if (++polls % 20 === 0) series.push({ s: polls, rssBytes });
    if (polls % 600 === 0) console.error(`${name}: ${polls} s, RSS ${(rssBytes / MiB).toFixed(1)} MiB`);
  }, 1000);
  await new Promise((resolve) => setTimeout(resolve, runSeconds * 1000));
  clearInterval(poll);
  const lastThird = series.filter((point) => point.s >= (2 * runSeconds) / 3).map((point) => point.rssBytes);
  const end = { at: performance.now(), ...procUsage(child.pid) };
  let report = { samples: lineCount };
  if (asks) {
    child.stdin.write('report\n');
    report = JSON.parse(await next());
  }
  child.kill('SIGKILL');
  const elapsed = (end.at - start.at) / 1000;
  return {
    name,
    rate,
    ready: ready.slice(0, 40),
    seconds: Number(elapsed.toFixed(1)),
    cpu_percent: Number(((100 * (end.cpuSeconds - start.cpuSeconds)) / elapsed).toFixed(2)),
    // user / system: JavaScript, GC and the fake driver's spins against the kernel's work (/proc, syscalls).
    cpu_user_percent: Number(((100 * (end.userSeconds - start.userSeconds)) / elapsed).toFixed(2)),
    cpu_system_percent: Number(((100 * (end.systemSeconds - start.systemSeconds)) / elapsed).toFixed(2)),
    rss_mib: Number((end.rssBytes / MiB).toFixed(1)),
    peak_rss_mib: Number((Math.max(peakRss, end.rssBytes, end.hwmBytes) / MiB).toFixed(1)),
    ...(lastThird.length > 1 ? { rss_last_third_mib: [Math.min(...lastThird), Math.max(...lastThird)].map((b) => Number((b / MiB).toFixed(1))) } : {}),
    ...report,
  };
}

function peersAvailable() {
  if (args.peers === 'none' || !existsSync(peersDir)) return false;
  return spawnSync(PYTHON, ['-c', 'import psutil, blessed, termcolor, cachetools'], { stdio: 'ignore' }).status === 0;
}

if (variants.includes('cli')) execFileSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });
const sleepers = spawnSleepers(Number(args.processes));
const dir = await bundleChild(root, { child: 'bench/lib/sampler-child.mjs' });
// The older commit's sources go outside the repository (the typecheck would read them there),
// with node_modules linked for esbuild and koffi.
const beforeRoot = args.before ? mkdtempSync(join(tmpdir(), 'gpuwise-bench-before-')) : null;
let beforeDir = null;
if (beforeRoot) {
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(args.before)} src bench scripts package.json | tar -x -C ${JSON.stringify(beforeRoot)}`]);
  symlinkSync(join(root, 'node_modules'), join(beforeRoot, 'node_modules'));
  beforeDir = await bundleChild(beforeRoot, { child: 'bench/lib/sampler-child.mjs' });
}
try {
  const scenario = writeLiveScenario(join(root, `test/fake-nvml/scenarios/${scenarioName}.json`), sleepers.pids, dir);
  const clean = benchNodeEnv(process.env, args['keep-env']);
  const env = { ...clean.env, GPUWISE_NVML_LIB: lib, FAKE_NVML_SCENARIO: scenario, LANG: 'en_US.UTF-8' };
  delete env.FAKE_NVML_STEP;
  const results = [];
  for (const rate of rates) {
    for (const v of variants) {
      const { label, argv: variantArgv = [], cli } = VARIANTS[v];
      if (cli) {
        const cliArgv = ['bin/gpuwise.mjs', 'info', '--json', '--watch', String(1 / rate)];
        results.push({ variant: v, ...(await measure(label, rate, process.execPath, cliArgv, env, { report: false })) });
        continue;
      }
      const ownFlags = variantArgv.some((a) => a.startsWith('--v8-flags'));
      const argv = args['v8-flags'] !== undefined && !ownFlags ? [...variantArgv, `--v8-flags=${args['v8-flags']}`] : variantArgv;
      const childArgv = (at) => [join(at, 'child.mjs'), '--hz', String(rate), ...argv];
      const extra = args['child-args']?.split(/\s+/).filter(Boolean) ?? [];
      const [ours, before] = await Promise.all([
        measure(label, rate, process.execPath, [...childArgv(dir), ...extra], env),
        beforeDir ? measure(`${label} at ${args.before}`, rate, process.execPath, childArgv(beforeDir), env) : null,
      ]);
      results.push({ variant: v, ...ours });
      if (before) results.push({ variant: v, before: args.before, ...before });
    }
  }
  const idle = `console.log('ready'); process.stdin.once('data', () => { console.log('{}'); process.exit(0); });`;
  // An idle process does not change over an hour: a minute of it is the baseline.
  results.push(await measure('node, idle (baseline)', 0, process.execPath, ['-e', idle], env, { runSeconds: Math.min(seconds, 60) }));
  if (peersAvailable()) {
    const pyEnv = { ...env, LD_LIBRARY_PATH: join(root, 'build/fake-nvml'), PYTHONPATH: ['nvml', 'gpustat', 'nvitop'].map((p) => join(peersDir, p)).join(':') };
    for (const rate of rates) results.push(await measure('nvitop API loop', rate, PYTHON, ['bench/lib/peer-loop.py', 'nvitop', String(rate)], pyEnv));
    // gpustat sleeps 0.1 s per GPU with processes: one query takes 0.8 s on 8 GPUs, so 1 Hz only.
    results.push(await measure('gpustat query loop (incl. its 0.8 s sleep)', 1, PYTHON, ['bench/lib/peer-loop.py', 'gpustat', '1'], pyEnv));
  }

  const gpus = results.find((r) => r.devices !== undefined)?.devices ?? 0;
  console.log(`sampler over ${scenarioName}: ${gpus} GPUs, ${sleepers.pids.length} live processes, ${seconds} s per run`);
  const envNote = removedNote(clean.removed);
  if (envNote) console.log(envNote);
  console.log(`${'process'.padEnd(44)} ${'rate'.padStart(6)} ${'samples'.padStart(8)} ${'CPU %'.padStart(7)} ${'RSS MiB'.padStart(8)} ${'peak'.padStart(7)}`);
  for (const r of results) {
    const rate = r.rate ? `${r.rate} Hz` : '—';
    const samples = r.samples === undefined ? '—' : String(r.samples);
    const band = r.rss_last_third_mib ? `   last third ${r.rss_last_third_mib.join('–')}` : '';
    console.log(`${r.name.padEnd(44)} ${rate.padStart(6)} ${samples.padStart(8)} ${r.cpu_percent.toFixed(2).padStart(7)} ${r.rss_mib.toFixed(1).padStart(8)} ${r.peak_rss_mib.toFixed(1).padStart(7)}${band}`);
  }
  for (const r of results.filter((x) => x.variant && x.variant !== 'cli')) {
    const mib = (bytes) => (bytes / MiB).toFixed(1);
    const floorCpu = (r.floorCpuUs * r.rate) / 1e4;
    console.log(
      `  ${r.variant}${r.before ? ` at ${r.before}` : ""}, ${r.rate} Hz: CPU user ${r.cpu_user_percent} + system ${r.cpu_system_percent} %; backend ${r.meanBackendMs.toFixed(1)} ms (modelled driver ${(r.floorUs / 1000).toFixed(1)} ms, ` +
        `${floorCpu.toFixed(2)} % of a core spun) + host ${r.meanHostMs.toFixed(1)} ms a sample; ` +
        `RSS = ${mib(r.fileBackedBytes)} file-backed + ${mib(r.anonymousBytes)} anonymous, of which main heap ${mib(r.heapTotal)} ` +
        `(new ${mib(r.newSpace)}, old ${mib(r.oldSpace)}; ${mib(r.heapLiveAfterGc)} live), history ${mib(r.historyBytes)}`,
    );
  }
  console.log(JSON.stringify({ bench: 'sampler', scenario: scenarioName, gpus, processes: sleepers.pids.length, seconds, results }));
} finally {
  sleepers.stop();
  rmSync(dir, { recursive: true, force: true });
  if (beforeRoot) rmSync(beforeRoot, { recursive: true, force: true });
}
