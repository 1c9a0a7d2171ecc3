// Writes the dashboard screenshots of docs/screenshots/ (the overview and a GPU page, in English
// and Chinese, light theme, and the overview dark; 1280×800) from the built `serve` over the
// moving 8x-h100 fake node after a minute and a half of recording. Not a check: it runs only when asked,
//
//   GPUWISE_SCREENSHOTS=docs/screenshots npx vitest run test/e2e/dashboard-screenshots.e2e.test.ts
//
// and the pictures are then looked at by a person before they are committed.

import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'vitest';
import { fakeNvmlEnv } from '../fake-nvml/paths.js';
import { browserMissing, launchBrowser, liveScenario, startServe } from '../helpers/browser.js';
import { ensureBuilt, ROOT } from './run-cli.js';

const out = process.env.GPUWISE_SCREENSHOTS;
const RECORD_SECONDS = Number(process.env.GPUWISE_SCREENSHOTS_RECORD ?? 90);

describe.skipIf(!out || browserMissing() !== null)(`dashboard screenshots${out ? '' : ' (skipped: a generator, not a check — it runs only with GPUWISE_SCREENSHOTS=<dir>, see the header)'}`, () => {
  it('overview and GPU page, en and zh-CN, light (and the overview dark)', async () => {
    await ensureBuilt();
    const target = resolve(ROOT, out!);
    mkdirSync(target, { recursive: true });
    const dir = mkdtempSync(join(tmpdir(), 'gpuwise-screens-'));
    // One training rank per GPU, as the scenario's job has: real processes, so the cards show a user and a command.
    // (A copy of sleep named python, so the process name reads as the job's would.)
    copyFileSync('/bin/sleep', join(dir, 'python'));
    chmodSync(join(dir, 'python'), 0o755);
    const ranks = Array.from({ length: 8 }, (_, rank) => spawn('bash', ['-c', `exec -a "python train.py --config llama3-8b.yaml --local-rank ${rank}" "${join(dir, 'python')}" 900`], { stdio: 'ignore' }));
    const pids = ranks.map((child) => child.pid!);
    const serve = await startServe(['--interval', '0.5', '--db', join(dir, 'history.db')], fakeNvmlEnv(await liveScenario(dir, 600, pids)));
    try {
      await new Promise((done) => setTimeout(done, RECORD_SECONDS * 1000));
      const devices = (await (await fetch(`${serve.origin}/api/v1/devices`)).json()) as { devices: { key: string }[] };
      // The 5-minute range: a minute and a half of recording fills a good part of it.
      const gpu = `#/gpu/${encodeURIComponent(devices.devices[0]!.key)}?range=5m`;
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
      for (const child of ranks) child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
