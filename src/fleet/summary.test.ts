// The summary's assembly from Prometheus answers (a client that answers by query): the grid
// keeps a down node and a lost GPU, MIG instances do not become GPUs, idle GPUs list their
// holders biggest first, GPU-hours fall back to raw series without the recording rules.

import { describe, expect, it } from 'vitest';
import type { RawAlert, Sample } from './client.js';
import { fakePrometheus } from './testing/fake-client.js';
import { GRID_QUERIES, idleGpusQuery, idleProcessesQuery, rawGpuHoursQuery, recordedEvaluationsQuery, recordedSumQuery } from './queries.js';
import { fleetSummary } from './summary.js';

const n1 = { instance: 'n1:8478', job: 'gpuwise', Hostname: 'n1' };
const gpu = (g: string, more: Record<string, string> = {}) => ({ ...n1, gpu: g, UUID: `GPU-${g}`, modelName: 'NVIDIA H100 80GB HBM3', ...more });

const rules = [{ name: 'gpuwise-fleet', interval: 60, rules: [{ name: 'gpuwise:node_gpus_allocated', type: 'recording' }] }];
const fakeClient = (answers: Record<string, Sample[]>, alerts: RawAlert[] = []) => fakePrometheus(answers, {}, alerts, rules);

describe('fleetSummary', () => {
  const answers: Record<string, Sample[]> = {
    [GRID_QUERIES.up]: [{ metric: { instance: 'n1:8478', job: 'gpuwise' }, value: 1 }, { metric: { instance: 'n2:8478', job: 'gpuwise' }, value: 0 }],
    [GRID_QUERIES.state]: [{ metric: gpu('0', { state: 'ok' }), value: 1 }, { metric: gpu('1', { state: 'lost' }), value: 1 }],
    [GRID_QUERIES.util]: [{ metric: gpu('0'), value: 0 }, { metric: gpu('0', { GPU_I_ID: '1' }), value: 50 }],
    [GRID_QUERIES.memoryUsed]: [{ metric: gpu('0'), value: 2e9 }],
    [GRID_QUERIES.memoryTotal]: [{ metric: gpu('0'), value: 8e10 }],
    [GRID_QUERIES.processes]: [{ metric: gpu('0'), value: 2 }, { metric: gpu('1'), value: null }],
    [idleGpusQuery(600)]: [{ metric: gpu('0'), value: 0 }],
    [idleProcessesQuery(600)]: [
      { metric: { ...gpu('0'), pid: '10', user: 'alice', name: 'python3' }, value: 1e9 },
      { metric: { ...gpu('0'), pid: '11', user: 'bob', name: 'python3', namespace: 'ml', pod: 'train-0', container: 'trainer' }, value: 3e9 },
    ],
    // The rules every minute for the whole hour; users: no rule of theirs loaded (raw series).
    [recordedEvaluationsQuery(3600)]: [{ metric: {}, value: 61 }],
    [rawGpuHoursQuery('users', 3600, 5)]: [{ metric: { user: 'alice' }, value: 1 }, { metric: { user: 'bob', namespace: 'ml' }, value: 2.5 }, { metric: { user: 'carol' }, value: 0 }],
    [recordedSumQuery('nodes', 3600)]: [{ metric: { instance: 'n1:8478', Hostname: 'n1', job: 'gpuwise' }, value: 210 }],
  };
  const alerts: RawAlert[] = [
    { labels: { alertname: 'GpuLost', severity: 'critical', gpu: '1' }, annotations: { summary: 'GPU 1 on n1 is lost' }, state: 'firing', activeAt: '2026-12-01T15:00:00Z' },
    { labels: { alertname: 'GpuMemoryNearlyFull' }, annotations: {}, state: 'pending' },
    { labels: { alertname: 'Old' }, annotations: {}, state: 'inactive' },
  ];

  it('answers every section from a fixed set of queries', async () => {
    const client = fakeClient(answers, alerts);
    const summary = await fleetSummary(client, { rangeSeconds: 3600, idleWindowSeconds: 600, top: 5, atSeconds: 1_790_000_000 });
    expect(summary.nodes.map((n) => [n.instance, n.hostname, n.up, n.gpus.length])).toEqual([['n1:8478', 'n1', true, 2], ['n2:8478', null, false, 0]]);
    expect(summary.nodes[0]!.gpus).toEqual([
      { gpu: '0', uuid: 'GPU-0', model: 'NVIDIA H100 80GB HBM3', state: 'ok', utilPercent: 0, memoryUsedBytes: 2e9, memoryTotalBytes: 8e10, processes: 2 },
      { gpu: '1', uuid: 'GPU-1', model: 'NVIDIA H100 80GB HBM3', state: 'lost', utilPercent: null, memoryUsedBytes: null, memoryTotalBytes: null, processes: null },
    ]);
    expect(summary.idle).toHaveLength(1);
    expect(summary.idle[0]!.processes.map((p) => [p.user, p.pod])).toEqual([['bob', 'train-0'], ['alice', null]]);
    expect(summary.topUsers).toEqual([{ key: { user: 'bob', namespace: 'ml' }, gpuHours: 2.5, source: 'raw' }, { key: { user: 'alice' }, gpuHours: 1, source: 'raw' }]);
    expect(summary.topNodes).toEqual([{ key: { instance: 'n1:8478', Hostname: 'n1' }, gpuHours: 3.5, source: 'recorded' }]);
    expect(summary.usedRecordingRules).toEqual({ users: false, nodes: true });
    expect(summary.gpuHoursBasis).toEqual({ users: { recordedFrom: null, rawSeconds: 3600 }, nodes: { recordedFrom: new Date((1_790_000_000 - 3600) * 1000).toISOString(), rawSeconds: 0 } });
    expect(summary.alerts.map((a) => [a.name, a.state])).toEqual([['GpuLost', 'firing'], ['GpuMemoryNearlyFull', 'pending']]);
    expect(summary.at).toBe(new Date(1_790_000_000_000).toISOString());
    // 6 grid + 2 idle + 2 for the rules' evaluations (how many, the newest) + 3 or 4 per top list
    // (recorded sums, newest samples, samples per hour, raw): the count does not depend on the fleet.
    expect(client.asked.length).toBe(17);
  });

  it('never sends a query naming one node', async () => {
    const client = fakeClient(answers, alerts);
    await fleetSummary(client, { rangeSeconds: 3600, idleWindowSeconds: 600, top: 5 });
    for (const expr of client.asked) expect(expr).not.toMatch(/instance\s*=/);
  });
});
