// One tick's reading of a process — a GPU process or one of its descendants — at the cost of one
// stat read once the process is known. What does not change while a process lives (its command
// line, comm, start time, uid and PID namespace entries) is cached under its PID and start time,
// and re-read every `identityMaxAgeMs` so that a rewritten title (setproctitle) or a setuid shows.
// 30 s by default: at 10 s, re-reading status and cmdline of 200 GPU processes was ~1.8 ms of a
// 1 Hz tick's CPU, the largest part after the stat reads themselves (docs/benchmarks.md).

import { formatCommand, processName, type ProcStat, type ProcStatus } from './proc-process-parsers.js';
import { readTextFile } from './proc-files.js';
import { createStatScan, scanProcStat, type StatScan } from './proc-stat-bytes.js';
import { createStatFileReader } from './stat-files.js';
import { failedReading, readIdentity, type FileTrouble, type ProcessReading } from './linux-process-reader.js';

/** The numbers of one stat reading. */
export interface MemberStat {
  pid: number;
  startTicks: number;
  cpuTicks: number;
  state: string;
  parentPid: number | null;
  threadCount: number | null;
  rssPages: number | null;
}

export interface Identity {
  startTicks: number;
  comm: string;
  /** comm as read, to notice a rename or an exec without decoding the name again. */
  commBytes: Buffer;
  /** Read for GPU processes only (uid and NSpid); descendants get null. */
  status: ProcStatus | null;
  args: string[] | null;
  name: string;
  command: string | null;
  readAtMs: number;
  /** ISO start time, formatted once (linux-processes.ts). */
  startedAt?: string | null;
}

/** A process as read this tick. */
export interface Member {
  stat: MemberStat;
  identity: Identity;
}

export type MemberReading =
  | { kind: 'found'; stat: MemberStat; identity: Identity; troubles: FileTrouble[] }
  | { kind: 'malformed-stat'; trouble: FileTrouble; reading: ProcessReading }
  | Exclude<ProcessReading, { kind: 'found' }>;

export interface MemberReaderOptions {
  procRoot: string;
  /** Hold stat descriptors open between ticks (real procfs only; see stat-files.ts). */
  holdFiles: boolean;
  /** Null: RSS comes from status, which is then read on every tick. */
  pageSizeBytes: number | null;
  identityMaxAgeMs: number;
}

export const DEFAULT_IDENTITY_MAX_AGE_MS = 30_000;
/** Real stat lines are under 1 KiB; a longer one (a recorded tree) is read as text. */
const STAT_BUFFER_BYTES = 4096;

