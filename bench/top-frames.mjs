// Micro-benchmark: CPU µs per frame of `gpuwise top` built offline — the app as top-run.ts starts
// it (src/cli/top/app.ts: safeView, the process rows, the history window, the screen, the frame
// writer's diff), fed recorded samples, drawing into a sink that keeps nothing. Only the sample
// handler and the frame are timed, not the reads: what bench:top calls "rendering".
//
// The recording: the fake 8×H100 through the real NVML path with --processes real processes
// (sleep) on its GPUs, read by the sampler as top configures it (details every tick), --record
// samples. Replayed at 2 Hz of simulated wall time (`at` and the sub-second samples moved on 500 ms
// a frame), so TIME, the graphs and the header move as they do live. The default --frames 120
// after --warmup 10 is what bench:top's 60 s measure: few enough frames that V8 (with the CLI's
// flags) optimises them about as late as it does in top, where a frame comes every 500 ms.
//
// Baselines measured in the same run, in the same child: JSON.stringify of each snapshot; with
// --before <git rev>, the same frames built by that revision's code (git archive), the children
// taking turns; every frame's lines are hashed, and the run says whether both drew the same. The
// children run with the CLI's V8 flags (scripts/v8-flags.mjs); --set-flags="…" adds V8 flags after
// them, as a command could set its own. --recording FILE keeps the recording (made on first use).
//
//   node bench/top-frames.mjs [--frames 120 --warmup 10 --processes 200 --size 200x50 --locale en --before HEAD --rounds 5 --profile cpu|heap|alloc --recording FILE]
//   (--profile: the first round of this tree, unminified, profiled into bench/out/profiles/)

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleChild } from './lib/bundle.mjs';
import { spawnSleepers, writeLiveScenario } from './lib/live-scenario.mjs';

const { values: args } = parseArgs({
  options: {
    frames: { type: 'string', default: '120' },
    warmup: { type: 'string', default: '10' },
    processes: { type: 'string', default: '200' },
    record: { type: 'string', default: '20' },
    size: { type: 'string', default: '200x50' },
    locale: { type: 'string', default: 'en' },
    before: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    profile: { type: 'string' },
    'set-flags': { type: 'string' },
    recording: { type: 'string' },
  },
});
const root = process.cwd();
const [columns, rows] = args.size.split('x').map(Number);
const v8Flags = await import(pathToFileURL(join(root, 'scripts/v8-flags.mjs')).href).then((m) => m.CLI_V8_FLAGS ?? [], () => []);
const work = mkdtempSync(join(tmpdir(), 'gpuwise-bench-frames-'));
// --recording <file>: replay that file (made by an earlier run with the same option) instead of recording.
const recording = args.recording ?? join(work, 'recording.ndjson');

const recorder = (src) => `
  import { writeFileSync } from 'node:fs';
  import { createSampler } from ${JSON.stringify(join(src, 'src/monitor/sampler.ts'))};
  const sampler = await createSampler({ intervalMs: 500, historyRows: 1200, processDetailsMaxAgeMs: 0, sessionOptions: { subSecondSamples: true } });
  const lines = [];
  await new Promise((resolve) => sampler.subscribe((sample) => {
    if (sample.snapshot.processes.length < ${Number(args.processes)}) return;
    lines.push(JSON.stringify(sample.snapshot));
    if (lines.length === ${Number(args.record)}) resolve();
  }));
  await sampler.stop();
  writeFileSync(process.argv[2], lines.join('\\n') + '\\n');
`;

