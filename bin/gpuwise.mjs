#!/usr/bin/env node
// Entry point of the `gpuwise` command: runs the bundle that `npm install` / `npm run build` made.
try {
  await import('../dist/cli.mjs');
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli.mjs')) {
    console.error('gpuwise is not built yet: run `npm run build` (or `npm install`) in the gpuwise folder.');
    console.error('gpuwise 尚未构建：请在 gpuwise 目录中运行 `npm run build`（或 `npm install`）。');
    process.exitCode = 1;
  } else {
    throw error;
  }
}
