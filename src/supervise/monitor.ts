// The GPUs during the run, through one sampler for the job's whole life (restarts included): the
// series and energy for the report (./gpu-record.ts), Xid and ECC events for the recogniser, and
// one diagnose observer per attempt, so the findings at the end are about the last attempt's
// last window — what the job was doing when it ended — and not an average over restarts.
// One read is taken as the monitor starts (just before the job) and one in `finish` (just after
// it ended), so that the energy counter's delta and the power integral span the job's whole life,
// not only its first to last sample (up to one interval short at each end).

import { diagnose } from '../diagnose/analyze.js';
import { createObserver, type Observer } from '../diagnose/observe-samples.js';
import type { DiagnoseReport } from '../diagnose/types.js';
import { createEventDeriver } from '../events/derive.js';
import { createXidWatcher, type XidWatcher } from '../host/kernel-log.js';
import type { Sample, Sampler } from '../monitor/sampler.js';
import type { Recognizer } from './failures/recognize.js';
import type { ExitStatus } from './exit.js';
import { createGpuRecord, type GpuRunSummary } from './gpu-record.js';

/** Samples diagnose looks at: the last 5 minutes at 1 Hz. */
export const DIAGNOSE_WINDOW_SAMPLES = 300;

export interface RunMonitorOptions {
  sampler: Sampler | null;
  /** Why there is no sampler (no GPU, no driver), for the report. */
  unavailable?: string | null;
  gpuIndices: number[] | null;
  recognizer: Recognizer;
  attempt: () => number;
  command: string[];
  recordedBy: string;
  /** Kernel log watcher for Xid (default: opened here; null: none). */
  xid?: XidWatcher | null;
}

/** A read taken at the ends of the run waits at most this long: a GPU hung in the driver must not hold the run. */
export const EDGE_READ_MAX_MS = 2000;

export interface RunMonitor {
  attemptStarted(pid: number): void;
  /** The closing read (see above); call once the job has ended, before `gpus()`. */
  finish(): Promise<void>;
  attemptEnded(status: ExitStatus, atMs: number): Promise<void>;
  gpus(): { recorded: GpuRunSummary[]; unavailable: string | null };
  diagnose(): { report: DiagnoseReport | null; unavailable: string | null };
  close(): Promise<void>;
}

export async function createRunMonitor(options: RunMonitorOptions): Promise<RunMonitor> {
  const { sampler, recognizer } = options;
  const record = createGpuRecord(options.gpuIndices);
  const deriver = createEventDeriver();
  const watched = (index: number | null) => options.gpuIndices === null || (index !== null && options.gpuIndices.includes(index));
  let xid: XidWatcher | null = null;
  if (sampler !== null) xid = options.xid === undefined ? await createXidWatcher().catch(() => null) : options.xid;
  let observer: Observer | null = null;
  let lastObservation: ReturnType<Observer['observation']> | null = null;

  const onSample = (sample: Sample) => {
    record.add(sample);
    observer?.onSample(sample);
    // Before the first attempt has started (the sampler's first reads): the first attempt's.
    const attempt = Math.max(1, options.attempt());
    const events = [...deriver.next(sample), ...(xid?.poll(sample) ?? [])];
    for (const event of events) if (watched(event.gpuIndex)) recognizer.event(event, attempt);
  };
  const unsubscribe = sampler?.subscribe(onSample) ?? (() => undefined);
  if (sampler !== null) await edgeRead(sampler);

  return {
    attemptStarted(pid) {
      if (sampler === null) return;
      observer?.close();
      observer = createObserver({
        sampler, rootPid: pid, recordedBy: options.recordedBy, maxSamples: DIAGNOSE_WINDOW_SAMPLES,
        target: { pid: null, command: options.command, gpuIndices: options.gpuIndices },
      });
    },
    async finish() {
      if (sampler !== null) await edgeRead(sampler);
    },
    async attemptEnded(status, atMs) {
      if (!observer) return;
      await observer.settled();
      observer.endJob({ exitCode: status.code, signal: status.signal, atMs });
      lastObservation = observer.observation(DIAGNOSE_WINDOW_SAMPLES);
    },
    gpus: () => {
      const recorded = record.summaries();
      const unavailable = sampler === null ? (options.unavailable ?? 'no sampler') : recorded.length === 0 ? noGpuReason(sampler) : null;
      return { recorded, unavailable };
    },
    diagnose() {
      if (lastObservation === null) return { report: null, unavailable: sampler === null ? (options.unavailable ?? 'no sampler') : 'no samples' };
      try {
        return { report: diagnose(lastObservation), unavailable: null };
      } catch (error) {
        return { report: null, unavailable: error instanceof Error ? error.message : String(error) };
      }
    },
    async close() {
      unsubscribe();
      observer?.close();
      xid?.close();
    },
  };
}

/** A read now, heard by the subscribers like any other; given up on (not awaited) past EDGE_READ_MAX_MS. */
async function edgeRead(sampler: Sampler): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, EDGE_READ_MAX_MS)));
  await Promise.race([sampler.refresh().then(() => undefined, () => undefined), late]);
  clearTimeout(timer);
}

/** Why a running sampler saw no GPU: the backends' problems, else plainly that. */
function noGpuReason(sampler: Sampler): string {
  const problems = sampler.latest()?.snapshot.problems ?? [];
  const said = problems.map((p) => p.message).filter((m) => m !== '').slice(0, 3);
  return said.length > 0 ? said.join('; ') : 'no GPU found';
}
