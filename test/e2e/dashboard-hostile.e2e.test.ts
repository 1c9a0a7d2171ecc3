// The dashboard in real headless Chromium over a node whose driver strings are hostile: a driver
// version and GPU names with ESC/BEL sequences, C1 controls, bidi overrides and isolates,
// zero-width and CR/LF characters, and a GPU UUID with U+202E in it (so in its page's URL and
// key). No page may hand any of them to the reader raw — not in the text, the document's title,
// the tooltips or the <select> options — and the fleet and doctor pages, fed hostile Prometheus
// labels and doctor output through a mocked answer, neither. The same node has a GPU that reports
// no power draw: the overview's power total says it covers 2 of the 3 GPUs, in both languages.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { scenarioPath } from '../fake-nvml/paths.js';
import { browserMissing } from '../helpers/browser.js';
import { useServeAndBrowser } from '../helpers/serve-browser.js';

const missing = browserMissing();

const DRIVER = '550.90\u001b]0;drv\u0007<script>alert(9)</script>\u202e';
const NAMES = [
  'NVIDIA H100 \u001b]0;TITLE-PWNED\u0007\u001b[31mRED',
  'NVIDIA \u009b2J\u202eevil\u2066x\u200bzero\r\nFAKE\bB',
  '训练卡\u2028<img src=x onerror=alert(2)>',
];
/** GPU 1's UUID: the key its page is named by. */
const BIDI_UUID = 'GPU-1\u202e1234';

/** Three GPUs of the 8x-h100 scenario with hostile strings; GPU 2 reports no power draw. */
function hostileScenario(dir: string): string {
  const base = JSON.parse(readFileSync(scenarioPath('8x-h100'), 'utf8')) as {
    system: Record<string, unknown>;
    devices: Record<string, unknown>[];
    timeline: { atSeconds: number; devices: Record<string, unknown>[] }[];
  };
  const busy = base.timeline[base.timeline.length - 1]!.devices.slice(0, 3);
  const devices = base.devices.slice(0, 3).map((device, i) => ({
    ...device,
    name: NAMES[i],
    ...(i === 1 ? { uuid: BIDI_UUID, serial: '\u001b[2J\u001b[H' } : {}),
  }));
  const frame = busy.map((device, i) => {
    if (i !== 2) return device;
    const { powerDrawWatts: _draw, powerAverageWatts: _average, powerInstantWatts: _instant, ...rest } = device;
    return rest;
  });
  const path = join(dir, 'hostile.json');
  writeFileSync(path, JSON.stringify({ description: 'hostile driver strings', system: { ...base.system, driverVersion: DRIVER }, devices, timeline: [{ atSeconds: 0, devices: frame }] }));
  return path;
}

/**
 * Every raw control, bidi or zero-width character a reader could be shown: in the page's text
 * (newlines and tabs are innerText's own), its title, the tooltips and labels. Page script as
 * text: the root tsconfig has no DOM types.
 */
