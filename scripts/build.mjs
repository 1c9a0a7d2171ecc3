// Bundles the CLI, the library entry and the NVML worker into dist/ for a fast start. Native packages (koffi) stay external: they must
// load their .node binary from node_modules (STACK.md, pitfall P9).
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { catalogPlugin } from './build-catalog.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// dist/cli.mjs sets the CLI's V8 flags (scripts/v8-flags.mjs), then imports the CLI: dynamically,
// because a bundle's static imports (shared chunks) would all be evaluated before the flags. The
// library entry sets none — a library must not change its host application's heap.
const CLI_ENTRY = `import 'gpuwise:v8-flags'; await import('./src/cli/main.ts');`;
const V8_FLAGS = `import { applyCliV8Flags, startHeapCompaction } from './scripts/v8-flags.mjs'; applyCliV8Flags(); startHeapCompaction();`;

/** Serves the two modules above: the CLI's entry and the flags it imports first. */
const cliEntry = {
  name: 'gpuwise-cli-entry',
  setup(b) {
    b.onResolve({ filter: /^gpuwise:(cli|v8-flags)$/ }, (args) => ({ path: args.path, namespace: 'gpuwise' }));
    b.onLoad({ filter: /.*/, namespace: 'gpuwise' }, (args) => ({
      contents: args.path === 'gpuwise:cli' ? CLI_ENTRY : V8_FLAGS,
      resolveDir: root,
      loader: 'js',
    }));
  },
};

// commander requires node:child_process when it loads, for executable subcommands (`git-foo`
// style), which gpuwise has none of; loaded on first use instead, the one-shot commands do without
// it (child_process and what it pulls in: net, dgram, ~0.4 MiB of a start's peak RSS).
const lazyCommanderChildProcess = {
  name: 'gpuwise-lazy-commander-child-process',
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!source.includes(eager)) throw new Error(`build: commander no longer loads child_process as \`${eager}\`; update scripts/build.mjs`);
      return { contents: source.replace(eager, "let childProcessModule; const childProcess = { spawn: (...a) => (childProcessModule ??= require('node:child_process')).spawn(...a) };"), loader: 'js' };
    });
  },
};

// GPUWISE_DIST_DIR: build elsewhere than dist/ (a benchmark's or an experiment's copy, without
// pulling dist/ from under tests running beside it); inside the repository, so that koffi still
// resolves from node_modules.
const outdir = process.env.GPUWISE_DIST_DIR ? fileURLToPath(new URL(process.env.GPUWISE_DIST_DIR, `file://${process.cwd()}/`)) : `${root}dist`;

// Chunk names carry content hashes: without this, dist/chunks keeps every old build's (and npm
// would publish them).
rmSync(`${outdir}/chunks`, { recursive: true, force: true });

await build({
  // The NVML worker thread is an entry of its own: long-running commands start it by file.
  entryPoints: { cli: 'gpuwise:cli', index: 'src/index.ts', 'nvml-worker': 'src/backends/nvml/worker-entry.ts' },
  plugins: [cliEntry, lazyCommanderChildProcess, await catalogPlugin(root, outdir)],
  absWorkingDir: root,
  outdir,
  // Commands import their implementation lazily; splitting keeps those out of the start path.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // better-sqlite3 loads its compiled .node file from node_modules too.
  external: ['koffi', 'better-sqlite3'],
  // Bundled CommonJS dependencies (commander) call require(); give them one (pitfall P8).
  banner: { js: "import { createRequire as __gpuwiseCreateRequire } from 'node:module'; const require = __gpuwiseCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  minify: true,
  logLevel: 'warning',
});