export function createMemberReader(options: MemberReaderOptions) {
  const { procRoot } = options;
  const statFiles = createStatFileReader({ hold: options.holdFiles });
  const buffer = Buffer.allocUnsafe(STAT_BUFFER_BYTES);
  const scan: StatScan = createStatScan();
  const identities = new Map<number, Identity>();

  type StatFailure = Exclude<ProcessReading, { kind: 'found' }> | { kind: 'malformed'; text: string };

  /** Reads and scans stat into `scan`; the bytes it was scanned from, or why not. */
  function readStatInto(pid: number): Buffer | StatFailure {
    const path = () => `${procRoot}/${pid}/stat`;
    const read = statFiles.read(pid, path, buffer);
    if (!read.ok) return failedReading(pid, path(), read.failure, read.detail);
    let bytes = buffer;
    let length = read.length;
    if (length === buffer.length) {
      const whole = readTextFile(path());
      if (!whole.ok) return failedReading(pid, path(), whole.failure, whole.detail);
      bytes = Buffer.from(whole.text, 'utf8');
      length = bytes.length;
    }
    const ok = scanProcStat(bytes, length, scan);
    if (ok && scan.pid === pid) return bytes;
    statFiles.forget(pid);
    return { kind: 'malformed', text: ok ? `pid ${scan.pid} in the file of ${pid}` : bytes.toString('utf8', 0, Math.min(length, 200)) };
  }

  function statNumbers(): MemberStat {
    return {
      pid: scan.pid,
      startTicks: scan.startTicks,
      cpuTicks: scan.cpuTicks,
      state: String.fromCharCode(scan.stateCode),
      parentPid: scan.parentPid,
      threadCount: scan.threadCount,
      rssPages: scan.rssPages,
    };
  }

  /**
   * Reads one process. `gpuProcess`: also read status (uid and NSpid, for pid-trust.ts).
   * Without a page size, status is read on every tick, for VmRSS.
   */
  function read(pid: number, gpuProcess: boolean, nowMs: number): MemberReading {
    const bytes = readStatInto(pid);
    const wantStatus = gpuProcess || options.pageSizeBytes === null;
    if (!Buffer.isBuffer(bytes) && bytes.kind !== 'malformed') return bytes;
    if (!Buffer.isBuffer(bytes)) {
      const failure = bytes;
      // A garbled stat still lets the GPU process show its user and command, with a problem.
      const trouble: FileTrouble = { path: `${procRoot}/${pid}/stat`, kind: 'malformed', detail: failure.text };
      const identity = readIdentity(procRoot, pid, { status: wantStatus, cmdline: true });
      if (identity.kind !== 'found') return identity;
      const reading: ProcessReading = { kind: 'found', pid, stat: null, status: identity.status, args: identity.args, troubles: [trouble, ...identity.troubles] };
      return { kind: 'malformed-stat', trouble, reading };
    }
    const stat = statNumbers();
    const cached = identities.get(pid);
    const sameComm = cached !== undefined && sameBytes(bytes, scan.commStart, scan.commEnd, cached.commBytes);
    const fresh = sameComm && cached.startTicks === stat.startTicks && nowMs - cached.readAtMs < options.identityMaxAgeMs;
    if (fresh && (cached.status !== null || !wantStatus) && options.pageSizeBytes !== null) {
      return { kind: 'found', stat, identity: cached, troubles: [] };
    }
    // comm is decoded only for a process not seen before, keeping the tick string-free.
    const commBytes = fresh ? cached.commBytes : Buffer.from(bytes.subarray(scan.commStart, scan.commEnd));
    const comm = fresh ? cached.comm : commBytes.toString('utf8');
    const identity = readIdentity(procRoot, pid, { status: wantStatus, cmdline: !fresh });
    if (identity.kind !== 'found') return identity;
    const args = fresh ? cached.args : identity.args;
    const command = fresh ? cached.command : args === null ? null : withEllipsis(formatCommand(args, comm), identity.argsTruncated);
    const entry: Identity = {
      startTicks: stat.startTicks,
      comm,
      commBytes,
      status: identity.status ?? (fresh ? cached.status : null),
      args,
      name: processName(comm, args ?? []),
      command,
      readAtMs: fresh ? cached.readAtMs : nowMs,
    };
    // Not kept: a process whose files gave trouble (read in full again, and reported again), and
    // one caught inside execve — comm already new, command line not yet set — which shows an
    // empty command line though it is neither a zombie nor a kernel thread. A process caught
    // between fork and exec shows its parent's command line; its comm changes at exec.
    const midExec = args !== null && args.length === 0 && stat.state !== 'Z' && stat.state !== 'X';
    if (identity.troubles.length === 0 && !midExec) identities.set(pid, entry);
    else identities.delete(pid);
    return { kind: 'found', stat, identity: entry, troubles: identity.troubles };
  }

  /** Just the CPU counters, for the second reading of a first window; null if the process is gone. */
  function readCpu(pid: number): { startTicks: number; cpuTicks: number } | null {
    return Buffer.isBuffer(readStatInto(pid)) ? { startTicks: scan.startTicks, cpuTicks: scan.cpuTicks } : null;
  }

  function rssBytes(stat: MemberStat, identity: Identity): number | null {
    const pageSize = options.pageSizeBytes;
    if (pageSize === null || stat.rssPages === null) return identity.status?.rssBytes ?? null;
    // A zombie or a kernel thread has no memory of its own: status shows no VmRSS for it at all.
    if (stat.rssPages === 0 && (stat.state === 'Z' || stat.state === 'X' || identity.args?.length === 0)) return null;
    return stat.rssPages * pageSize;
  }

  return {
    read,
    readCpu,
    rssBytes,
    /** The ProcStat pid-trust.ts and the details need, from a found reading. */
    procStat(pid: number, stat: MemberStat, identity: Identity): ProcStat {
      return { pid, comm: identity.comm, state: stat.state, cpuTicks: stat.cpuTicks, startTicks: stat.startTicks, parentPid: stat.parentPid, threadCount: stat.threadCount, rssPages: stat.rssPages };
    },
    retainOnly(pids: Pick<ReadonlySet<number>, 'has'>) {
      statFiles.retainOnly(pids);
      // forEach (deleting the visited entry is safe): no iterator result per process per tick.
      identities.forEach((_, pid) => pids.has(pid) || identities.delete(pid));
    },
    close() {
      statFiles.close();
    },
  };
}

export type MemberReader = ReturnType<typeof createMemberReader>;

/**
 * `bytes[start, end)` equals `other`: Buffer#compare with offsets validates and boxes its four
 * numbers on every call (~240 bytes of garbage each, 200 processes a tick); comm is a few bytes.
 */
function sameBytes(bytes: Buffer, start: number, end: number, other: Buffer): boolean {
  if (end - start !== other.length) return false;
  for (let i = 0; i < other.length; i++) if (bytes[start + i] !== other[i]) return false;
  return true;
}

function withEllipsis(command: string | null, truncated: boolean): string | null {
  return command !== null && truncated ? `${command}…` : command;
}

