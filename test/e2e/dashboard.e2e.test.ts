// The dashboard in real headless Chromium (Debian's /usr/bin/chromium through playwright-core)
// against the built CLI's `serve` over a fake NVML node of 8 H100s whose load keeps moving: the
// overview live, a GPU page's history, the language switch, login and logout, the phone layout,
// and no request leaving the server's origin.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeNvmlEnv } from '../fake-nvml/paths.js';
import { browserMissing, foreignRequests, launchBrowser, liveScenario, scrollsSideways, startServe } from '../helpers/browser.js';
import { useServeAndBrowser } from '../helpers/serve-browser.js';

const missing = browserMissing();
const TOKEN = 'dashboard-e2e-token-0123456789';
/** The data-testids the pages carry (docs/dashboard.md, "Browser tests"). */
const T = {
  card: '[data-testid="gpu-card"]',
  util: '[data-testid="gpu-util"]',
  lang: '[data-testid="lang-switch"]',
  navOverview: '[data-testid="nav-overview"]',
  chart: '[data-testid="chart"]',
  logout: '[data-testid="logout"]',
  doctorRun: '[data-testid="doctor-run"]',
  doctorCheck: '[data-testid="doctor-check"]',
  advisorForm: '[data-testid="advisor-form"]',
  advisorOption: '[data-testid="advisor-option"]',
};


async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allTextContents();
}

/** True when a chart's canvas has any pixel unlike its first one (it drew something). Page script as text: no DOM types here. */
function canvasDrawn(page: Page, selector: string): Promise<boolean> {
  return page.evaluate<boolean>(`[...document.querySelectorAll(${JSON.stringify(`${selector} canvas`)})].some((canvas) => {
    if (!canvas.width || !canvas.height) return false;
    const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 4; i < d.length; i += 4) if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2] || d[i + 3] !== d[3]) return true;
    return false;
  })`);
}

