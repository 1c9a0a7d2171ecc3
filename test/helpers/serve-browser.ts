// One test file's `serve` and Chromium: a fresh folder, the built CLI's `serve` over the fake NVML
// scenario the file names (its history in that folder), and a browser, made before the file's
// tests and ended after them. For describe.skipIf(browserMissing()) blocks.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { fakeNvmlEnv } from '../fake-nvml/paths.js';
import { ensureBuilt, ROOT } from '../e2e/run-cli.js';
import { launchBrowser, startServe, type Browser, type RunningServe } from './browser.js';

export interface ServeAndBrowser {
  readonly serve: RunningServe;
  readonly browser: Browser;
  readonly dir: string;
}

/** `scenario(dir)`: the path of the scenario to serve (it may write one into `dir`). */
export function useServeAndBrowser(name: string, scenario: (dir: string) => string | Promise<string>): ServeAndBrowser {
  let dir = '';
  let serve: RunningServe | null = null;
  let browser: Browser | null = null;
  beforeAll(async () => {
    await ensureBuilt();
    if (!existsSync(join(ROOT, 'dist', 'web', 'index.html'))) throw new Error('dist/web/index.html is missing: run `npm run build` (it builds the dashboard too)');
    dir = mkdtempSync(join(tmpdir(), `gpuwise-${name}-`));
    serve = await startServe(['--interval', '0.2', '--db', join(dir, 'history.db')], fakeNvmlEnv(await scenario(dir)));
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get serve() {
      return serve!;
    },
    get browser() {
      return browser!;
    },
    get dir() {
      return dir;
    },
  };
}
