// Bundles a benchmark's child program the way scripts/build.mjs bundles the CLI (esbuild, ESM,
// koffi external, the NVML worker beside it), into a fresh folder under bench/out/ — inside the
// repository, so koffi resolves from node_modules. What the child loads is then what a command
// built on the same modules would load, not the whole library entry.

import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** Builds `entries` ({ name: path }) plus nvml-worker.mjs; returns the folder. */
export async function bundleChild(root, entries) {
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  const dir = mkdtempSync(join(root, 'bench/out/run-'));
  await build({
    absWorkingDir: root,
    entryPoints: { ...entries, 'nvml-worker': 'src/backends/nvml/worker-entry.ts' },
    outdir: dir,
    splitting: true,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: ['koffi'],
    banner: { js: "import { createRequire as __gpuwiseCreateRequire } from 'node:module'; const require = __gpuwiseCreateRequire(import.meta.url);" },
    minify: true,
    logLevel: 'warning',
  });
  return dir;
}
