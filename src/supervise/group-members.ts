// The pids of the job's process group, read from /proc now and then while it runs: the host's
// OOM killer names the process it killed (often a DataLoader worker or one rank, not the job's
// leader), and only a pid seen in the group ties that kill to this job.

import { readdirSync, readFileSync } from 'node:fs';

/** The process group of /proc/<pid>/stat's text (the field after the parent's pid), or null. */
export function statGroup(text: string): number | null {
  // comm may hold spaces and ')': the fields start after the LAST ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const group = Number(fields[2]);
  return Number.isInteger(group) && group > 0 ? group : null;
}

/** Pids whose process group is `pgid` (Linux; an empty list elsewhere or when /proc is not readable). */
export function groupMembers(pgid: number, procRoot = '/proc'): number[] {
  let names: string[];
  try {
    names = readdirSync(procRoot);
  } catch {
    return [];
  }
  const members: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (statGroup(readFileSync(`${procRoot}/${name}/stat`, 'latin1')) === pgid) members.push(Number(name));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return members;
}
