// Benchmark: the dashboard's weight and cost in a real browser (Debian's headless Chromium via
// playwright-core, as the browser tests run it), against the built `serve` at 1 Hz over a fake
// node of 8 H100s whose load keeps moving (test/helpers/browser.ts).
//   - bundle: every file of dist/web, gzipped (level 9) as a server or CDN would send it;
//   - first render: from navigation start, and after the load event, to the moment the overview
//     shows 8 cards with values (a MutationObserver set before any page script; the page's own
//     performance mark `gpuwise:overview-rendered` is reported too when it sets one);
//   - redraw CPU: Chromium's own busy time (CDP Performance.getMetrics TaskDuration: script,
//     style, layout, paint) over --seconds on the overview and on a GPU page, as % of one core.
// Prints a table, then as the LAST line one JSON object.
//
//   npm run bench:web [-- --seconds 20 --runs 5]
//
// Aims (issue 11): bundle < 150 KiB gzipped, first render < 300 ms after load, redraw < 5 % of a core.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { browserMissing, launchBrowser, liveScenario, startServe } from '../test/helpers/browser.ts';
import { ensureFakeNvmlBuilt, fakeNvmlEnv } from '../test/fake-nvml/paths.ts';

const { values: args } = parseArgs({ options: { seconds: { type: 'string', default: '20' }, runs: { type: 'string', default: '5' } } });
const seconds = Number(args.seconds);
const runs = Number(args.runs);
const root = new URL('..', import.meta.url).pathname;
const webRoot = join(root, 'dist/web');
const KIB = 1024;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function bundleSize() {
  const rows = files(webRoot).map((path) => {
    const body = readFileSync(path);
    return { file: relative(webRoot, path), kind: extname(path).slice(1) || 'other', bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
  });
  const byKind = {};
  for (const row of rows) byKind[row.kind] = (byKind[row.kind] ?? 0) + row.gzipBytes;
  return { files: rows, byKind, bytes: rows.reduce((s, r) => s + r.bytes, 0), gzipBytes: rows.reduce((s, r) => s + r.gzipBytes, 0) };
}

// Runs in the page before its own scripts: notes when 8 cards with a digit in their utilisation are on screen.
const WATCH = `(() => {
  const done = () => document.querySelectorAll('[data-testid="gpu-card"]').length >= 8 &&
    [...document.querySelectorAll('[data-testid="gpu-util"]')].filter((el) => /\\d/.test(el.textContent || '')).length >= 8;
  const observer = new MutationObserver(() => { if (done()) { window.__gpuwiseRendered = performance.now(); observer.disconnect(); } });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})()`;

async function firstRender(browser, origin) {
  const page = await browser.context.newPage();
  await page.addInitScript(WATCH);
  await page.goto(`${origin}/#/`);
  // A function, not a string: a string predicate is eval'd in the page, which our CSP forbids.
  await page.waitForFunction(() => window.__gpuwiseRendered !== undefined, null, { timeout: 15_000 });
  const result = await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const mark = performance.getEntriesByName('gpuwise:overview-rendered')[0];
    return { renderedMs: window.__gpuwiseRendered, loadMs: nav.loadEventEnd, domContentLoadedMs: nav.domContentLoadedEventEnd, markMs: mark ? mark.startTime : null };
  })()`);
  await page.close();
  return { ...result, afterLoadMs: Math.max(0, result.renderedMs - result.loadMs) };
}

async function busy(browser, origin, route, label) {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  await page.goto(`${origin}/${route}`);
  await page.waitForTimeout(3000); // the first fetches and the first full draw are not the steady cost
  const metric = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const before = await metric();
  await page.waitForTimeout(seconds * 1000);
  const after = await metric();
  const wall = after.Timestamp - before.Timestamp;
  const share = (name) => (100 * (after[name] - before[name])) / wall;
  const charts = await page.evaluate(`document.querySelectorAll('canvas').length`);
  await page.close();
  return { label, route, charts, wallSeconds: wall, taskPercent: share('TaskDuration'), scriptPercent: share('ScriptDuration'), layoutPercent: share('LayoutDuration'), stylePercent: share('RecalcStyleDuration') };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n, digits = 1) => (n === null || n === undefined ? '—' : n.toFixed(digits));

const missing = browserMissing();
if (missing) throw new Error(missing);
await ensureFakeNvmlBuilt();
const bundle = bundleSize();
const dir = mkdtempSync(join(tmpdir(), 'gpuwise-bench-web-'));
const serve = await startServe(['--interval', '1', '--db', join(dir, 'history.db')], fakeNvmlEnv(await liveScenario(dir, 3600)));
const browser = await launchBrowser();
try {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const renders = [];
  for (let i = 0; i < runs; i++) renders.push(await firstRender(browser, serve.origin));
  const devices = await (await fetch(`${serve.origin}/api/v1/devices`)).json();
  const gpuRoute = `#/gpu/${encodeURIComponent(devices.devices[0].key)}`;
  const cpu = [await busy(browser, serve.origin, '#/', 'overview, 8 GPUs live'), await busy(browser, serve.origin, gpuRoute, 'GPU page, live')];
  const render = {
    runs,
    sinceNavigationMs: median(renders.map((r) => r.renderedMs)),
    afterLoadMs: median(renders.map((r) => r.afterLoadMs)),
    loadMs: median(renders.map((r) => r.loadMs)),
    pageMarkMs: renders.every((r) => r.markMs !== null) ? median(renders.map((r) => r.markMs)) : null,
  };

  console.log(`dashboard bundle (dist/web, gzip -9): ${fmt(bundle.gzipBytes / KIB)} KiB of ${fmt(bundle.bytes / KIB)} KiB   (aim < 150 KiB)`);
  for (const row of bundle.files.sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${row.file.padEnd(40)} ${fmt(row.bytes / KIB).padStart(8)} KiB  ${fmt(row.gzipBytes / KIB).padStart(7)} KiB gz`);
  console.log('');
  console.log(`first render of the overview with 8 GPUs (median of ${runs}): ${fmt(render.sinceNavigationMs, 0)} ms from navigation, ${fmt(render.afterLoadMs, 0)} ms after load (load at ${fmt(render.loadMs, 0)} ms; page mark ${fmt(render.pageMarkMs, 0)} ms)   (aim < 300 ms after load)`);
  console.log('');
  console.log(`${'page'.padEnd(24)}${'canvases'.padStart(9)}${'busy %'.padStart(9)}${'script %'.padStart(10)}${'layout %'.padStart(10)}${'style %'.padStart(9)}   over ${seconds} s at 1 Hz (aim < 5 % of a core)`);
  for (const row of cpu) console.log(`${row.label.padEnd(24)}${String(row.charts).padStart(9)}${fmt(row.taskPercent, 2).padStart(9)}${fmt(row.scriptPercent, 2).padStart(10)}${fmt(row.layoutPercent, 2).padStart(10)}${fmt(row.stylePercent, 2).padStart(9)}`);
  console.log(JSON.stringify({ bench: 'web', seconds, bundle: { bytes: bundle.bytes, gzipBytes: bundle.gzipBytes, byKind: bundle.byKind }, render, cpu }));
} finally {
  await browser.close();
  await serve.stop();
  rmSync(dir, { recursive: true, force: true });
}
