// The trees of the GPU processes for one tick. A tree is found (process-tree.ts) when its root is
// first seen, and again at least every TREE_MAX_AGE_MS; in between, a tick on which the kernel
// handed out new PIDs checks only the processes created since the last look (new-pids.ts) and
// adds those whose parent is in a tree. Every tick reads the known descendants again — one
// stat each — and drops those that exited or were reparented.

import type { HostProcessNode, HostProcessTree } from '../core/snapshot.js';
import { createNewPidFinder, type PidRange } from './new-pids.js';
import { readTextFile } from './proc-files.js';
import { parseLoadavg } from './proc-system-parsers.js';
import type { Member, MemberReader } from './process-members.js';
import { createTreeDiscovery, walkTree, type DiscoveredTree } from './process-tree.js';

/**
 * Trees are found again at least this often while /proc/loadavg's last PID has never moved: a
 * sandbox (gVisor) whose loadavg stands still says nothing about new processes.
 */
export const TREE_MAX_AGE_MS = 5000;
/** Once it has moved, the new-PID check does the work; a full look this often bounds what it could miss. */
export const TREE_SAFETY_AGE_MS = 60_000;

/** What changed since the last look: nothing, a range of new PIDs, or unknown (find every tree again). */
type Pending = 'none' | 'full' | PidRange;

/** `tree` with the new processes whose parent is in it (the new ones' children too), in walk order. */
export function extendTree(root: number, tree: DiscoveredTree, newcomers: ReadonlyMap<number, number>, parents: ReadonlySet<number> = new Set(newcomers.values())): DiscoveredTree {
  // Most trees (every tree, on most ticks) are no newcomer's parent: a look-up per member, with
  // nothing allocated, instead of a set of the tree per tree per tick.
  if (!parents.has(root) && !anyLinkIn(tree, parents)) return tree;
  const members = new Set<number>([root]);
  for (const link of tree.links) members.add(link.pid);
  const added: [pid: number, parentPid: number][] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parentPid] of newcomers) {
      if (members.has(pid) || !members.has(parentPid)) continue;
      members.add(pid);
      added.push([pid, parentPid]);
      grew = true;
    }
  }
  if (added.length === 0) return tree;
  const children = new Map<number, number[]>();
  const adopt = (parentPid: number, pid: number) => {
    const list = children.get(parentPid);
    if (list === undefined) children.set(parentPid, [pid]);
    else list.push(pid);
  };
  for (const link of tree.links) adopt(link.parentPid, link.pid);
  for (const [pid, parentPid] of added) adopt(parentPid, pid);
  return { ...walkTree(root, (pid) => children.get(pid) ?? []), source: tree.source };
}

function anyLinkIn(tree: DiscoveredTree, pids: ReadonlySet<number>): boolean {
  for (let i = 0; i < tree.links.length; i++) if (pids.has(tree.links[i]!.pid)) return true;
  return false;
}

const cpuOf = (node: HostProcessNode): number | null => node.cpuPercent;
const rssOf = (node: HostProcessNode): number | null => node.rssBytes;

/**
 * The root's figure plus its descendants'. A zombie has neither CPU nor memory left to count;
 * anyone else without a figure makes the sum unknown. (No array or closure per tree: 200 a tick.)
 */
function totalOf(rootState: string, rootFigure: number | null, nodes: readonly HostProcessNode[], figureOf: (node: HostProcessNode) => number | null): number | null {
  if (rootFigure === null && rootState !== 'Z' && rootState !== 'X') return null;
  let sum = rootFigure ?? 0;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const figure = figureOf(node);
    if (figure === null && node.state !== 'Z' && node.state !== 'X') return null;
    sum += figure ?? 0;
  }
  return sum;
}

