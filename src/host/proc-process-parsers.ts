// Pure parsers for the per-process files under /proc/<pid>/ (see proc(5)). Each returns null for
// text it cannot make sense of, so a malformed file becomes a typed gap plus a problem, not a crash.

import { kibToBytes } from '../core/units.js';
import { createStatScan, scanProcStat, type StatScan } from './proc-stat-bytes.js';

export interface ProcStat {
  pid: number;
  /** The kernel's 15-byte task name; it may contain spaces and ')' (prctl(PR_SET_NAME) allows it). */
  comm: string;
  /** R, S, D, Z (zombie), T, t, X, I … */
  state: string;
  /** utime + stime, in clock ticks (USER_HZ) — the whole thread group when read for its leader. */
  cpuTicks: number;
  /** When the process started, in clock ticks after boot. */
  startTicks: number;
  /** Null when the field is missing or garbled (a recorded line cut short). */
  parentPid: number | null;
  threadCount: number | null;
  /** Resident pages (the same counter as status's VmRSS, in pages rather than kB). */
  rssPages: number | null;
}

const scan = createStatScan();

/** Parses /proc/<pid>/stat text (see proc-stat-bytes.ts, which the hot path uses on raw bytes). */
export function parseProcStat(text: string): ProcStat | null {
  const bytes = Buffer.from(text, 'utf8');
  return statFromScan(bytes, bytes.length, scan);
}

/** A ProcStat from bytes, through a caller's reusable scan; null when the line is malformed. */
export function statFromScan(bytes: Buffer, length: number, into: StatScan): ProcStat | null {
  if (!scanProcStat(bytes, length, into)) return null;
  return {
    pid: into.pid,
    comm: bytes.toString('utf8', into.commStart, into.commEnd),
    state: String.fromCharCode(into.stateCode),
    cpuTicks: into.cpuTicks,
    startTicks: into.startTicks,
    parentPid: into.parentPid,
    threadCount: into.threadCount,
    rssPages: into.rssPages,
  };
}

function parseCount(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

export interface ProcStatus {
  /** Effective uid (the second Uid: column), the one ps and top show as USER. */
  effectiveUid: number;
  /** VmRSS in bytes; null for kernel threads and zombies, which have no memory of their own. */
  rssBytes: number | null;
  /**
   * The PID in each PID namespace the process belongs to, outermost first, starting at the
   * namespace of the procfs being read (NSpid:, Linux 4.1+); null when the kernel has no such line.
   */
  namespacePids: number[] | null;
}

const UID_LINE = /^Uid:[ \t]*(\S+)[ \t]+(\S+)/m;
const VMRSS_LINE = /^VmRSS:[ \t]*(\S+)[ \t]+(\S+)/m;
const NSPID_LINE = /^NSpid:[ \t]*(.*)$/m;

/**
 * Parses /proc/<pid>/status: the Uid, VmRSS and NSpid lines (searched for directly — the file has
 * some 55 lines and this runs for every GPU process on every snapshot). Null if Uid is garbled.
 */
export function parseProcStatus(text: string): ProcStatus | null {
  const uid = UID_LINE.exec(text);
  const effectiveUid = parseCount(uid?.[2]);
  if (effectiveUid === null || parseCount(uid?.[1]) === null) return null;
  const rss = VMRSS_LINE.exec(text);
  const rssKib = rss?.[2] === 'kB' ? parseCount(rss[1]) : null;
  const nsPid = NSPID_LINE.exec(text);
  const pids = nsPid === null ? [] : nsPid[1]!.trim().split(/\s+/).map(parseCount);
  const namespacePids = pids.length > 0 && pids.every((pid): pid is number => pid !== null) ? pids : null;
  return { effectiveUid, rssBytes: rssKib === null ? null : kibToBytes(rssKib), namespacePids };
}

/**
 * Splits /proc/<pid>/cmdline into arguments. It is NUL-separated with a trailing NUL; a process
 * that rewrote its title (setproctitle) may leave one space-separated string. Empty for kernel
 * threads and zombies.
 */
export function parseCmdline(text: string): string[] {
  const parts = text.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}

/** The command line as ps prints it: arguments joined by spaces, or `[comm]` when there are none. */
export function formatCommand(args: readonly string[], comm: string | null): string | null {
  const joined = args.join(' ').trim();
  if (joined !== '') return joined;
  return comm === null ? null : `[${comm}]`;
}

const COMM_MAX_LENGTH = 15;

/**
 * The process name: comm, unless the kernel cut it at 15 bytes and argv[0]'s basename carries the
 * full name ("python3.11-dbg" style) — the rule psutil (and so nvitop) uses.
 */
export function processName(comm: string, args: readonly string[]): string {
  if (comm.length < COMM_MAX_LENGTH || args.length === 0) return comm;
  const first = args[0] ?? '';
  const base = first.split(' ')[0]?.split('/').at(-1) ?? '';
  return base.startsWith(comm) ? base : comm;
}

/**
 * /proc/<pid>/task/<tid>/children: the PIDs of the children that thread forked, each followed by
 * a space ("7101 7102 "). Anything that is not a positive count is skipped.
 */
export function parseChildren(text: string): number[] {
  // A scan, not split(' '): a run of spaces would otherwise become as many empty strings.
  const pids: number[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 0x20;
    const space = code === 0x20 || (code >= 0x09 && code <= 0x0d);
    if (!space && start < 0) start = i;
    if (space && start >= 0) {
      const pid = parseCount(text.slice(start, i));
      if (pid !== null && pid > 0) pids.push(pid);
      start = -1;
    }
  }
  return pids;
}
