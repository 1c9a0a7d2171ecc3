// Benchmark: what `gpuwise top` costs while it runs — CPU % of one core and RSS — against the same
// sampler with rendering off, in the same run. The fake 8×H100 plays through the real NVML path
// with `--processes` real processes (sleep) spread over its GPUs, so the host side reads /proc for
// each, as on a busy training node. top runs in a real terminal (tmux, --size) at 2 Hz
// (--interval 0.5); the baseline is a node process with the library's createSampler and the
// options top-run.ts gives it, bundled as the CLI is, with the CLI's V8 flags and a subscriber that
// does nothing. Both are
// measured from outside, from /proc (every thread: the NVML worker included), for --seconds
// after they are ready. Aim: top under 2 % of one core in total, RSS under 80 MiB.
//
// Prints a table, then as the LAST line one JSON object.
//
//   npm run bench:top [-- --seconds 60 --processes 200 --interval 0.5 --size 200x50 --scenario 8x-h100]

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleChild } from './lib/bundle.mjs';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    processes: { type: 'string', default: '200' },
    interval: { type: 'string', default: '0.5' },
    size: { type: 'string', default: '200x50' },
    scenario: { type: 'string', default: '8x-h100' },
    warmup: { type: 'string', default: '3' },
  },
});
const seconds = Number(args.seconds);
const count = Number(args.processes);
const interval = Number(args.interval);
const [columns, rows] = args.size.split('x').map(Number);
const warmupMs = Number(args.warmup) * 1000;
const root = process.cwd();
const MiB = 1024 * 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (spawnSync('tmux', ['-V']).status !== 0) {
  console.error('bench:top needs tmux (apt-get install tmux): top draws only on a terminal.');
  process.exit(2);
}

execFileSync('node', ['test/fake-nvml/build.mjs'], { stdio: 'inherit' });
execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
// The CLI sets these for itself at start (scripts/v8-flags.mjs); the baseline gets the same.
const v8Flags = await import(pathToFileURL(join(root, 'scripts/v8-flags.mjs')).href).then((m) => m.CLI_V8_FLAGS ?? [], () => []);

/** RSS and CPU time of a process (all its threads) from /proc, in bytes and seconds. */
function usage(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { rssBytes: kib('VmRSS') * 1024, hwmBytes: kib('VmHWM') * 1024, cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
}

/** Measures `pid` for `seconds`: CPU % of one core, RSS at the end, peak RSS. */
async function measure(pid) {
  await sleep(warmupMs);
  const start = { at: performance.now(), ...usage(pid) };
  let peak = start.rssBytes;
  for (let elapsed = 0; elapsed < seconds * 1000; elapsed += 1000) {
    await sleep(Math.min(1000, seconds * 1000 - elapsed));
    peak = Math.max(peak, usage(pid).rssBytes);
  }
  const end = { at: performance.now(), ...usage(pid) };
  const wall = (end.at - start.at) / 1000;
  return {
    seconds: Number(wall.toFixed(1)),
    cpu_percent: Number(((100 * (end.cpuSeconds - start.cpuSeconds)) / wall).toFixed(2)),
    rss_mib: Number((end.rssBytes / MiB).toFixed(1)),
    peak_rss_mib: Number((Math.max(peak, end.hwmBytes) / MiB).toFixed(1)),
  };
}

// Real processes on the fake GPUs, round-robin, each with memory and SM utilisation.
const sleepers = Array.from({ length: count }, () => spawn('sleep', ['100000'], { stdio: 'ignore' }));
const dir = mkdtempSync(join(tmpdir(), 'gpuwise-bench-top-'));
const scenario = JSON.parse(readFileSync(join(root, `test/fake-nvml/scenarios/${args.scenario}.json`), 'utf8'));
const gpus = scenario.devices.length;
const lists = Array.from({ length: gpus }, () => []);
sleepers.forEach((child, i) => lists[i % gpus].push({ pid: child.pid, type: 'C', usedMemoryMiB: 256 + i, smUtilPercent: i % 100, memUtilPercent: i % 50 }));
for (const frame of scenario.timeline) frame.devices = lists.map((processes, gpu) => ({ ...(frame.devices[gpu] ?? {}), processes }));
const scenarioPath = join(dir, 'live.json');
writeFileSync(scenarioPath, JSON.stringify(scenario));
const env = { ...process.env, GPUWISE_NVML_LIB: join(root, 'build/fake-nvml/libnvidia-ml.so.1'), FAKE_NVML_SCENARIO: scenarioPath, LANG: 'en_US.UTF-8', TERM: 'xterm-256color' };

const socket = `gpuwise-bench-top-${process.pid}`;
const tmux = (...argv) => execFileSync('tmux', ['-L', socket, ...argv], { encoding: 'utf8' });

async function runTop() {
  const quote = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;
  const exports = ['GPUWISE_NVML_LIB', 'FAKE_NVML_SCENARIO', 'LANG', 'TERM'].map((k) => `export ${k}=${quote(env[k])};`).join(' ');
  tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'top', '-x', String(columns), '-y', String(rows), 'sh', '-c', `${exports} exec ${quote(process.execPath)} ${quote(join(root, 'bin/gpuwise.mjs'))} top --interval ${interval}`);
  const deadline = Date.now() + 60_000;
  // Ready: every process is in the table (its header counts them once they outnumber the rows).
  while (!tmux('capture-pane', '-p', '-t', 'top').includes(`/${count}`)) {
    if (Date.now() > deadline) throw new Error(`top did not list ${count} processes:\n${tmux('capture-pane', '-p', '-t', 'top')}`);
    await sleep(100);
  }
  const pid = Number(tmux('display-message', '-p', '-t', 'top', '#{pane_pid}').trim());
  const result = await measure(pid);
  const screen = tmux('capture-pane', '-p', '-t', 'top');
  tmux('kill-server');
  return { ...result, screen };
}

