// Reads what identifies a process — status (uid, NSpid, VmRSS) and cmdline — from a procfs and
// parses it. A file that vanishes part-way means the process exited between reads: the whole
// reading is `missing`, never a mix of one process's fields with another's gaps.

import { parseCmdline, parseProcStatus, type ProcStat, type ProcStatus } from './proc-process-parsers.js';
import { readTextFile, type ReadFailure } from './proc-files.js';

/** A file that was read but could not be understood, or could not be read for an odd reason. */
export interface FileTrouble {
  path: string;
  kind: 'malformed' | 'unreadable';
  detail: string;
}

/** One GPU process as read this tick, before pid-trust.ts decides whether to show it. */
export type ProcessReading =
  | {
      kind: 'found';
      pid: number;
      /** Null when stat was malformed (see troubles). */
      stat: ProcStat | null;
      status: ProcStatus | null;
      /** Null when cmdline could not be read; [] for kernel threads and zombies. */
      args: string[] | null;
      troubles: FileTrouble[];
    }
  | { kind: 'missing'; pid: number }
  | { kind: 'no-permission'; pid: number; detail: string }
  | { kind: 'unreadable'; pid: number; trouble: FileTrouble };

/**
 * A command line longer than this is cut (and shown with "…"): argv can be megabytes, any user
 * controls their own, and a sampler keeps one per process.
 */
export const MAX_CMDLINE_BYTES = 32 * 1024;
/** status is about 1.5 KiB; this bounds a hostile recorded tree. */
const MAX_STATUS_BYTES = 256 * 1024;

export type IdentityReading =
  | { kind: 'found'; status: ProcStatus | null; args: string[] | null; argsTruncated: boolean; troubles: FileTrouble[] }
  | Exclude<ProcessReading, { kind: 'found' }>;

export function failedReading(pid: number, file: string, failure: ReadFailure, detail: string): Exclude<ProcessReading, { kind: 'found' }> {
  if (failure === 'missing') return { kind: 'missing', pid };
  if (failure === 'no-permission') return { kind: 'no-permission', pid, detail };
  return { kind: 'unreadable', pid, trouble: { path: file, kind: 'unreadable', detail } };
}

/** Reads status and/or cmdline of `pid`; what is not asked for stays null. */
export function readIdentity(procRoot: string, pid: number, parts: { status: boolean; cmdline: boolean }): IdentityReading {
  // Plain concatenation: path.join's normalising shows up when this runs for every process.
  const dir = `${procRoot}/${pid}`;
  const troubles: FileTrouble[] = [];
  let status: ProcStatus | null = null;
  if (parts.status) {
    const statusPath = `${dir}/status`;
    const statusRead = readTextFile(statusPath, MAX_STATUS_BYTES);
    if (statusRead.ok) {
      status = parseProcStatus(statusRead.text);
      if (status === null) troubles.push({ path: statusPath, kind: 'malformed', detail: statusRead.text.slice(0, 200) });
    } else if (statusRead.failure === 'missing') {
      return { kind: 'missing', pid };
    } else {
      troubles.push({ path: statusPath, kind: 'unreadable', detail: statusRead.detail });
    }
  }

  let args: string[] | null = null;
  let argsTruncated = false;
  if (parts.cmdline) {
    const cmdlinePath = `${dir}/cmdline`;
    const cmdlineRead = readTextFile(cmdlinePath, MAX_CMDLINE_BYTES);
    if (cmdlineRead.ok) {
      args = parseCmdline(cmdlineRead.text);
      argsTruncated = cmdlineRead.truncated;
    } else if (cmdlineRead.failure === 'missing') return { kind: 'missing', pid };
    else troubles.push({ path: cmdlinePath, kind: 'unreadable', detail: cmdlineRead.detail });
  }
  return { kind: 'found', status, args, argsTruncated, troubles };
}
