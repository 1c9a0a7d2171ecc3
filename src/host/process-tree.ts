// Finding the descendants of a GPU process: a training job's data-loader workers, a compile
// server, the shell a notebook runs. Two routes, as htop and psutil have:
// - the kernel's per-thread child lists, /proc/<pid>/task/<tid>/children (Linux 3.5+ with
//   CONFIG_PROC_CHILDREN, which distribution kernels enable). A child sits on the list of the
//   THREAD that forked it, so every thread's list is read.
// - otherwise one scan of every /proc/<pid>/stat for its parent PID, shared by all GPU processes
//   of the tick.
// Re-discovery is skipped while nothing new can exist: /proc/loadavg names the last PID the
// kernel handed out, and while it stays the same no process (nor thread) was created, so only
// exits can have changed a tree — and those show as failed stat reads (see linux-processes.ts).
// When it moved, only the PIDs handed out in between can be new members (new-pids.ts,
// linux-trees.ts): those are checked, and the trees found again only now and then.

import type { HostProcessTree } from '../core/snapshot.js';
import { listDirectory, readBytes, readTextFile } from './proc-files.js';
import { parseChildren } from './proc-process-parsers.js';
import { createStatScan, scanProcStat } from './proc-stat-bytes.js';

export type TreeSource = HostProcessTree['source'];

export interface TreeLink {
  pid: number;
  parentPid: number;
  depth: number;
}

export interface DiscoveredTree {
  links: TreeLink[];
  truncated: boolean;
  source: TreeSource;
}

/** Descendants listed per GPU process at most: a fork bomb under a job must not stall a tick. */
export const MAX_TREE_PROCESSES = 256;
/** A children file lists a few PIDs; this bounds a hostile recorded tree. */
const MAX_CHILDREN_FILE_BYTES = 256 * 1024;

/**
 * Depth-first from `root`, children in PID order, parents before their children. A PID met twice
 * (a cycle in a recorded tree, a reused PID mid-scan) is listed once.
 */
export function walkTree(root: number, childrenOf: (pid: number) => readonly number[], limit = MAX_TREE_PROCESSES): { links: TreeLink[]; truncated: boolean } {
  const links: TreeLink[] = [];
  const seen = new Set<number>([root]);
  const stack: TreeLink[] = [];
  const push = (parentPid: number, depth: number) => {
    const children = [...childrenOf(parentPid)].sort((a, b) => b - a);
    for (const pid of children) if (!seen.has(pid)) stack.push({ pid, parentPid, depth });
  };
  push(root, 1);
  while (stack.length > 0) {
    const link = stack.pop()!;
    if (seen.has(link.pid)) continue;
    if (links.length >= limit) return { links, truncated: true };
    seen.add(link.pid);
    links.push(link);
    push(link.pid, link.depth + 1);
  }
  return { links, truncated: false };
}

/** A /proc entry that names a process or thread: digits only, not 0, short enough to be a PID. */
export function isPidName(name: string): boolean {
  if (name.length === 0 || name.length > 10 || name === '0') return false;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

export interface TreeDiscovery {
  /**
   * Descendants of each root; roots whose process is gone get an empty tree. `knownParents`:
   * parent PIDs already read this tick, which a scan need not read again.
   */
  discover(roots: readonly number[], knownParents?: ReadonlyMap<number, number | null>): Map<number, DiscoveredTree>;
}

export function createTreeDiscovery(procRoot: string): TreeDiscovery {
  // Unknown until a live process answers one way or the other; then fixed for the session.
  let childrenFiles: boolean | undefined;
  const buffer = Buffer.allocUnsafe(4096);
  const scan = createStatScan();

  /** Children of every thread of `pid`; 'unsupported' when the kernel has no children files. */
  function taskChildren(pid: number, knownAlive: boolean): number[] | 'unsupported' {
    const taskDir = `${procRoot}/${pid}/task`;
    const listing = listDirectory(taskDir);
    const alive = () => knownAlive || readBytes(`${procRoot}/${pid}/stat`, buffer).ok;
    if (!listing.ok) return listing.failure === 'missing' && alive() ? 'unsupported' : [];
    const children: number[] = [];
    let answered = 0;
    for (const tid of listing.names) {
      if (!isPidName(tid)) continue;
      const read = readTextFile(`${taskDir}/${tid}/children`, MAX_CHILDREN_FILE_BYTES);
      if (!read.ok) continue;
      answered++;
      for (const child of parseChildren(read.text)) children.push(child);
    }
    // Threads can exit between the listing and the reads; a process that is still there with
    // no children file on any thread runs on a kernel without them.
    return answered === 0 && listing.names.length > 0 && alive() ? 'unsupported' : children;
  }

  /** Parent → children over the whole procfs, from each stat's fourth field. */
  function scanParents(knownParents: ReadonlyMap<number, number | null>): Map<number, number[]> {
    const byParent = new Map<number, number[]>();
    const listing = listDirectory(procRoot);
    if (!listing.ok) return byParent;
    for (const name of listing.names) {
      if (!isPidName(name)) continue;
      const pid = Number(name);
      let parentPid = knownParents.get(pid);
      if (parentPid === undefined) {
        const read = readBytes(`${procRoot}/${name}/stat`, buffer);
        parentPid = read.ok && scanProcStat(buffer, read.length, scan) && scan.pid === pid ? scan.parentPid : null;
      }
      if (parentPid === null || parentPid === pid) continue;
      const siblings = byParent.get(parentPid);
      if (siblings === undefined) byParent.set(parentPid, [pid]);
      else siblings.push(pid);
    }
    return byParent;
  }

  function discoverByScan(roots: readonly number[], knownParents: ReadonlyMap<number, number | null>, trees: Map<number, DiscoveredTree>): void {
    const byParent = scanParents(knownParents);
    for (const root of roots) trees.set(root, { ...walkTree(root, (pid) => byParent.get(pid) ?? []), source: 'ppid-scan' });
  }

  return {
    discover(roots, knownParents = new Map()) {
      const trees = new Map<number, DiscoveredTree>();
      if (roots.length === 0) return trees;
      if (childrenFiles !== false) {
        for (const root of roots) {
          let unsupported = false;
          const walked = walkTree(root, (pid) => {
            if (unsupported) return [];
            const children = taskChildren(pid, knownParents.has(pid));
            if (children !== 'unsupported') return children;
            // Only the root's answer decides: a descendant may have exited a moment ago.
            if (pid === root) unsupported = true;
            return [];
          });
          if (unsupported) {
            childrenFiles = false;
            break;
          }
          childrenFiles = true;
          trees.set(root, { ...walked, source: 'task-children' });
        }
        if (childrenFiles) return trees;
      }
      discoverByScan(roots, knownParents, trees);
      return trees;
    },
  };
}
