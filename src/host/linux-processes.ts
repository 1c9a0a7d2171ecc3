// GPU processes → host details on Linux, from a procfs (the real /proc, or a recorded tree).

import fs from 'node:fs';
import path from 'node:path';
import type { HostResolution, SnapshotProblem } from '../core/snapshot.js';
import type { Translate } from '../i18n/index.js';
import { createProcessSampler } from './cpu-sampler.js';
import { readProcess, readProcessStat, type FileTrouble } from './linux-process-reader.js';
import { classifyProcfs, type NamespaceClassification } from './pid-namespace.js';
import { createPidTrust, type FoundReading, type PidProbe } from './pid-trust.js';
import { classifyReadError, readLink, readTextFile } from './proc-files.js';
import { formatCommand, processName } from './proc-process-parsers.js';
import { parseProcSystemStat } from './proc-system-parsers.js';
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
  t: Translate;
}

export interface ProcessEnrichment {
  details: Map<number, HostProcessDetails>;
  problems: SnapshotProblem[];
}

export function unresolvedDetails(hostResolution: HostResolution): HostProcessDetails {
  return { hostResolution, name: null, command: null, user: null, cpuPercent: null, rssBytes: null, startedAt: null };
}

export function createLinuxProcessEnricher(options: LinuxProcessEnricherOptions) {
  const { procRoot, t } = options;
  const sampler = createProcessSampler(options.clockTicksPerSecond);
  const trust = createPidTrust(procRoot);
  let namespace: NamespaceClassification | null = null;
  let bootTimeSeconds: number | null | undefined;

  function classifyOnce(): NamespaceClassification {
    if (namespace !== null) return namespace;
    const link = (p: string) => {
      const read = readLink(path.join(procRoot, p));
      return read.ok ? read.target : null;
    };
    const selfStatus = readTextFile(path.join(procRoot, 'self', 'status'));
    const nsPidLine = selfStatus.ok ? /^NSpid:\s*(.*)$/m.exec(selfStatus.text) : null;
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
    const read = readTextFile(statPath);
    bootTimeSeconds = read.ok ? parseProcSystemStat(read.text).bootTimeSeconds : null;
    if (bootTimeSeconds === null) {
      problems.push(troubleProblem('host', { path: statPath, kind: read.ok ? 'malformed' : 'unreadable', detail: read.ok ? 'btime' : read.detail }));
    }
    return bootTimeSeconds;
  }

  function troubleProblem(scope: string, trouble: FileTrouble): SnapshotProblem {
    return trouble.kind === 'malformed'
      ? { scope, code: 'parse', message: t('host.problem.malformedFile', { path: trouble.path, excerpt: JSON.stringify(trouble.detail) }) }
      : { scope, code: 'io', message: t('host.problem.unreadableFile', { path: trouble.path, detail: trouble.detail }) };
  }

  /** Readings whose process had no CPU baseline are read again after the first window. */
  async function measureCpu(readings: readonly FoundReading[], readAtMs: number): Promise<Map<number, number | null>> {
    const percents = new Map<number, number | null>();
    const needWindow: number[] = [];
    for (const { pid, stat } of readings) {
      const percent = stat === null ? null : sampler.sample(pid, stat.startTicks, stat.cpuTicks, readAtMs);
      percents.set(pid, percent);
      if (percent === null && stat !== null) needWindow.push(pid);
    }
    if (needWindow.length > 0 && options.firstSampleWindowMs > 0) {
      await options.sleep(options.firstSampleWindowMs);
      const secondAtMs = options.now();
      for (const pid of needWindow) {
        // A process that exited during the window keeps its details, without a CPU figure.
        const stat = readProcessStat(procRoot, pid);
        if (stat !== null) percents.set(pid, sampler.sample(pid, stat.startTicks, stat.cpuTicks, secondAtMs));
      }
    }
    sampler.retainOnly(new Set(readings.map((reading) => reading.pid)));
    return percents;
  }

  function describe(reading: FoundReading, cpuPercent: number | null, bootTime: number | null): HostProcessDetails {
    const { stat, status, args } = reading;
    const startSeconds = stat === null || bootTime === null ? null : bootTime + stat.startTicks / options.clockTicksPerSecond;
    return {
      hostResolution: 'ok',
      name: stat === null ? null : processName(stat.comm, args ?? []),
      command: args === null ? null : formatCommand(args, stat?.comm ?? null),
      user: status === null ? null : options.userNames.nameOf(status.effectiveUid),
      cpuPercent,
      rssBytes: status?.rssBytes ?? null,
      startedAt: startSeconds === null ? null : new Date(Math.round(startSeconds * 1000)).toISOString(),
    };
  }

  return async function enrich(pids: readonly number[]): Promise<ProcessEnrichment> {
    const problems: SnapshotProblem[] = [];
    const details = new Map<number, HostProcessDetails>();
    const valid: number[] = [];
    for (const pid of new Set(pids)) {
      if (Number.isSafeInteger(pid) && pid > 0) valid.push(pid);
      else details.set(pid, unresolvedDetails('gone'));
    }
    if (valid.length === 0) return { details, problems };

    // A stat() of the mount point, not a read of /proc/stat (tens of KiB on a big server).
    try {
      fs.statSync(path.join(procRoot, 'self'));
    } catch (error) {
      const { failure, detail } = classifyReadError(error);
      problems.push({ scope: 'processes', code: failure === 'no-permission' ? 'no-permission' : 'io', message: t('host.problem.procUnavailable', { path: procRoot, detail }) });
      for (const pid of valid) details.set(pid, unresolvedDetails('unsupported'));
      return { details, problems };
    }

    const view = classifyOnce();
    options.userNames.refresh();
    const readAtMs = options.now();
    const readings = valid.map((pid) => readProcess(procRoot, pid));
    for (const reading of readings) {
      if (reading.kind === 'found') for (const trouble of reading.troubles) problems.push(troubleProblem(`process:${reading.pid}`, trouble));
      if (reading.kind === 'unreadable') problems.push(troubleProblem(`process:${reading.pid}`, reading.trouble));
    }

    const { accepted, rejected } = trust.judge(view, readings, options.probePid);
    for (const [pid, resolution] of rejected) details.set(pid, unresolvedDetails(resolution));
    // Start background look-ups of unknown uids now, so they can finish during the CPU window.
    for (const { status } of accepted) if (status !== null) options.userNames.nameOf(status.effectiveUid);
    const percents = await measureCpu(accepted, readAtMs);
    const bootTimeSec = accepted.length > 0 ? bootTime(problems) : null;
    for (const reading of accepted) details.set(reading.pid, describe(reading, percents.get(reading.pid) ?? null, bootTimeSec));

    const foreign = [...rejected.values()].filter((resolution) => resolution === 'other-namespace').length;
    if (foreign > 0 && view.view !== 'host') {
      problems.push({ scope: 'processes', code: 'pid-namespace', message: t('host.problem.pidNamespace', { count: foreign }) });
    }
    const hidden = [...rejected].filter(([pid, resolution]) => resolution === 'no-permission' && readings.find((r) => r.pid === pid)?.kind !== 'unreadable');
    if (hidden.length > 0) {
      problems.push({ scope: 'processes', code: 'no-permission', message: t('host.problem.processNoPermission', { count: hidden.length, pids: hidden.map(([pid]) => pid).join(', ') }) });
    }
    return { details, problems };
  };
}
