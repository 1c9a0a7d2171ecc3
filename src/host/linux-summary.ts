// The host summary on Linux: htop's essentials from /proc, plus os for what /proc does not name.
// Memory and CPU figures are those of the kernel the procfs belongs to: inside a container without
// lxcfs they describe the whole host, not the container's cgroup limits.

import os from 'node:os';
import path from 'node:path';
import type { HostSummary, SnapshotProblem } from '../core/snapshot.js';
import { createCpuSplitSampler, type CpuSplitSample } from './cpu-split.js';
import { readTextFile } from './proc-files.js';
import { hostProblem } from './problems.js';
import { parseCpuinfoModel, parseLoadavg, parseMeminfo, parseProcSystemStat, parseUptime, type ProcSystemStat } from './proc-system-parsers.js';

export interface LinuxSummaryReaderOptions {
  procRoot: string;
  firstSampleWindowMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export interface SummaryReading {
  summary: HostSummary;
  problems: SnapshotProblem[];
}

/** Larger than /proc/stat or /proc/cpuinfo of any real machine; a bound for a hostile procRoot. */
const MAX_SYSTEM_FILE_BYTES = 16 * 1024 * 1024;

export function createLinuxSummaryReader(options: LinuxSummaryReaderOptions) {
  const { procRoot } = options;
  const cpuSampler = createCpuSplitSampler();
  // The CPU model does not change while we run, and /proc/cpuinfo is ~1 KiB per CPU: read it once.
  let cpuModel: string | null | undefined;

  function read<T>(file: string, parse: (text: string) => T | null, problems: SnapshotProblem[]): T | null {
    const filePath = path.join(procRoot, file);
    const result = readTextFile(filePath, MAX_SYSTEM_FILE_BYTES);
    if (!result.ok) {
      const code = result.failure === 'no-permission' ? 'no-permission' : 'io';
      problems.push(hostProblem('host', code, 'host.problem.unreadableFile', { path: filePath, detail: result.detail }));
      return null;
    }
    const parsed = parse(result.text);
    if (parsed === null) {
      problems.push(hostProblem('host', 'parse', 'host.problem.malformedFile', { path: filePath, excerpt: JSON.stringify(result.text.slice(0, 200)) }));
    }
    return parsed;
  }

  const statText = (text: string) => {
    const stat = parseProcSystemStat(text);
    return stat.cpuTicks === null ? null : stat;
  };
  const sampleCpu = (stat: ProcSystemStat) => cpuSampler.sample(stat.cpuTicks, stat.cores, options.now());

  return async function readSummary(): Promise<SummaryReading> {
    const problems: SnapshotProblem[] = [];
    const stat = read('stat', statText, problems);
    // Only a reader without a baseline waits; one whose interval saw no tick reports null.
    const firstReading = !cpuSampler.hasBaseline();
    let cpu: CpuSplitSample = stat === null ? { total: null, cores: null } : sampleCpu(stat);
    if (firstReading && stat !== null && options.firstSampleWindowMs > 0) {
      await options.sleep(options.firstSampleWindowMs);
      const again = read('stat', statText, problems);
      if (again !== null) cpu = sampleCpu(again);
    }

    if (cpuModel === undefined) {
      const modelProblems: SnapshotProblem[] = [];
      // No model line (most arm64 kernels) is normal, not a problem worth reporting.
      cpuModel = read('cpuinfo', (text) => parseCpuinfoModel(text) ?? '', modelProblems) || null;
      problems.push(...modelProblems);
    }

    const mem = read('meminfo', (text) => {
      const info = parseMeminfo(text);
      return info.memoryTotalBytes === null ? null : info;
    }, problems);
    const load = read('loadavg', parseLoadavg, problems);
    const uptimeSeconds = read('uptime', parseUptime, problems);

    const total = mem?.memoryTotalBytes ?? null;
    const available = mem?.memoryAvailableBytes ?? null;
    const swapTotal = mem?.swapTotalBytes ?? null;
    const swapFree = mem?.swapFreeBytes ?? null;
    return {
      problems,
      summary: {
        hostname: os.hostname(),
        platform: 'linux',
        kernelRelease: os.release() || null,
        cpuModel,
        cpuLogicalCount: stat?.onlineCpuCount ?? null,
        cpuUtilPercent: cpu.total?.busyPercent ?? null,
        loadAverage1m: load?.loadAverage1m ?? null,
        loadAverage5m: load?.loadAverage5m ?? null,
        loadAverage15m: load?.loadAverage15m ?? null,
        memoryTotalBytes: total,
        memoryAvailableBytes: available,
        memoryUsedBytes: total !== null && available !== null && available <= total ? total - available : null,
        swapTotalBytes: swapTotal,
        swapUsedBytes: swapTotal !== null && swapFree !== null && swapFree <= swapTotal ? swapTotal - swapFree : null,
        uptimeSeconds,
        cpuTime: cpu.total?.split ?? null,
        cpuCores: cpu.cores,
        memoryFreeBytes: mem?.memoryFreeBytes ?? null,
        memoryBuffersBytes: mem?.memoryBuffersBytes ?? null,
        memoryCachedBytes: mem?.memoryCachedBytes ?? null,
        memorySharedBytes: mem?.memorySharedBytes ?? null,
        swapCachedBytes: mem?.swapCachedBytes ?? null,
      },
    };
  };
}
