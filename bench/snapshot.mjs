// Benchmark: one steady-state snapshot of the 8×H100 fake scenario through gpuwise's NVML
// backend (koffi FFI, bundled like the CLI) against a C program making the same NVML calls on the
// same library (bench/snapshot-loop.c), measured side by side in rounds that alternate; then the
// cold start of `gpuwise info --json` against `node -e 0`. Prints a table, then as the LAST line
// one JSON object with the figures. Machines here are noisy: read the ratios, not the absolutes.
//
//   npm run bench:snapshot [-- --rounds 5 --iterations 2000 --starts 15]

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    iterations: { type: 'string', default: '2000' },
    starts: { type: 'string', default: '15' },
    scenario: { type: 'string', default: '8x-h100' },
  },
});
const rounds = Number(args.rounds);
const iterations = Number(args.iterations);
const starts = Number(args.starts);

const root = process.cwd();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

execFileSync('node', ['test/fake-nvml/build.mjs'], { stdio: 'inherit' });
execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
const lib = join(root, 'build/fake-nvml/libnvidia-ml.so.1');
const scenario = join(root, `test/fake-nvml/scenarios/${args.scenario}.json`);
process.env.FAKE_NVML_SCENARIO = scenario;
delete process.env.FAKE_NVML_STEP;

// Inside the repository, so the bundle resolves koffi from node_modules.
mkdirSync(join(root, 'bench/out'), { recursive: true });
const dir = mkdtempSync(join(root, 'bench/out/snapshot-'));
try {
  const loop = join(dir, 'snapshot-loop');
  execFileSync('gcc', ['-O2', '-o', loop, 'bench/snapshot-loop.c', '-ldl']);
  const bundle = join(dir, 'nvml.mjs');
  await build({
    entryPoints: ['src/backends/nvml/index.ts'],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // koffi must load its native module from node_modules (STACK.md P9).
    external: ['koffi'],
    logLevel: 'warning',
  });
  const { openNvml } = await import(pathToFileURL(bundle).href);
  const opened = openNvml({ env: { GPUWISE_NVML_LIB: lib }, platform: 'linux' });
  if (!opened.ok) throw new Error(`NVML did not open: ${opened.unavailable.detail}`);
  const backend = opened.backend;
  const first = await backend.read(); // reads and caches the identity, as a session's first snapshot does
  for (let i = 0; i < 200; i++) await backend.read();

  const ours = [];
  const baseline = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < iterations; i++) await backend.read();
    ours.push(((performance.now() - started) * 1000) / iterations);
    baseline.push(Number(execFileSync(loop, [lib, String(iterations)], { encoding: 'utf8' }).trim()));
  }
  await backend.close();

  // Cold start: whole processes, alternating, so both see the same machine load.
  const env = { ...process.env, GPUWISE_NVML_LIB: lib, FAKE_NVML_SCENARIO: scenario };
  const time = (argv) => {
    const started = performance.now();
    const result = spawnSync(process.execPath, argv, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`${argv.join(' ')} exited ${result.status}`);
    return performance.now() - started;
  };
  time(['-e', '0']);
  time(['bin/gpuwise.mjs', 'info', '--json']);
  const nodeStarts = [];
  const infoStarts = [];
  for (let i = 0; i < starts; i++) {
    nodeStarts.push(time(['-e', '0']));
    infoStarts.push(time(['bin/gpuwise.mjs', 'info', '--json']));
  }

  const oursUs = median(ours);
  const baselineUs = median(baseline);
  const infoMs = median(infoStarts);
  const nodeMs = median(nodeStarts);
  const gpus = first.devices.length;
  const row = (name, value, unit) => console.log(`${name.padEnd(44)} ${value.toFixed(1).padStart(9)} ${unit}`);
  console.log(`snapshot of ${gpus} GPUs (${args.scenario}), median of ${rounds} rounds × ${iterations}`);
  row('gpuwise NVML backend read()', oursUs, 'µs');
  row('C loop, same NVML calls', baselineUs, 'µs');
  row('ratio (target ≤ 1.5)', oursUs / baselineUs, '×');
  console.log(`cold start, median of ${starts}`);
  row('gpuwise info --json', infoMs, 'ms');
  row('node -e 0', nodeMs, 'ms');
  row('ratio (target ≤ 2)', infoMs / nodeMs, '×');
  console.log(
    JSON.stringify({
      bench: 'snapshot',
      gpus,
      ours_us: Number(oursUs.toFixed(2)),
      baseline_us: Number(baselineUs.toFixed(2)),
      ratio: Number((oursUs / baselineUs).toFixed(2)),
      cold_start_ms: Number(infoMs.toFixed(1)),
      node_start_ms: Number(nodeMs.toFixed(1)),
      cold_start_ratio: Number((infoMs / nodeMs).toFixed(2)),
    }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
