// The CLI as CommonJS: dist/cli.cjs and its chunks (dist/chunks/*.cjs). A one-shot command is
// mostly Node's own start-up, and Node's ES module loader adds to it: the loader itself, and the
// wrapper of each builtin an ES module imports, which reads every export (`node:fs` thereby loads
// fs/promises and readline, `node:util` parseArgs and MIME). Measured on `info --json`: −1.4 MiB
// of peak RSS and a tenth of the wall time (docs/benchmarks.md, "Round four").
//
// esbuild splits only ES modules, so the CLI is bundled in two passes: first split as ES modules
// (as dist/ always was), then each output converted to CommonJS on its own, imports between the
// outputs kept as require() of the converted files. A dynamic import() of a chunk becomes a
// require() inside a promise: the lazy commands stay lazy. The V8 flags must be set before any
// other code runs, so they are an entry of their own that dist/cli.cjs requires first (a one-shot
// command's flags another, src/cli/one-shot.ts, with its code cache, src/cli/one-shot-code-cache.ts,
// made by scripts/code-cache.mjs once the build is done).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { NODE_BUNDLE, SPLIT_ESM } from './esbuild-options.mjs';

// What import.meta.url is in the ES modules: each converted file's own URL, as it was. Only the
// few files that use it keep the line that makes it (pathToFileURL in every chunk cost a start
// ~5 ms); the line is blanked, not removed, so the source maps stay right.
const MODULE_URL = '__gpuwiseModuleUrl';
const BANNER = `var ${MODULE_URL}=require("node:url").pathToFileURL(__filename).href;`;

/** Builds dist/cli.cjs, dist/chunks/cli-*.cjs and the chunks they load; returns their paths. */
export async function buildCommonJsCli({ root, outdir, plugins, inject, flagsEntry, oneShotEntry, mainEntry }) {
  const esm = await build({
    ...SPLIT_ESM,
    entryPoints: { 'chunks/cli-one-shot': oneShotEntry, 'chunks/cli-flags': flagsEntry, 'chunks/cli-main': mainEntry },
    plugins,
    inject,
    absWorkingDir: root,
    outdir,
    write: false,
    define: { 'import.meta.url': MODULE_URL },
  });
  // Which modules went into which chunk (bytes each), for measuring a start path.
  if (process.env.GPUWISE_BUILD_METAFILE) writeFileSync(process.env.GPUWISE_BUILD_METAFILE, JSON.stringify(esm.metafile));
  // The first pass goes to a scratch folder (build/ is git-ignored), the second reads it from
  // there with its source maps, so the maps of the CommonJS files point at the TypeScript.
  const scratch = join(root, 'build', `cli-esm-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  const entries = [];
  for (const file of esm.outputFiles) {
    const path = join(scratch, relative(outdir, file.path));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.contents);
    if (path.endsWith('.mjs')) entries.push(path);
  }
  let converted;
  try {
    converted = await build({
      ...NODE_BUNDLE,
      entryPoints: entries,
      absWorkingDir: root,
      outbase: scratch,
      outdir,
      format: 'cjs',
      outExtension: { '.js': '.cjs' },
      // import() of a chunk becomes require() in a promise (a real import() would start the ES
      // module loader again).
      supported: { 'dynamic-import': false },
      banner: { js: BANNER },
      plugins: [
        {
          name: 'gpuwise-cjs-chunks',
          setup(b) {
            // Every import stays an import of its own file: chunks by their converted name.
            b.onResolve({ filter: /.*/ }, (args) =>
              args.kind === 'entry-point' ? undefined : { path: args.path.startsWith('.') ? args.path.replace(/\.mjs$/, '.cjs') : args.path, external: true },
            );
          },
        },
      ],
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  for (const file of Object.keys(converted.metafile.outputs)) {
    if (!file.endsWith('.cjs')) continue;
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    if (text.startsWith(BANNER) && !text.includes(MODULE_URL, BANNER.length)) writeFileSync(path, text.slice(BANNER.length));
  }
  const entry = join(outdir, 'cli.cjs');
  writeFileSync(
    entry,
    `"use strict";\n// The gpuwise CLI (scripts/build-cjs.mjs): the V8 flags first (a one-shot command's, and its code cache; else the CLI's), then the program.\nif (!require("./chunks/cli-one-shot.cjs").oneShot(process.argv, __dirname)) require("./chunks/cli-flags.cjs");\nrequire("./chunks/cli-main.cjs");\n`,
  );
  return [...Object.keys(converted.metafile.outputs).map((file) => join(root, file)), entry];
}
