// A real Prometheus (Debian's `prometheus` package) scrapes `gpuwise serve` on loopback, and
// PromQL through its HTTP API returns the recorded GPUs' values — including every query of
// dcgm-exporter's own Grafana dashboard (test/fixtures/dcgm-exporter/, Apache-2.0) with its
// template variables filled in as Grafana fills them, so that dashboard works unchanged.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeText } from '../../src/core/safe-text.js';
import { recordedSample } from '../../src/server/metrics/__fixtures__/samples.js';
import { startService, type Service } from '../../src/server/service.js';
import { requiredTool } from '../helpers/required-tool.js';

const { path: PROMETHEUS, skipReason: NO_PROMETHEUS } = requiredTool('prometheus', 'apt-get install prometheus');
const DASHBOARD = new URL('../fixtures/dcgm-exporter/dcgm-exporter-dashboard.json', import.meta.url);
const sample = recordedSample('metrics-8x-h100');
const devices = sample.snapshot.devices;

let dir = '';
let service: Service | null = null;
/** The same recording behind a token, /metrics not left open: Prometheus must send the token. */
let guarded: Service | null = null;
const TOKEN = 'prometheus-test-token-0123456789';
let prometheus: ChildProcess | null = null;
let api = '';
let instance = '';

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

interface PromAnswer<T> {
  status: string;
  data: T;
  error?: string;
}
type Vector = { metric: Record<string, string>; value: [number, string] }[];