const framesChild = (src) => `
  import { readFileSync } from 'node:fs';
  import { EventEmitter } from 'node:events';
  import { PerformanceObserver } from 'node:perf_hooks';
  import { createHash } from 'node:crypto';
  import { applyCliV8Flags } from ${JSON.stringify(join(src, 'scripts/v8-flags.mjs'))};
  import { startTopApp } from ${JSON.stringify(join(src, 'src/cli/top/app.ts'))};
  import { createTheme } from ${JSON.stringify(join(src, 'src/cli/top/theme.ts'))};
  import { createTranslator } from ${JSON.stringify(join(src, 'src/i18n/index.ts'))};
  import { SampleHistory } from ${JSON.stringify(join(src, 'src/monitor/history.ts'))};
  applyCliV8Flags();
  // --set-flags "…": V8 flags set after the CLI's, as a command could set its own at start.
  if (process.env.TOP_FRAMES_V8) (await import('node:v8')).setFlagsFromString(process.env.TOP_FRAMES_V8);
  // --profile alloc: every allocation of the counted frames, collected ones included (sampled).
  const { Session } = await import('node:inspector/promises');
  const alloc = process.argv[3] ? new Session() : null;
  const post = (method, params) => alloc.post(method, params);
  const snapshots = readFileSync(process.argv[2], 'utf8').trim().split('\\n').map((line) => JSON.parse(line));
  // Each replay moves a snapshot and its sub-second samples to the frame's simulated time.
  const recorded = snapshots.map((s) => ({ atMs: Date.parse(s.at), times: (s.samples ?? []).map((series) => series.timesMs.slice()) }));
  const frames = ${Number(args.frames)};
  const history = new SampleHistory(1200);
  const listeners = new Set();
  let latest = null;
  const sampler = {
    intervalMs: 500, session: {}, setInterval: (ms) => ms, latest: () => latest, first: async () => latest,
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    window: (seconds, cols) => history.window(seconds, cols), refresh: async () => latest, start() {}, stop: async () => {}, historyBytes: () => 0,
  };
  let bytes = 0;
  const output = Object.assign(new EventEmitter(), { columns: ${columns}, rows: ${rows}, write: (text) => { bytes += text.length; return true; } });
  const t = createTranslator(${JSON.stringify(args.locale)});
  const app = startTopApp({ sampler, streams: { input: new EventEmitter(), output }, env: {}, theme: createTheme({ color: true, ascii: false }), t, locale: ${JSON.stringify(args.locale)}, readonly: false, spanSeconds: 60, view: 'auto', now: () => wall });
  const startMs = Date.parse(snapshots[0].at);
  let wall = startMs;
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  const cpu = () => { const u = process.cpuUsage(); return u.user + u.system; };
  const frameHash = createHash('sha256');
  let frameUs = 0, jsonUs = 0, counted = 0, frameBytes = 0, gcMs = 0, gcs = 0, counting = false;
  // Collections while frames are counted (JSON.stringify's included: the figure is a guide).
  new PerformanceObserver((list) => { if (counting) for (const entry of list.getEntries()) { gcMs += entry.duration; gcs++; } }).observe({ entryTypes: ['gc'] });
  const warmup = ${Number(args.warmup)};
  for (let k = 0; k < frames + warmup; k++) {
    // A fresh copy, as the sampler hands top a new snapshot each read: young objects that the
    // frame's collections must copy, as in top (not timed).
    const snapshot = structuredClone(snapshots[k % snapshots.length]);
    wall = startMs + k * 500;
    snapshot.at = new Date(wall).toISOString();
    const { atMs, times } = recorded[k % snapshots.length];
    (snapshot.samples ?? []).forEach((series, i) => (series.timesMs = times[i].map((t) => t - atMs + wall)));
    history.add(wall, snapshot);
    latest = { seq: k + 1, wallMs: wall, monotonicMs: wall, coversMs: 500, backendMs: 5, hostMs: 2, snapshot };
    const b0 = bytes;
    const c0 = cpu();
    for (const listener of listeners) listener(latest);
    await flush();
    const c1 = cpu();
    JSON.stringify(snapshot);
    const c2 = cpu();
    // Every frame's lines, for the check that two revisions draw the same (not timed).
    frameHash.update(app.frame().join('\\n')).update('\\0');
    if (k < warmup) continue;
    if (!counting && alloc) { alloc.connect(); await post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }); }
    counting = true;
    frameUs += c1 - c0; jsonUs += c2 - c1; counted++; frameBytes += bytes - b0;
  }
  await flush();
  if (alloc) (await import('node:fs')).writeFileSync(process.argv[3], JSON.stringify((await post('HeapProfiler.stopSampling')).profile));
  const last = app.frame();
  app.quit();
  console.log(JSON.stringify({ frameUs: frameUs / counted, jsonUs: jsonUs / counted, bytesPerFrame: Math.round(frameBytes / counted), gcMsPerFrame: gcMs / counted, gcsPerFrame: gcs / counted, lastFrame: last.join('\\n'), framesSha256: frameHash.digest('hex') }));
`;

async function bundleFrames(src) {
  mkdirSync(join(src, 'bench/out'), { recursive: true });
  const entry = mkdtempSync(join(src, 'bench/out/frames-'));
  writeFileSync(join(entry, 'frames.ts'), framesChild(src));
  // A profile needs the functions' names: that bundle is not minified (and has no NVML worker).
  const dir = args.profile ? await bundleNamed(src, join(entry, 'frames.ts')) : await bundleChild(src, { frames: join(entry, 'frames.ts') });
  rmSync(entry, { recursive: true, force: true });
  return dir;
}

async function bundleNamed(src, entry) {
  const { build } = await import('esbuild');
  const dir = mkdtempSync(join(src, 'bench/out/run-'));
  const banner = "import { createRequire as __gpuwiseCreateRequire } from 'node:module'; const require = __gpuwiseCreateRequire(import.meta.url);";
  await build({ absWorkingDir: src, entryPoints: { frames: entry }, outdir: dir, outExtension: { '.js': '.mjs' }, bundle: true, platform: 'node', target: 'node20', format: 'esm', external: ['koffi'], banner: { js: banner }, logLevel: 'warning' });
  return dir;
}

const dirs = [];

