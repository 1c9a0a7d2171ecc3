// Headless Chromium for the dashboard's browser tests and bench/web.mjs: Debian's /usr/bin/chromium
// driven by playwright-core (no browser download, ever: STACK.md P15), in a fresh profile, with
// the flags that keep it from calling home. Every request the page makes is recorded, so a test
// can say that none left the server's origin.

import { mkdtempSync, rmSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `${CHROMIUM} is not installed (apt-get install chromium; CI's .ci/run does)`;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface BrowserOptions {
  viewport?: { width: number; height: number };
  locale?: string;
  colorScheme?: 'light' | 'dark';
}

export interface Browser {
  context: BrowserContext;
  /** Every URL a page of this context asked for, in order. */
  requests: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'gpuwise-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
    colorScheme: options.colorScheme ?? 'light',
  });
  const requests: string[] = [];
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    requests,
    errors,
    newPage: async () => context.pages().find((page) => page.url() === 'about:blank') ?? (await context.newPage()),
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Requests to anything but `origin` (data: and blob: URLs stay in the page). */
export function foreignRequests(requests: readonly string[], origin: string): string[] {
  return requests.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
}

/** True when the page scrolls sideways (the phone layout must not). */
export function scrollsSideways(page: Page): Promise<boolean> {
  // A string: the root tsconfig has no DOM types, and this runs in the page, not in Node.
  return page.evaluate<boolean>('(() => { const r = document.scrollingElement || document.documentElement; return r.scrollWidth > r.clientWidth; })()');
}

export interface RunningServe {
  /** "http://127.0.0.1:<port>" — the origin every request of the page must stay on. */
  origin: string;
  stderr: () => string;
  stop(): Promise<void>;
}

/**
 * The built CLI's `serve` (bin/gpuwise.mjs → dist/, dist/web) as a user starts it, on a free port,
 * over a fake NVML scenario; resolves once its --json start line is out.
 */
export async function startServe(args: string[], env: Record<string, string>, timeoutMs = 20_000): Promise<RunningServe> {
  const { spawn } = await import('node:child_process');
  const { BIN, ROOT, baseEnv } = await import('../e2e/run-cli.js');
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', ...args], { cwd: ROOT, env: baseEnv(env), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const line = stdout.split('\n').find((l) => l.startsWith('{'));
    if (line) {
      const { port } = JSON.parse(line) as { port: number };
      return { origin: `http://127.0.0.1:${port}`, stderr: () => stderr, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`serve did not start (exit ${child.exitCode})\nstdout: ${stdout}\nstderr: ${stderr}`);
}

/**
 * The 8x-h100 fake NVML scenario with a timeline that keeps moving (a frame a second for
 * `seconds`, each GPU on its own phase), so the overview's values change while a test watches
 * and history charts have a shape. `pids` (one per GPU) replace the scenario's process ids, so
 * the host side (user, command) can be read from real processes. Written to `dir`; returns its path.
 */
export async function liveScenario(dir: string, seconds = 600, pids: readonly number[] = []): Promise<string> {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const { scenarioPath } = await import('../fake-nvml/paths.js');
  const base = JSON.parse(readFileSync(scenarioPath('8x-h100'), 'utf8')) as { timeline: { atSeconds: number; devices: Record<string, unknown>[] }[] };
  const busy = base.timeline[base.timeline.length - 1]!.devices;
  const frames = [];
  for (let s = 0; s <= seconds; s++) {
    frames.push({
      atSeconds: s,
      devices: busy.map((device, i) => {
        const wave = Math.sin(s / 7 + i * 0.8);
        const wobble = Math.sin(s / 2.3 + i * 1.7);
        const util = Math.round(Math.min(100, Math.max(0, 82 + 14 * wave + 4 * wobble)));
        const power = Math.round(430 + 250 * (util / 100) + 12 * wobble);
        const processes = pids[i] === undefined ? {} : { processes: (device.processes as { pid: number }[]).map((process) => ({ ...process, pid: pids[i] })) };
        return {
          ...device,
          ...processes,
          gpuUtilPercent: util,
          memoryUtilPercent: Math.round(util * 0.55),
          temperatureCelsius: Math.round(52 + 18 * (util / 100) + i),
          powerDrawWatts: power,
          powerAverageWatts: power,
          powerInstantWatts: power + 5,
          smClockMhz: util > 95 ? 1755 : 1980,
          graphicsClockMhz: util > 95 ? 1755 : 1980,
          memoryUsedMiB: 64_000 + i * 1200 + Math.round(2000 * wave),
          smActivePercent: Math.round(util * 0.78 * 10) / 10,
          tensorActivePercent: Math.round(util * 0.46 * 10) / 10,
          pcieRxKiBPerSecond: Math.round(2_000_000 + 600_000 * wobble),
          pcieTxKiBPerSecond: Math.round(800_000 + 300_000 * wave),
        };
      }),
    });
  }
  const path = join(dir, '8x-h100-live.json');
  writeFileSync(path, JSON.stringify({ ...base, description: `${String((base as { description?: string }).description)} (a moving load for the browser tests)`, timeline: frames }));
  return path;
}