function rawCharacters(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const unsafe = /[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff]/g;
    const places = [['text', document.body.innerText], ['title', document.title]];
    for (const element of document.querySelectorAll('[title], [aria-label], option')) {
      for (const name of ['title', 'aria-label']) if (element.hasAttribute(name)) places.push([name, element.getAttribute(name)]);
      if (element.tagName === 'OPTION') places.push(['option', element.textContent]);
    }
    const found = [];
    for (const [where, text] of places) {
      for (const match of text.matchAll(unsafe)) found.push(where + ': ' + JSON.stringify(text.slice(Math.max(0, match.index - 30), match.index + 5)));
    }
    return found;
  })()`);
}

const at = new Date().toISOString();
const FLEET_SUMMARY = {
  prometheus: 'http://prom\u202e:9090',
  at,
  rangeSeconds: 604_800,
  idleWindowSeconds: 3600,
  nodes: [{
    instance: 'node-1\u202e:8478', job: 'gpuwise', hostname: 'host\u001b]0;x\u0007', up: true,
    gpus: [
      { gpu: '0\u202e', uuid: null, model: 'H100\u0007', state: 'ok', utilPercent: 50, memoryUsedBytes: 1, memoryTotalBytes: 2, processes: 1 },
      { gpu: '1\u2066', uuid: null, model: null, state: 'lost', utilPercent: null, memoryUsedBytes: null, memoryTotalBytes: null, processes: null },
    ],
  }],
  idle: [{
    instance: 'node-1:8478', hostname: 'host\u2066', gpu: '0', maxUtilPercent: 1,
    processes: [{ pid: '12\u202e', name: 'python\u001b[2J', user: 'alice\u202e', namespace: 'ns\u200b', pod: 'pod\u0007', container: null, memoryUsedBytes: 1024 }],
  }],
  topUsers: [{ key: { user: 'bob\u202e', namespace: 'ml\u0007' }, gpuHours: 3.5, source: 'recorded' }],
  topNodes: [{ key: { Hostname: 'host\u001b[31m', instance: 'n:1\u202e' }, gpuHours: 2, source: 'raw' }],
  alerts: [{ name: 'GpuLost\u202e', state: 'firing', severity: 'critical\u0007', labels: {}, summary: 'GPU 1 fell off\u001b[2J', activeAt: null }],
  usedRecordingRules: { users: true, nodes: false },
  gpuHoursBasis: { users: { recordedFrom: null, rawSeconds: 0 }, nodes: { recordedFrom: null, rawSeconds: 0 } },
};
const FLEET_HEATMAP = { start: 0, end: 3600, stepSeconds: 3600, times: [0, 3600], rows: [{ instance: 'n\u202e', hostname: 'h\u0007', values: [10, null] }] };

const text = (value: string) => ({ key: 'x', text: value });
const DOCTOR_RUN = {
  run: {
    id: 'hostile', state: 'done', startedMs: 0, finishedMs: 1, tasks: [], done: 1, error: null,
    report: {
      generatedAt: at,
      layers: [{
        layer: 'driver',
        checks: [{
          id: 'driver.version', layer: 'driver', status: 'fail',
          title: text('Driver 550\u202e'), summary: text('found \u001b]0;x\u0007'), evidence: [text('nvidia-smi said \u001b[2J\u202e')],
          fix: {
            why: text('because\u2066'),
            steps: [{ explain: text('run\u200b'), commands: ['sudo apt install nvidia-driver-550\u202e'], shell: 'sh', where: 'here', needsRoot: true, rebootAfter: false }],
            docs: ['https://example.invalid/\u202e'],
          },
        }],
      }],
      counts: { ok: 0, warn: 0, fail: 1, skipped: 0 },
      verdict: { kind: 'problems' },
      verdictText: 'Problems\u001b]0;x\u0007',
      exitCode: 1,
    },
  },
};

describe.skipIf(missing !== null)(`dashboard, hostile driver strings${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const ctx = useServeAndBrowser('dashboard-hostile', hostileScenario);

  async function open(hash: string, ready: string, lang: 'en' | 'zh-CN' = 'en'): Promise<{ page: Page; dialogs: string[] }> {
    const page = await ctx.browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.addInitScript(`localStorage.setItem('gpuwise.lang', '${lang}')`);
    await page.goto(`${ctx.serve.origin}/${hash}`);
    await expect.poll(() => page.locator(ready).count(), { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
    return { page, dialogs };
  }

  it('shows the overview, the events filter and the GPU picker with every hostile character escaped', async () => {
    const overview = await open('#/', '[data-testid="gpu-card"]:nth-child(3) [data-testid="gpu-name"]');
    const meta = (await overview.page.locator('.overview-meta').textContent()) ?? '';
    expect(meta).toContain('Driver 550.90\\e]0;drv\\x07<script>alert(9)</script>\\u202e');
    expect(await overview.page.locator('[data-testid="gpu-name"]').allTextContents()).toEqual([
      'NVIDIA H100 \\e]0;TITLE-PWNED\\x07\\e[31mRED',
      'NVIDIA \\x9b2J\\u202eevil\\u2066x\\u200bzero\\r\\nFAKE\\x08B',
      '训练卡\\u2028<img src=x onerror=alert(2)>',
    ]);
    expect(await rawCharacters(overview.page)).toEqual([]);

    const events = await open('#/events', '[data-testid="events-filter-device"] option:nth-child(4)');
    expect(await events.page.locator('[data-testid="events-filter-device"] option').nth(2).textContent()).toBe('GPU 1 · NVIDIA \\x9b2J\\u202eevil\\u2066x\\u200bzero\\r\\nFAKE\\x08B');
    expect(await rawCharacters(events.page)).toEqual([]);

    const picker = await open('#/gpu', '[data-testid="gpu-picker-link"]:nth-child(1)');
    await expect.poll(() => picker.page.locator('[data-testid="gpu-picker-link"]').count(), { timeout: 10_000 }).toBe(3);
    expect(await rawCharacters(picker.page)).toEqual([]);
    expect([...overview.dialogs, ...events.dialogs, ...picker.dialogs]).toEqual([]);
    await Promise.all([overview.page.close(), events.page.close(), picker.page.close()]);
  }, 90_000);

  it('names a GPU whose UUID holds U+202E by its escaped key on its page, which still loads its history', async () => {
    const { page, dialogs } = await open(`#/gpu/${encodeURIComponent(BIDI_UUID)}`, '[data-testid="gpu-title"]');
    await expect.poll(() => page.locator('[data-testid="gpu-title"]').textContent(), { timeout: 10_000 }).toBe('GPU 1 · NVIDIA \\x9b2J\\u202eevil\\u2066x\\u200bzero\\r\\nFAKE\\x08B');
    expect(await page.locator('.gpu-page-sub code').first().textContent()).toBe('GPU-1\\u202e1234');
    // The key went to the API as it is: the charts' answer came, not an unknown-device error.
    await expect.poll(() => page.locator('[data-testid="chart"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="history-error"]').count()).toBe(0);
    expect(await rawCharacters(page)).toEqual([]);

    const unknown = await open(`#/gpu/${encodeURIComponent('GPU-nope\u202e\u001b[2J')}`, '[data-testid="gpu-unknown"]');
    expect(await unknown.page.locator('[data-testid="gpu-unknown"]').textContent()).toContain('GPU-nope\\u202e\\e[2J');
    expect(await rawCharacters(unknown.page)).toEqual([]);
    const nowhere = await open(`#/nowhere${encodeURIComponent('\u202e\u0007')}`, '[data-testid="not-found"]');
    expect(await rawCharacters(nowhere.page)).toEqual([]);
    expect([...dialogs, ...unknown.dialogs, ...nowhere.dialogs]).toEqual([]);
    await Promise.all([page.close(), unknown.page.close(), nowhere.page.close()]);
  }, 60_000);

  it('escapes Prometheus labels on the fleet page and the machine\'s words on the doctor page', async () => {
    const page = await ctx.browser.newPage();
    await page.route(/\/api\/v1\/fleet\/summary/, (route) => route.fulfill({ json: FLEET_SUMMARY }));
    await page.route(/\/api\/v1\/fleet\/heatmap/, (route) => route.fulfill({ json: FLEET_HEATMAP }));
    await page.route(/\/api\/v1\/doctor(\?|$)/, (route) => route.fulfill({ json: DOCTOR_RUN }));
    await page.goto(`${ctx.serve.origin}/#/fleet`);
    await expect.poll(() => page.locator('[data-testid="fleet-alert"]').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('[data-testid="fleet-alert"] strong').textContent()).toBe('GpuLost\\u202e');
    expect(await page.locator('[data-testid="fleet-idle-row"]').textContent()).toContain('12\\u202e python\\e[2J');
    expect(await rawCharacters(page)).toEqual([]);

    await page.goto(`${ctx.serve.origin}/#/doctor`);
    await expect.poll(() => page.locator('[data-testid="doctor-check"]').count(), { timeout: 15_000 }).toBe(1);
    // What is copied is what is shown: the escaped command, not one that reads otherwise.
    expect(await page.locator('[data-testid="fix-command"]').textContent()).toBe('sudo apt install nvidia-driver-550\\u202e');
    await page.locator('.advice-evidence summary').click();
    expect(await rawCharacters(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('sums power over the GPUs that report both draw and limit, and says it covers 2 of the 3', async () => {
    const en = await open('#/', '[data-testid="summary-power"] .tile-detail');
    const power = en.page.locator('[data-testid="summary-power"]');
    // GPU 2's limit is not set against the others' draw: the share is of the two limits only.
    const [draw, limits] = await Promise.all([
      en.page.locator('[data-testid="gpu-power"]').nth(0).textContent(),
      en.page.locator('[data-testid="gpu-power"]').nth(1).textContent(),
    ]);
    const watts = (pair: string | null) => (pair ?? '').replace(/[^\d/]/g, '').split('/').map(Number);
    const [draw0, limit0] = watts(draw);
    const [draw1, limit1] = watts(limits);
    const detail = (await power.locator('.tile-detail').textContent()) ?? '';
    expect(detail).toContain(`of ${(limit0! + limit1!).toLocaleString('en')} W`);
    expect(detail).toMatch(/ · 2 of 3 GPUs$/);
    // Each figure is rounded to a watt on its own, so their sum may differ from the rounded total by one.
    expect(Math.abs(Number(((await power.locator('.tile-value').textContent()) ?? '').replace(/\D/g, '')) - (draw0! + draw1!))).toBeLessThanOrEqual(1);
    expect(await en.page.locator('[data-testid="gpu-card"]').nth(2).locator('[data-testid="gpu-power"]').getAttribute('data-na')).toBe('true');

    const zh = await open('#/', '[data-testid="summary-power"] .tile-detail', 'zh-CN');
    expect(await zh.page.locator('[data-testid="summary-power"] .tile-detail').textContent()).toMatch(/ · 仅计 3 块 GPU 中的 2 块$/);
    // Memory is read on all three: its total is whole, with no such note.
    expect(await zh.page.locator('[data-testid="summary-memory"] .tile-detail').textContent()).not.toContain('仅计');
    await Promise.all([en.page.close(), zh.page.close()]);
  }, 60_000);
});