async function runSamplerOnly() {
  const historyRows = Math.round(Math.min(1800, Math.max(120, 600 / interval)));
  // Bundled like the CLI (bench/lib/bundle.mjs): it loads the sampler and what it needs, as top
  // does — not the whole library entry with its catalogs.
  const entryDir = mkdtempSync(join(root, 'bench/out/top-'));
  const code = `
    import { createSampler } from ${JSON.stringify(join(root, 'src/monitor/sampler.ts'))};
    const sampler = await createSampler({ intervalMs: ${interval * 1000}, historyRows: ${historyRows}, processDetailsMaxAgeMs: 0, sessionOptions: { subSecondSamples: true } });
    let processes = 0;
    sampler.subscribe((sample) => { processes = sample.snapshot.processes.length; });
    await sampler.first();
    while (processes < ${count}) await new Promise((r) => setTimeout(r, 100));
    console.log('ready');
  `;
  writeFileSync(join(entryDir, 'sampler-only.ts'), code);
  const bundle = await bundleChild(root, { 'sampler-only': join(entryDir, 'sampler-only.ts') });
  rmSync(entryDir, { recursive: true, force: true });
  // A file, not `-e`: the NVML worker thread inherits execArgv, and --input-type would stop it.
  const child = spawn(process.execPath, [...v8Flags, join(bundle, 'sampler-only.mjs')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the sampler-only process exited ${code}`)));
  });
  const result = await measure(child.pid);
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
  rmSync(bundle, { recursive: true, force: true });
  return result;
}

let top;
let base;
try {
  top = await runTop();
  base = await runSamplerOnly();
} finally {
  spawnSync('tmux', ['-L', socket, 'kill-server']);
  // tmux leaves its socket file behind.
  rmSync(join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${process.getuid()}`, socket), { force: true });
  for (const child of sleepers) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}

const framesPerSecond = 1 / interval;
const renderPercent = Number((top.cpu_percent - base.cpu_percent).toFixed(2));
const renderMsPerFrame = Number(((renderPercent / 100) * 1000 / framesPerSecond).toFixed(2));
const rows_ = [
  ['', 'CPU % of a core', 'RSS MiB', 'peak RSS MiB'],
  [`top (${columns}×${rows}, ${framesPerSecond} Hz)`, top.cpu_percent, top.rss_mib, top.peak_rss_mib],
  ['sampler only (no rendering)', base.cpu_percent, base.rss_mib, base.peak_rss_mib],
  ['rendering (difference)', renderPercent, Number((top.rss_mib - base.rss_mib).toFixed(1)), ''],
];
console.log(`\ngpuwise top: ${count} real processes on ${gpus} fake GPUs (${args.scenario}), ${seconds} s each\n`);
for (const row of rows_) console.log(row.map((cell, i) => String(cell)[i === 0 ? 'padEnd' : 'padStart'](i === 0 ? 34 : 16)).join(''));
console.log(`rendering per frame: ${renderMsPerFrame} ms of CPU; aims: top < 2 % of a core, RSS < 80 MiB`);
console.log(`\nlast frame (first lines):\n${top.screen.split('\n').slice(0, 6).join('\n')}\n`);
console.log(
  JSON.stringify({
    bench: 'top',
    scenario: args.scenario,
    processes: count,
    gpus,
    interval_s: interval,
    size: `${columns}x${rows}`,
    seconds,
    top: { cpu_percent: top.cpu_percent, rss_mib: top.rss_mib, peak_rss_mib: top.peak_rss_mib },
    sampler_only: base,
    render: { cpu_percent: renderPercent, ms_per_frame: renderMsPerFrame },
    aims: { cpu_percent: 2, rss_mib: 80 },
    within_aims: { cpu: top.cpu_percent < 2, rss: top.peak_rss_mib < 80 },
  }),
);
