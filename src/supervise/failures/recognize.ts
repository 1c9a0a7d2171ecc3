// The recogniser of a run: fed every plain output line, every GPU event and every attempt's end,
// it keeps one Failure per kind and attempt (with a count of the lines that repeated it — every
// rank prints its own NCCL timeout, every SM its own assert).

import type { GpuEvent } from '../../events/types.js';
import type { ExitStatus } from '../exit.js';
import { cudaOomFixes, parseCudaOom } from './cuda-oom.js';
import type { OomKill } from './kernel-oom.js';
import { FIXES, matchLine } from './patterns.js';
import { EVIDENCE_CHARS, type Failure, type FailureKind } from './types.js';

export interface AttemptEndFacts {
  attempt: number;
  status: ExitStatus;
  atMs: number;
  /** Pids seen in the job's group during the attempt (the leader included). */
  pids: ReadonlySet<number>;
  /** OOM kills the kernel logged during the attempt. */
  oomKills: readonly OomKill[];
  /** Null when the kernel log was read; else why not (the OOM watcher's `unavailable`, or 'not-watched'). */
  kernelLogUnavailable: string | null;
  /** True when gpuwise itself sent SIGKILL (a second Ctrl-C, the grace period run out). */
  killedByUs: boolean;
}

export interface Recognizer {
  line(line: string, attempt: number, atMs: number): Failure | null;
  event(event: GpuEvent, attempt: number): Failure | null;
  attemptEnded(facts: AttemptEndFacts): Failure[];
  failures(): Failure[];
}

