// Everything the job started, as far as Linux's /proc can tell. The job's process group reaches
// most of it, but a process can leave the group: `setsid`, a daemon's double fork, Python's
// `start_new_session=True`. Such a process stays the child of whoever started it until that
// parent dies, so the tracker reads the parent links now and then while the job runs (and again
// at each stop), and remembers every descendant it saw — with its start time, so a PID the kernel
// has since given to an unrelated process is never signalled. What left both the group and its
// parent between two reads (a double fork done within one scan interval) is not seen.

import { readdirSync, readFileSync } from 'node:fs';

export interface ProcEntry {
  pid: number;
  ppid: number;
  pgid: number;
  /** /proc/<pid>/stat's starttime: clock ticks since boot, fixed for the process's life. */
  startTicks: number;
  /** Dead but not yet waited for by its parent (Z, X): holds nothing, and cannot be signalled away. */
  zombie: boolean;
}

/** pid, parent, group and start time of /proc/<pid>/stat's text; null when it does not parse. */
export function parseStat(pid: number, text: string): ProcEntry | null {
  // comm may hold spaces and ')': the fields start after the LAST ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0] ?? '';
  const ppid = Number(fields[1]);
  const pgid = Number(fields[2]);
  const startTicks = Number(fields[19]);
  if (!Number.isInteger(ppid) || !Number.isInteger(pgid) || !Number.isFinite(startTicks)) return null;
  return { pid, ppid, pgid, startTicks, zombie: state === 'Z' || state === 'X' };
}

function readEntry(procRoot: string, pid: number): ProcEntry | null {
  try {
    return parseStat(pid, readFileSync(`${procRoot}/${pid}/stat`, 'latin1'));
  } catch {
    return null; // gone
  }
}

/** Every process /proc lists (an empty list where /proc is not readable). */
export function readProcTable(procRoot = '/proc'): ProcEntry[] {
  let names: string[];
  try {
    names = readdirSync(procRoot);
  } catch {
    return [];
  }
  const entries: ProcEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const entry = readEntry(procRoot, Number(name));
    if (entry !== null) entries.push(entry);
  }
  return entries;
}

export interface FamilyTracker {
  /** Reads /proc once: new descendants and group members are remembered, the dead forgotten. */
  scan(): void;
  /** Every pid seen in the family so far (for tying a kernel OOM record to the job). */
  seen(): ReadonlySet<number>;
  /** Sends `signal` to each remembered descendant outside the job's group that still lives as the same process. */
  signalEscaped(signal: NodeJS.Signals): number;
  /** True while such a descendant lives. */
  escapedAlive(): boolean;
}

export interface FamilyOptions {
  procRoot?: string;
  /** Off Linux there is no /proc to read: the tracker does nothing. */
  enabled?: boolean;
  /** process.kill; a recorder in tests. */
  kill?: (pid: number, signal: NodeJS.Signals) => void;
}

/** The family of the job whose leader is `leaderPid` (also its group's id). */
export function trackFamily(leaderPid: number, options: FamilyOptions = {}): FamilyTracker {
  const procRoot = options.procRoot ?? '/proc';
  const enabled = options.enabled ?? process.platform === 'linux';
  const kill = options.kill ?? ((pid, signal) => void process.kill(pid, signal));
  const known = new Map<number, ProcEntry>();
  const seen = new Set<number>([leaderPid]);
  /** The leader's start time, once read: after it ends its PID may go to an unrelated process. */
  let leaderTicks: number | null = null;
  const current = (entry: ProcEntry) => {
    const now = readEntry(procRoot, entry.pid);
    return now !== null && now.startTicks === entry.startTicks && !now.zombie ? now : null;
  };
  const escaped = () => [...known.values()].filter((entry) => entry.pgid !== leaderPid);

  const scan = () => {
    if (!enabled) return;
    const table = readProcTable(procRoot);
    const byPid = new Map(table.map((entry) => [entry.pid, entry]));
    for (const [pid, entry] of known) if (byPid.get(pid)?.startTicks !== entry.startTicks) known.delete(pid);
    const leader = byPid.get(leaderPid);
    leaderTicks ??= leader?.startTicks ?? null;
    const children = new Map<number, ProcEntry[]>();
    for (const entry of table) {
      if (entry.pid === leaderPid) continue;
      const list = children.get(entry.ppid);
      if (list) list.push(entry);
      else children.set(entry.ppid, [entry]);
      if (entry.pgid === leaderPid) known.set(entry.pid, entry);
    }
    // From the leader while it is still itself, and from every descendant known (one reparented
    // to init keeps its own children).
    const queue = [...(leader !== undefined && leader.startTicks === leaderTicks ? [leaderPid] : []), ...known.keys()];
    const visited = new Set<number>();
    for (let i = 0; i < queue.length; i++) {
      const pid = queue[i] as number;
      if (visited.has(pid)) continue;
      visited.add(pid);
      for (const child of children.get(pid) ?? []) {
        known.set(child.pid, child);
        queue.push(child.pid);
      }
    }
    for (const pid of known.keys()) seen.add(pid);
  };

  return {
    scan,
    seen: () => seen,
    signalEscaped(signal) {
      let sent = 0;
      for (const entry of escaped()) {
        const now = current(entry);
        if (now === null) {
          known.delete(entry.pid);
          continue;
        }
        // Back in the group (or never out of it for long): the group's signal reaches it.
        if (now.pgid === leaderPid) continue;
        try {
          kill(entry.pid, signal);
          sent++;
        } catch {
          // ESRCH: gone since; EPERM: it changed user (setuid), not ours to signal.
        }
      }
      return sent;
    },
    escapedAlive: () => escaped().some((entry) => current(entry) !== null),
  };
}
