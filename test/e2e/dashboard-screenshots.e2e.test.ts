// Writes the dashboard screenshots of docs/screenshots/ (the overview and a GPU page, in English
// and Chinese, light theme, and the overview dark; 1280×800) from the built `serve` over the
// moving 8x-h100 fake node after a minute of recording. Not a check: it runs only when asked,
//
//   GPUWISE_SCREENSHOTS=docs/screenshots npx vitest run test/e2e/dashboard-screenshots.e2e.test.ts
//
// and the pictures are then looked at by a person before they are committed.

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'vitest';
import { fakeNvmlEnv } from '../fake-nvml/paths.js';
import { browserMissing, launchBrowser, liveScenario, startServe } from '../helpers/browser.js';
import { ensureBuilt, ROOT } from './run-cli.js';

const out = process.env.GPUWISE_SCREENSHOTS;
const RECORD_SECONDS = Number(process.env.GPUWISE_SCREENSHOTS_RECORD ?? 60);

describe.skipIf(!out || browserMissing() !== null)('dashboard screenshots', () => {
  it('overview and GPU page, en and zh-CN, light (and the overview dark)', async () => {
    await ensureBuilt();
    const target = resolve(ROOT, out!);
    mkdirSync(target, { recursive: true });
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-screens-'));
    const serve = await startServe(['--interval', '0.5', '--db', join(dir, 'history.db')], fakeNvmlEnv(await liveScenario(dir)));
    try {
      await new Promise((done) => setTimeout(done, RECORD_SECONDS * 1000));
      const devices = (await (await fetch(`${serve.origin}/api/v1/devices`)).json()) as { devices: { key: string }[] };
      const gpu = `#/gpu/${encodeURIComponent(devices.devices[0]!.key)}`;
      const shots: { name: string; locale: string; scheme: 'light' | 'dark'; route: string }[] = [
        { name: 'overview-en', locale: 'en-US', scheme: 'light', route: '#/' },
        { name: 'overview-zh-CN', locale: 'zh-CN', scheme: 'light', route: '#/' },
        { name: 'gpu-en', locale: 'en-US', scheme: 'light', route: gpu },
        { name: 'gpu-zh-CN', locale: 'zh-CN', scheme: 'light', route: gpu },
        { name: 'overview-dark-en', locale: 'en-US', scheme: 'dark', route: '#/' },
        { name: 'doctor-en', locale: 'en-US', scheme: 'light', route: '#/doctor' },
        { name: 'advisor-zh-CN', locale: 'zh-CN', scheme: 'light', route: '#/advisor' },
      ];
      for (const shot of shots) {
        const browser = await launchBrowser({ locale: shot.locale, colorScheme: shot.scheme, viewport: { width: 1280, height: 800 } });
        try {
          const page = await browser.newPage();
          await page.goto(`${serve.origin}/${shot.route}`);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          if (shot.route === '#/doctor') {
            await page.locator('[data-testid="doctor-run"]').click();
            await page.locator('[data-testid="doctor-report"]').waitFor({ timeout: 30_000 });
          }
          if (shot.route === '#/advisor') {
            await page.locator('[data-testid="advisor-form"] [type="submit"]').click();
            await page.locator('[data-testid="advisor-option"]').first().waitFor({ timeout: 10_000 });
          }
          await page.waitForTimeout(2500);
          await page.screenshot({ path: join(target, `${shot.name}.png`) });
        } finally {
          await browser.close();
        }
      }
    } finally {
      await serve.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
