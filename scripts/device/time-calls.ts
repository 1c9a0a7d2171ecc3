// Times each NVML function gpuwise calls, on the GPUs of this machine, cold and warm, wall and CPU
// (src/backends/nvml/call-timings.ts), persistence mode as found: the figures issue 8 asks a lent
// GPU for, to replace the assumed costs of test/fake-nvml/scenarios/8x-h100-real-costs.json.
//
// 1. The reader's own reads (src/backends/nvml/reader.ts), every call timed as it makes it: one
//    read cold, then `--reads` more 200 ms apart (GPM needs 100 ms between samples).
// 2. The calls it makes only where a driver lacks something (the fallbacks), a few each:
//    GetPowerUsage, GetTotalEccErrors, GetViolationStatus, GetPcieThroughput (20 ms a call).
// 3. Each field of the reader's field-values batch alone, against the same call for a field no
//    driver has, with NVML's own `latencyUsec` for it (how long the value took inside NVML).
// Prints one JSON object: the timings, and `scenario` — callCostUs / fieldCostUs to paste (less
// what the clocks themselves add, `overheadUs`).
//
// Bundled by scripts/device/pack.sh into .device/time-calls.mjs (koffi external); here:
//   GPUWISE_NVML_LIB=build/fake-nvml/libnvidia-ml.so.1 FAKE_NVML_SCENARIO=… npx tsx scripts/device/time-calls.ts --reads 20

import { parseArgs } from 'node:util';
import { costsFromTimings, measureOverhead, recordCalls, threadCpuClock, timeFields, type CallClocks } from '../../src/backends/nvml/call-timings.js';
import { readerOptions } from '../../src/backends/nvml/index.js';
import { ECC_COUNTER_TYPE, ECC_ERROR_TYPE, FIELD_ID } from '../../src/backends/nvml/layouts.js';
import { loadNvmlLibrary } from '../../src/backends/nvml/library.js';
import { NvmlReader } from '../../src/backends/nvml/reader.js';
import { Scratch } from '../../src/backends/nvml/scratch.js';

const { values: args } = parseArgs({ options: { reads: { type: 'string', default: '20' }, repeats: { type: 'string', default: '20' } } });
const reads = Number(args.reads);
const repeats = Number(args.repeats);

const cpuNs = threadCpuClock();
const clocks: CallClocks = { wallNs: () => performance.now() * 1e6, cpuNs: cpuNs ?? (() => 0) };
const loaded = loadNvmlLibrary(process.platform, process.env);
if (!loaded.ok) throw new Error(`NVML did not load: ${loaded.detail}`);
const recorder = recordCalls(loaded.library, clocks);
const lib = recorder.library;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const started = clocks.wallNs();
if (lib.fn.init() !== 0) throw new Error('nvmlInit failed');
const initUs = (clocks.wallNs() - started) / 1000;

// 1. The reader, as the sampler runs it (sub-second samples and GPM on).
const reader = new NvmlReader(lib, readerOptions({ subSecondSamples: true, gpm: true }, process.platform));
const first = reader.read();
for (let i = 0; i < reads; i++) {
  await sleep(200);
  reader.read();
}

// 2. The fallbacks, on each GPU that answered.
const s = new Scratch();
const handles = reader.slots.map((slot) => slot?.handle ?? null).filter((h): h is bigint => h !== null);
for (const handle of handles) {
  for (let i = 0; i < repeats; i++) {
    lib.fn.powerUsage(handle, s.slot(0));
    for (const error of Object.values(ECC_ERROR_TYPE)) for (const counter of Object.values(ECC_COUNTER_TYPE)) lib.fn.totalEccErrors(handle, error, counter, s.slot(0));
    for (let policy = 0; policy < 6; policy++) lib.fn.violationStatus(handle, policy, s.structPointer);
  }
  // It samples for 20 ms a call: three of each counter.
  for (let i = 0; i < 3; i++) for (const counter of [0, 1]) lib.fn.pcieThroughput(handle, counter, s.slot(0));
}

// 3. The batch's fields one by one, on the first GPU.
const fields = handles[0] === undefined ? null : timeFields(loaded.library, handles[0], Object.values(FIELD_ID), repeats, clocks);
reader.close();
s.free();
lib.fn.shutdown();

const calls = recorder.timings();
const overhead = measureOverhead(clocks);
console.log(
  JSON.stringify({
    tool: 'scripts/device/time-calls',
    cpuClock: cpuNs ? 'CLOCK_THREAD_CPUTIME_ID' : 'none (not Linux): CPU figures are 0',
    library: loaded.library.path,
    driver: first.driver,
    gpus: first.devices.map((d) => ({ index: d.index, name: d.name, persistenceMode: d.persistenceMode, state: d.state })),
    reads: reads + 1,
    initUs: Math.round(initUs),
    // What the clocks add to each timed call (subtracted in `scenario`, not in `calls`).
    overheadUs: overhead.warmWallUs,
    calls,
    fieldBase: fields?.base ?? null,
    fields: fields?.fields ?? [],
    scenario: costsFromTimings({ calls, fields: fields?.fields, fieldBase: fields?.base, overheadUs: overhead.warmWallUs ?? 0 }),
  }),
);
