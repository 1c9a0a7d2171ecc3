// Per-process series name where a process runs (host/cgroup.ts): dcgm-exporter's pod, namespace
// and container labels for a named pod, the pod UID or a short container ID otherwise, a Slurm
// job — and nothing more for a host process (the golden files hold those).

import { describe, expect, it } from 'vitest';
import type { ProcessWorkload } from '../../core/snapshot.js';
import { parseExposition } from './__fixtures__/parse.js';
import { recordedSample } from './__fixtures__/samples.js';
import { renderSampleBody } from './render.js';

const ID = 'a09343ca97901516c25036e2b954421254f8c68b384b536064e8999f0c4ed18d';
const base: ProcessWorkload = { podUid: null, pod: null, namespace: null, container: null, containerId: null, runtime: null, slurmJobId: null };

function labelsOf(workloads: (ProcessWorkload | undefined)[]): Record<string, string>[] {
  const sample = recordedSample('metrics-8x-h100');
  sample.snapshot.processes.forEach((p, i) => {
    const w = workloads[i];
    if (w) p.workload = w;
  });
  const body = renderSampleBody(sample, { hostname: 'n1', driverVersion: null }, true);
  const { series } = parseExposition(body);
  return series.filter((s) => s.name === 'gpuwise_process_gpu_memory_used_bytes').map((s) => s.labels);
}

describe('workload labels on per-process series', () => {
  it('writes pod, namespace and container for a named pod; UID, short ID or job otherwise', () => {
    const rows = labelsOf([
      { ...base, podUid: '2c9f8a79-5391-454b-88cb-86190881cb96', pod: 'train-0', namespace: 'ml', container: 'trainer', containerId: ID, runtime: 'cri-o' },
      { ...base, podUid: '2c9f8a79-5391-454b-88cb-86190881cb96', containerId: ID, runtime: 'cri-o' },
      { ...base, containerId: ID, runtime: 'docker' },
      { ...base, slurmJobId: '4311' },
    ]);
    expect(rows[0]).toMatchObject({ pod: 'train-0', namespace: 'ml', container: 'trainer' });
    expect(rows[0]).not.toHaveProperty('pod_uid');
    expect(rows[0]).not.toHaveProperty('container_id');
    expect(rows[1]).toMatchObject({ pod_uid: '2c9f8a79-5391-454b-88cb-86190881cb96', container_id: ID.slice(0, 12) });
    expect(rows[1]).not.toHaveProperty('pod');
    expect(rows[2]).toMatchObject({ container_id: ID.slice(0, 12) });
    expect(rows[3]).toMatchObject({ slurm_job: '4311' });
    for (const row of rows.slice(4)) for (const key of ['pod', 'namespace', 'container', 'pod_uid', 'container_id', 'slurm_job']) expect(row).not.toHaveProperty(key);
  });
});