describe.skipIf(missing !== null)(`dashboard in Chromium${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const ctx = useServeAndBrowser('dashboard-e2e', (dir) => liveScenario(dir));

  it('the overview shows the 8 GPUs and their values change live', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.serve.origin}/#/`);
    await expect.poll(() => page.locator(T.card).count(), { timeout: 10_000 }).toBe(8);
    const first = await texts(page, T.util);
    expect(first).toHaveLength(8);
    expect(first.every((text) => /\d/.test(text))).toBe(true);
    await expect.poll(async () => (await texts(page, T.util)).join('|'), { timeout: 10_000, interval: 250 }).not.toBe(first.join('|'));
  }, 45_000);

  it('a GPU page draws history after a short recording', async () => {
    const page = await ctx.browser.newPage();
    const devices = (await (await page.request.get(`${ctx.serve.origin}/api/v1/devices`)).json()) as { devices: { key: string }[] };
    const key = devices.devices[0]!.key;
    // A short recording first: a few seconds of samples at 0.2 s in the history.
    await expect.poll(async () => {
      const answer = (await (await page.request.get(`${ctx.serve.origin}/api/v1/history?device=${encodeURIComponent(key)}&metric=gpuUtilPercent&from=-1m`)).json()) as { series?: { points: { avg: number | null }[] }[] };
      return answer.series?.[0]?.points.filter((point) => point.avg !== null).length ?? 0;
    }, { timeout: 15_000, interval: 250 }).toBeGreaterThanOrEqual(10);
    await page.goto(`${ctx.serve.origin}/#/gpu/${encodeURIComponent(key)}`);
    await expect.poll(() => page.locator(`${T.chart} canvas`).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await expect.poll(() => canvasDrawn(page, T.chart), { timeout: 10_000 }).toBe(true);
    // Each chart's accessible summary (min/avg/max/last) carries the recorded numbers.
    const utilisation = page.locator(`${T.chart} table:has(caption) tbody`).first();
    await expect.poll(async () => (await utilisation.textContent()) ?? '', { timeout: 10_000 }).toMatch(/\d+(\.\d+)?\s*%/);
    expect(await page.locator('[data-testid="chart-empty"]').count()).toBe(0);
  }, 60_000);

  it('a GPU page loads for a GPU first seen more than 5 minutes ago (opening at the default hour)', async () => {
    const page = await ctx.browser.newPage();
    // The devices answer says GPU 0 was first seen 10 minutes ago, and comes after the page has
    // measured its charts: the opening range is then the default hour, the same as before.
    const devicesUrl = /\/api\/v1\/devices(\?|$)/;
    await page.route(devicesUrl, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { devices: { firstSeenMs: number | null }[] };
      for (const device of body.devices) device.firstSeenMs = Date.now() - 10 * 60_000;
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ response, json: body });
    });
    const history: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/history?')) history.push(request.url());
    });
    const devices = (await (await page.request.get(`${ctx.serve.origin}/api/v1/devices`)).json()) as { devices: { key: string }[] };
    await page.goto(`${ctx.serve.origin}/#/gpu/${encodeURIComponent(devices.devices[0]!.key)}`);
    // The charts replace "Loading history…" (drawn, or empty when this test runs alone on a new server).
    await expect.poll(() => page.locator(T.chart).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(await page.locator('[data-testid="history-loading"]').count()).toBe(0);
    expect(history.some((url) => url.includes('from=-1h'))).toBe(true);
    // Closed: each open page holds a live stream, and Chromium gives an origin 6 connections.
    await page.close();
  }, 45_000);

  it('the language switches between English and Chinese', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.serve.origin}/#/`);
    const label = page.locator(T.navOverview);
    await label.waitFor();
    const english = (await label.textContent()) ?? '';
    expect(english).toMatch(/[A-Za-z]/);
    await switchLanguage(page);
    await expect.poll(async () => (await label.textContent()) ?? '').toMatch(/[\u4e00-\u9fff]/);
    await switchLanguage(page);
    await expect.poll(async () => (await label.textContent()) ?? '').toBe(english);
  }, 45_000);

  it('the fleet page without --prometheus says how to turn it on, with no range buttons to press', async () => {
    // A browser of its own: the fleet API's expected 404s are console errors the shared one must not see.
    const own = await launchBrowser();
    try {
      const page = await own.newPage();
      await page.goto(`${ctx.serve.origin}/#/fleet`);
      await expect.poll(async () => (await page.locator('[data-testid="fleet-error"]').textContent()) ?? '', { timeout: 10_000 }).toContain('--prometheus');
      expect(await page.locator('.fleet-ranges').count()).toBe(0);
    } finally {
      await own.close();
    }
  }, 45_000);

  it('the phone-sized layout (390×844) scrolls no page sideways', async () => {
    const page = await ctx.browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const devices = (await (await page.request.get(`${ctx.serve.origin}/api/v1/devices`)).json()) as { devices: { key: string }[] };
    for (const route of ['#/', `#/gpu/${encodeURIComponent(devices.devices[0]!.key)}`, '#/processes', '#/events', '#/doctor', '#/advisor']) {
      await page.goto(`${ctx.serve.origin}/${route}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(300);
      expect({ route, sideways: await scrollsSideways(page) }).toEqual({ route, sideways: false });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 45_000);

  it('the doctor page runs the doctor and lists each check; the advisor page ranks options', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${ctx.serve.origin}/#/doctor`);
    await page.locator(T.doctorRun).click();
    await expect.poll(() => page.locator(T.doctorCheck).count(), { timeout: 30_000 }).toBeGreaterThan(5);
    await page.goto(`${ctx.serve.origin}/#/advisor`);
    const form = page.locator(T.advisorForm);
    await form.locator('select[name="task"]').selectOption('inference');
    await form.locator('select[name="model"]').selectOption('llama-3-8b');
    await form.locator('[type="submit"]').click();
    await expect.poll(() => page.locator(T.advisorOption).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The reasons are the server's sentences: a switch of language asks again, in the new one.
    await switchLanguage(page);
    const cjk = /[\u4e00-\u9fff]/;
    const inChinese = (await page.locator(T.lang).inputValue().catch(() => '')) === 'zh-CN' || (await page.locator('html').getAttribute('lang')) === 'zh-CN';
    await expect.poll(async () => cjk.test(await page.locator(T.advisorOption).first().innerText()), { timeout: 10_000 }).toBe(inChinese);
    await page.close();
  }, 45_000);

  it('made no request outside the server’s origin', () => {
    expect(ctx.browser.requests.length).toBeGreaterThan(10);
    expect(foreignRequests(ctx.browser.requests, ctx.serve.origin)).toEqual([]);
    // A 503 before the first sample is answered and retried by the page; anything else is a page error.
    expect(ctx.browser.errors.filter((error) => !/favicon|status of 503/.test(error))).toEqual([]);
  }, 45_000);

  it('with --token: / goes to /login, the form sets the cookie, the page loads, logout ends it', async () => {
    const guarded = await startServe(['--no-record', '--interval', '0.2', '--token', TOKEN], fakeNvmlEnv(await liveScenario(ctx.dir)));
    const own = await launchBrowser();
    try {
      const page = await own.newPage();
      await page.goto(`${guarded.origin}/`);
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.locator('input[name="token"]').fill('not-the-token');
      await page.locator('button[type="submit"]').click();
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.locator('input[name="token"]').fill(TOKEN);
      await page.locator('button[type="submit"]').click();
      await expect.poll(() => page.locator(T.card).count(), { timeout: 10_000 }).toBe(8);
      expect((await own.context.cookies()).map((cookie) => cookie.name)).toContain('gpuwise_session');
      await page.locator(T.logout).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
      expect(await (await page.request.get(`${guarded.origin}/api/v1/devices`)).status()).toBe(401);
      expect(foreignRequests(own.requests, guarded.origin)).toEqual([]);
    } finally {
      await own.close();
      await guarded.stop();
    }
  }, 45_000);
});

/** The switch is a <select> of en and zh-CN (or a button that toggles). */
async function switchLanguage(page: Page): Promise<void> {
  const control = page.locator(T.lang);
  if ((await control.locator('option').count()) > 0) {
    await control.selectOption((await control.inputValue()) === 'en' ? 'zh-CN' : 'en');
  } else await control.click();
}
