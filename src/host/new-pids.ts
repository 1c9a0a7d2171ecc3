// The processes created since the last look, from the range of PIDs the kernel handed out in
// between (/proc/loadavg's last PID, before and after). A GPU process's tree can only have
// gained a member among them, so a tick that saw PIDs handed out checks those few instead of
// finding every tree again (every thread's children file of every GPU process: ~8 ms a tick
// for 200 processes, measured). Two ways, whichever is cheaper:
// - a few PIDs: one existence check each (threads take PIDs from the same counter and are
//   reachable as /proc/<tid>, so a live one is read and kept only if its stat's exit_signal is
//   not -1, which only a thread has);
// - many: one listing of /proc (processes only, no threads), filtered to the range.

import fs from 'node:fs';
import { isPidName } from './process-tree.js';
import { listDirectory, readBytes } from './proc-files.js';
import { createStatScan, scanProcStat } from './proc-stat-bytes.js';

/** Up to this many new PIDs are checked one by one; more, and /proc is listed once. */
export const PROBE_NEW_PIDS_MAX = 64;

/** PIDs handed out after `after` up to and including `last` (the counter may have wrapped). */
export interface PidRange {
  after: number;
  last: number;
}

export function inPidRange(pid: number, range: PidRange): boolean {
  return range.after < range.last ? pid > range.after && pid <= range.last : pid > range.after || pid <= range.last;
}

const EXIT_SIGNAL = 35; // field 38 of proc(5), counted from state = 0 as proc-stat-bytes.ts does

/** The exit_signal field of a stat line whose comm ends at `commEnd`; null when it is not there. */
export function statExitSignal(bytes: Uint8Array, length: number, commEnd: number): number | null {
  let field = 0;
  let i = commEnd + 1;
  while (i < length) {
    while (i < length && (bytes[i] === 0x20 || bytes[i] === 0x0a)) i++;
    const start = i;
    while (i < length && bytes[i] !== 0x20 && bytes[i] !== 0x0a) i++;
    if (i === start) return null;
    if (field === EXIT_SIGNAL) {
      const text = Buffer.from(bytes.buffer, bytes.byteOffset + start, i - start).toString('latin1');
      return /^-?\d{1,3}$/.test(text) ? Number(text) : null;
    }
    field++;
  }
  return null;
}

export function createNewPidFinder(procRoot: string) {
  const buffer = Buffer.allocUnsafe(4096);
  const scan = createStatScan();

  /** The new process's parent PID, or undefined when it is gone, a thread, or unreadable. */
  function parentOf(pid: number, mayBeThread: boolean): number | undefined {
    const read = readBytes(`${procRoot}/${pid}/stat`, buffer);
    if (!read.ok || !scanProcStat(buffer, read.length, scan) || scan.pid !== pid || scan.parentPid === null) return undefined;
    if (mayBeThread) {
      const signal = statExitSignal(buffer, read.length, scan.commEnd);
      // Without the field (a recorded tree cut short) it counts as a process: a false member is
      // dropped at the next full look, a missed one would stay missing until then.
      if (signal === -1) return undefined;
    }
    return scan.parentPid;
  }

  /** New process → its parent, for every process created in `range` that is still there. */
  function find(range: PidRange): Map<number, number> {
    const found = new Map<number, number>();
    // A wrapped counter: how many were handed out depends on pid_max; list instead.
    if (range.after < range.last && range.last - range.after <= PROBE_NEW_PIDS_MAX) {
      for (let pid = range.after + 1; pid <= range.last; pid++) {
        if (!fs.existsSync(`${procRoot}/${pid}/stat`)) continue;
        const parent = parentOf(pid, true);
        if (parent !== undefined) found.set(pid, parent);
      }
      return found;
    }
    const listing = listDirectory(procRoot);
    if (!listing.ok) return found;
    for (const name of listing.names) {
      if (!isPidName(name)) continue;
      const pid = Number(name);
      if (!inPidRange(pid, range)) continue;
      const parent = parentOf(pid, false);
      if (parent !== undefined) found.set(pid, parent);
    }
    return found;
  }

  return { find };
}
