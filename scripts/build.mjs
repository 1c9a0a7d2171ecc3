// Bundles the CLI, the library entry and the NVML worker into dist/ for a fast start (the options
// they share: scripts/esbuild-options.mjs). The CLI is CommonJS
// (dist/cli.cjs, scripts/build-cjs.mjs); the library entry and the worker are ES modules.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildCommonJsCli } from './build-cjs.mjs';
import { SPLIT_ESM } from './esbuild-options.mjs';
import { catalogPlugin } from './build-catalog.mjs';
import { recordCodeCache } from './code-cache.mjs';
import { CLI_V8_FLAGS } from './v8-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// dist/cli.cjs sets the CLI's V8 flags (scripts/v8-flags.mjs) before it loads the program: an
// entry of its own, since a bundle's shared chunks would otherwise be evaluated before the flags.
// A one-shot command sets the same flags and its own through src/cli/one-shot.ts first (without
// node:v8, so the list is written into that entry here), then puts on its code cache
// (src/cli/one-shot-code-cache.ts); anything else gets the usual entry.
// The library entry sets none — a library must not change its host application's heap.
const V8_FLAGS = `import { applyCliV8Flags, startHeapCompaction } from './scripts/v8-flags.mjs'; applyCliV8Flags(); startHeapCompaction();`;
// Its code cache in the same chunk: a file more to load would cost a start more than the code.
const V8_FLAGS_ONE_SHOT = `import { oneShotStart } from './src/cli/one-shot.ts'; import { useCodeCache } from './src/cli/one-shot-code-cache.ts'; export const oneShot = (argv, distDir) => oneShotStart(argv, ${JSON.stringify(CLI_V8_FLAGS)}) && (useCodeCache(distDir), true);`;
const VIRTUAL = { 'gpuwise:v8-flags': V8_FLAGS, 'gpuwise:v8-flags-one-shot': V8_FLAGS_ONE_SHOT };

/** Serves the modules above as `gpuwise:v8-flags` and `gpuwise:v8-flags-one-shot`. */
const v8FlagsEntry = {
  name: 'gpuwise-v8-flags-entry',
  setup(b) {
    b.onResolve({ filter: /^gpuwise:v8-flags(-one-shot)?$/ }, (args) => ({ path: args.path, namespace: 'gpuwise' }));
    b.onLoad({ filter: /.*/, namespace: 'gpuwise' }, (args) => ({ contents: VIRTUAL[args.path], resolveDir: root, loader: 'js' }));
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

// picocolors reads process.stdout.isTTY when it loads, for its default colours, which gpuwise never
// uses (every colour set comes from createColors(enabled), src/cli/context.ts): that read makes
// the stdout stream a one-shot command writes around (src/cli/direct-stdout.ts). Off in the CLI.
const picocolorsWithoutStdout = {
  name: 'gpuwise-picocolors-without-stdout',
  setup(b) {
    b.onLoad({ filter: /[\\/]picocolors[\\/]picocolors\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager = '((p.stdout || {}).isTTY && env.TERM !== "dumb")';
      if (!source.includes(eager)) throw new Error(`build: picocolors no longer reads stdout as \`${eager}\`; update scripts/build.mjs`);
      return { contents: source.replace(eager, 'false'), loader: 'js' };
    });
  },
};

// GPUWISE_DIST_DIR: build elsewhere than dist/ (a benchmark's or an experiment's copy, without
// pulling dist/ from under tests running beside it); inside the repository, so that koffi still
// resolves from node_modules.
const outdir = process.env.GPUWISE_DIST_DIR ? fileURLToPath(new URL(process.env.GPUWISE_DIST_DIR, `file://${process.cwd()}/`)) : `${root}dist`;


const catalog = await catalogPlugin(root, outdir);

const esm = await build({
  ...SPLIT_ESM,
  // The NVML worker thread is an entry of its own: long-running commands start it by file.
  entryPoints: { index: 'src/index.ts', 'nvml-worker': 'src/backends/nvml/worker-entry.ts' },
  plugins: [lazyCommanderChildProcess, catalog],
  absWorkingDir: root,
  outdir,
  // Bundled CommonJS dependencies (commander) call require(); give them one (pitfall P8).
  banner: { js: "import { createRequire as __gpuwiseCreateRequire } from 'node:module'; const require = __gpuwiseCreateRequire(import.meta.url);" },
});

const cjsOutputs = await buildCommonJsCli({ root, outdir, plugins: [v8FlagsEntry, lazyCommanderChildProcess, picocolorsWithoutStdout, catalog],
  // performance.now() in the CLI: src/cli/one-shot-clock.ts.
  inject: ['src/cli/one-shot-clock.ts'],
  flagsEntry: 'gpuwise:v8-flags', oneShotEntry: 'gpuwise:v8-flags-one-shot', mainEntry: 'src/cli/main.ts' });

// dist/cli.mjs, for whoever starts the CLI as an ES module (bin/gpuwise.mjs, scripts): the same CLI.
writeFileSync(
  `${outdir}/cli.mjs`,
  `// The gpuwise CLI is CommonJS (dist/cli.cjs, scripts/build-cjs.mjs); this runs it from an ES module.\nimport { createRequire } from 'node:module';\ncreateRequire(import.meta.url)('./cli.cjs');\n`,
);
rmSync(`${outdir}/cli.mjs.map`, { force: true });

// Chunk names carry content hashes: without this, dist/chunks keeps every old build's (and npm
// would publish them). Removed only now, after the new ones are written: a CLI started from dist/
// meanwhile (other work's tests) still finds every chunk its entry names.
const built = new Set([...Object.keys(esm.metafile.outputs).map((file) => join(root, file)), ...cjsOutputs]);
for (const name of readdirSync(`${outdir}/chunks`)) {
  if (!built.has(join(outdir, 'chunks', name))) rmSync(join(outdir, 'chunks', name), { force: true });
}

// Last, once every chunk is in place: the one-shot code cache (src/cli/one-shot-code-cache.ts).
recordCodeCache({ root, outdir });
