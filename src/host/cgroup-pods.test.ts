// The pod directory: a LIST answer → names by UID and container ID; refreshes in the background,
// never more often than asked, and keeps what it knew when a LIST fails. Then the reader on a
// procfs tree: one cgroup read per process, a reused PID read again.

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPodDirectory, inClusterPodDirectory, parsePodList } from './cgroup-pods.js';
import { createWorkloadReader } from './cgroup-workload.js';

const UID = '2c9f8a79-5391-454b-88cb-86190881cb96';
const ID = 'a09343ca97901516c25036e2b954421254f8c68b384b536064e8999f0c4ed18d';
// The shape of `GET /api/v1/pods` (kubectl get pods -o json), cut to the fields read.
const LIST = {
  kind: 'PodList',
  items: [
    {
      metadata: { name: 'train-llama-0', namespace: 'ml-team', uid: UID },
      status: { containerStatuses: [{ name: 'trainer', containerID: `cri-o://${ID}` }, { name: 'sidecar', containerID: 'containerd://short' }] },
    },
    { metadata: { name: 'no-uid', namespace: 'x' } },
    'not an object',
  ],
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('parsePodList', () => {
  it('maps UIDs to pod, namespace and containers by full ID; skips malformed entries', () => {
    const pods = parsePodList(LIST);
    expect([...pods.keys()]).toEqual([UID]);
    expect(pods.get(UID)).toEqual({ pod: 'train-llama-0', namespace: 'ml-team', containers: new Map([[ID, 'trainer']]) });
    expect(parsePodList(null).size).toBe(0);
    expect(parsePodList({ items: 'x' }).size).toBe(0);
  });
});

describe('createPodDirectory', () => {
  it('answers null for an unknown UID, lists in the background, then names it', async () => {
    let lists = 0;
    let clock = 0;
    const directory = createPodDirectory(async () => (lists++, LIST), { minRefreshMs: 10_000, now: () => clock });
    expect(directory.lookup(UID, ID)).toBeNull();
    await flush();
    expect(directory.lookup(UID, ID)).toEqual({ pod: 'train-llama-0', namespace: 'ml-team', container: 'trainer' });
    // Another unknown UID within 10 s waits; after, one more LIST.
    expect(directory.lookup('00000000-0000-0000-0000-000000000000', null)).toBeNull();
    await flush();
    expect(lists).toBe(1);
    clock = 10_001;
    directory.lookup('00000000-0000-0000-0000-000000000000', null);
    await flush();
    expect(lists).toBe(2);
  });

  it('keeps what it knew when a LIST fails', async () => {
    let fail = false;
    let clock = 0;
    const directory = createPodDirectory(async () => {
      if (fail) throw new Error('HTTP 403');
      return LIST;
    }, { minRefreshMs: 0, now: () => clock++ });
    directory.lookup(UID, null);
    await flush();
    fail = true;
    directory.lookup('00000000-0000-0000-0000-000000000000', null);
    await flush();
    expect(directory.lookup(UID, null)).toEqual({ pod: 'train-llama-0', namespace: 'ml-team', container: null });
  });

  it('is not created outside a cluster or without NODE_NAME', () => {
    expect(inClusterPodDirectory({})).toBeNull();
    expect(inClusterPodDirectory({ KUBERNETES_SERVICE_HOST: '10.0.0.1' })).toBeNull();
    expect(inClusterPodDirectory({ KUBERNETES_SERVICE_HOST: '10.0.0.1', NODE_NAME: 'n1' }, '/nonexistent')).toBeNull();
  });
});

describe('createWorkloadReader', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'gpuwise-cgroup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (pid: number, text: string) => {
    mkdirSync(path.join(root, String(pid)), { recursive: true });
    writeFileSync(path.join(root, String(pid), 'cgroup'), text);
  };

  it('reads a process once, again when its PID is reused, and null for a host or vanished one', () => {
    write(100, `0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod${UID.replaceAll('-', '_')}.slice/crio-${ID}.scope\n`);
    write(200, '0::/user.slice/user-1000.slice/session-4.scope\n');
    const reader = createWorkloadReader(root, null);
    expect(reader.read(100, 5)).toEqual({ podUid: UID, pod: null, namespace: null, container: null, containerId: ID, runtime: 'cri-o', slurmJobId: null });
    write(100, '0::/system.slice/slurmstepd.scope/job_77/step_0/user/task_0\n');
    expect(reader.read(100, 5)?.podUid).toBe(UID); // cached
    expect(reader.read(100, 9)).toMatchObject({ podUid: null, slurmJobId: '77' }); // another process
    expect(reader.read(200, 1)).toBeNull();
    expect(reader.read(300, 1)).toBeNull();
  });
});
