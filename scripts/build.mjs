// Bundles the CLI, the library entry and the NVML worker into dist/ for a fast start. Native packages (koffi) stay external: they must
// load their .node binary from node_modules (STACK.md, pitfall P9).
import { build } from 'esbuild';

await build({
  // The NVML worker thread is an entry of its own: long-running commands start it by file.
  entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts', 'nvml-worker': 'src/backends/nvml/worker-entry.ts' },
  outdir: 'dist',
  // Commands import their implementation lazily; splitting keeps those out of the start path.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: ['koffi'],
  // Bundled CommonJS dependencies (commander) call require(); give them one (pitfall P8).
  banner: { js: "import { createRequire as __gpuwiseCreateRequire } from 'node:module'; const require = __gpuwiseCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  minify: true,
  logLevel: 'warning',
});
