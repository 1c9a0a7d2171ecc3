// Pod UID → pod name, namespace and container name, for a gpuwise running in the cluster (the
// DaemonSet in deploy/kubernetes/). The cgroup path gives only the UID and the container ID;
// dcgm-exporter asks the kubelet's pod-resources socket (gRPC) for the rest. gpuwise asks the
// API server for the pods on its own node (one LIST with a field selector, with the service
// account's token; RBAC: list pods) — no gRPC client, and the answer also names each container
// by its ID. Refreshed in the background when an unknown UID turns up, at most every 10 s, so a
// tick never waits on the network.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface PodIdentity {
  pod: string;
  namespace: string;
  /** The container's name, when its ID is in the pod's status. */
  container: string | null;
}

export interface PodDirectory {
  /** What is known now; an unknown UID schedules a refresh and answers null. */
  lookup(podUid: string, containerId: string | null): PodIdentity | null;
}

interface PodEntry {
  pod: string;
  namespace: string;
  /** container ID (64 hex, no runtime prefix) → container name */
  containers: Map<string, string>;
}

/** The pods of a LIST answer by UID; entries without a UID or a name are left out. */
export function parsePodList(json: unknown): Map<string, PodEntry> {
  const pods = new Map<string, PodEntry>();
  const items = (json as { items?: unknown })?.items;
  if (!Array.isArray(items)) return pods;
  for (const item of items as { metadata?: Record<string, unknown>; status?: Record<string, unknown> }[]) {
    const { uid, name, namespace } = item?.metadata ?? {};
    if (typeof uid !== 'string' || typeof name !== 'string' || typeof namespace !== 'string') continue;
    const containers = new Map<string, string>();
    for (const key of ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses']) {
      const statuses = item.status?.[key];
      if (!Array.isArray(statuses)) continue;
      for (const status of statuses as { name?: unknown; containerID?: unknown }[]) {
        // "containerd://<id>", "cri-o://<id>", "docker://<id>"
        const id = typeof status?.containerID === 'string' ? /:\/\/([0-9a-f]{64})$/.exec(status.containerID)?.[1] : undefined;
        if (id && typeof status.name === 'string') containers.set(id, status.name);
      }
    }
    pods.set(uid, { pod: name, namespace, containers });
  }
  return pods;
}

export type PodLister = () => Promise<unknown>;

export function createPodDirectory(list: PodLister, options: { minRefreshMs?: number; now?: () => number } = {}): PodDirectory {
  const minRefreshMs = options.minRefreshMs ?? 10_000;
  const now = options.now ?? Date.now;
  let pods = new Map<string, PodEntry>();
  let lastRefreshMs = -Infinity;
  let inFlight = false;

  function refresh(): void {
    if (inFlight || now() - lastRefreshMs < minRefreshMs) return;
    inFlight = true;
    lastRefreshMs = now();
    list()
      .then((json) => (pods = parsePodList(json)))
      // A failed LIST keeps what was known; the next unknown UID after the wait tries again.
      .catch(() => undefined)
      .finally(() => (inFlight = false));
  }

  return {
    lookup(podUid, containerId) {
      const entry = pods.get(podUid);
      if (!entry || (containerId !== null && !entry.containers.has(containerId))) refresh();
      if (!entry) return null;
      return { pod: entry.pod, namespace: entry.namespace, container: containerId === null ? null : (entry.containers.get(containerId) ?? null) };
    },
  };
}

const SERVICE_ACCOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * The in-cluster directory: null outside a cluster (no KUBERNETES_SERVICE_HOST, no token) or
 * without NODE_NAME (the DaemonSet sets it from spec.nodeName), or when GPUWISE_KUBERNETES_PODS=0.
 */
export function inClusterPodDirectory(env: NodeJS.ProcessEnv = process.env, root = SERVICE_ACCOUNT): PodDirectory | null {
  const host = env.KUBERNETES_SERVICE_HOST;
  const node = env.NODE_NAME;
  if (!host || !node || env.GPUWISE_KUBERNETES_PODS === '0') return null;
  let ca: string;
  try {
    readFileSync(`${root}/token`, 'utf8');
    ca = readFileSync(`${root}/ca.crt`, 'utf8');
  } catch {
    return null;
  }
  const port = Number(env.KUBERNETES_SERVICE_PORT ?? 443);
  const path = `/api/v1/pods?fieldSelector=${encodeURIComponent(`spec.nodeName=${node}`)}`;
  const list: PodLister = () =>
    new Promise((resolve, reject) => {
      // The token is reread each time: the kubelet rotates it.
      const token = readFileSync(`${root}/token`, 'utf8').trim();
      // Loaded here, in the cluster only: node:https (tls, crypto, http) costs every one-shot
      // command that reads processes ~1.5 MiB of peak RSS for nothing (docs/benchmarks.md).
      const https = createRequire(import.meta.url)('node:https') as typeof import('node:https');
      const request = https.get({ hostname: host, port, path, ca, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, timeout: 5000 }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`pods LIST: HTTP ${response.statusCode}`));
          try {
            resolve(JSON.parse(body));
          } catch (error) {
            reject(error as Error);
          }
        });
      });
      request.on('timeout', () => request.destroy(new Error('pods LIST: timed out')));
      request.on('error', reject);
    });
  return createPodDirectory(list);
}