export function createTreeReader(procRoot: string, members: MemberReader) {
  const discovery = createTreeDiscovery(procRoot);
  const newPids = createNewPidFinder(procRoot);
  const knownTrees = new Map<number, { startTicks: number; tree: DiscoveredTree }>();
  let lastPidSeen: number | null = null;
  let lastPidMoved = false;
  let lastFullAtMs = -Infinity;
  let pending: Pending = 'full';
  let lookAgain = false;

  /** True when processes or threads may have been created since the last look (see process-tree.ts). */
  function pidsHandedOut(atMs: number): boolean {
    const read = readTextFile(`${procRoot}/loadavg`, 4096);
    const lastPid = read.ok ? (parseLoadavg(read.text)?.lastPid ?? null) : null;
    const previous = lastPidSeen;
    lastPidSeen = lastPid;
    if (previous !== null && lastPid !== null && lastPid !== previous) lastPidMoved = true;
    const maxAgeMs = lastPidMoved ? TREE_SAFETY_AGE_MS : TREE_MAX_AGE_MS;
    if (lookAgain || lastPid === null || previous === null || atMs - lastFullAtMs >= maxAgeMs) pending = 'full';
    else pending = lastPid === previous ? 'none' : { after: previous, last: lastPid };
    // The full look happens this tick (readTrees, and the thread lists when they are read).
    if (pending === 'full') lastFullAtMs = atMs;
    lookAgain = false;
    return pending !== 'none';
  }

  /** Reads one descendant into `tick` (once a tick); false when it is not in its tree any more. */
  function readLink(link: DiscoveredTree['links'][number], tick: Map<number, Member>, atMs: number): boolean {
    let member = tick.get(link.pid);
    if (member === undefined) {
      const reading = members.read(link.pid, false, atMs);
      if (reading.kind !== 'found') return false;
      member = reading;
      tick.set(link.pid, member);
    }
    // Reparented (its parent exited) or a reused PID: not in this tree any more.
    if (member.stat.parentPid === link.parentPid) return true;
    lookAgain = true;
    return false;
  }

  /** Finds (or reuses) each root's tree and reads its descendants into `tick`. */
  function readTrees(roots: readonly number[], tick: Map<number, Member>, changed: boolean, atMs: number): Map<number, DiscoveredTree> {
    // `changed` false (the caller did not ask about new PIDs this tick) means nothing to look for.
    const now: Pending = changed ? pending : 'none';
    const full = now === 'full';
    const unknown = (pid: number) => knownTrees.get(pid)?.startTicks !== tick.get(pid)?.stat.startTicks;
    // A truncated tree does not say who it left out: found again whenever something changed.
    const stale = roots.filter((pid) => full || unknown(pid) || (now !== 'none' && knownTrees.get(pid)!.tree.truncated));
    if (stale.length > 0) {
      const knownParents = new Map([...tick].map(([pid, member]) => [pid, member.stat.parentPid]));
      for (const [root, tree] of discovery.discover(stale, knownParents)) knownTrees.set(root, { startTicks: tick.get(root)!.stat.startTicks, tree });
    }
    if (typeof now === 'object' && stale.length < roots.length) {
      const newcomers = newPids.find(now);
      if (newcomers.size > 0) {
        const staleSet = new Set(stale);
        const parents = new Set(newcomers.values());
        for (let r = 0; r < roots.length; r++) {
          const known = knownTrees.get(roots[r]!);
          if (known !== undefined && !staleSet.has(roots[r]!)) known.tree = extendTree(roots[r]!, known.tree, newcomers, parents);
        }
      }
    }
    const trees = new Map<number, DiscoveredTree>();
    for (let r = 0; r < roots.length; r++) {
      const known = knownTrees.get(roots[r]!);
      if (known === undefined) continue;
      // The known tree itself while every link is still there (most trees, most ticks): no
      // filtered copy and no closure per tree.
      const all = known.tree.links;
      let links: DiscoveredTree['links'] | null = null;
      for (let i = 0; i < all.length; i++) {
        const kept = readLink(all[i]!, tick, atMs);
        if (!kept && links === null) links = all.slice(0, i);
        else if (kept && links !== null) links.push(all[i]!);
      }
      trees.set(roots[r]!, links === null ? known.tree : { ...known.tree, links });
    }
    // `trees` has every root that has a known tree: the others' trees go.
    knownTrees.forEach((_, pid) => trees.has(pid) || knownTrees.delete(pid));
    return trees;
  }

  function treeOf(root: number, tree: DiscoveredTree, tick: Map<number, Member>, percents: Map<number, number | null>, gpuPids: ReadonlySet<number>): HostProcessTree {
    const descendants = tree.links.map((link): HostProcessNode => {
      const { stat, identity } = tick.get(link.pid)!;
      return {
        pid: link.pid,
        parentPid: link.parentPid,
        depth: link.depth,
        name: identity.name,
        command: identity.command,
        state: stat.state,
        cpuPercent: percents.get(link.pid) ?? null,
        rssBytes: members.rssBytes(stat, identity),
        threadCount: stat.threadCount,
        usesGpu: gpuPids.has(link.pid),
      };
    });
    const rootMember = tick.get(root)!;
    const rootState = rootMember.stat.state;
    const rootCpu = percents.get(root) ?? null;
    const rootRss = members.rssBytes(rootMember.stat, rootMember.identity);
    const cpu = totalOf(rootState, rootCpu, descendants, cpuOf);
    return {
      descendants,
      totalCpuPercent: cpu === null ? null : Math.round(cpu * 10) / 10,
      totalRssBytes: totalOf(rootState, rootRss, descendants, rssOf),
      source: tree.source,
      truncated: tree.truncated,
    };
  }

  return { pidsHandedOut, read: readTrees, summarize: treeOf };
}
