// /proc/<pid>/cgroup → which container, pod or batch job a process belongs to, from the cgroup
// path alone, as dcgm-exporter's PID mapper does (internal/pkg/transformation/pidmapper.go: a
// `pod<uid>` component, underscores → dashes). Besides the pod UID we take the container ID the
// runtime put in the leaf (containerd, CRI-O, Docker, Podman) and a Slurm job ID, so a plain
// Docker host or a Slurm cluster can say whose job holds a GPU too.
//
// Paths seen through a cgroup namespace (a containerised reader) start with "/../..": the
// components are the same, so the matching does not anchor at the root.

/** The runtime whose naming the container's cgroup follows. */
export type CgroupRuntime = 'containerd' | 'cri-o' | 'docker' | 'podman';

export interface CgroupAttribution {
  /** Kubernetes pod UID (dashes), when the path has a kubepods component. */
  podUid: string | null;
  /** The pod's QoS class, from the kubepods path. */
  qosClass: 'guaranteed' | 'burstable' | 'besteffort' | null;
  /** Full container ID (64 hex digits), when the leaf names one. */
  containerId: string | null;
  runtime: CgroupRuntime | null;
  /** A Slurm job's ID (job_<n> in slurmstepd's hierarchy). */
  slurmJobId: string | null;
}

export interface CgroupLine {
  /** 0 for the cgroup v2 (unified) line. */
  hierarchy: number;
  /** Controllers of a v1 line ("cpu,cpuacct", "name=systemd"); empty for v2. */
  controllers: string[];
  path: string;
}

/** The lines of /proc/<pid>/cgroup ("hierarchy-ID:controller-list:cgroup-path"); malformed ones skipped. */
export function parseCgroupFile(text: string): CgroupLine[] {
  const lines: CgroupLine[] = [];
  for (const raw of text.split('\n')) {
    const first = raw.indexOf(':');
    const second = first < 0 ? -1 : raw.indexOf(':', first + 1);
    if (second < 0) continue;
    const id = raw.slice(0, first);
    if (!/^\d+$/.test(id)) continue;
    // The path may itself contain ':' (systemd cgroup driver on v1: "…slice:cri-containerd:<id>").
    const path = raw.slice(second + 1).trimEnd();
    if (!path.startsWith('/')) continue;
    const controllers = raw.slice(first + 1, second);
    lines.push({ hierarchy: Number(id), controllers: controllers === '' ? [] : controllers.split(','), path });
  }
  return lines;
}

const POD = /(?:^|[/-])pod([0-9a-f]{8}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{4}[-_][0-9a-f]{12})(?:\.slice)?(?=$|[/:])/i;
const QOS = /kubepods[-/.](burstable|besteffort)\b/i;
const HEX64 = '([0-9a-f]{64})';
/** Leaf forms, most specific first. */
const CONTAINER: [RegExp, CgroupRuntime | 'kubepods'][] = [
  [new RegExp(`cri-containerd[-:]${HEX64}(?:\\.scope)?(?=$|/)`), 'containerd'],
  [new RegExp(`crio-(?:conmon-)?${HEX64}(?:\\.scope)?(?=$|/)`), 'cri-o'],
  [new RegExp(`docker-${HEX64}\\.scope(?=$|/)`), 'docker'],
  [new RegExp(`/docker/${HEX64}(?=$|/)`), 'docker'],
  [new RegExp(`libpod-(?:payload-)?${HEX64}(?:\\.scope)?(?=$|/)`), 'podman'],
  [new RegExp(`/containerd/${HEX64}(?=$|/)`), 'containerd'],
  // cgroupfs driver under kubepods: the leaf is the bare ID; the runtime is not named.
  [new RegExp(`/pod[0-9a-f_-]{36}/${HEX64}(?=$|/)`, 'i'), 'kubepods'],
];
const SLURM = /\/job_(\d+)(?=$|\/)/;

function fromPath(path: string): CgroupAttribution {
  const pod = POD.exec(path);
  const qos = QOS.exec(path);
  let containerId: string | null = null;
  let runtime: CgroupRuntime | null = null;
  // Nested containers (kind, Docker in Docker): the innermost — last — ID is the process's own.
  let best = -1;
  for (const [pattern, kind] of CONTAINER) {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    for (const match of path.matchAll(global)) {
      if (match.index! <= best) continue;
      best = match.index!;
      containerId = match[1]!.toLowerCase();
      runtime = kind === 'kubepods' ? null : kind;
    }
  }
  return {
    podUid: pod ? pod[1]!.toLowerCase().replaceAll('_', '-') : null,
    qosClass: pod ? ((qos?.[1]?.toLowerCase() as 'burstable' | 'besteffort' | undefined) ?? 'guaranteed') : null,
    containerId,
    runtime,
    slurmJobId: SLURM.exec(path)?.[1] ?? null,
  };
}

const EMPTY: CgroupAttribution = { podUid: null, qosClass: null, containerId: null, runtime: null, slurmJobId: null };

/**
 * What the cgroup paths say about a process. The v2 line is read first; on a v1 or hybrid host
 * the controllers' lines (which agree for a container) fill in what it lacks.
 */
export function attributeCgroups(text: string): CgroupAttribution {
  const lines = parseCgroupFile(text).sort((a, b) => (a.hierarchy === 0 ? -1 : b.hierarchy === 0 ? 1 : 0));
  const result: CgroupAttribution = { ...EMPTY };
  for (const line of lines) {
    const found = fromPath(line.path);
    result.podUid ??= found.podUid;
    result.qosClass ??= found.qosClass;
    if (result.containerId === null && found.containerId !== null) {
      result.containerId = found.containerId;
      result.runtime = found.runtime;
    }
    result.slurmJobId ??= found.slurmJobId;
  }
  return result;
}

/** True when nothing was found (a host process). */
export function isUnattributed(a: CgroupAttribution): boolean {
  return a.podUid === null && a.containerId === null && a.slurmJobId === null;
}