async function prom<T>(path: string, params: Record<string, string | string[]>): Promise<T> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) query.append(key, v);
  const answer = (await (await fetch(`${api}${path}?${query}`)).json()) as PromAnswer<T>;
  if (answer.status !== 'success') throw new Error(`${path} ${query}: ${answer.error ?? answer.status}`);
  return answer.data;
}
const instant = (expr: string) => prom<{ resultType: string; result: Vector }>('/api/v1/query', { query: expr });

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== null) return value;
    } catch (error) {
      last = error; // Prometheus is still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

beforeAll(async () => {
  if (!PROMETHEUS) return;
  dir = mkdtempSync(join(tmpdir(), 'gpuwise-prom-'));
  // `serve` replays the recording through the static backend: the real sampler, app and renderer.
  const recording = join(dir, 'recording.json');
  writeFileSync(recording, JSON.stringify(sample.snapshot));
  service = await startService({
    host: '127.0.0.1', port: 0, history: null, intervalMs: 500, metricsOpen: true, processMetrics: true,
    backend: 'static', sessionOptions: { env: { GPUWISE_REPLAY: recording }, platform: 'linux' },
  });
  guarded = await startService({
    host: '127.0.0.1', port: 0, history: null, intervalMs: 500, metricsOpen: false, token: TOKEN,
    backend: 'static', sessionOptions: { env: { GPUWISE_REPLAY: recording }, platform: 'linux' },
  });
  await Promise.all([service.sampler.first(), guarded.sampler.first()]);
  instance = `127.0.0.1:${service.port}`;
  writeFileSync(join(dir, 'token'), TOKEN);
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  writeFileSync(join(dir, 'prometheus.yml'), [
    'global: { scrape_interval: 1s, scrape_timeout: 900ms, evaluation_interval: 1s }',
    'scrape_configs:',
    '  - job_name: gpuwise',
    `    static_configs: [{ targets: ['${instance}'] }]`,
    // As docs/metrics.md tells a user to scrape a protected /metrics, and once without the token.
    '  - job_name: gpuwise-token',
    `    authorization: { credentials_file: '${join(dir, 'token')}' }`,
    `    static_configs: [{ targets: ['127.0.0.1:${guarded.port}'] }]`,
    '  - job_name: gpuwise-no-token',
    `    static_configs: [{ targets: ['127.0.0.1:${guarded.port}'] }]`,
  ].join('\n'));
  prometheus = spawn(PROMETHEUS, [
    `--config.file=${join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn',
  ], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  prometheus.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  try {
    await until('a scrape of every target', async () => {
      const { activeTargets } = await prom<{ activeTargets: { health: string; lastError: string; scrapePool: string }[] }>('/api/v1/targets', {});
      const open = activeTargets.find((t) => t.scrapePool === 'gpuwise');
      if (open?.health === 'down') throw new Error(open.lastError);
      return activeTargets.length === 3 && activeTargets.every((t) => t.health !== 'unknown') ? activeTargets : null;
    }, 15_000);
    // The target is up after the scrape; the samples are queryable once it is committed.
    await until('the first samples', async () => ((await instant('DCGM_FI_DEV_GPU_TEMP')).result.length === 2 * devices.length ? true : null), 5000);
  } catch (error) {
    throw new Error(`${String(error)}\nprometheus stderr: ${stderr}`);
  }
}, 30_000);

afterAll(async () => {
  if (prometheus?.pid !== undefined && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
    process.kill(-prometheus.pid, 'SIGTERM'); // its whole process group
    const timer = setTimeout(() => process.kill(-prometheus!.pid!, 'SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  }
  await Promise.all([service?.close(), guarded?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 10_000);

/** The dashboard's queries: every panel target and every templating variable. */
function dashboardQueries(): { panels: { title: string; expr: string }[]; variables: Record<string, string> } {
  interface Panel { title?: string; targets?: { expr?: string }[]; panels?: Panel[] }
  const json = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[]; templating: { list: { name: string; query: unknown }[] } };
  const panels: { title: string; expr: string }[] = [];
  const walk = (list: Panel[]) => {
    for (const panel of list) {
      for (const target of panel.targets ?? []) if (target.expr) panels.push({ title: panel.title ?? '', expr: target.expr });
      walk(panel.panels ?? []);
    }
  };
  walk(json.panels);
  const variables: Record<string, string> = {};
  for (const v of json.templating.list) if (typeof v.query === 'string' && v.query.startsWith('label_values(')) variables[v.name] = v.query;
  return { panels, variables };
}

/** Grafana's substitution of a multi-value variable in a regex matcher: (a|b|…), escaped. */
const regexOf = (values: string[]) => `(${values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\\\$&')).join('|')})`;

describe.skipIf(PROMETHEUS === null)(`a real Prometheus scraping gpuwise serve${NO_PROMETHEUS}`, () => {
  it('finds the dashboard\'s template values through the series and label APIs', async () => {
    const { variables } = dashboardQueries();
    expect(variables).toEqual({ instance: 'label_values(DCGM_FI_DEV_GPU_TEMP, instance)', gpu: 'label_values(DCGM_FI_DEV_GPU_TEMP, gpu)' });
    for (const [name, query] of Object.entries(variables)) {
      const [, metric, label] = /^label_values\((\w+),\s*(\w+)\)$/.exec(query)!;
      const values = await prom<string[]>(`/api/v1/label/${label}/values`, { 'match[]': metric! });
      expect(values, name).toEqual(name === 'instance' ? [instance, `127.0.0.1:${guarded!.port}`].sort() : devices.map((d) => String(d.index)));
    }
    const series = await prom<Record<string, string>[]>('/api/v1/series', { 'match[]': `DCGM_FI_DEV_GPU_TEMP{instance="${instance}"}` });
    expect(series.map((s) => s.UUID).sort()).toEqual(devices.map((d) => d.uuid).sort());
  });

  it('scrapes a protected /metrics with the token from a credentials file, and is refused without it', async () => {
    const up = await instant('up');
    const byJob = Object.fromEntries(up.result.map((r) => [r.metric.job, r.value[1]]));
    expect(byJob).toEqual({ gpuwise: '1', 'gpuwise-token': '1', 'gpuwise-no-token': '0' });
    const { activeTargets } = await prom<{ activeTargets: { scrapePool: string; lastError: string }[] }>('/api/v1/targets', {});
    expect(activeTargets.find((t) => t.scrapePool === 'gpuwise-no-token')?.lastError).toMatch(/401/);
    const temps = await instant('DCGM_FI_DEV_GPU_TEMP{job="gpuwise-token"}');
    expect(temps.result).toHaveLength(devices.length);
  });

  it('answers every panel query of dcgm-exporter\'s dashboard with the GPUs\' values', async () => {
    const { panels } = dashboardQueries();
    expect(panels.map((p) => p.title)).toEqual([
      'GPU Temperature', 'GPU Avg. Temp', 'GPU Power Usage', 'GPU Power Total', 'GPU SM Clocks',
      'GPU Utilization', 'GPU Framebuffer Mem Used', 'Tensor Core Utilization',
    ]);
    const sum = (pick: (d: (typeof devices)[number]) => number | null) => devices.reduce((total, d) => total + pick(d)!, 0);
    const perGpu: Record<string, (d: (typeof devices)[number]) => number> = {
      'GPU Temperature': (d) => d.temperatureCelsius!,
      'GPU Power Usage': (d) => d.powerDrawWatts!,
      'GPU SM Clocks': (d) => d.smClockMhz! * 1e6,
      'GPU Utilization': (d) => d.gpuUtilPercent!,
      'GPU Framebuffer Mem Used': (d) => Math.floor(d.memoryUsedBytes! / 2 ** 20),
      'Tensor Core Utilization': (d) => d.tensorActivePercent! / 100,
    };
    const totals: Record<string, number> = {
      'GPU Avg. Temp': sum((d) => d.temperatureCelsius) / devices.length,
      'GPU Power Total': sum((d) => d.powerDrawWatts),
    };
    // All GPUs selected (Grafana's "All" is every value), then two of them.
    for (const gpus of [devices.map((d) => String(d.index)), ['1', '6']]) {
      for (const { title, expr } of panels) {
        const filled = expr.replaceAll('$instance', regexOf([instance])).replaceAll('$gpu', regexOf(gpus));
        const { result } = await instant(filled);
        const chosen = devices.filter((d) => gpus.includes(String(d.index)));
        if (perGpu[title]) {
          const got = Object.fromEntries(result.map((r) => [r.metric.gpu, Number(r.value[1])]));
          const want = Object.fromEntries(chosen.map((d) => [String(d.index), perGpu[title]!(d)]));
          expect(Object.keys(got).sort(), `${title}: ${filled}`).toEqual(Object.keys(want).sort());
          for (const [gpu, value] of Object.entries(want)) expect(got[gpu], `${title} gpu ${gpu}`).toBeCloseTo(value, 6);
        } else {
          expect(result, `${title}: ${filled}`).toHaveLength(1);
          if (gpus.length === devices.length) expect(Number(result[0]!.value[1]), title).toBeCloseTo(totals[title]!, 6);
        }
      }
    }
  });

  it('answers the current dashboard\'s "GPU Utilization" query (GR_ENGINE_ACTIVE, by Hostname) with each GPU\'s ratio', async () => {
    // NVIDIA/dcgm-exporter main, grafana/dcgm-exporter-dashboard.json: its variables are
    // label_values(DCGM_FI_DEV_FB_FREE, Hostname) and …, gpu); the fixture above is an older copy.
    const hostnames = await prom<string[]>('/api/v1/label/Hostname/values', { 'match[]': `DCGM_FI_DEV_FB_FREE{instance="${instance}"}` });
    expect(hostnames).toHaveLength(1);
    const gpus = await prom<string[]>('/api/v1/label/gpu/values', { 'match[]': 'DCGM_FI_DEV_FB_FREE' });
    const expr = 'max(DCGM_FI_PROF_GR_ENGINE_ACTIVE{Hostname=~"$instance",gpu=~"$gpu"}) by (Hostname, gpu, GPU_I_ID, GPU_I_PROFILE)'
      .replace('$instance', regexOf(hostnames)).replace('$gpu', regexOf(gpus));
    const { result } = await instant(expr);
    const got = Object.fromEntries(result.map((r) => [r.metric.gpu, Number(r.value[1])]));
    expect(Object.keys(got).sort()).toEqual(devices.map((d) => String(d.index)).sort());
    for (const d of devices) expect(got[String(d.index)], `gpu ${d.index}`).toBeCloseTo(d.graphicsActivePercent! / 100, 6);
  });

  it('stores gpuwise\'s own series and labels as written, hostile process names included', async () => {
    const up = await instant(`gpuwise_gpu_up{instance="${instance}"}`);
    expect(up.result.map((r) => r.value[1])).toEqual(devices.map(() => '1'));
    const bytes = await instant(`gpuwise_gpu_memory_used_bytes{gpu="0",instance="${instance}"}`);
    expect(Number(bytes.result[0]!.value[1])).toBe(devices[0]!.memoryUsedBytes);
    const backend = await instant(`gpuwise_backend_up{instance="${instance}"}`);
    expect(backend.result.map((r) => [r.metric.backend, r.value[1]])).toEqual([['static', '1']]);
    const hostile = sample.snapshot.processes[7]!;
    const processes = await instant(`gpuwise_process_gpu_memory_used_bytes{pid="${hostile.pid}"}`);
    expect(processes.result).toHaveLength(1);
    expect(processes.result[0]!.metric.name).toBe(safeText(hostile.name!));
    // Prometheus saw exactly the series we wrote: no forged line made it in.
    const forged = await instant('{__name__=~"forged.*"}');
    expect(forged.result).toEqual([]);
    const scrape = await instant(`up{instance="${instance}"}`);
    expect(scrape.result[0]!.value[1]).toBe('1');
  });
});

