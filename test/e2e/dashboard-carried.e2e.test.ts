// The dashboard in real headless Chromium over a workstation GPU that drives a desktop
// (`rtx4090-desktop-costs`: its graphics process list costs 4.5 ms a call, so `serve` reads it
// every 5 s and carries it between): the graphics clients' rows say how old their list is, the
// training job's (a quick list) does not.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { browserMissing, launchBrowser, startServe, type Browser, type RunningServe } from '../helpers/browser.js';
import { ensureBuilt } from './run-cli.js';

const missing = browserMissing();
let dir = '';
let serve: RunningServe | null = null;
let browser: Browser | null = null;

describe.skipIf(missing !== null)(`dashboard, a slow process list${missing ? ` (skipped: ${missing})` : ''}`, () => {
  beforeAll(async () => {
    await ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'gpuwise-dashboard-carried-'));
    serve = await startServe(['--interval', '0.2', '--db', join(dir, 'history.db')], fakeNvmlEnv(scenarioPath('rtx4090-desktop-costs')));
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('marks the rows of a carried list with its age, in English and in Chinese', async () => {
    const page = await browser!.newPage();
    await page.goto(`${serve!.origin}/#/`);
    // Xorg (1873) is a graphics client; 9120 the training job in the compute list.
    const xorg = page.locator('[data-testid="gpu-process"][data-pid="1873"] .process-memory');
    await expect.poll(() => xorg.getAttribute('data-listed-age-ms'), { timeout: 15_000, interval: 200 }).not.toBeNull();
    const age = Number(await xorg.getAttribute('data-listed-age-ms'));
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(5000);
    expect(await xorg.getAttribute('title')).toMatch(/^Listed \d s ago: this GPU's process list is slow to read, so it is read every 5 s\.$/);
    const job = page.locator('[data-testid="gpu-process"][data-pid="9120"] .process-memory');
    expect(await job.getAttribute('data-listed-age-ms')).toBeNull();
    expect(await job.getAttribute('title')).toBeNull();

    // The language saved in the browser, as the page's switch saves it (docs/dashboard.md).
    const zh = await browser!.newPage();
    await zh.addInitScript("localStorage.setItem('gpuwise.lang', 'zh-CN')");
    await zh.goto(`${serve!.origin}/#/`);
    const xorgZh = zh.locator('[data-testid="gpu-process"][data-pid="1873"] .process-memory');
    await expect.poll(() => xorgZh.getAttribute('title'), { timeout: 15_000, interval: 200 }).toMatch(/^\d 秒前列出：该 GPU 的进程列表读取较慢，每 5 秒读一次。$/);
  }, 60_000);
});
