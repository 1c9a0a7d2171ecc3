// GPU processes → host details on Linux, from a procfs (the real /proc, or a recorded tree): for
// each, its user, command, CPU %, RSS and start time; the processes it started (its tree); and
// its threads. Once a process is known a tick reads one file for it, its stat (process-members.ts).

import fs from 'node:fs';
import path from 'node:path';
import { isoTime } from '../core/iso-time.js';
import type { HostProcessTree, HostResolution, HostThreadSummary, ProcessWorkload, SnapshotProblem } from '../core/snapshot.js';
import { inClusterPodDirectory } from './cgroup-pods.js';
import { createWorkloadReader } from './cgroup-workload.js';
import { createProcessSampler } from './cpu-sampler.js';
import type { ProcessReading } from './linux-process-reader.js';
import { classifyProcfs, type NamespaceClassification } from './pid-namespace.js';
import { createPidTrust, type PidProbe } from './pid-trust.js';
import { hostProblem, troubleProblem } from './problems.js';
import { classifyReadError, readLink, readTextFile } from './proc-files.js';
import { formatCommand } from './proc-process-parsers.js';
import { parseProcSystemStat } from './proc-system-parsers.js';
import { createMemberReader, type Member } from './process-members.js';
import { createTreeReader } from './linux-trees.js';
import { createThreadReader, summarizeThreads, type ThreadRow } from './process-threads.js';
import { MAX_TREE_PROCESSES, type DiscoveredTree } from './process-tree.js';
import type { UserNameResolver } from './user-names.js';

/** The host side of one process, as merged into a GpuProcess. */
export interface HostProcessDetails {
  hostResolution: HostResolution;
  /** comm (or the fuller argv[0] name); used only when the backend gave no name. */
  name: string | null;
  command: string | null;
  user: string | null;
  cpuPercent: number | null;
  rssBytes: number | null;
  startedAt: string | null;
  /** Absent when the reader does not read trees (HostReaderOptions.processTree false). */
  tree?: HostProcessTree | null;
  threads: HostThreadSummary | null;
  /** Its container, pod or batch job (cgroup-workload.ts); absent for a host process. */
  workload?: ProcessWorkload;
}

export interface LinuxProcessEnricherOptions {
  procRoot: string;
  clockTicksPerSecond: number;
  /** 0: the first reading of a process reports cpuPercent null instead of waiting. */
  firstSampleWindowMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  userNames: UserNameResolver;
  probePid: PidProbe;
  /** Keep stat files open between ticks (real procfs only). */
  holdFiles: boolean;
  /** Null: RSS from status (read on every tick). */
  pageSizeBytes: number | null;
  identityMaxAgeMs: number;
  tree: boolean;
  threadCpu: boolean;
}

export interface ProcessEnrichment {
  details: Map<number, HostProcessDetails>;
  problems: SnapshotProblem[];
}

export function unresolvedDetails(hostResolution: HostResolution): HostProcessDetails {
  return { hostResolution, name: null, command: null, user: null, cpuPercent: null, rssBytes: null, startedAt: null, tree: null, threads: null };
}

