// Reads one process's stat, status and cmdline from a procfs and parses them. A file that vanishes
// part-way means the process exited between reads: the whole reading is `missing`, never a mix of
// one process's fields with another's gaps.

import { parseCmdline, parseProcStat, parseProcStatus, type ProcStat, type ProcStatus } from './proc-process-parsers.js';
import { readTextFile, type ReadFailure } from './proc-files.js';

/** A file that was read but could not be understood, or could not be read for an odd reason. */
export interface FileTrouble {
  path: string;
  kind: 'malformed' | 'unreadable';
  detail: string;
}

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

function failed(pid: number, file: string, failure: ReadFailure, detail: string): ProcessReading {
  if (failure === 'missing') return { kind: 'missing', pid };
  if (failure === 'no-permission') return { kind: 'no-permission', pid, detail };
  return { kind: 'unreadable', pid, trouble: { path: file, kind: 'unreadable', detail } };
}

/** Reads just /proc/<pid>/stat (for the second reading of a CPU window). */
export function readProcessStat(procRoot: string, pid: number): ProcStat | null {
  const read = readTextFile(`${procRoot}/${pid}/stat`);
  return read.ok ? parseProcStat(read.text) : null;
}

export function readProcess(procRoot: string, pid: number): ProcessReading {
  // Plain concatenation: path.join's normalising shows up when this runs 150 times a snapshot.
  const dir = `${procRoot}/${pid}`;
  const troubles: FileTrouble[] = [];

  const statPath = `${dir}/stat`;
  const statRead = readTextFile(statPath);
  if (!statRead.ok) return failed(pid, statPath, statRead.failure, statRead.detail);
  let stat = parseProcStat(statRead.text);
  if (stat === null) troubles.push({ path: statPath, kind: 'malformed', detail: statRead.text.slice(0, 200) });
  else if (stat.pid !== pid) {
    troubles.push({ path: statPath, kind: 'malformed', detail: `pid ${stat.pid} in the file of ${pid}` });
    stat = null;
  }

  const statusPath = `${dir}/status`;
  const statusRead = readTextFile(statusPath);
  let status: ProcStatus | null = null;
  if (statusRead.ok) {
    status = parseProcStatus(statusRead.text);
    if (status === null) troubles.push({ path: statusPath, kind: 'malformed', detail: statusRead.text.slice(0, 200) });
  } else if (statusRead.failure === 'missing') {
    return { kind: 'missing', pid };
  } else {
    troubles.push({ path: statusPath, kind: 'unreadable', detail: statusRead.detail });
  }

  const cmdlinePath = `${dir}/cmdline`;
  const cmdlineRead = readTextFile(cmdlinePath);
  let args: string[] | null = null;
  if (cmdlineRead.ok) args = parseCmdline(cmdlineRead.text);
  else if (cmdlineRead.failure === 'missing') return { kind: 'missing', pid };
  else troubles.push({ path: cmdlinePath, kind: 'unreadable', detail: cmdlineRead.detail });

  return { kind: 'found', pid, stat, status, args, troubles };
}
