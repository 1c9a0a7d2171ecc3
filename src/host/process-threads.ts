// The threads of a GPU process: how many (free: stat's num_threads), and — when asked — each
// thread's CPU from /proc/<pid>/task/<tid>/stat. A training loop pinned at 100 % of one core in
// its main thread while the GPU waits is the classic input-bound job; the per-thread figure shows
// it. It costs one read per thread per tick (a PyTorch process has dozens), so it is opt-in.

import type { HostThread, HostThreadSummary } from '../core/snapshot.js';
import { createProcessSampler } from './cpu-sampler.js';
import { listDirectory } from './proc-files.js';
import { createStatScan, scanProcStat } from './proc-stat-bytes.js';
import { isPidName } from './process-tree.js';
import { createStatFileReader } from './stat-files.js';

/** Threads read per process at most; the rest are counted, not measured. */
export const MAX_THREADS_READ = 1024;
/** Threads listed per process, busiest first. */
export const MAX_THREADS_LISTED = 32;

export interface ThreadRow {
  tid: number;
  startTicks: number;
  name: string;
  cpuPercent: number | null;
}

export interface ThreadReaderOptions {
  procRoot: string;
  holdFiles: boolean;
  clockTicksPerSecond: number;
}

export interface ProcessForThreads {
  pid: number;
  startTicks: number;
  threadCount: number | null;
}

export function createThreadReader(options: ThreadReaderOptions) {
  const { procRoot } = options;
  const files = createStatFileReader({ hold: options.holdFiles });
  const sampler = createProcessSampler(options.clockTicksPerSecond);
  const buffer = Buffer.allocUnsafe(4096);
  const scan = createStatScan();
  const names = new Map<number, { startTicks: number; comm: Buffer; name: string }>();
  const lists = new Map<number, { startTicks: number; threadCount: number | null; tids: number[] }>();

  function tidsOf(process: ProcessForThreads, relist: boolean): number[] {
    const known = lists.get(process.pid);
    if (!relist && known !== undefined && known.startTicks === process.startTicks && known.threadCount === process.threadCount) return known.tids;
    const listing = listDirectory(`${procRoot}/${process.pid}/task`);
    const tids = listing.ok ? listing.names.filter(isPidName).map(Number).sort((a, b) => a - b).slice(0, MAX_THREADS_READ) : [];
    lists.set(process.pid, { startTicks: process.startTicks, threadCount: process.threadCount, tids });
    return tids;
  }

  /** Reads one thread's stat into `scan`; false when it is gone or garbled. */
  function readThread(pid: number, tid: number): boolean {
    const read = files.read(tid, () => `${procRoot}/${pid}/task/${tid}/stat`, buffer);
    if (read.ok && read.length < buffer.length && scanProcStat(buffer, read.length, scan) && scan.pid === tid) return true;
    files.forget(tid);
    return false;
  }

  return {
    /** `relist`: new PIDs were handed out since the last tick, so threads may have been created. */
    read(process: ProcessForThreads, relist: boolean, atMs: number): ThreadRow[] {
      const rows: ThreadRow[] = [];
      for (const tid of tidsOf(process, relist)) {
        if (!readThread(process.pid, tid)) continue;
        // Threads are often named after they start (pthread_setname_np): compare the bytes, and
        // decode a name only when it changed.
        let known = names.get(tid);
        const sameName = known !== undefined && buffer.compare(known.comm, 0, known.comm.length, scan.commStart, scan.commEnd) === 0;
        if (known === undefined || known.startTicks !== scan.startTicks || !sameName) {
          const comm = Buffer.from(buffer.subarray(scan.commStart, scan.commEnd));
          known = { startTicks: scan.startTicks, comm, name: comm.toString('utf8') };
          names.set(tid, known);
        }
        rows.push({ tid, startTicks: scan.startTicks, name: known.name, cpuPercent: sampler.sample(tid, scan.startTicks, scan.cpuTicks, atMs) });
      }
      return rows;
    },
    /** The second reading of a first window, for the rows that have no figure yet. */
    resample(pid: number, rows: ThreadRow[], atMs: number): void {
      for (const row of rows) {
        if (row.cpuPercent !== null || !readThread(pid, row.tid) || scan.startTicks !== row.startTicks) continue;
        row.cpuPercent = sampler.sample(row.tid, scan.startTicks, scan.cpuTicks, atMs);
      }
    },
    retainOnly(pids: ReadonlySet<number>, tids: ReadonlySet<number>): void {
      for (const pid of lists.keys()) if (!pids.has(pid)) lists.delete(pid);
      for (const tid of names.keys()) if (!tids.has(tid)) names.delete(tid);
      sampler.retainOnly(tids);
      files.retainOnly(tids);
    },
    close(): void {
      files.close();
    },
  };
}

export function summarizeThreads(threadCount: number | null, rows: readonly ThreadRow[] | null): HostThreadSummary {
  if (rows === null) return { count: threadCount, busiest: null };
  const busiest: HostThread[] = [...rows]
    .sort((a, b) => (b.cpuPercent ?? -1) - (a.cpuPercent ?? -1) || a.tid - b.tid)
    .slice(0, MAX_THREADS_LISTED)
    .map((row) => ({ tid: row.tid, name: row.name, cpuPercent: row.cpuPercent }));
  return { count: threadCount, busiest };
}
