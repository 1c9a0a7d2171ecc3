// The dashboard in real headless Chromium over a hung GPU (`hung-gpu`: GPU 1's memory and
// utilisation calls take 2 s each): the overview's list of problems says where and what in the
// reader's language — "GPU 1", not "device:1"; the deadline's sentence in Chinese, not in English,
// in the list and on the GPU's card.

import { describe, expect, it } from 'vitest';
import { scenarioPath } from '../fake-nvml/paths.js';
import { browserMissing } from '../helpers/browser.js';
import { useServeAndBrowser } from '../helpers/serve-browser.js';

// Skipped only where Debian's Chromium is not installed; the title then says so (CI installs it).
const missing = browserMissing();

describe.skipIf(missing !== null)(`dashboard, a hung GPU's problems${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const ctx = useServeAndBrowser('dashboard-problems', () => scenarioPath('hung-gpu'));

  it('lists them with the GPU and the deadline said in English and in Chinese', async () => {
    const items = async (lang: 'en' | 'zh-CN') => {
      const page = await ctx.browser.newPage();
      await page.addInitScript(`localStorage.setItem('gpuwise.lang', '${lang}')`);
      await page.goto(`${ctx.serve.origin}/#/`);
      const list = page.locator('[data-testid="overview-problems"] li');
      await expect.poll(() => list.count(), { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
      return (await list.allTextContents()).join('\n');
    };
    const en = await items('en');
    expect(en).toMatch(/^GPU 1 NVML (did not answer within \d+ ms|has not answered for \d+(\.\d)? s); the GPU or the driver may be hung$/m);
    expect(en).not.toContain('device:1');
    const zh = await items('zh-CN');
    expect(zh).toMatch(/^GPU 1 NVML (在 \d+ 毫秒内没有应答|已有 \d+(\.\d)? 秒没有应答)，GPU 或驱动可能已挂起$/m);
    expect(zh).not.toMatch(/device:1|did not answer|has not answered/);
  }, 60_000);

  it('says on the hung GPU\'s card why, in Chinese: the problem\'s text, not the driver\'s English', async () => {
    const page = await ctx.browser.newPage();
    await page.addInitScript(`localStorage.setItem('gpuwise.lang', 'zh-CN')`);
    await page.goto(`${ctx.serve.origin}/#/`);
    const detail = page.locator('[data-testid="gpu-card"][data-state="hung"] [data-testid="gpu-state-detail"]');
    await expect.poll(() => detail.count(), { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    const text = (await detail.first().textContent()) ?? '';
    expect(text).toMatch(/^NVML (在 \d+ 毫秒内没有应答|已有 \d+(\.\d)? 秒没有应答)，GPU 或驱动可能已挂起$/);
    expect(text).not.toMatch(/did not answer|has not answered|驱动返回/);
    await page.close();
  }, 60_000);
});