/** A word every recognised line holds (see cuda-oom.ts, patterns.ts); keep in step with them. */
const MAYBE = /out of memory|Watchdog caught|NCCL error|\bnccl[A-Z]|device-side assert|Assertion `|Segmentation fault|SIGSEGV/i;

export function createRecognizer(): Recognizer {
  const found = new Map<string, Failure>();
  const add = (failure: Failure): Failure | null => {
    // Xid, ECC and a lost GPU: one per GPU (and Xid code); the rest: one per attempt.
    const perGpu = failure.kind === 'xid' || failure.kind === 'ecc' || failure.kind === 'gpu-lost';
    const id = `${failure.attempt}|${failure.kind}|${perGpu ? `${String(failure.details.gpu)}|${String(failure.details.xid ?? '')}` : ''}`;
    const existing = found.get(id);
    if (existing) {
      existing.repeats++;
      // A kernel's assert line names the check; the RuntimeError after it does not: keep the name.
      if (existing.kind === 'device-assert' && existing.details.assertion === null && failure.details.assertion !== null) {
        existing.details = failure.details;
        existing.fixes = failure.fixes;
      }
      return null;
    }
    found.set(id, failure);
    return failure;
  };
  const make: Make = (kind, attempt, atMs, evidence, details, fixes, params) => ({
    kind, attempt, atMs, evidence: evidence === null ? null : evidence.slice(0, EVIDENCE_CHARS), repeats: 0, title: { key: `run.failure.${kind}`, params }, fixes, details,
  });

  return {
    line(line, attempt, atMs) {
      // Nearly every line is ordinary output: one pass decides whether any matcher could apply.
      if (!MAYBE.test(line)) return null;
      const oom = parseCudaOom(line);
      if (oom) return add(make('cuda-oom', attempt, atMs, line, { ...oom }, cudaOomFixes(oom)));
      const match = matchLine(line);
      return match ? add(make(match.kind, attempt, atMs, line, match.details, FIXES[match.kind](match.details))) : null;
    },
    event(event, attempt) {
      if (event.kind === 'xid') {
        const params = { gpu: String(event.params.gpu ?? event.gpuIndex ?? '?'), xid: Number(event.params.xid) };
        return add(make('xid', attempt, event.atMs, String(event.params.text ?? ''), { ...params }, [{ key: 'run.fix.xid', params: { xid: params.xid } }], params));
      }
      if (event.kind === 'ecc-rising') {
        const params = { gpu: String(event.gpuIndex ?? '?'), counter: String(event.params.counter ?? ''), delta: Number(event.params.delta ?? 0) };
        return add(make('ecc', attempt, event.atMs, null, { ...params }, [{ key: 'run.fix.ecc' }], params));
      }
      if (event.kind === 'gpu-lost') return add(lostGpu(event, attempt, make));
      return null;
    },
    attemptEnded(facts) {
      const out: Failure[] = [];
      const push = (failure: Failure) => {
        const added = add(failure);
        if (added) out.push(added);
      };
      const ours = facts.oomKills.filter((kill) => facts.pids.has(kill.pid));
      for (const kill of ours) {
        const params = { pid: kill.pid, name: kill.name ?? '?' };
        push(make('host-oom-kill', facts.attempt, facts.atMs, null, { ...params, anonRssBytes: kill.anonRssBytes, cgroup: kill.cgroup ? 'yes' : 'no', confirmed: 'kernel-log' },
          [{ key: kill.cgroup ? 'run.fix.hostOom.cgroup' : 'run.fix.hostOom.memory' }, { key: 'run.fix.hostOom.workers' }], params));
      }
      // A SIGKILL that gpuwise did not send and no record names. Where the log could not be read
      // the OOM killer is the usual sender, so it is told as probable with the way to check; a
      // readable log without a record means someone else sent it (a scheduler's limit, a kill -9),
      // and that is said, so that nobody goes looking for a memory leak.
      if (facts.status.signal === 'SIGKILL' && ours.length === 0 && !facts.killedByUs) push(unexplainedKill(facts, make));
      if (facts.status.signal === 'SIGSEGV') push(make('segfault', facts.attempt, facts.atMs, null, { worker: null }, FIXES.segfault({ worker: null })));
      return out;
    },
    failures: () => [...found.values()].sort((a, b) => a.atMs - b.atMs),
  };
}

type Make = (kind: FailureKind, attempt: number, atMs: number, evidence: string | null, details: Failure['details'], fixes: Failure['fixes'], params?: Record<string, string | number>) => Failure;

const LOST_TITLES: Record<string, string> = { lost: 'run.failure.gpu-lost', error: 'run.failure.gpu-lost-error', missing: 'run.failure.gpu-lost-missing' };

/** A GPU of the job's that stopped answering (src/events presence rule): for a training job, the likely cause of death. */
function lostGpu(event: GpuEvent, attempt: number, make: Make): Failure {
  const cause = String(event.params.cause ?? 'lost');
  const params = { gpu: String(event.params.gpu ?? event.gpuIndex ?? '?') };
  const detail = String(event.params.detail ?? '');
  const failure = make('gpu-lost', attempt, event.atMs, detail === '' ? null : detail, { ...params, cause, detail: detail === '' ? null : detail }, [{ key: 'run.fix.gpuLost' }], params);
  failure.title = { key: LOST_TITLES[cause] ?? 'run.failure.gpu-lost', params };
  return failure;
}

/**
 * The kernel log's state as the OOM watcher gives it (kernel-oom.ts): null when it was read;
 * 'not-watched' (no watcher) or 'not-linux' when it was never looked at; else "<errno of
 * /dev/kmsg>; journal: <why>". Only the errno is shown to people: the rest are our own words.
 */
function kernelLogState(why: string | null): { read: true } | { read: false; errno: string | null } {
  if (why === null) return { read: true };
  if (why === 'not-watched' || why === 'not-linux') return { read: false, errno: null };
  return { read: false, errno: why.split(';')[0]?.trim() || null };
}

function unexplainedKill(facts: AttemptEndFacts, make: Make): Failure {
  const why = facts.kernelLogUnavailable;
  const log = kernelLogState(why);
  if (log.read) {
    return make('sigkill', facts.attempt, facts.atMs, null, { kernelLog: 'read', oomRecord: 'none' }, [{ key: 'run.fix.sigkill.sender' }]);
  }
  if (log.errno === null) {
    const failure = make('sigkill', facts.attempt, facts.atMs, null, { kernelLog: why ?? 'not-watched', oomRecord: 'unknown' },
      [{ key: why === 'not-linux' ? 'run.fix.sigkill.sender' : 'run.fix.hostOom.checkLogUnwatched' }, { key: 'run.fix.hostOom.memory' }]);
    failure.title = { key: 'run.failure.sigkill-unknown' };
    return failure;
  }
  const params = { errno: log.errno };
  const failure = make('host-oom-kill', facts.attempt, facts.atMs, null, { confirmed: 'log-unreadable', kernelLog: why },
    [{ key: 'run.fix.hostOom.checkLog', params }, { key: 'run.fix.hostOom.memory' }]);
  failure.title = { key: 'run.failure.host-oom-kill-probable', params };
  return failure;
}
