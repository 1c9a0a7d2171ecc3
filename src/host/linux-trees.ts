// The trees of the GPU processes for one tick: found again only when new PIDs were handed out
// (process-tree.ts explains why that is enough), otherwise the known descendants are read again —
// one stat each — and dropped when they exited or were reparented.

import type { HostProcessNode, HostProcessTree } from '../core/snapshot.js';
import { readTextFile } from './proc-files.js';
import { parseLoadavg } from './proc-system-parsers.js';
import type { Member, MemberReader } from './process-members.js';
import { createTreeDiscovery, type DiscoveredTree } from './process-tree.js';

/**
 * Trees are found again at least this often even when /proc/loadavg says no PID was handed out,
 * for sandboxes (gVisor) whose loadavg never changes.
 */
export const TREE_MAX_AGE_MS = 5000;

export function createTreeReader(procRoot: string, members: MemberReader) {
  const discovery = createTreeDiscovery(procRoot);
  const knownTrees = new Map<number, { startTicks: number; tree: DiscoveredTree }>();
  // When processes were last looked for, and the last PID handed out then.
  let lastLook: { lastPid: number | null; atMs: number } = { lastPid: null, atMs: -Infinity };
  let lookAgain = false;

  /** True when processes or threads may have been created since the last look (see process-tree.ts). */
  function pidsHandedOut(atMs: number): boolean {
    const read = readTextFile(`${procRoot}/loadavg`, 4096);
    const lastPid = read.ok ? (parseLoadavg(read.text)?.lastPid ?? null) : null;
    const changed = lookAgain || lastPid === null || lastPid !== lastLook.lastPid || atMs - lastLook.atMs >= TREE_MAX_AGE_MS;
    if (changed) lastLook = { lastPid, atMs };
    lookAgain = false;
    return changed;
  }

  /** Finds (or reuses) each root's tree and reads its descendants into `tick`. */
  function readTrees(roots: readonly number[], tick: Map<number, Member>, changed: boolean, atMs: number): Map<number, DiscoveredTree> {
    const stale = roots.filter((pid) => changed || knownTrees.get(pid)?.startTicks !== tick.get(pid)?.stat.startTicks);
    if (stale.length > 0) {
      const knownParents = new Map([...tick].map(([pid, member]) => [pid, member.stat.parentPid]));
      for (const [root, tree] of discovery.discover(stale, knownParents)) knownTrees.set(root, { startTicks: tick.get(root)!.stat.startTicks, tree });
    }
    const trees = new Map<number, DiscoveredTree>();
    for (const root of roots) {
      const known = knownTrees.get(root);
      if (known === undefined) continue;
      const links = known.tree.links.filter((link) => {
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
      });
      trees.set(root, { ...known.tree, links });
    }
    const current = new Set(roots);
    for (const pid of knownTrees.keys()) if (!current.has(pid)) knownTrees.delete(pid);
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
    const everyone = [
      { state: rootMember.stat.state, cpuPercent: percents.get(root) ?? null, rssBytes: members.rssBytes(rootMember.stat, rootMember.identity) },
      ...descendants,
    ];
    // A zombie has neither CPU nor memory left to count; anyone else without a figure makes the sum unknown.
    const total = (value: (node: (typeof everyone)[number]) => number | null): number | null => {
      let sum = 0;
      for (const node of everyone) {
        const figure = value(node);
        if (figure === null && node.state !== 'Z' && node.state !== 'X') return null;
        sum += figure ?? 0;
      }
      return sum;
    };
    return {
      descendants,
      totalCpuPercent: ((sum) => (sum === null ? null : Math.round(sum * 10) / 10))(total((node) => node.cpuPercent)),
      totalRssBytes: total((node) => node.rssBytes),
      source: tree.source,
      truncated: tree.truncated,
    };
  }

  return { pidsHandedOut, read: readTrees, summarize: treeOf };
}
