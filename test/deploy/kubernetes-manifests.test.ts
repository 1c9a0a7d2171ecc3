// deploy/kubernetes/ checked offline: `kubectl kustomize` builds it, `kubectl create
// --dry-run=client` (against a stub that answers only API discovery — no cluster) maps every
// object to a known kind and prints it as JSON, and a schema subset of the Kubernetes API
// (k8s-schema.ts) checks each object's fields and types. Then what the manifests promise: the
// DaemonSet's hostPID, NVIDIA runtime class, GPU tolerations, requests above serve's measured
// RSS, and a Service and ServiceMonitor that find its pods.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseByteSize } from '../../src/cli/commands/serve-values.js';
import { requiredTool } from '../helpers/required-tool.js';
import { KUBERNETES_SCHEMAS, validate } from './k8s-schema.js';

const { path: KUBECTL, skipReason } = requiredTool('kubectl', 'apt-get install kubernetes-client');
const DIR = new URL('../../deploy/kubernetes/', import.meta.url).pathname;

/** API discovery only: which kinds exist in which group; everything else 404. */
const GROUPS: Record<string, [string, string, boolean][]> = {
  v1: [['namespaces', 'Namespace', false], ['services', 'Service', true], ['serviceaccounts', 'ServiceAccount', true], ['secrets', 'Secret', true]],
  'apps/v1': [['daemonsets', 'DaemonSet', true]],
  'rbac.authorization.k8s.io/v1': [['clusterroles', 'ClusterRole', false], ['clusterrolebindings', 'ClusterRoleBinding', false]],
  'monitoring.coreos.com/v1': [['servicemonitors', 'ServiceMonitor', true]],
};
function discovery(url: string): unknown {
  const resources = (gv: string) => ({ kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources: GROUPS[gv]!.map(([name, kind, namespaced]) => ({ name, singularName: '', namespaced, kind, verbs: ['create', 'get', 'list'] })) });
  if (url === '/api') return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };
  if (url === '/api/v1') return resources('v1');
  const groups = Object.keys(GROUPS).filter((gv) => gv.includes('/'));
  if (url === '/apis') return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map((gv) => { const [name, version] = gv.split('/'); return { name, versions: [{ groupVersion: gv, version }], preferredVersion: { groupVersion: gv, version } }; }) };
  const gv = groups.find((g) => url === `/apis/${g}`);
  return gv ? resources(gv) : null;
}

let server: http.Server | null = null;
let apiUrl = '';
beforeAll(async () => {
  if (!KUBECTL) return;
  server = http.createServer((req, res) => {
    const body = discovery((req.url ?? '').split('?')[0]!);
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 404 }));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

type K8sObject = { kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: Record<string, unknown> } & Record<string, unknown>;

/** Asynchronous: the stub API server answers from this same event loop. */
function kubectl(args: string[], input = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(KUBECTL!, args, { env: { ...process.env, KUBECONFIG: '/dev/null' }, stdio: ['pipe', 'pipe', 'pipe'], timeout: 30_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`kubectl ${args.join(' ')}: exit ${code}\n${stderr}`))));
    child.stdin.end(input);
  });
}
/** kubectl prints several objects as JSON documents one after another. */
const parseObjects = (json: string): K8sObject[] => JSON.parse(`[${json.trim().replace(/\n\}\n\{/g, '\n},\n{')}]`) as K8sObject[];
async function dryRun(yaml: string): Promise<K8sObject[]> {
  return parseObjects(await kubectl(['--server', apiUrl, 'create', '--dry-run=client', '--validate=false', '-o', 'json', '-f', '-'], yaml));
}

