// Whose PIDs does this /proc show? GPU drivers report PIDs of the host's (initial) PID namespace —
// nvidia-smi, nvitop and nvtop inside a container famously print "No such process" or, worse,
// somebody else's details. Newer NVIDIA kernel modules instead translate each PID into the
// caller's namespace and drop the processes it cannot see (open-gpu-kernel-modules,
// `_gpuConvertPid` → `osFindNsPid`). So:
// - a procfs of the initial namespace ("host" view) names every driver PID correctly;
// - any other view ("isolated", or "unknown" when we cannot tell) may hold the same number for a
//   different process, so a PID there only counts as resolved when that process holds a GPU
//   device open (see gpu-device-evidence.ts) — and not at all once the driver has shown it gives
//   foreign PIDs.
//
// Detection (htop and systemd use the same facts): the initial PID namespace has the fixed inode
// PROC_PID_INIT_INO = 0xEFFFFFFC (include/linux/proc_ns.h, Linux 3.8+). Which namespace a procfs
// belongs to is the namespace of its PID 1 (/proc/1/ns/pid, readable only with ptrace rights), or
// — when that is denied — our own (/proc/self/ns/pid), provided /proc/self/status has a single
// NSpid entry, i.e. the procfs's namespace is ours. Comparing /proc/self/ns/pid with
// /proc/1/ns/pid alone is not enough: inside a container both are the container's namespace.

export const INIT_PID_NAMESPACE_INODE = 0xeffffffc;

export type ProcfsView = 'host' | 'isolated' | 'unknown';

/** "pid:[4026531836]" → 4026531836; null for anything else. */
export function parseNamespaceLink(target: string): number | null {
  const match = /^pid:\[(\d+)\]$/.exec(target.trim());
  return match ? Number(match[1]) : null;
}

export interface NamespaceFacts {
  /** Target of <procfs>/1/ns/pid, null when unreadable (EACCES for non-root, or in sandboxes). */
  initProcessLink: string | null;
  /** Target of <procfs>/self/ns/pid, null when unreadable or when self does not resolve. */
  selfLink: string | null;
  /** NSpid entries of <procfs>/self/status, null when absent (kernels before 4.1). */
  selfNamespacePids: number[] | null;
}

export interface NamespaceClassification {
  view: ProcfsView;
  /**
   * True when gpuwise itself runs in the initial PID namespace and reads the procfs of that
   * namespace, so process.kill(pid, 0) asks about the same PIDs that procfs shows.
   */
  callerSharesProcfsNamespace: boolean;
}

export function classifyProcfs(facts: NamespaceFacts): NamespaceClassification {
  const selfInode = facts.selfLink === null ? null : parseNamespaceLink(facts.selfLink);
  const selfIsProcfsNamespace = facts.selfNamespacePids !== null && facts.selfNamespacePids.length === 1;
  const callerInInit = selfInode === INIT_PID_NAMESPACE_INODE;

  const initInode = facts.initProcessLink === null ? null : parseNamespaceLink(facts.initProcessLink);
  if (initInode !== null) {
    const view = initInode === INIT_PID_NAMESPACE_INODE ? 'host' : 'isolated';
    return { view, callerSharesProcfsNamespace: view === 'host' && callerInInit };
  }
  // /proc/self resolves only in a procfs of our namespace or an ancestor of it; the initial
  // namespace has no ancestor, so a caller there reads the host view.
  if (callerInInit) return { view: 'host', callerSharesProcfsNamespace: true };
  if (selfInode !== null && selfIsProcfsNamespace) return { view: 'isolated', callerSharesProcfsNamespace: false };
  return { view: 'unknown', callerSharesProcfsNamespace: false };
}

/**
 * In the host view, the first NSpid entry is the PID in the procfs's namespace and must equal the
 * PID asked for; anything else means this procfs is not what we think, and its details must not
 * be shown. A kernel without NSpid (before 4.1) cannot be checked and passes.
 */
export function namespacePidMatches(pid: number, namespacePids: readonly number[] | null): boolean {
  return namespacePids === null || namespacePids[0] === pid;
}
