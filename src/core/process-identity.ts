// Whether a PID written down earlier (in a lock, a claim) still names the same process: alive, and
// on Linux started at the same clock tick, since the kernel gives a freed PID to the next process.

import { readFileSync } from 'node:fs';

/** Field 22 of /proc/<pid>/stat (clock ticks since boot); null without /proc or for a process that is gone. */
export function processStartTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command (field 2) is in parentheses and may hold spaces or ')': fields count from the last ')'.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

/** Whether a process with this PID exists (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
