// The host side of a snapshot: a summary of the machine (htop's essentials, with the CPU time
// split per core) and, for each GPU process the backend found, its user, command line, CPU %, RSS,
// start time, the processes it started (its tree) and its threads.
//
// One reader per monitoring session: CPU % needs the previous reading, so the reader keeps it.
// On the FIRST reading of a process (or of the host CPU) there is nothing to compare with, so the
// reader re-reads after `firstSampleWindowMs` (default 100 ms) — only what needs it. The session
// starts readSummary before the GPU read and enrichProcesses right after it, so the two windows
// overlap and a one-shot `gpuwise info` waits about one window. 100 ms is ten clock ticks: a
// figure accurate to about ±10 % of a core, instead of ps's lifetime average, which says little
// about a job that idles then trains. Set it to 0 to never wait: first readings then report
// cpuPercent / cpuUtilPercent null.
// Neither method throws: what could not be read is null, and why goes into `problems` — as a code,
// an i18n key with params and an English detail, never a translated sentence (problems.ts).

import type { BackendProcess } from '../core/backend.js';
import type { GpuProcess, HostSummary, SnapshotProblem } from '../core/snapshot.js';
import { bugProblem } from './problems.js';
import { readPageSize } from './page-size.js';
import { DEFAULT_IDENTITY_MAX_AGE_MS } from './process-members.js';
import type { Translate } from '../i18n/index.js';
import { LINUX_CLOCK_TICKS_PER_SECOND, MIN_SAMPLE_INTERVAL_MS } from './cpu-sampler.js';
import { createLinuxProcessEnricher, unresolvedDetails, type HostProcessDetails } from './linux-processes.js';
import { createLinuxSummaryReader } from './linux-summary.js';
import { createDetailsReuse } from './details-reuse.js';
import { signalPidProbe, type PidProbe } from './pid-trust.js';
import { createPortableSummaryReader } from './portable-summary.js';
import { createGetentLookup, createUserNameResolver, currentUser, type UidLookup } from './user-names.js';

export interface HostReaderOptions {
  /** Where procfs is mounted (default /proc); point it at a recorded tree in tests. */
  procRoot?: string;
  /** Where passwd lives (default /etc). */
  etcRoot?: string;
  /** Overrides process.platform: only 'linux' reads /proc. */
  platform?: string;
  /**
   * How long to wait for a first CPU reading; 0 reports null instead (see above). Default 100;
   * values between 0 and 20 are raised to 20, below which ticks say nothing (cpu-sampler.ts).
   */
  firstSampleWindowMs?: number;
  /** A monotonic clock in ms (default performance.now). */
  now?: () => number;
  /** How to wait out the first window (default setTimeout); tests pass one that moves `now`. */
  sleep?: (ms: number) => Promise<void>;
  /** USER_HZ, the unit of /proc times: 100 on every Linux architecture Node runs on. */
  clockTicksPerSecond?: number;
  /**
   * Names for uids not in passwd (LDAP, SSSD …). Default: `getent passwd <uid>` once per uid in
   * the background, for the real /etc only; null: show numeric uids.
   */
  uidLookup?: UidLookup | null;
  /** Does a PID exist although /proc does not show it (hidepid=2)? Default: kill(pid, 0) on the real /proc. */
  probePid?: PidProbe;
  /**
   * Read each GPU process's descendants (data-loader workers …) with their CPU and RSS. Default
   * true: once a tree is known, a tick costs one stat read per descendant.
   */
  processTree?: boolean;
  /**
   * Measure each thread of a GPU process (one more read per thread per tick). Default false:
   * the thread count alone, which costs nothing.
   */
  threadCpu?: boolean;
  /** How long a process's command line and uid are trusted before being read again (default 30 s). */
  identityMaxAgeMs?: number;
  /**
   * Reuse the GPU processes' host details (CPU %, RSS, tree, threads …) for this long between
   * full reads, as long as no new PID appears (details-reuse.ts). Default 0: read them on every
   * call. The sampler reuses them for DEFAULT_PROCESS_DETAILS_MAX_AGE_MS (src/monitor/sampler.ts).
   */
  processDetailsMaxAgeMs?: number;
  /**
   * @deprecated Ignored: problems carry a message key and params, and the caller translates them
   * (see SnapshotProblem). Kept so that existing callers still compile.
   */
  t?: Translate;
}

export interface HostSummaryResult {
  summary: HostSummary;
  problems: SnapshotProblem[];
}

export interface ProcessEnrichmentResult {
  /** The backend's processes, in the same order, with the host fields filled in. */
  processes: GpuProcess[];
  problems: SnapshotProblem[];
  /** How old (ms) the host fields are, when they were reused from an earlier read; absent when read now. */
  detailsAgeMs?: number;
}

export interface HostReader {
  readSummary(): Promise<HostSummaryResult>;
  /** The same PID on several GPUs is read once. */
  enrichProcesses(processes: readonly BackendProcess[]): Promise<ProcessEnrichmentResult>;
  /**
   * Releases the /proc files held open between ticks. The reader keeps working afterwards (it
   * opens files again); optional so that hand-made readers (tests, replays) need not have it.
   */
  close?(): void;
}

export const DEFAULT_FIRST_SAMPLE_WINDOW_MS = 100;

const UNSUPPORTED = unresolvedDetails('unsupported');

