// The dashboard in real headless Chromium over a workstation GPU that drives a desktop
// (`rtx4090-desktop-costs`: its graphics process list costs 4.5 ms a call, so `serve` reads it
// every 5 s and carries it between): the graphics clients' rows say how old their list is, the
// training job's (a quick list) does not.

import { describe, expect, it } from 'vitest';
import { scenarioPath } from '../fake-nvml/paths.js';
import { browserMissing } from '../helpers/browser.js';
import { useServeAndBrowser } from '../helpers/serve-browser.js';

// Skipped only where Debian's Chromium is not installed; the title then says so (CI installs it).
const missing = browserMissing();

describe.skipIf(missing !== null)(`dashboard, a slow process list${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const ctx = useServeAndBrowser('dashboard-carried', () => scenarioPath('rtx4090-desktop-costs'));

  it('marks the rows of a carried list with its age, in English and in Chinese', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.serve.origin}/#/`);
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
    const zh = await ctx.browser.newPage();
    await zh.addInitScript("localStorage.setItem('gpuwise.lang', 'zh-CN')");
    await zh.goto(`${ctx.serve.origin}/#/`);
    const xorgZh = zh.locator('[data-testid="gpu-process"][data-pid="1873"] .process-memory');
    await expect.poll(() => xorgZh.getAttribute('title'), { timeout: 15_000, interval: 200 }).toMatch(/^\d 秒前列出：该 GPU 的进程列表读取较慢，每 5 秒读一次。$/);
  }, 60_000);

  it('marks them on the processes page too, now, and not in the range view (the history keeps no ages)', async () => {
    const page = await ctx.browser.newPage();
    // The browser's storage is shared with the test above, which chose Chinese.
    await page.addInitScript("localStorage.setItem('gpuwise.lang', 'en')");
    await page.goto(`${ctx.serve.origin}/#/processes`);
    const row = (pid: number) => page.locator(`[data-testid="process-row"][data-pid="${pid}"] .process-carried`);
    await expect.poll(() => row(1873).count(), { timeout: 15_000, interval: 200 }).toBe(1);
    const age = Number(await row(1873).getAttribute('data-listed-age-ms'));
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(5000);
    expect(await row(1873).getAttribute('title')).toMatch(/^Listed \d s ago: this GPU's process list is slow to read, so it is read every 5 s\.$/);
    await expect.poll(() => page.locator('[data-testid="process-row"][data-pid="9120"]').count(), { timeout: 15_000, interval: 200 }).toBe(1);
    expect(await row(9120).count()).toBe(0);

    // The recorder writes every 5 s: wait until the history holds the processes, then open the range view.
    const stored = async () => {
      const answer = await fetch(`${ctx.serve.origin}/api/v1/processes?from=-1h`).then((r) => r.json()) as { processes: unknown[] };
      return answer.processes.length;
    };
    await expect.poll(stored, { timeout: 20_000, interval: 500 }).toBeGreaterThan(0);
    await page.goto(`${ctx.serve.origin}/#/processes?mode=past`);
    await expect.poll(() => page.locator('[data-testid="process-row"][data-pid="1873"]').count(), { timeout: 15_000, interval: 200 }).toBe(1);
    expect(await page.locator('[data-testid="process-row"] .process-carried').count()).toBe(0);
  }, 90_000);
});
