// Per GPU process: its /proc/<pid>/cgroup read once per process (a process's cgroup changes
// only when something moves it, which container runtimes do not do after start), mapped to a
// ProcessWorkload; the pod directory, where there is one, names the pod each tick (it learns
// about a new pod in the background, so the first ticks of a new pod carry only its UID).

import path from 'node:path';
import type { ProcessWorkload } from '../core/snapshot.js';
import { attributeCgroups, isUnattributed, type CgroupAttribution } from './cgroup.js';
import type { PodDirectory } from './cgroup-pods.js';
import { readTextFile } from './proc-files.js';

export interface WorkloadReader {
  /** Null for a host process, or when its cgroup file cannot be read. */
  read(pid: number, startTicks: number | null): ProcessWorkload | null;
  retainOnly(pids: Pick<ReadonlySet<number>, 'has'>): void;
}

export function workloadOf(found: CgroupAttribution, directory: PodDirectory | null): ProcessWorkload | null {
  if (isUnattributed(found)) return null;
  const named = found.podUid !== null && directory !== null ? directory.lookup(found.podUid, found.containerId) : null;
  return {
    podUid: found.podUid,
    pod: named?.pod ?? null,
    namespace: named?.namespace ?? null,
    container: named?.container ?? null,
    containerId: found.containerId,
    runtime: found.runtime,
    slurmJobId: found.slurmJobId,
  };
}

export function createWorkloadReader(procRoot: string, directory: PodDirectory | null): WorkloadReader {
  const cache = new Map<number, { startTicks: number | null; found: CgroupAttribution | null }>();
  return {
    read(pid, startTicks) {
      let entry = cache.get(pid);
      // A reused PID is another process: its start time differs.
      if (entry === undefined || entry.startTicks !== startTicks) {
        const read = readTextFile(path.join(procRoot, String(pid), 'cgroup'), 64 * 1024);
        entry = { startTicks, found: read.ok ? attributeCgroups(read.text) : null };
        cache.set(pid, entry);
      }
      return entry.found === null ? null : workloadOf(entry.found, directory);
    },
    retainOnly(pids) {
      // forEach (deleting the visited entry is safe): no iterator result per process per tick.
      cache.forEach((_, pid) => pids.has(pid) || cache.delete(pid));
    },
  };
}
