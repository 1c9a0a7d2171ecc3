// Benchmark: one-shot `gpuwise info --json` (the built CLI, bin/gpuwise.cjs → dist/) on the fake
// 8×H100 with real call costs, against bare `node -e 0` in the same run: wall time (aim ≤ 2×)
// and peak RSS (aim ≤ 1.2×). Whole processes, alternating, so both see the same machine load;
// peak RSS from /usr/bin/time (GNU time's %M, the kernel's maxrss). Where Debian's python3 and
// the peers are there (../shared/peers/README.md), gpustat --json and nvitop --once too.
// Prints a table, then as the LAST line one JSON object with the figures.
//
//   npm run bench:info [-- --starts 15 --scenario 8x-h100-real-costs --keep-env]
//
// The measured processes run without NODE_EXTRA_CA_CERTS unless --keep-env (./lib/node-env.mjs).

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchNodeEnv, removedNote } from './lib/node-env.mjs';

const { values: args } = parseArgs({
  options: {
    starts: { type: 'string', default: '15' },
    scenario: { type: 'string', default: '8x-h100-real-costs' },
    peers: { type: 'string', default: 'auto' },
    'keep-env': { type: 'boolean', default: false },
  },
});
const starts = Number(args.starts);
const root = process.cwd();
const TIME = '/usr/bin/time';
const PYTHON = '/usr/bin/python3';
const peersDir = join(root, '../shared/peers');
if (!existsSync(TIME)) throw new Error(`${TIME} (GNU time) is needed for peak RSS: apt-get install time`);

execFileSync('node', ['test/fake-nvml/build.mjs'], { stdio: 'inherit' });
execFileSync('node', ['scripts/build.mjs'], { stdio: 'inherit' });
const clean = benchNodeEnv(process.env, args['keep-env']);
const env = {
  ...clean.env,
  GPUWISE_NVML_LIB: join(root, 'build/fake-nvml/libnvidia-ml.so.1'),
  FAKE_NVML_SCENARIO: join(root, `test/fake-nvml/scenarios/${args.scenario}.json`),
  LANG: 'en_US.UTF-8',
};
delete env.FAKE_NVML_STEP;
const pyEnv = { ...env, LD_LIBRARY_PATH: join(root, 'build/fake-nvml'), PYTHONPATH: ['nvml', 'gpustat', 'nvitop'].map((p) => join(peersDir, p)).join(':') };

/** One run: wall ms (timed here, without /usr/bin/time in between) or peak RSS in KiB. */
function wallMs(command, argv, runEnv) {
  const started = performance.now();
  const result = spawnSync(command, argv, { env: runEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${argv.join(' ')} exited ${result.status}`);
  return performance.now() - started;
}
function peakKiB(command, argv, runEnv) {
  const result = spawnSync(TIME, ['-f', '%M', command, ...argv], { env: runEnv, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`${command} ${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
  return Number(result.stderr.trim().split('\n').pop());
}

const subjects = [
  { name: 'node -e 0 (baseline)', command: process.execPath, argv: ['-e', '0'], env },
  { name: 'gpuwise info --json', command: process.execPath, argv: ['bin/gpuwise.cjs', 'info', '--json'], env },
];
const peers = args.peers !== 'none' && existsSync(peersDir) && spawnSync(PYTHON, ['-c', 'import psutil, blessed, termcolor, cachetools'], { stdio: 'ignore' }).status === 0;
if (peers) {
  subjects.push({ name: 'python3 -c pass (baseline)', command: PYTHON, argv: ['-c', 'pass'], env: pyEnv });
  subjects.push({ name: 'gpustat --json (incl. its 0.8 s sleep)', command: PYTHON, argv: ['-m', 'gpustat', '--json'], env: pyEnv });
  subjects.push({ name: 'nvitop --once', command: PYTHON, argv: ['-m', 'nvitop', '--once'], env: pyEnv });
}

for (const s of subjects) {
  wallMs(s.command, s.argv, s.env); // warm the page cache
  s.walls = [];
  s.peaks = [];
}
for (let i = 0; i < starts; i++) {
  for (const s of subjects) {
    s.walls.push(wallMs(s.command, s.argv, s.env));
    s.peaks.push(peakKiB(s.command, s.argv, s.env));
  }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const s of subjects) {
  s.wall_ms = Number(median(s.walls).toFixed(1));
  s.peak_rss_mib = Number((median(s.peaks) / 1024).toFixed(1));
}
const [node, info] = subjects;
console.log(`one-shot, ${args.scenario}, median of ${starts} starts each`);
console.log(`${'process'.padEnd(40)} ${'wall ms'.padStart(9)} ${'peak RSS MiB'.padStart(13)}`);
for (const s of subjects) console.log(`${s.name.padEnd(40)} ${s.wall_ms.toFixed(1).padStart(9)} ${s.peak_rss_mib.toFixed(1).padStart(13)}`);
const wallRatio = info.wall_ms / node.wall_ms;
const rssRatio = info.peak_rss_mib / node.peak_rss_mib;
console.log(`info --json / node -e 0: wall ${wallRatio.toFixed(2)}× (aim ≤ 2), peak RSS ${rssRatio.toFixed(3)}× (aim ≤ 1.2)`);
const note = removedNote(clean.removed);
if (note) console.log(note);
console.log(
  JSON.stringify({
    bench: 'info',
    scenario: args.scenario,
    starts,
    info_wall_ms: info.wall_ms,
    node_wall_ms: node.wall_ms,
    wall_ratio: Number(wallRatio.toFixed(2)),
    info_peak_rss_mib: info.peak_rss_mib,
    node_peak_rss_mib: node.peak_rss_mib,
    peak_rss_ratio: Number(rssRatio.toFixed(3)),
    env_removed: clean.removed,
    others: subjects.slice(2).map((s) => ({ name: s.name, wall_ms: s.wall_ms, peak_rss_mib: s.peak_rss_mib })),
  }),
);