async function record() {
  execFileSync('node', ['test/fake-nvml/build.mjs'], { stdio: 'inherit' });
  const sleepers = spawnSleepers(Number(args.processes));
  try {
    const scenario = writeLiveScenario(join(root, 'test/fake-nvml/scenarios/8x-h100.json'), sleepers.pids, work);
    const entry = mkdtempSync(join(root, 'bench/out/record-'));
    writeFileSync(join(entry, 'record.ts'), recorder(root));
    const dir = await bundleChild(root, { record: join(entry, 'record.ts') });
    dirs.push(dir, entry);
    const env = { ...process.env, GPUWISE_NVML_LIB: join(root, 'build/fake-nvml/libnvidia-ml.so.1'), FAKE_NVML_SCENARIO: scenario };
    execFileSync(process.execPath, [join(dir, 'record.mjs'), recording], { env, stdio: 'inherit' });
  } finally {
    sleepers.stop();
  }
}

try {
  if (!args.recording || !existsSync(args.recording)) await record();
  const variants = [{ label: 'this tree', dir: await bundleFrames(root) }];
  dirs.push(variants[0].dir);
  if (args.before) {
    const beforeRoot = mkdtempSync(join(tmpdir(), 'gpuwise-bench-before-'));
    dirs.push(beforeRoot);
    execFileSync('sh', ['-c', `git archive ${JSON.stringify(args.before)} src bench scripts package.json | tar -x -C ${JSON.stringify(beforeRoot)}`]);
    symlinkSync(join(root, 'node_modules'), join(beforeRoot, 'node_modules'));
    variants.push({ label: `at ${args.before}`, dir: await bundleFrames(beforeRoot) });
  }

  const results = variants.map(() => []);
  let sameFrame = true;
  for (let round = 0; round < Number(args.rounds); round++) {
    const lastFrames = [];
    variants.forEach((variant, i) => {
      const profDir = join(root, 'bench/out/profiles');
      const flags = { cpu: ['--cpu-prof', `--cpu-prof-dir=${profDir}`], heap: ['--heap-prof', '--heap-prof-interval=16384', `--heap-prof-dir=${profDir}`] };
      const first = args.profile && i === 0 && round === 0;
      const prof = first && flags[args.profile] ? flags[args.profile] : [];
      const extra = first && args.profile === 'alloc' ? [join(profDir, 'alloc.heapprofile')] : [];
      mkdirSync(profDir, { recursive: true });
      const run = spawnSync(process.execPath, [...v8Flags, ...prof, join(variant.dir, 'frames.mjs'), recording, ...extra], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, TOP_FRAMES_V8: args['set-flags'] ?? '' } });
      if (run.status !== 0) throw new Error(`${variant.label}: exit ${run.status}\n${run.stderr}`);
      const result = JSON.parse(run.stdout.trim().split('\n').pop());
      lastFrames.push(result.framesSha256);
      results[i].push(result);
    });
    if (lastFrames.length > 1 && lastFrames[0] !== lastFrames[1]) sameFrame = false;
  }

  const median = (list) => list.slice().sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(`\ntop frames offline: ${args.processes} processes, 8 GPUs, ${columns}×${rows}, ${args.locale}, ${args.frames} frames × ${args.rounds} rounds\n`);
  const summary = variants.map((variant, i) => {
    const frame = median(results[i].map((r) => r.frameUs));
    const fastest = Math.min(...results[i].map((r) => r.frameUs));
    const json = median(results[i].map((r) => r.jsonUs));
    const line = { variant: variant.label, frame_us: Math.round(frame), min_frame_us: Math.round(fastest), json_stringify_us: Math.round(json), frame_per_json: Number((frame / json).toFixed(2)), bytes_per_frame: results[i][0].bytesPerFrame, gc_ms_per_frame: Number(median(results[i].map((r) => r.gcMsPerFrame)).toFixed(2)), gcs_per_frame: Number(median(results[i].map((r) => r.gcsPerFrame)).toFixed(2)), rounds_us: results[i].map((r) => Math.round(r.frameUs)) };
    console.log(`  ${variant.label.padEnd(16)} ${String(line.frame_us).padStart(7)} µs a frame (median; least ${line.min_frame_us}; rounds ${line.rounds_us.join(', ')}), JSON.stringify of the snapshot ${line.json_stringify_us} µs (×${line.frame_per_json}), ${line.bytes_per_frame} bytes written, ${line.gcs_per_frame} collections taking ${line.gc_ms_per_frame} ms a frame`);
    return line;
  });
  if (summary.length > 1) console.log(`  ratio this tree / ${args.before}: ${(summary[0].frame_us / summary[1].frame_us).toFixed(2)}; every frame identical: ${sameFrame}`);
  console.log(JSON.stringify({ bench: 'top-frames', processes: Number(args.processes), size: args.size, locale: args.locale, frames: Number(args.frames), results: summary, same_frames: args.before ? sameFrame : null }));
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
}
