// koffi, loaded through its CommonJS entry: half the start-up cost of its ES module entry
// (measured on Node 20: ~13 ms against ~25 ms), which `gpuwise info` pays on every run.
//
// Loaded on first use, not on import: `import { listGpus } from 'gpuwise'` and the main thread of
// the worker-thread backend import this module but never call NVML, and mapping koffi's native
// addon costs them ~3 MiB of RSS (docs/benchmarks.md). The proxy only forwards property reads.

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

type Koffi = typeof import('koffi');

let loaded: Koffi | undefined;
const load = (): Koffi => (loaded ??= requireKoffi());

/**
 * By its file where it can: `require('koffi')` reads the package's `exports` map, and that loads
 * Node's ES-module resolver (four modules: ~0.3 MiB of a one-shot `info --json`'s peak,
 * docs/benchmarks.md round four). The file is the one the map names for `require`; where the
 * package is laid out otherwise, the plain require.
 */
function requireKoffi(): Koffi {
  const require = createRequire(import.meta.url);
  for (const dir of require.resolve.paths('koffi') ?? []) {
    const file = join(dir, 'koffi', 'index.cjs');
    if (existsSync(file)) return require(file) as Koffi;
  }
  return require('koffi') as Koffi;
}

const koffi = new Proxy({} as Koffi, { get: (_target, key) => Reflect.get(load(), key) });
export default koffi;
