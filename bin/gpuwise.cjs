#!/usr/bin/env node
// Entry point of the `gpuwise` command: runs the bundle that `npm install` / `npm run build` made.
// CommonJS, like the bundle (scripts/build-cjs.mjs): a one-shot command starts without Node's ES
// module loader. bin/gpuwise.mjs does the same from an ES module.
'use strict';
try {
  require('../dist/cli.cjs');
} catch (error) {
  // Only dist/cli.cjs itself missing; a chunk missing inside it is a broken build, shown as is.
  if (error?.code === 'MODULE_NOT_FOUND' && String(error.message).split('\n')[0].includes('dist/cli.cjs')) {
    console.error('gpuwise is not built yet: run `npm run build` (or `npm install`) in the gpuwise folder.');
    console.error('gpuwise 尚未构建：请在 gpuwise 目录中运行 `npm run build`（或 `npm install`）。');
    process.exitCode = 1;
  } else {
    throw error;
  }
}
