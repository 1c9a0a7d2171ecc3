// The fleet on loopback: three `gpuwise serve` (the built CLI) over three fake NVML scenarios,
// one real Prometheus (Debian's) scraping them every second with deploy/prometheus's rules
// (their `for:` and intervals shortened so a test does not wait minutes), and then what a user
// sees: the fleet API and `gpuwise fleet` list three nodes with their GPUs, GpuLost fires for
// the GPU that fell off the bus, every query of the Grafana dashboard answers, and the
// dashboard's fleet page in Chromium shows the grid, the lost GPU and the alert.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetSummary } from '../../src/fleet/types.js';
import { fakeNvmlEnv, scenarioPath } from '../fake-nvml/paths.js';
import { browserMissing, foreignRequests, launchBrowser, startServe, type RunningServe } from '../helpers/browser.js';
import { requiredTool } from '../helpers/required-tool.js';
import { ensureBuilt, gpuwise } from './run-cli.js';

const { path: PROMETHEUS, skipReason } = requiredTool('prometheus', 'apt-get install prometheus');
const DEPLOY = new URL('../../deploy/', import.meta.url).pathname;
const SCENARIOS = ['8x-h100', 'gpu-falls-off-bus', '4gpu-server-load'] as const;
const uuidsOf = (name: string) => (JSON.parse(readFileSync(scenarioPath(name), 'utf8')) as { devices: { uuid: string }[] }).devices.map((d) => d.uuid);

let dir = '';
let prometheus: ChildProcess | null = null;
let promUrl = '';
const serves: RunningServe[] = [];
/** instance → scenario */
const nodes = new Map<string, (typeof SCENARIOS)[number]>();
let fleetOrigin = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type Vector = { metric: Record<string, string>; value: [number, string] }[];
async function prom<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const answer = (await (await fetch(`${promUrl}${path}?${new URLSearchParams(params)}`)).json()) as { status: string; data: T; error?: string };
  if (answer.status !== 'success') throw new Error(`${path} ${JSON.stringify(params)}: ${answer.error}`);
  return answer.data;
}
const instant = async (expr: string) => (await prom<{ result: Vector }>('/api/v1/query', { query: expr })).result;

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== null) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** deploy/prometheus's rules as shipped, with `for:` at 0s and group intervals at 1s. */
function fastRules(into: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(join(DEPLOY, 'prometheus', 'rules'))) {
    const text = readFileSync(join(DEPLOY, 'prometheus', 'rules', name), 'utf8').replace(/^(\s+)for: \S+$/gm, '$1for: 0s').replace(/^(\s+)interval: \S+$/gm, '$1interval: 1s');
    writeFileSync(join(into, name), text);
    files.push(join(into, name));
  }
  return files;
}

