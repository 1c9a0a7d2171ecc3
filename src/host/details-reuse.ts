// The host details of GPU processes, reused between full reads for a while (HostReaderOptions
// .processDetailsMaxAgeMs). Why: on a node with 200 GPU processes the per-process /proc reads
// (a stat each, their trees, their cgroups) are a third of a 1 Hz sampler's CPU, yet a CPU % or an
// RSS seen every 5 s instead of every second is what a history, /metrics or diagnose needs.
// What stays exact: a PID the last full read did not see makes the next tick a full read, so a
// new process shows its user and command at once, and a process that left drops out at once
// (the backend's list decides who is shown; only the host columns are reused). A reused CPU % is
// the one measured over the last full read's window; the snapshot says how old it is.
// Not checked in between: that a listed PID is still the process read (its start time). For a PID
// to name another GPU process within the 5 s, the kernel would have to hand out every PID of its
// namespace in between (PIDs are allocated cyclically up to pid_max): the full read at the limit
// catches anything slower.

import type { SnapshotProblem } from '../core/snapshot.js';
import type { HostProcessDetails } from './linux-processes.js';

export interface ReusedDetails {
  details: ReadonlyMap<number, HostProcessDetails>;
  problems: SnapshotProblem[];
  /** How long ago (ms, monotonic) they were read. */
  ageMs: number;
}

export interface DetailsReuse {
  /** The last full read, when it is younger than the limit and saw every one of `pids`; else null. */
  reuse(pids: readonly number[]): ReusedDetails | null;
  /** Keeps a full read, taken at `atMs` on the same clock. */
  remember(atMs: number, details: ReadonlyMap<number, HostProcessDetails>, problems: readonly SnapshotProblem[]): void;
}

const PROCESS_SCOPE = /^process:(\d+)$/;

/** `maxAgeMs` 0 (or not finite): never reuse. `now`: a monotonic clock in ms. */
export function createDetailsReuse(maxAgeMs: number, now: () => number): DetailsReuse {
  let last: { atMs: number; details: ReadonlyMap<number, HostProcessDetails>; problems: readonly SnapshotProblem[] } | null = null;
  const enabled = Number.isFinite(maxAgeMs) && maxAgeMs > 0;
  return {
    reuse(pids) {
      if (!enabled || last === null) return null;
      const ageMs = now() - last.atMs;
      // A clock that went back (a test's) counts as stale, not as fresh for ever.
      if (!(ageMs >= 0 && ageMs < maxAgeMs)) return null;
      for (let i = 0; i < pids.length; i++) if (!last.details.has(pids[i]!)) return null;
      // A problem about a process that has left goes with it; every other problem stays.
      const asked = new Set(pids);
      const problems = last.problems.filter((problem) => {
        const scope = PROCESS_SCOPE.exec(problem.scope);
        return scope === null || asked.has(Number(scope[1]));
      });
      return { details: last.details, problems, ageMs };
    },
    remember(atMs, details, problems) {
      if (enabled) last = { atMs, details, problems };
    },
  };
}