function firstWindow(requestedMs: number | undefined): number {
  if (requestedMs === undefined || !Number.isFinite(requestedMs)) return DEFAULT_FIRST_SAMPLE_WINDOW_MS;
  return requestedMs <= 0 ? 0 : Math.max(MIN_SAMPLE_INTERVAL_MS, requestedMs);
}

function mergeProcess(p: BackendProcess, host: HostProcessDetails): GpuProcess {
  // Written out rather than spread: this runs for every GPU process on every tick, and a literal
  // of known shape is several times cheaper for V8 to build than a spread of an unknown one.
  const merged: GpuProcess = {
    pid: p.pid,
    gpuIndex: p.gpuIndex,
    gpuUuid: p.gpuUuid,
    gpuInstanceId: p.gpuInstanceId,
    computeInstanceId: p.computeInstanceId,
    type: p.type,
    usedMemoryBytes: p.usedMemoryBytes,
    smUtilPercent: p.smUtilPercent,
    memoryUtilPercent: p.memoryUtilPercent,
    encoderUtilPercent: p.encoderUtilPercent,
    decoderUtilPercent: p.decoderUtilPercent,
    name: p.name ?? host.name,
    command: host.command,
    user: host.user,
    cpuPercent: host.cpuPercent,
    rssBytes: host.rssBytes,
    startedAt: host.startedAt,
    hostResolution: host.hostResolution,
    threads: host.threads,
  };
  if (host.tree !== undefined) merged.tree = host.tree;
  if (host.workload !== undefined) merged.workload = host.workload;
  if (p.listedAgeMs !== undefined) merged.listedAgeMs = p.listedAgeMs;
  // What the range check (core/validate.ts) attached to the backend's row.
  const unavailable = (p as Partial<GpuProcess>).unavailable;
  if (unavailable !== undefined) merged.unavailable = unavailable;
  return merged;
}

// A reader dropped without close() still gives its descriptors back, at the next GC.
const dropped = new FinalizationRegistry<() => void>((close) => close());

export function createHostReader(options: HostReaderOptions = {}): HostReader {
  const platform = options.platform ?? process.platform;
  const procRoot = options.procRoot ?? '/proc';
  const etcRoot = options.etcRoot ?? '/etc';
  const firstSampleWindowMs = firstWindow(options.firstSampleWindowMs);
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const timing = { firstSampleWindowMs, now, sleep };

  if (platform !== 'linux') {
    const readPortable = createPortableSummaryReader({ platform, ...timing });
    return {
      async readSummary() {
        return { summary: await readPortable(), problems: [] };
      },
      async enrichProcesses(processes) {
        return { processes: processes.map((p) => mergeProcess(p, UNSUPPORTED)), problems: [] };
      },
      close() {},
    };
  }

  const realProc = options.procRoot === undefined;
  const realSystem = realProc && options.etcRoot === undefined;
  const userNames = createUserNameResolver({
    etcRoot,
    lookup: options.uidLookup !== undefined ? options.uidLookup : realSystem ? createGetentLookup() : null,
    self: options.etcRoot === undefined ? currentUser() : null,
  });
  const readLinuxSummary = createLinuxSummaryReader({ procRoot, ...timing });
  const enricher = createLinuxProcessEnricher({
    procRoot,
    ...timing,
    clockTicksPerSecond: options.clockTicksPerSecond ?? LINUX_CLOCK_TICKS_PER_SECOND,
    userNames,
    probePid: options.probePid ?? (realProc ? signalPidProbe : () => 'unknown'),
    holdFiles: realProc,
    pageSizeBytes: readPageSize(procRoot),
    identityMaxAgeMs: options.identityMaxAgeMs ?? DEFAULT_IDENTITY_MAX_AGE_MS,
    tree: options.processTree ?? true,
    threadCpu: options.threadCpu ?? false,
  });

  const reuse = createDetailsReuse(options.processDetailsMaxAgeMs ?? 0, now);
  const reader: HostReader = {
    async readSummary() {
      try {
        return await readLinuxSummary();
      } catch (error) {
        // The readers catch every I/O error themselves; this is a last guard against a bug.
        return { summary: await createPortableSummaryReader({ platform, ...timing, firstSampleWindowMs: 0 })(), problems: [bugProblem('host', error)] };
      }
    },
    async enrichProcesses(processes) {
      try {
        const pids = processes.map((p) => p.pid);
        const reused = reuse.reuse(pids);
        if (reused !== null) {
          const { details, problems, ageMs } = reused;
          return { processes: processes.map((p) => mergeProcess(p, details.get(p.pid) ?? UNSUPPORTED)), problems, detailsAgeMs: ageMs };
        }
        const readAtMs = now();
        const { details, problems } = await enricher.enrich(pids);
        reuse.remember(readAtMs, details, problems);
        return { processes: processes.map((p) => mergeProcess(p, details.get(p.pid) ?? UNSUPPORTED)), problems };
      } catch (error) {
        return { processes: processes.map((p) => mergeProcess(p, UNSUPPORTED)), problems: [bugProblem('processes', error)] };
      }
    },
    close: () => enricher.close(),
  };
  dropped.register(reader, () => enricher.close());
  return reader;
}

export { createProcessSampler, createCpuTimesSampler, type ProcessSampler, type CpuTimesSampler } from './cpu-sampler.js';
export type { HostProcessDetails } from './linux-processes.js';
export type { PidProbe } from './pid-trust.js';
export type { UidLookup } from './user-names.js';
