// The measured process of bench:sampler: one sampler as `gpuwise top` / `serve` would run it
// (createSampler's defaults: NVML on the main thread under the deadline driver, sub-second samples,
// 900 rows of history),
// with the CLI's V8 flags unless told otherwise. Prints `ready` after the first sample; when a
// line arrives on stdin, one JSON line with what it saw from the inside, and exits. The parent
// reads CPU time and RSS from /proc, from outside, before it asks.
//
//   node child.mjs --hz 1 [--v8-flags="…"|--v8-flags=none (flags apart by spaces or commas)] [--worker|--inline] [--no-proc] [--all-pool] [--no-compaction]
//                  [--compaction-growth 1.5]   (the old space's growth past which the periodic compaction runs)
//                  [--compaction-interval 15]  (seconds between its checks; the CLI's is 30)
//
// --worker reads NVML in the worker thread (isolateNvml), --inline on the main thread, whatever
// the sampler's default; --no-proc leaves out the host details of each GPU process (the /proc
// reads per process): all only to find where memory goes. --all-pool sends every NVML call to
// libuv's pool (no synchronous calls after a probe, src/backends/nvml/sync-trust.ts);
// --no-compaction leaves out the CLI's periodic compacting GC (scripts/v8-flags.mjs).

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { applyCliV8Flags, CLI_V8_FLAGS, startHeapCompaction } from '../../scripts/v8-flags.mjs';
import { unavoidableCost } from './nvml-floor.mjs';

const { values: args } = parseArgs({ options: { hz: { type: 'string' }, 'v8-flags': { type: 'string' }, inline: { type: 'boolean' }, worker: { type: 'boolean' }, 'no-proc': { type: 'boolean' }, 'all-pool': { type: 'boolean' }, 'no-compaction': { type: 'boolean' }, 'compaction-growth': { type: 'string' }, 'compaction-interval': { type: 'string' } } });
const flags = args['v8-flags'] === undefined ? CLI_V8_FLAGS : args['v8-flags'] === 'none' ? [] : args['v8-flags'].split(/[\s,]+/).filter(Boolean);
applyCliV8Flags(flags);
// The CLI's heap policy too, unless measuring without the CLI's settings (or told not to).
if (args['v8-flags'] !== 'none' && !args['no-compaction']) startHeapCompaction(
    args['compaction-interval'] === undefined ? undefined : 1000 * Number(args['compaction-interval']),
    args['compaction-growth'] === undefined ? undefined : Number(args['compaction-growth']),
  );

// Imported after the flags, as dist/cli.mjs does.
const { createSampler } = await import('../../src/monitor/index.ts');
const { createHostReader } = await import('../../src/host/index.ts');

/** The real host summary, but the GPU processes pass through as the backend gave them. */
function hostWithoutProcessDetails() {
  const host = createHostReader();
  return { readSummary: () => host.readSummary(), enrichProcesses: async (processes) => ({ processes, problems: [] }) };
}
const sessionOptions = {
  ...(args.inline ? { isolateNvml: false } : args.worker ? { isolateNvml: true } : {}),
  ...(args['no-proc'] ? { host: hostWithoutProcessDetails() } : {}),
  ...(args['all-pool'] ? { syncAfterProbe: false } : {}),
};
const sampler = await createSampler({ intervalMs: 1000 / Number(args.hz), sessionOptions });
let backendMs = 0;
let hostMs = 0;
let samples = 0;
sampler.subscribe((sample) => {
  samples++;
  backendMs += sample.backendMs;
  hostMs += sample.hostMs;
});
const first = await sampler.first();
const seenAtStart = samples;
process.stdout.write(`ready ${first.snapshot.devices.length} ${first.snapshot.processes.length}\n`);

await new Promise((resolve) => process.stdin.once('data', resolve));
const memory = process.memoryUsage();
const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
/** Resident kB per kind from smaps_rollup (anonymous, private/shared dirty…): where RSS is. */
const rollupKiB = () => Object.fromEntries([...rollup.matchAll(/^(\w+):\s+(\d+) kB/gm)].map((m) => [m[1], Number(m[2])]));
const rollup = readFileSync('/proc/self/smaps_rollup', 'utf8');
/** Resident MiB per mapped file (and permission), largest first: where file-backed RSS is. */
function residentFiles() {
  const totals = new Map();
  let key = null;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (mapping) {
      key = mapping[2] !== '0' ? `${mapping[3].split('/').pop()} ${mapping[1]}` : null;
      continue;
    }
    const rss = /^Rss:\s+(\d+)/.exec(line);
    if (rss && key) totals.set(key, (totals.get(key) ?? 0) + Number(rss[1]));
  }
  return Object.fromEntries([...totals].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, kib]) => [k, Number((kib / 1024).toFixed(1))]));
}
const rollupBytes = (key) => 1024 * Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? NaN);
const latest = sampler.latest();
// Live heap: what a full GC keeps (the parent has read RSS already; this GC cannot flatter it).
v8.setFlagsFromString('--expose-gc');
vm.runInNewContext('gc')();
const live = process.memoryUsage();
await sampler.stop();
// What the modelled driver alone costs per sample (wall, and CPU: the fake spins short calls).
const floor = latest ? unavoidableCost(JSON.parse(readFileSync(process.env.FAKE_NVML_SCENARIO, 'utf8')), latest.snapshot, { intervalMs: 1000 / Number(args.hz) }) : null;
process.stdout.write(
  `${JSON.stringify({
    samples: samples - seenAtStart,
    seq: latest?.seq ?? 0,
    devices: latest?.snapshot.devices.length ?? 0,
    processes: latest?.snapshot.processes.length ?? 0,
    meanBackendMs: backendMs / Math.max(1, samples),
    meanHostMs: hostMs / Math.max(1, samples),
    floorUs: floor?.totalUs ?? null,
    floorCpuUs: floor?.cpuUs ?? null,
    historyBytes: sampler.historyBytes(),
    heapTotal: memory.heapTotal,
    heapUsed: memory.heapUsed,
    heapLiveAfterGc: live.heapUsed,
    external: memory.external,
    arrayBuffers: memory.arrayBuffers,
    newSpace: spaces.new_space,
    oldSpace: spaces.old_space,
    anonymousBytes: rollupBytes('Anonymous'),
    fileBackedBytes: rollupBytes('Rss') - rollupBytes('Anonymous'),
    residentFilesMiB: residentFiles(),
    heapSpaces: spaces,
    rollupKiB: rollupKiB(),
    flags,
  })}\n`,
);
// Without waiting for the worker thread: one stuck in the driver would hold the process open.
process.exit(0);
