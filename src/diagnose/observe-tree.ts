// The watched process tree at one sample: the root (the --pid, or the job diagnose started) and
// every descendant — data-loader workers, a compile server, ranks a launcher started — each with
// its CPU, RSS, state and storage reads, plus the root's threads' CPU (a training loop pinned at
// one core in its main thread is the launch-bound signature).
//
// It reuses the host reader that enriches GPU processes (src/host): the root is passed in as if
// it were a GPU process, with trees and per-thread CPU on, so the tree walk, the CPU samplers and
// the PID checks are the same code as `top` and `serve` run. What diagnose adds is read here:
// /proc/<pid>/io (src/host/io-rates.ts) and the root's own state letter.

import type { BackendProcess } from '../core/backend.js';
import { safeTextOrNull } from '../core/safe-text.js';
import { createHostReader, type HostReaderOptions } from '../host/index.js';
import { createIoRateReader } from '../host/io-rates.js';
import { readTextFile } from '../host/proc-files.js';
import { parseProcStat } from '../host/proc-process-parsers.js';
import type { TreeProcessSample, TreeSample } from './types.js';

/** Threads of the root listed per sample (busiest first). */
export const MAX_ROOT_THREADS = 8;

export interface TreeSampler {
  /** The tree of `rootPid` now; `gpuPids`: the PIDs NVML lists as GPU processes this sample. */
  read(rootPid: number, gpuPids: ReadonlySet<number>, atMs: number): Promise<TreeSample>;
  close(): void;
}

export interface TreeSamplerOptions {
  /** Where procfs is mounted (default /proc). */
  procRoot?: string;
  /** Overrides process.platform (only Linux has the tree). */
  platform?: string;
}

function rootRow(pid: number): BackendProcess {
  return {
    pid,
    gpuIndex: -1,
    gpuUuid: null,
    gpuInstanceId: null,
    computeInstanceId: null,
    type: 'compute',
    usedMemoryBytes: null,
    smUtilPercent: null,
    memoryUtilPercent: null,
    encoderUtilPercent: null,
    decoderUtilPercent: null,
    name: null,
  };
}

/** A sum over the processes, null when none had a figure (a missing figure is not a zero). */
function sumOf(values: readonly (number | null)[]): number | null {
  let sum: number | null = null;
  for (const value of values) if (value !== null) sum = (sum ?? 0) + value;
  return sum === null ? null : Math.round(sum * 10) / 10;
}

export function emptyTree(rootPid: number): TreeSample {
  return { rootPid, processes: [], rootThreads: null, totalCpuPercent: null, totalDiskReadBytesPerSecond: null };
}

export function createTreeSampler(options: TreeSamplerOptions = {}): TreeSampler {
  const procRoot = options.procRoot ?? '/proc';
  const hostOptions: HostReaderOptions = { processTree: true, threadCpu: true, firstSampleWindowMs: 0, identityMaxAgeMs: 60_000 };
  if (options.procRoot !== undefined) hostOptions.procRoot = options.procRoot;
  if (options.platform !== undefined) hostOptions.platform = options.platform;
  const host = createHostReader(hostOptions);
  const io = createIoRateReader(procRoot);
  const linux = (options.platform ?? process.platform) === 'linux';

  function rootStat(pid: number): { state: string | null; startTicks: number } {
    const read = readTextFile(`${procRoot}/${pid}/stat`, 8192);
    const stat = read.ok ? parseProcStat(read.text) : null;
    return { state: stat?.state ?? null, startTicks: stat?.startTicks ?? 0 };
  }

  return {
    async read(rootPid, gpuPids, atMs) {
      const { processes } = await host.enrichProcesses([rootRow(rootPid)]);
      const root = processes[0];
      if (!linux || root === undefined || root.hostResolution !== 'ok') return emptyTree(rootPid);
      const stat = rootStat(rootPid);
      const rows: TreeProcessSample[] = [
        {
          pid: rootPid,
          parentPid: null,
          depth: 0,
          name: safeTextOrNull(root.name),
          state: stat.state,
          cpuPercent: root.cpuPercent,
          rssBytes: root.rssBytes,
          diskReadBytesPerSecond: io.diskReadBytesPerSecond(rootPid, stat.startTicks, atMs),
          usesGpu: gpuPids.has(rootPid),
        },
      ];
      // Descendants' start times are not read (one more file each): a reused PID shows as a
      // counter going back, which restarts its rate (host/io-rates.ts). gpuwise itself (watching
      // `--pid $$` from a shell) and what it started are not the job: left out.
      const ours = new Set([process.pid]);
      for (const node of root.tree?.descendants ?? []) {
        if (ours.has(node.pid) || ours.has(node.parentPid)) {
          ours.add(node.pid);
          continue;
        }
        rows.push({
          pid: node.pid,
          parentPid: node.parentPid,
          depth: node.depth,
          name: safeTextOrNull(node.name),
          state: node.state,
          cpuPercent: node.cpuPercent,
          rssBytes: node.rssBytes,
          diskReadBytesPerSecond: io.diskReadBytesPerSecond(node.pid, 0, atMs),
          usesGpu: gpuPids.has(node.pid),
        });
      }
      io.retainOnly(new Set(rows.map((row) => row.pid)));
      const busiest = root.threads?.busiest ?? null;
      return {
        rootPid,
        processes: rows,
        rootThreads: busiest === null ? null : busiest.slice(0, MAX_ROOT_THREADS).map((t) => ({ tid: t.tid, name: safeTextOrNull(t.name), cpuPercent: t.cpuPercent })),
        totalCpuPercent: sumOf(rows.map((row) => row.cpuPercent)),
        totalDiskReadBytesPerSecond: sumOf(rows.map((row) => row.diskReadBytesPerSecond)),
      };
    },
    close: () => host.close?.(),
  };
}
