// A small JSON-schema subset (type, properties, required, items, additionalProperties, enum,
// pattern, minimum) and the part of the Kubernetes API schema the manifests in deploy/kubernetes
// use, field names and types as in the API reference (kubernetes.io/docs/reference/kubernetes-api/).
// Objects are closed (additionalProperties false) where we wrote them, so a misspelt field
// ("hostPId") is an error rather than a field the API server drops.

export interface Schema {
  type?: 'object' | 'array' | 'string' | 'boolean' | 'integer' | 'number' | ('string' | 'integer')[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: (string | number | boolean)[];
  pattern?: string;
  minimum?: number;
}

const typeOf = (value: unknown): string =>
  Array.isArray(value) ? 'array' : value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value;

/** Every violation as "path: what", empty when the value fits. */
export function validate(value: unknown, schema: Schema, path = '$'): string[] {
  const errors: string[] = [];
  const actual = typeOf(value);
  if (schema.type) {
    const allowed = [schema.type].flat();
    const fits = allowed.some((t) => t === actual || (t === 'number' && actual === 'integer'));
    if (!fits) return [`${path}: expected ${allowed.join('|')}, got ${actual}`];
  }
  if (schema.enum && !schema.enum.includes(value as string)) errors.push(`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`);
  if (schema.pattern && typeof value === 'string' && !new RegExp(schema.pattern).test(value)) errors.push(`${path}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  if (schema.minimum !== undefined && typeof value === 'number' && value < schema.minimum) errors.push(`${path}: ${value} < ${schema.minimum}`);
  if (actual === 'array' && schema.items) (value as unknown[]).forEach((item, i) => errors.push(...validate(item, schema.items!, `${path}[${i}]`)));
  if (actual === 'object') {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in object)) errors.push(`${path}: missing ${key}`);
    for (const [key, child] of Object.entries(object)) {
      const sub = schema.properties?.[key];
      if (sub) errors.push(...validate(child, sub, `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unknown field ${key}`);
      else if (typeof schema.additionalProperties === 'object') errors.push(...validate(child, schema.additionalProperties, `${path}.${key}`));
    }
  }
  return errors;
}

const str: Schema = { type: 'string' };
const bool: Schema = { type: 'boolean' };
const int: Schema = { type: 'integer' };
const strMap: Schema = { type: 'object', additionalProperties: str };
const closed = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: 'object', properties, required, additionalProperties: false });
const list = (items: Schema): Schema => ({ type: 'array', items });
/** A Kubernetes name (RFC 1123 subdomain, as metadata.name is checked). */
const name: Schema = { type: 'string', pattern: '^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$' };
const quantity: Schema = { type: ['string', 'integer'], pattern: '^[0-9]+(\\.[0-9]+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?$' };
const intOrPercent: Schema = { type: ['string', 'integer'], pattern: '^[0-9]+%?$' };
const port: Schema = { type: ['integer', 'string'] };

const metadata = closed({ name, namespace: name, labels: strMap, annotations: strMap }, ['name']);
const probe = closed({
  httpGet: closed({ path: str, port, scheme: { type: 'string', enum: ['HTTP', 'HTTPS'] } }, ['port']),
  initialDelaySeconds: int, periodSeconds: int, timeoutSeconds: int, failureThreshold: int, successThreshold: int,
});
const envVar = closed({
  name: str,
  value: str,
  valueFrom: closed({
    secretKeyRef: closed({ name, key: str, optional: bool }, ['name', 'key']),
    fieldRef: closed({ fieldPath: str, apiVersion: str }, ['fieldPath']),
  }),
}, ['name']);
const resources = closed({ requests: { type: 'object', additionalProperties: quantity }, limits: { type: 'object', additionalProperties: quantity } });
const container = closed({
  name, image: str, imagePullPolicy: { type: 'string', enum: ['Always', 'IfNotPresent', 'Never'] },
  args: list(str), command: list(str), env: list(envVar),
  ports: list(closed({ name: { type: 'string', pattern: '^[a-z0-9-]{1,15}$' }, containerPort: { type: 'integer', minimum: 1 }, hostPort: int, protocol: { type: 'string', enum: ['TCP', 'UDP', 'SCTP'] } }, ['containerPort'])),
  readinessProbe: probe, livenessProbe: probe, startupProbe: probe, resources,
  securityContext: closed({ allowPrivilegeEscalation: bool, readOnlyRootFilesystem: bool, privileged: bool, runAsNonRoot: bool, runAsUser: int, capabilities: closed({ add: list(str), drop: list(str) }) }),
  volumeMounts: list(closed({ name, mountPath: str, readOnly: bool, subPath: str }, ['name', 'mountPath'])),
}, ['name', 'image']);
const podSpec = closed({
  serviceAccountName: name, runtimeClassName: name, hostPID: bool, hostNetwork: bool, hostIPC: bool,
  dnsPolicy: { type: 'string', enum: ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'] },
  priorityClassName: name, nodeSelector: strMap, terminationGracePeriodSeconds: int,
  tolerations: list(closed({ key: str, operator: { type: 'string', enum: ['Exists', 'Equal'] }, value: str, effect: { type: 'string', enum: ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] }, tolerationSeconds: int })),
  securityContext: closed({ runAsUser: int, runAsGroup: int, runAsNonRoot: bool, fsGroup: int, seccompProfile: closed({ type: { type: 'string', enum: ['RuntimeDefault', 'Localhost', 'Unconfined'] } }, ['type']) }),
  containers: list(container),
  volumes: list(closed({ name, emptyDir: closed({ sizeLimit: quantity, medium: str }), hostPath: closed({ path: str, type: str }, ['path']) }, ['name'])),
}, ['containers']);
const selector = closed({ matchLabels: strMap }, ['matchLabels']);

/** By kind: the manifests' objects. */
export const KUBERNETES_SCHEMAS: Record<string, Schema> = {
  Namespace: closed({ apiVersion: { type: 'string', enum: ['v1'] }, kind: str, metadata }, ['metadata']),
  ServiceAccount: closed({ apiVersion: { type: 'string', enum: ['v1'] }, kind: str, metadata }, ['metadata']),
  ClusterRole: closed({ apiVersion: { type: 'string', enum: ['rbac.authorization.k8s.io/v1'] }, kind: str, metadata, rules: list(closed({ apiGroups: list(str), resources: list(str), verbs: list({ type: 'string', enum: ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete'] }) }, ['verbs'])) }, ['metadata', 'rules']),
  ClusterRoleBinding: closed({
    apiVersion: { type: 'string', enum: ['rbac.authorization.k8s.io/v1'] }, kind: str, metadata,
    roleRef: closed({ apiGroup: str, kind: { type: 'string', enum: ['ClusterRole', 'Role'] }, name }, ['apiGroup', 'kind', 'name']),
    subjects: list(closed({ kind: { type: 'string', enum: ['ServiceAccount', 'User', 'Group'] }, name, namespace: name }, ['kind', 'name'])),
  }, ['metadata', 'roleRef']),
  DaemonSet: closed({
    apiVersion: { type: 'string', enum: ['apps/v1'] }, kind: str, metadata,
    spec: closed({
      selector,
      updateStrategy: closed({ type: { type: 'string', enum: ['RollingUpdate', 'OnDelete'] }, rollingUpdate: closed({ maxUnavailable: intOrPercent, maxSurge: intOrPercent }) }),
      template: closed({ metadata: closed({ labels: strMap, annotations: strMap }), spec: podSpec }, ['spec']),
    }, ['selector', 'template']),
  }, ['metadata', 'spec']),
  Service: closed({
    apiVersion: { type: 'string', enum: ['v1'] }, kind: str, metadata,
    spec: closed({ clusterIP: str, selector: strMap, type: str, ports: list(closed({ name: str, port: int, targetPort: port, protocol: { type: 'string', enum: ['TCP', 'UDP', 'SCTP'] } }, ['port'])) }, ['ports']),
  }, ['metadata', 'spec']),
  // monitoring.coreos.com/v1 as the Prometheus Operator's CRD defines it.
  ServiceMonitor: closed({
    apiVersion: { type: 'string', enum: ['monitoring.coreos.com/v1'] }, kind: str, metadata,
    spec: closed({
      selector, namespaceSelector: closed({ matchNames: list(name), any: bool }), jobLabel: str,
      endpoints: list(closed({
        port: str, path: str, scheme: str, interval: { type: 'string', pattern: '^[0-9]+(ms|s|m|h)$' }, scrapeTimeout: { type: 'string', pattern: '^[0-9]+(ms|s|m|h)$' },
        relabelings: list(closed({ sourceLabels: list(str), targetLabel: str, regex: str, replacement: str, action: str, separator: str })),
        authorization: closed({ type: str, credentials: closed({ name, key: str }, ['name', 'key']) }),
      })),
    }, ['selector', 'endpoints']),
  }, ['metadata', 'spec']),
};
