// /api/v1/fleet/* through app.request over a client that answers as a small fleet does: 404 with
// why when serve has no --prometheus, the summary and heatmap, parameters checked, Prometheus's
// trouble as a 502 in the request's language, and answers reused for a few seconds.

import { describe, expect, it } from 'vitest';
import { FleetError, type PrometheusClient } from '../../fleet/client.js';
import { GRID_QUERIES } from '../../fleet/queries.js';
import { createServerApp } from '../app.js';
import { createFakeSampler } from '../testing/fake-sampler.js';

function client(fail = false): PrometheusClient & { calls: number } {
  const fake = {
    url: 'http://prom:9090',
    calls: 0,
    async query(expr: string) {
      fake.calls++;
      if (fail) throw new FleetError('fleet.error.unreachable', { url: 'http://prom:9090', detail: 'ECONNREFUSED' });
      return expr === GRID_QUERIES.util ? [{ metric: { instance: 'n1:8478', job: 'gpuwise', gpu: '0', Hostname: 'n1' }, value: 97 }] : [];
    },
    async queryRange() {
      return [{ metric: { instance: 'n1:8478', Hostname: 'n1' }, values: [[100, 50]] as [number, number | null][] }];
    },
    async alerts() {
      return [{ labels: { alertname: 'GpuLost' }, annotations: {}, state: 'firing' }];
    },
  };
  return fake;
}

const app = (fleet: PrometheusClient | null, now = () => 0) =>
  createServerApp({ sampler: createFakeSampler(), store: null, auth: { token: null, metricsOpen: false }, allowedHosts: null, version: 't', ...(fleet ? { fleet: { client: fleet, now } } : {}) });

describe('fleet routes', () => {
  it('answer 404 with the reason when serve has no --prometheus', async () => {
    const answer = await app(null).request('/api/v1/fleet/summary?lang=zh-CN');
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { key: string; message: string } }).error).toMatchObject({ key: 'webFleet.api.notConfigured', message: expect.stringContaining('--prometheus') });
  });

  it('answer the summary, heatmap and alerts; refuse a bad range', async () => {
    const server = app(client());
    const summary = (await (await server.request('/api/v1/fleet/summary?range=24h&idle=30m&top=3')).json()) as { nodes: { gpus: { utilPercent: number }[] }[]; rangeSeconds: number; idleWindowSeconds: number };
    expect(summary.rangeSeconds).toBe(86_400);
    expect(summary.idleWindowSeconds).toBe(1800);
    expect(summary.nodes[0]!.gpus[0]!.utilPercent).toBe(97);
    const heatmap = (await (await server.request('/api/v1/fleet/heatmap?range=1h')).json()) as { rows: unknown[]; stepSeconds: number };
    expect(heatmap.rows).toHaveLength(1);
    expect(heatmap.stepSeconds).toBe(15);
    expect(((await (await server.request('/api/v1/fleet/alerts')).json()) as { alerts: { name: string }[] }).alerts.map((a) => a.name)).toEqual(['GpuLost']);
    for (const bad of ['range=7', 'range=1y', 'range=5s', 'top=0', 'rang=7d']) expect((await server.request(`/api/v1/fleet/summary?${bad}`)).status, bad).toBe(400);
  });

  it('says Prometheus could not be reached as a 502, and asks again next time', async () => {
    const failing = client(true);
    const server = app(failing);
    const answer = await server.request('/api/v1/fleet/summary?lang=en');
    expect(answer.status).toBe(502);
    const body = (await answer.json()) as { error: { key: string; message: string; details: { prometheus: string } } };
    expect(body.error).toMatchObject({ key: 'fleet.error.unreachable', details: { prometheus: 'http://prom:9090' } });
    expect(body.error.message).toContain('ECONNREFUSED');
    const before = failing.calls;
    await server.request('/api/v1/fleet/summary?lang=en');
    expect(failing.calls).toBeGreaterThan(before);
  });

  it('reuses an answer for a few seconds', async () => {
    let clock = 0;
    const fake = client();
    const server = app(fake, () => clock);
    await server.request('/api/v1/fleet/summary');
    const once = fake.calls;
    await server.request('/api/v1/fleet/summary');
    expect(fake.calls).toBe(once);
    clock = 6000;
    await server.request('/api/v1/fleet/summary');
    expect(fake.calls).toBe(2 * once);
  });
});
