// `observe()`: opens a sampler at diagnose's rate (250 ms by default, four times the dashboard's,
// with the driver's sub-second samples), checks the target (the pid exists, the GPUs exist,
// there is a GPU at all), starts the job when asked, and watches until the duration ends, the
// job exits or the caller aborts. Returns the Observation that `diagnose()` analyses.

import { processAlive } from '../core/process-identity.js';
import type { Snapshot } from '../core/snapshot.js';
import { readTextFile } from '../host/proc-files.js';
import { parseProcStat } from '../host/proc-process-parsers.js';
import { createSampler, type Sampler } from '../monitor/sampler.js';
import type { SessionOptions } from '../snapshot/session.js';
import { DiagnoseError } from './errors.js';
import { startJob, type Job } from './observe-job.js';
import { createObserver, type Observer } from './observe-samples.js';
import type { TreeSampler } from './observe-tree.js';
import type { Observation, ObservationSample, ObservationTarget } from './types.js';

export const DEFAULT_OBSERVE_INTERVAL_MS = 250;
export const DEFAULT_OBSERVE_DURATION_MS = 60_000;

export interface ObserveProgress {
  elapsedMs: number;
  /** Null: until the job exits. */
  durationMs: number | null;
  sampleCount: number;
  /** The newest sample (watched GPUs only), null before the first. */
  latest: ObservationSample | null;
}

export interface ObserveOptions {
  target: ObservationTarget;
  /** How long to watch. Default 60 s; with a command, null (or absent) watches until it exits. */
  durationMs?: number | null;
  intervalMs?: number;
  onProgress?: (progress: ObserveProgress) => void;
  /** Same as target.command (either may be given). */
  command?: string[];
  /**
   * Ends the watch early (Ctrl-C on a --pid watch): the observation so far is returned. A watched
   * `target.pid` that exits ends it too.
   */
  signal?: AbortSignal;
  /** Forward SIGINT/SIGTERM/SIGHUP to the job's process group (the CLI sets it). */
  forwardSignals?: boolean;
  /** The job's stdout/stderr: the user's (default) or dropped. */
  jobStdio?: 'inherit' | 'ignore';
  jobEnv?: NodeJS.ProcessEnv;
  /** Stop the job when the duration ends first (default true). */
  stopJobAtEnd?: boolean;
  recordedBy?: string;
  /** For the sampler's session (a backend, a fake NVML environment). */
  sessionOptions?: SessionOptions;
  /** A sampler to read through instead of opening one (not stopped here). */
  sampler?: Sampler;
  treeSampler?: TreeSampler;
  maxSamples?: number;
  /**
   * Each sample as soon as it is final, with the observation so far (for its header fields):
   * `diagnose --record` writes them as the watch goes.
   */
  onSample?: (sample: ObservationSample, soFar: () => Observation) => void;
}

/** Is `pid` a living process (ours or, EPERM, another user's)? */
export const processExists = processAlive;

function checkTarget(target: ObservationTarget, sample: { snapshot: Pick<Snapshot, 'devices' | 'backendAttempts'> }): void {
  const devices = sample.snapshot.devices;
  if (devices.length === 0) {
    const error = new DiagnoseError('diagnoseCli.error.noGpu');
    error.attempts = sample.snapshot.backendAttempts;
    throw error;
  }
  for (const index of target.gpuIndices ?? []) {
    if (!devices.some((d) => d.index === index)) {
      throw new DiagnoseError('diagnoseCli.error.noSuchGpu', { index, count: devices.length, last: devices.length - 1 });
    }
  }
}

/** Alive and not a zombie (an exited child its parent has not reaped still answers kill 0). */
function processRuns(pid: number): boolean {
  if (!processExists(pid)) return false;
  const read = readTextFile(`/proc/${pid}/stat`, 8192);
  return !read.ok || parseProcStat(read.text)?.state !== 'Z';
}

/** Resolves after `ms` (never, for null) or when `signal` aborts — at once if it already has. */
const waitFor = (ms: number | null, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = ms === null ? null : setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      if (timer !== null) clearTimeout(timer);
      resolve();
    }, { once: true });
  });

export async function observe(options: ObserveOptions): Promise<Observation> {
  const command = options.command ?? options.target.command;
  const target: ObservationTarget = { ...options.target, command: command ?? null };
  if (target.pid !== null && !processExists(target.pid)) throw new DiagnoseError('diagnoseCli.error.noSuchProcess', { pid: target.pid });
  const intervalMs = options.intervalMs ?? DEFAULT_OBSERVE_INTERVAL_MS;
  const durationMs = options.durationMs === undefined ? (command ? null : DEFAULT_OBSERVE_DURATION_MS) : options.durationMs;
  // Every sample's own /proc reading (processDetailsMaxAgeMs 0): the rules count the workers'
  // states per sample, and a watch of a minute can afford what a day-long serve saves.
  const sampler = options.sampler ?? (await createSampler({ intervalMs, historyRows: 60, processDetailsMaxAgeMs: 0, sessionOptions: { subSecondSamples: true, ...options.sessionOptions } }));
  const ownsSampler = options.sampler === undefined;
  let job: Job | null = null;
  let observer: Observer | null = null;
  const done = new AbortController();
  const abort = () => done.abort();
  options.signal?.addEventListener('abort', abort, { once: true });
  if (options.signal?.aborted) abort();
  try {
    checkTarget(target, await sampler.first());
    if (command) job = await startJob({ command, stdio: options.jobStdio ?? 'inherit', forwardSignals: options.forwardSignals === true, ...(options.jobEnv ? { env: options.jobEnv } : {}) });
    const rootPid = job?.pid ?? target.pid;
    observer = createObserver({
      sampler,
      target,
      rootPid,
      recordedBy: options.recordedBy ?? 'gpuwise',
      ...(options.treeSampler ? { treeSampler: options.treeSampler } : {}),
      ...(options.onSample ? { onKept: (sample: ObservationSample) => options.onSample?.(sample, () => observer!.observation(1)) } : {}),
      // The whole window when it is known (within reason: 1 h at 250 ms); else the observer's default.
      ...(options.maxSamples ? { maxSamples: options.maxSamples } : durationMs !== null ? { maxSamples: Math.min(14_400, Math.ceil(durationMs / intervalMs) + 16) } : {}),
    });
    const started = performance.now();
    let count = 0;
    const active = observer;
    const off = sampler.subscribe((sample) => {
      active.onSample(sample);
      count++;
      // A watched --pid that has exited leaves nothing more to see: the watch ends with it.
      if (target.pid !== null && !processRuns(target.pid)) abort();
      if (options.onProgress) {
        void active.settled().then(() => {
          const samples = active.observation(1).samples;
          options.onProgress?.({ elapsedMs: performance.now() - started, durationMs, sampleCount: count, latest: samples[samples.length - 1] ?? null });
        });
      }
    });
    if (job) void job.ended.then((end) => {
      active.endJob(end);
      abort();
    });
    await waitFor(durationMs, done.signal);
    off();
    if (job) {
      const end = await Promise.race([job.ended, Promise.resolve(null)]);
      if (end === null && options.stopJobAtEnd !== false) active.endJob(await job.stop());
    }
    await active.settled();
    return active.observation();
  } finally {
    options.signal?.removeEventListener('abort', abort);
    job?.release();
    observer?.close();
    if (ownsSampler) await sampler.stop();
  }
}