export function createLinuxProcessEnricher(options: LinuxProcessEnricherOptions) {
  const { procRoot } = options;
  const sampler = createProcessSampler(options.clockTicksPerSecond);
  const members = createMemberReader({ procRoot, holdFiles: options.holdFiles, pageSizeBytes: options.pageSizeBytes, identityMaxAgeMs: options.identityMaxAgeMs });
  const treeReader = createTreeReader(procRoot, members);
  const threadReader = options.threadCpu ? createThreadReader({ procRoot, holdFiles: options.holdFiles, clockTicksPerSecond: options.clockTicksPerSecond }) : null;
  const trust = createPidTrust(procRoot);
  const workloads = createWorkloadReader(procRoot, inClusterPodDirectory());
  let namespace: NamespaceClassification | null = null;
  let bootTimeSeconds: number | null | undefined;

  function classifyOnce(): NamespaceClassification {
    if (namespace !== null) return namespace;
    const link = (p: string) => {
      const read = readLink(path.join(procRoot, p));
      return read.ok ? read.target : null;
    };
    const selfStatus = readTextFile(path.join(procRoot, 'self', 'status'), 256 * 1024);
    const nsPidLine = selfStatus.ok ? /^NSpid:[ \t]*(.*)$/m.exec(selfStatus.text) : null;
    namespace = classifyProcfs({
      initProcessLink: link('1/ns/pid'),
      selfLink: link('self/ns/pid'),
      selfNamespacePids: nsPidLine ? nsPidLine[1]!.trim().split(/\s+/).map(Number) : null,
    });
    return namespace;
  }

  /** btime, read once: the kernel recomputes it on every read and it can jitter by a second. */
  function bootTime(problems: SnapshotProblem[]): number | null {
    if (bootTimeSeconds !== undefined) return bootTimeSeconds;
    const statPath = path.join(procRoot, 'stat');
    const read = readTextFile(statPath, 16 * 1024 * 1024);
    bootTimeSeconds = read.ok ? parseProcSystemStat(read.text).bootTimeSeconds : null;
    if (bootTimeSeconds === null) {
      problems.push(troubleProblem('host', { path: statPath, kind: read.ok ? 'malformed' : 'unreadable', detail: read.ok ? 'btime' : read.detail }));
    }
    return bootTimeSeconds;
  }

  /** Reads the GPU processes; found ones go into `found`, the rest are returned as they are. */
  function readGpuProcesses(pids: readonly number[], atMs: number, found: Map<number, Member>, problems: SnapshotProblem[]): ProcessReading[] {
    return pids.map((pid): ProcessReading => {
      const reading = members.read(pid, true, atMs);
      if (reading.kind === 'found') {
        for (const trouble of reading.troubles) problems.push(troubleProblem(`process:${pid}`, trouble));
        found.set(pid, reading);
        const { identity } = reading;
        return { kind: 'found', pid, stat: members.procStat(pid, reading.stat, identity), status: identity.status, args: identity.args, troubles: reading.troubles };
      }
      if (reading.kind === 'malformed-stat') {
        for (const trouble of reading.reading.kind === 'found' ? reading.reading.troubles : []) problems.push(troubleProblem(`process:${pid}`, trouble));
        return reading.reading;
      }
      if (reading.kind === 'unreadable') problems.push(troubleProblem(`process:${pid}`, reading.trouble));
      return reading;
    });
  }

  /** CPU % of everything read this tick, over the first window where there is no baseline yet. */
  async function measureCpu(tick: Map<number, Member>, threads: Map<number, ThreadRow[]>, readAtMs: number): Promise<Map<number, number | null>> {
    const percents = new Map<number, number | null>();
    const needWindow: number[] = [];
    // forEach, not for…of with destructuring: no entry array or iterator result per process.
    tick.forEach(({ stat }, pid) => {
      const percent = sampler.sample(pid, stat.startTicks, stat.cpuTicks, readAtMs);
      percents.set(pid, percent);
      if (percent === null) needWindow.push(pid);
    });
    const threadsNeedWindow = [...threads.values()].some((rows) => rows.some((row) => row.cpuPercent === null));
    if ((needWindow.length > 0 || threadsNeedWindow) && options.firstSampleWindowMs > 0) {
      await options.sleep(options.firstSampleWindowMs);
      const secondAtMs = options.now();
      for (const pid of needWindow) {
        // A process that exited (or was replaced) during the window keeps its details, without a CPU figure.
        const cpu = members.readCpu(pid);
        if (cpu !== null && cpu.startTicks === tick.get(pid)!.stat.startTicks) percents.set(pid, sampler.sample(pid, cpu.startTicks, cpu.cpuTicks, secondAtMs));
      }
      for (const [pid, rows] of threads) threadReader?.resample(pid, rows, secondAtMs);
    }
    return percents;
  }

  function startTime(startTicks: number | null, bootTime: number | null): string | null {
    if (startTicks === null || bootTime === null) return null;
    const ms = Math.round((bootTime + startTicks / options.clockTicksPerSecond) * 1000);
    // A garbled btime or start time must not reach Date (which throws past ±8.64e15 ms).
    return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? isoTime(new Date(ms)) : null;
  }

  function describe(reading: Extract<ProcessReading, { kind: 'found' }>, member: Member | undefined, cpuPercent: number | null, bootTime: number | null): HostProcessDetails {
    const { stat, status, args } = reading;
    let startedAt = member?.identity.startedAt;
    if (startedAt === undefined) {
      startedAt = startTime(stat?.startTicks ?? null, bootTime);
      if (member !== undefined) member.identity.startedAt = startedAt;
    }
    const described: HostProcessDetails = {
      hostResolution: 'ok',
      name: member?.identity.name ?? null,
      command: member?.identity.command ?? (args === null ? null : formatCommand(args, null)),
      user: status === null ? null : options.userNames.nameOf(status.effectiveUid),
      cpuPercent,
      rssBytes: member === undefined ? (status?.rssBytes ?? null) : members.rssBytes(member.stat, member.identity),
      startedAt,
      ...(options.tree ? { tree: null } : {}),
      threads: null,
    };
    const workload = workloads.read(reading.pid, stat?.startTicks ?? null);
    if (workload !== null) described.workload = workload;
    return described;
  }

  async function enrich(pids: readonly number[]): Promise<ProcessEnrichment> {
    const problems: SnapshotProblem[] = [];
    const details = new Map<number, HostProcessDetails>();
    // Indexed loops and forEach below, not for…of: each tick goes over 200+ processes several
    // times, and in code not yet optimised every step of an iterator is an object.
    const valid: number[] = [];
    new Set(pids).forEach((pid) => {
      if (Number.isSafeInteger(pid) && pid > 0) valid.push(pid);
      else details.set(pid, unresolvedDetails('gone'));
    });
    if (valid.length === 0) return { details, problems };

    // A stat() of the mount point, not a read of /proc/stat (tens of KiB on a big server).
    try {
      fs.statSync(path.join(procRoot, 'self'));
    } catch (error) {
      const { failure, detail } = classifyReadError(error);
      problems.push(hostProblem('processes', failure === 'no-permission' ? 'no-permission' : 'io', 'host.problem.procUnavailable', { path: procRoot, detail }));
      for (const pid of valid) details.set(pid, unresolvedDetails('unsupported'));
      return { details, problems };
    }

    const view = classifyOnce();
    options.userNames.refresh();
    const readAtMs = options.now();
    const roots = new Map<number, Member>();
    const readings = readGpuProcesses(valid, readAtMs, roots, problems);
    const { accepted, rejected } = trust.judge(view, readings, options.probePid);
    rejected.forEach((resolution, pid) => details.set(pid, unresolvedDetails(resolution)));
    // Start background look-ups of unknown uids now, so they can finish during the CPU window.
    for (let i = 0; i < accepted.length; i++) {
      const { status } = accepted[i]!;
      if (status !== null) options.userNames.nameOf(status.effectiveUid);
    }

    // Everything measured this tick: the accepted GPU processes, then their descendants.
    const tick = new Map<number, Member>();
    const measuredRoots: number[] = [];
    for (let i = 0; i < accepted.length; i++) {
      const { pid } = accepted[i]!;
      const member = roots.get(pid);
      if (member !== undefined && !tick.has(pid)) {
        tick.set(pid, member);
        measuredRoots.push(pid);
      }
    }
    const changed = (options.tree || threadReader !== null) && measuredRoots.length > 0 && treeReader.pidsHandedOut(readAtMs);
    const trees = options.tree ? treeReader.read(measuredRoots, tick, changed, readAtMs) : new Map<number, DiscoveredTree>();
    const threads = new Map<number, ThreadRow[]>();
    if (threadReader !== null) {
      for (const pid of measuredRoots) threads.set(pid, threadReader.read(tick.get(pid)!.stat, changed, readAtMs));
    }
    const percents = await measureCpu(tick, threads, readAtMs);
    // Everything measured this tick is `tick`'s keys: the map itself answers `has`.
    sampler.retainOnly(tick);
    members.retainOnly(tick);
    workloads.retainOnly(tick);
    const gpuPids = new Set(measuredRoots);
    threadReader?.retainOnly(gpuPids, new Set([...threads.values()].flatMap((rows) => rows.map((row) => row.tid))));

    const bootTimeSec = accepted.length > 0 ? bootTime(problems) : null;
    for (let i = 0; i < accepted.length; i++) {
      const reading = accepted[i]!;
      const member = tick.get(reading.pid);
      const described = describe(reading, member, percents.get(reading.pid) ?? null, bootTimeSec);
      const tree = trees.get(reading.pid);
      if (member !== undefined && tree !== undefined) {
        described.tree = treeReader.summarize(reading.pid, tree, tick, percents, gpuPids);
        if (tree.truncated) problems.push(hostProblem(`process:${reading.pid}`, 'tree-truncated', 'host.problem.treeTruncated', { pid: reading.pid, limit: MAX_TREE_PROCESSES }));
      }
      if (member !== undefined) described.threads = summarizeThreads(member.stat.threadCount, threadReader === null ? null : (threads.get(reading.pid) ?? []));
      details.set(reading.pid, described);
    }

    const foreign = [...rejected.values()].filter((resolution) => resolution === 'other-namespace').length;
    if (foreign > 0 && view.view !== 'host') {
      problems.push(hostProblem('processes', 'pid-namespace', 'host.problem.pidNamespace', { count: foreign }));
    }
    const hidden = [...rejected].filter(([pid, resolution]) => resolution === 'no-permission' && readings.find((r) => r.pid === pid)?.kind !== 'unreadable');
    if (hidden.length > 0) {
      problems.push(hostProblem('processes', 'no-permission', 'host.problem.processNoPermission', { count: hidden.length, pids: hidden.map(([pid]) => pid).join(', ') }));
    }
    return { details, problems };
  }

  return {
    enrich,
    close(): void {
      members.close();
      threadReader?.close();
    },
  };
}