beforeAll(async () => {
  if (!PROMETHEUS) return;
  await ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-fleet-e2e-'));
  mkdirSync(join(dir, 'rules'));
  const port = await freePort();
  promUrl = `http://127.0.0.1:${port}`;
  const started = await Promise.all(SCENARIOS.map((name, i) =>
    startServe(
      ['--no-record', '--interval', '0.5', '--process-metrics', ...(i === 2 ? ['--prometheus', promUrl] : [])],
      fakeNvmlEnv(scenarioPath(name)),
    ),
  ));
  serves.push(...started);
  started.forEach((s, i) => nodes.set(s.origin.replace('http://', ''), SCENARIOS[i]!));
  fleetOrigin = started[2]!.origin;
  const rules = fastRules(join(dir, 'rules'));
  writeFileSync(join(dir, 'prometheus.yml'), [
    'global: { scrape_interval: 1s, scrape_timeout: 900ms, evaluation_interval: 1s }',
    `rule_files: [${rules.map((r) => `'${r}'`).join(', ')}]`,
    'scrape_configs:',
    '  - job_name: gpuwise',
    `    static_configs: [{ targets: [${[...nodes.keys()].map((n) => `'${n}'`).join(', ')}] }]`,
  ].join('\n'));
  prometheus = spawn(PROMETHEUS, [
    `--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn',
  ], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  prometheus.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  try {
    // Every GPU of the three nodes (8 + 2 + 4, the lost one included) in Prometheus.
    await until('every GPU scraped', async () => ((await instant('count(gpuwise_gpu_up)'))[0]?.value[1] === '14' ? true : null), 30_000);
  } catch (error) {
    throw new Error(`${String(error)}\nprometheus stderr: ${stderr}\nserve stderr: ${serves.map((s) => s.stderr()).join('\n')}`);
  }
}, 60_000);

afterAll(async () => {
  if (prometheus?.pid !== undefined && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
    process.kill(-prometheus.pid, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-prometheus!.pid!, 'SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }
  await Promise.all(serves.map((s) => s.stop()));
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 15_000);

/** The three nodes as a summary lists them: instance → GPU UUIDs (sorted). */
const gpusByNode = (summary: FleetSummary) => Object.fromEntries(summary.nodes.map((n) => [n.instance, n.gpus.map((g) => g.uuid).sort()]));
const expectedGpus = () => Object.fromEntries([...nodes].map(([instance, scenario]) => [instance, uuidsOf(scenario).sort()]));

describe.skipIf(PROMETHEUS === null)(`a fleet of three serve instances behind a real Prometheus${skipReason}`, { timeout: 40_000 }, () => {
  it('fires GpuLost for the GPU that fell off the bus, and only for it', async () => {
    const lostNode = [...nodes].find(([, s]) => s === 'gpu-falls-off-bus')![0];
    const alerts = await until('GpuLost firing', async () => {
      const { alerts } = await prom<{ alerts: { labels: Record<string, string>; state: string }[] }>('/api/v1/alerts');
      const lost = alerts.filter((a) => a.labels.alertname === 'GpuLost' && a.state === 'firing');
      return lost.length > 0 ? lost : null;
    }, 20_000);
    expect(alerts.map((a) => [a.labels.instance, a.labels.gpu, a.labels.UUID, a.labels.severity])).toEqual([[lostNode, '1', uuidsOf('gpu-falls-off-bus')[1], 'critical']]);
  });

  it('shows three nodes with their GPUs, the lost one, the idle one with its holder, and the alert in the fleet API', async () => {
    const summary = await until('a summary with the alert', async () => {
      const answer = (await (await fetch(`${fleetOrigin}/api/v1/fleet/summary?range=5m&idle=10s`)).json()) as FleetSummary;
      // GPU-hours come from the raw series until the rules have recorded the range: no wait for them.
      return answer.alerts.some((a) => a.name === 'GpuLost') && answer.idle.length > 0 && answer.topNodes.length > 0 ? answer : null;
    }, 25_000);
    const seen = JSON.stringify(summary.nodes.map((n) => [n.instance, n.up, n.gpus.length]));
    expect(gpusByNode(summary), seen).toEqual(expectedGpus());
    expect(summary.nodes.every((n) => n.up === true), seen).toBe(true);
    const bus = summary.nodes.find((n) => nodes.get(n.instance) === 'gpu-falls-off-bus')!;
    expect(bus.gpus.map((g) => [g.gpu, g.state])).toEqual([['0', 'ok'], ['1', 'lost']]);
    // GPU 0 of that node: its rank waits in NCCL at 0 % while holding the GPU.
    const idle = summary.idle.find((g) => g.instance === bus.instance && g.gpu === '0');
    expect(idle?.processes.length).toBeGreaterThan(0);
    expect(idle?.processes[0]?.pid).toMatch(/^\d+$/);
    expect(summary.topNodes.length).toBeGreaterThan(0);
    expect(summary.prometheus).toBe(promUrl);
    // The heatmap ends on the whole second: a node first scraped within the last one joins it a
    // second later (GPU-hours no longer wait for the rules, so this can come that early).
    const want = JSON.stringify([...nodes.keys()].sort());
    await until('the heatmap with every node', async () => {
      const heatmap = (await (await fetch(`${fleetOrigin}/api/v1/fleet/heatmap?range=5m`)).json()) as { rows: { instance: string }[] };
      return JSON.stringify(heatmap.rows.map((r) => r.instance).sort()) === want ? true : null;
    }, 15_000);
  });

  it('prints the same fleet with `gpuwise fleet`, as JSON and as text', () => {
    const json = gpuwise(['fleet', '--prometheus', promUrl, '--range', '5m', '--idle-for', '10s', '--json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const summary = JSON.parse(json.stdout) as FleetSummary;
    expect(gpusByNode(summary)).toEqual(expectedGpus());
    const text = gpuwise(['fleet', '--prometheus', promUrl, '--range', '5m', '--idle-for', '10s']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/3 nodes, 14 GPUs/);
    expect(text.stdout).toContain('1:lost');
    expect(text.stdout).toContain('FIRING GpuLost [critical]');
    // --at: the fleet as it was; a time without its zone is refused rather than read in this machine's.
    const earlier = gpuwise(['fleet', '--prometheus', promUrl, '--range', '5m', '--at', String(Math.floor(Date.now() / 1000) - 3600), '--json']);
    expect((JSON.parse(earlier.stdout) as FleetSummary).nodes).toEqual([]);
    const zoneless = gpuwise(['fleet', '--prometheus', promUrl, '--at', '2026-12-01T09:00:00']);
    expect(zoneless.code).toBe(2);
    expect(zoneless.stderr).toContain('with its zone');
    const refused = gpuwise(['fleet', '--prometheus', 'http://127.0.0.1:1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('cannot reach Prometheus at http://127.0.0.1:1');
  });

  it('has GPU-hours, and sane ones, a few seconds after the recording rules began: the part before them read from raw series, and said so', async () => {
    // When the rules' series and the raw ones began (their first samples).
    const firstSample = async (series: string) => Number((await instant(`min(min_over_time(timestamp(${series})[10m:1s]))`))[0]?.value[1] ?? NaN);
    const rulesFrom = await until('the recording rules evaluated', async () => {
      const t = await firstSample('gpuwise:node_gpus_allocated');
      return Number.isFinite(t) ? t : null;
    }, 20_000);
    const scrapedFrom = await firstSample('gpuwise_gpu_processes');
    // Three rule evaluations in: recorded for seconds, raw for the rest of the 5 minutes.
    const at = Math.ceil(rulesFrom) + 3;
    await until('that moment passed', async () => (Date.now() / 1000 > at + 1 ? true : null), 10_000);
    const json = gpuwise(['fleet', '--prometheus', promUrl, '--range', '5m', '--at', String(at), '--json']);
    expect(json.code, json.stderr).toBe(0);
    const summary = JSON.parse(json.stdout) as FleetSummary;
    expect(summary.topNodes.length).toBeGreaterThan(0);
    expect(summary.gpuHoursBasis.nodes.recordedFrom).not.toBeNull();
    expect(summary.gpuHoursBasis.nodes.rawSeconds).toBeGreaterThan(200);
    // No node held more GPU-hours than all its GPUs since it was first scraped (a recording of a
    // few samples once read as a whole hour's; then each sample as a whole interval, the newest
    // included: no slack, or that overcount of an interval per GPU would pass).
    for (const entry of summary.topNodes) {
      const gpus = uuidsOf(nodes.get(entry.key.instance!)!).length;
      expect(entry.gpuHours, JSON.stringify(entry)).toBeLessThanOrEqual((gpus * (at - scrapedFrom)) / 3600 + 1e-9);
    }
    const text = gpuwise(['fleet', '--prometheus', promUrl, '--range', '5m', '--at', String(at)]);
    expect(text.stdout).toContain('The recording rules cover this range from');
    const zh = gpuwise(['fleet', '--prometheus', promUrl, '--range', '5m', '--at', String(at), '--lang', 'zh-CN']);
    expect(zh.stdout).toContain('记录规则从');
  });

  it('answers every query of the Grafana dashboard with data', async () => {
    interface Panel { title?: string; targets?: { expr?: string }[]; panels?: Panel[] }
    const dashboard = JSON.parse(readFileSync(join(DEPLOY, 'grafana', 'gpuwise-fleet.json'), 'utf8')) as { panels: Panel[]; templating: { list: { name: string; query: string }[] } };
    const exprs: { title: string; expr: string }[] = [];
    const walk = (list: Panel[]): void => {
      for (const p of list) {
        for (const t of p.targets ?? []) if (t.expr) exprs.push({ title: p.title ?? '', expr: t.expr });
        walk(p.panels ?? []);
      }
    };
    walk(dashboard.panels);
    expect(exprs.length).toBeGreaterThan(15);
    // The template variables as Grafana reads them (label_values through the series API).
    const instances = await prom<string[]>('/api/v1/label/instance/values', { 'match[]': 'DCGM_FI_DEV_GPU_UTIL' });
    expect(instances.sort()).toEqual([...nodes.keys()].sort());
    const gpus = await prom<string[]>('/api/v1/label/gpu/values', { 'match[]': 'DCGM_FI_DEV_GPU_UTIL' });
    // Grafana's "All" for a multi-value variable in a regex matcher: (a|b|…), escaped.
    const all = (values: string[]) => `(${values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\\\$&')).join('|')})`;
    for (const { title, expr } of exprs) {
      // $__range as Grafana fills it; the GPU-hours subqueries' 1-minute steps at 1 s, since this
      // Prometheus holds seconds of data and a step on the minute may fall before the first sample.
      const filled = expr.replaceAll('$instance', all(instances)).replaceAll('$gpu', all(gpus)).replaceAll('$__range', '2m').replaceAll(':1m]', ':1s]');
      const result = await instant(filled);
      expect(result.length, `${title}: ${filled}`).toBeGreaterThan(0);
    }
  });

  it('draws the fleet page in Chromium: three nodes, the lost GPU, the alert, nothing from another origin', async (context) => {
    const missing = browserMissing();
    if (missing) return context.skip(missing);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${fleetOrigin}/#/fleet?range=24h`);
      await page.getByTestId('fleet-node').nth(2).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('fleet-node').count()).toBe(3);
      expect(await page.getByTestId('fleet-gpu').count()).toBe(14);
      expect(await page.locator('[data-testid="fleet-gpu"][data-state="lost"]').count()).toBe(1);
      await page.locator('[data-testid="fleet-alert"][data-alert="GpuLost"]').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('fleet-idle-row').count()).toBeGreaterThan(0);
      // 24 h asked, seconds recorded by the rules: the part before them from raw series, said so.
      await page.getByTestId('fleet-hours-estimated').first().waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('nav-fleet').getAttribute('aria-current')).toBe('page');
      // The same page in Chinese (the language saved in this browser, as the header's switch saves it).
      await page.evaluate("localStorage.setItem('gpuwise.lang', 'zh-CN')");
      await page.reload();
      await page.getByTestId('fleet-node').nth(2).waitFor({ timeout: 15_000 });
      expect(await page.locator('#fleet-title').textContent()).toBe('集群');
      expect(await page.getByTestId('fleet-subtitle').textContent()).toContain('3 个节点、14 块 GPU');
      expect(await page.getByTestId('fleet-hours-estimated').first().textContent()).toContain('原始序列估算');
      expect(foreignRequests(browser.requests, fleetOrigin)).toEqual([]);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
