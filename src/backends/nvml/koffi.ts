// koffi, loaded through its CommonJS entry: half the start-up cost of its ES module entry
// (measured on Node 20: ~13 ms against ~25 ms), which `gpuwise info` pays on every run.
//
// Loaded on first use, not on import: `import { listGpus } from 'gpuwise'` and the main thread of
// the worker-thread backend import this module but never call NVML, and mapping koffi's native
// addon costs them ~3 MiB of RSS (docs/benchmarks.md). The proxy only forwards property reads.

import { createRequire } from 'node:module';

type Koffi = typeof import('koffi');

let loaded: Koffi | undefined;
const load = (): Koffi => (loaded ??= createRequire(import.meta.url)('koffi') as Koffi);

const koffi = new Proxy({} as Koffi, { get: (_target, key) => Reflect.get(load(), key) });
export default koffi;
