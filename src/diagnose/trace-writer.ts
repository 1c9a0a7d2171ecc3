// `diagnose --record FILE` as the watch goes: the header with the first sample, then each sample
// as it is taken, the end record when the watch ends. A run that is killed (SIGKILL, a crash, the
// machine) leaves every sample up to the last flush — at most `flushMs` old — and the reader
// takes a trace without its end record as incomplete (trace.ts). Lines are buffered and written
// with plain synchronous writes: they reach the kernel at once (a killed process loses nothing
// written), and what is still buffered can be written from a process 'exit' handler. The data is
// also synced to the disk every `syncMs`, for a machine that goes down. The file stays within
// what the reader accepts: past MAX_TRACE_SAMPLES samples or MAX_TRACE_BYTES, later samples are
// not written and the end record says so.

import { closeSync, existsSync, fdatasync, fdatasyncSync, fstatSync, ftruncateSync, openSync, unlinkSync, writeSync } from 'node:fs';
import type { SnapshotProblem } from '../core/snapshot.js';
import { footerLine, headerLine, MAX_TRACE_BYTES, MAX_TRACE_SAMPLES, sampleLine } from './trace.js';
import type { Observation, ObservationSample } from './types.js';

export interface TraceRecorderOptions {
  /** Longest a sample waits in the buffer (default 500 ms). */
  flushMs?: number;
  /** How often written data is synced to the disk (default 5 s). */
  syncMs?: number;
  /** Buffered bytes that force a write (default 256 KiB). */
  bufferBytes?: number;
  /** Limits (default the reader's: MAX_TRACE_SAMPLES, MAX_TRACE_BYTES less room for the end record). */
  maxSamples?: number;
  maxBytes?: number;
}

export interface TraceRecorder {
  /** Writes the header first (from `soFar`, with the first sample), then the sample. */
  sample(sample: ObservationSample, soFar: () => Observation): void;
  /** Writes the end record, syncs and closes. Throws the first write error, if any happened. */
  end(observation: Observation): Promise<void>;
  /** Writes what is buffered now (for a process 'exit' handler); never throws. */
  flushSync(): void;
  /**
   * Closes without the end record (the watch failed): what was written stays. With nothing
   * written, the file is as it was — removed if this recorder created it.
   */
  abandon(): void;
  /** Samples written (or buffered) so far. */
  readonly samples: number;
  /** The first write error, or null. */
  readonly error: Error | null;
}

/** Room kept for the end record (its problems are bounded, see trace.ts). */
const FOOTER_ROOM_BYTES = 4 * 1024 * 1024;

function cutProblem(samples: number, limit: number | string): SnapshotProblem {
  return {
    scope: 'trace',
    code: 'trace-cut',
    message: `the trace holds the first ${samples} samples only; later ones were not recorded (a trace stays under ${limit})`,
    key: 'diagnoseCli.problem.traceCut',
    params: { samples, limit },
  };
}

/**
 * Opens `path` for writing, so a file that cannot be written is known before the watch; throws as
 * `openSync` does (EACCES, ENOENT …). An existing file is emptied only at the first write.
 */
export function createTraceRecorder(path: string, options: TraceRecorderOptions = {}): TraceRecorder {
  const flushMs = options.flushMs ?? 500;
  const syncMs = options.syncMs ?? 5000;
  const bufferBytes = options.bufferBytes ?? 256 * 1024;
  const maxSamples = options.maxSamples ?? MAX_TRACE_SAMPLES;
  const maxBytes = options.maxBytes ?? MAX_TRACE_BYTES - FOOTER_ROOM_BYTES;
  const existed = existsSync(path);
  // Appending writes at the end, which is 0 once the file is emptied (at the first write).
  let fd: number | null = openSync(path, 'a', 0o644);
  let emptied = false;
  let buffer: string[] = [];
  let buffered = 0;
  let written = 0;
  let samples = 0;
  let headerDone = false;
  let cut: SnapshotProblem | null = null;
  let error: Error | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastSync = Date.now();
  let syncing: Promise<void> | null = null;

  const writeOut = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (fd === null || buffer.length === 0 || error !== null) return;
    const data = Buffer.from(buffer.join(''), 'utf8');
    buffer = [];
    buffered = 0;
    try {
      if (!emptied) {
        emptied = true;
        // A pipe or a terminal (--record /dev/stdout) cannot be emptied, nor needs it.
        if (fstatSync(fd).isFile()) ftruncateSync(fd, 0);
      }
      // writeSync may write less than asked (a full disk): go on until all is written or it fails.
      for (let offset = 0; offset < data.length; ) offset += writeSync(fd, data, offset, data.length - offset);
      written += data.length;
    } catch (failure) {
      error = failure instanceof Error ? failure : new Error(String(failure));
    }
    syncSoon();
  };
  // Written data is in the kernel's cache, safe from a killed process; this puts it on the disk too.
  const syncSoon = () => {
    if (fd === null || syncing !== null || error !== null || Date.now() - lastSync < syncMs) return;
    lastSync = Date.now();
    const handle = fd;
    syncing = new Promise<void>((resolve) => fdatasync(handle, () => resolve())).then(() => {
      syncing = null;
    });
  };
  const push = (line: string, bytes = Buffer.byteLength(line) + 1) => {
    buffer.push(`${line}\n`);
    buffered += bytes;
    if (buffered >= bufferBytes) writeOut();
    else if (timer === null) {
      timer = setTimeout(writeOut, flushMs);
      // A pending flush must not keep the process alive; the 'exit' handler writes it instead.
      timer.unref();
    }
  };
  const header = (observation: Observation) => {
    if (headerDone) return;
    headerDone = true;
    push(headerLine(observation));
  };
  const close = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (fd === null) return;
    const handle = fd;
    fd = null;
    try {
      closeSync(handle);
    } catch (failure) {
      error ??= failure instanceof Error ? failure : new Error(String(failure));
    }
  };

  return {
    sample(sample, soFar) {
      if (fd === null || error !== null) return;
      const first = !headerDone;
      header(soFar());
      if (cut !== null) return;
      const line = sampleLine(sample);
      const bytes = Buffer.byteLength(line) + 1;
      if (samples >= maxSamples || written + buffered + bytes > maxBytes) {
        cut = cutProblem(samples, samples >= maxSamples ? maxSamples : `${Math.round(maxBytes / 2 ** 20)} MiB`);
        return;
      }
      push(line, bytes);
      samples++;
      // The header and the first sample are on disk at once: a run killed right after still leaves a trace.
      if (first) writeOut();
    },
    async end(observation) {
      if (fd !== null && error === null) {
        header(observation);
        // The observer's "older samples dropped" is about its memory, not the file, which has them all.
        const problems = observation.problems.filter((p) => p.code !== 'samples-dropped');
        push(footerLine({ ...observation, problems: cut === null ? problems : [...problems, cut] }, samples));
        writeOut();
        if (syncing !== null) await syncing;
        if (fd !== null && error === null) {
          try {
            fdatasyncSync(fd);
          } catch {
            // A file system without fsync (some FUSE mounts): the data is written, only not synced.
          }
        }
      }
      close();
      if (error !== null) throw error;
    },
    flushSync() {
      writeOut();
    },
    abandon() {
      writeOut();
      close();
      if (!emptied && !existed) {
        try {
          unlinkSync(path);
        } catch {
          // Gone already, or never a file of ours to remove.
        }
      }
    },
    get samples() {
      return samples;
    },
    get error() {
      return error;
    },
  };
}