describe.skipIf(KUBECTL === null)(`deploy/kubernetes offline${skipReason}`, () => {
  let objects: K8sObject[] = [];
  const byKind = (kind: string) => objects.find((o) => o.kind === kind)!;

  it('builds with kustomize and every object is a known kind whose fields fit the API schema', async () => {
    objects = await dryRun(await kubectl(['kustomize', DIR]));
    expect(objects.map((o) => o.kind).sort()).toEqual(['ClusterRole', 'ClusterRoleBinding', 'DaemonSet', 'Namespace', 'Service', 'ServiceAccount', 'ServiceMonitor']);
    for (const object of objects) {
      expect(validate(object, KUBERNETES_SCHEMAS[object.kind]!), `${object.kind}/${object.metadata.name}`).toEqual([]);
      if (object.kind !== 'Namespace' && !object.kind.startsWith('Cluster')) expect(object.metadata).toMatchObject({ namespace: 'gpuwise' });
    }
  });

  it('catches a misspelt field, a wrong type and a kind the API does not have', async () => {
    const ds = structuredClone(byKind('DaemonSet')) as unknown as { spec: { template: { spec: Record<string, unknown> } } };
    const pod = ds.spec.template.spec;
    pod.hostPId = pod.hostPID;
    pod.hostNetwork = 'yes';
    expect(validate(ds, KUBERNETES_SCHEMAS.DaemonSet!)).toEqual(['$.spec.template.spec.hostNetwork: expected boolean, got string', '$.spec.template.spec: unknown field hostPId']);
    await expect(dryRun('apiVersion: monitoring.coreos.com/v1\nkind: PodMonitorTypo\nmetadata: { name: x }\n')).rejects.toThrow(/PodMonitorTypo/);
  });

  it('runs serve on every GPU node with the host\'s PIDs, the NVIDIA runtime and requests above its measured RSS', () => {
    const pod = (byKind('DaemonSet').spec as { template: { spec: Record<string, unknown> } }).template.spec as {
      hostPID: boolean; runtimeClassName: string; tolerations: { key: string; effect: string }[];
      containers: { args: string[]; env: { name: string }[]; resources: { requests: Record<string, string>; limits: Record<string, string> } }[];
    };
    expect(pod.hostPID).toBe(true);
    expect(pod.runtimeClassName).toBe('nvidia');
    expect(pod.tolerations.filter((t) => t.key === 'nvidia.com/gpu').map((t) => t.effect).sort()).toEqual(['NoExecute', 'NoSchedule']);
    const [container] = pod.containers;
    // serve's own flags, as its CLI defines them; the size as serve parses it.
    const serveSource = readFileSync(new URL('../../src/cli/commands/serve.ts', import.meta.url), 'utf8');
    expect(container!.args[0]).toBe('serve');
    for (const arg of container!.args.slice(1)) expect(serveSource, arg).toMatch(new RegExp(`[' ]${arg.split('=')[0]}[ ']`));
    expect(parseByteSize(container!.args.find((a) => a.startsWith('--max-db-size='))!.split('=')[1]!)).not.toBeNull();
    expect(container!.env.map((e) => e.name)).toEqual(expect.arrayContaining(['GPUWISE_TOKEN', 'NODE_NAME']));
    // docs/benchmarks.md: bench:serve's RSS and peak, recording at 1 Hz with 200 processes.
    const benchmarks = readFileSync(new URL('../../docs/benchmarks.md', import.meta.url), 'utf8');
    const [, peak] = /`bench:serve`[^|]*\|[^|]*RSS [\d.]+ MiB \(peak ([\d.]+)\)/.exec(benchmarks)!;
    const mib = (q: string) => Number(/^(\d+)Mi$/.exec(q)![1]);
    expect(mib(container!.resources.requests.memory!)).toBeGreaterThan(Number(peak));
    expect(mib(container!.resources.limits.memory!)).toBeGreaterThanOrEqual(2 * mib(container!.resources.requests.memory!));
  });

  it('has a Service and a ServiceMonitor that select the DaemonSet\'s pods on its named port', () => {
    const ds = byKind('DaemonSet').spec as { template: { metadata: { labels: Record<string, string> }; spec: { containers: { ports: { name: string }[] }[] } } };
    const service = byKind('Service').spec as { selector: Record<string, string>; ports: { name: string; targetPort: string }[] };
    const monitor = byKind('ServiceMonitor').spec as { selector: { matchLabels: Record<string, string> }; endpoints: { port: string; path: string }[] };
    expect(ds.template.metadata.labels).toMatchObject(service.selector);
    expect(ds.template.spec.containers[0]!.ports.map((p) => p.name)).toContain(service.ports[0]!.targetPort);
    expect(byKind('Service').metadata.labels).toMatchObject(monitor.selector.matchLabels);
    expect(monitor.endpoints[0]).toMatchObject({ port: service.ports[0]!.name, path: '/metrics' });
    // The alert rules' job="gpuwise": the Operator names the job after the Service.
    expect(byKind('Service').metadata.name).toBe('gpuwise');
  });
});
