// esbuild options every bundle of gpuwise shares (scripts/build.mjs, scripts/build-cjs.mjs).

/** Native packages stay external: they load their .node binary from node_modules (STACK.md, pitfall P9). */
export const NATIVE_PACKAGES = ['koffi', 'better-sqlite3'];

/** One Node bundle, minified, with linked source maps and a metafile. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  minify: true,
  metafile: true,
  logLevel: 'warning',
};

/** Split ES modules: commands import their implementation lazily, splitting keeps those out of the start path. */
export const SPLIT_ESM = {
  ...NODE_BUNDLE,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  external: NATIVE_PACKAGES,
};
