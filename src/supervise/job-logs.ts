// The run's logs under --log-dir (docs/run.md "Logs"):
//   stdout.log, stderr.log   the bytes exactly as the job wrote them — colour (ANSI), \r
//                            redraws and binary included — for tools that want the real output;
//   output.log               both streams in one file in the order gpuwise read them, one line
//                            per line, each time-stamped and tagged with its attempt and stream:
//                              2026-12-01T15:30:00.123Z #1 err  RuntimeError: CUDA error …
//                            ANSI stripped and other control characters shown escaped, so the
//                            file greps and reads as plain text; `out~` marks a piece of a line
//                            the job did not end with a newline (it was cut, or the job died).
// All three rotate by size, each with a bounded count. Lines are handed on to the failure
// recognisers as they are written.

import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isSafeText, safeText } from '../core/safe-text.js';
import { createLineSplitter, plainLine, type LineSplitter } from './lines.js';
import { openRotatingFile, type RotatingFile, type RotatingFileOptions } from './rotating-file.js';

export type StreamName = 'out' | 'err';

export interface JobLogsOptions {
  dir: string;
  maxBytes?: number;
  keep?: number;
  /** Wall clock (ms), for the time stamps. */
  now?: () => number;
  /** Every plain line as it is logged (the recognisers). */
  onLine?: (line: string, stream: StreamName) => void;
}

export interface JobLogs {
  readonly dir: string;
  readonly files: { combined: string; stdout: string; stderr: string };
  /** A chunk the job wrote, of attempt `attempt`. */
  write(stream: StreamName, chunk: Buffer, attempt: number): void;
  /** The stream ended: its unfinished line is logged. */
  endStream(stream: StreamName, attempt: number): void;
  /** A line of gpuwise's own (attempt start and end), tagged `run`. */
  note(text: string, attempt: number): void;
  close(): void;
}

export function openJobLogs(options: JobLogsOptions): JobLogs {
  makeDir(options.dir);
  const now = options.now ?? Date.now;
  const rotation: Omit<RotatingFileOptions, 'path'> = { maxBytes: options.maxBytes, keep: options.keep };
  const files = { combined: join(options.dir, 'output.log'), stdout: join(options.dir, 'stdout.log'), stderr: join(options.dir, 'stderr.log') };
  const combined = openRotatingFile({ path: files.combined, ...rotation });
  const raw: Record<StreamName, RotatingFile> = {
    out: openRotatingFile({ path: files.stdout, ...rotation }),
    err: openRotatingFile({ path: files.stderr, ...rotation }),
  };
  const splitters: Record<StreamName, LineSplitter> = { out: createLineSplitter(), err: createLineSplitter() };

  // One time stamp per chunk and one write per chunk: a job printing a million lines a second
  // costs a million regex passes, not a million system calls (docs/benchmarks.md).
  const format = (stamp: string, tag: string, plain: string, attempt: number) => {
    const shown = isSafeText(plain) ? plain : plain.split('\t').map(safeText).join('\t');
    return `${stamp} #${attempt} ${tag.padEnd(4)} ${shown}\n`;
  };
  const logLine = (tag: string, text: string, attempt: number) => {
    combined.write(format(new Date(now()).toISOString(), tag, plainLine(text), attempt));
  };
  const emit = (stream: StreamName, lines: { text: string; complete: boolean }[], attempt: number) => {
    if (lines.length === 0) return;
    const stamp = new Date(now()).toISOString();
    const plains = lines.map((line) => plainLine(line.text));
    combined.write(plains.map((plain, i) => format(stamp, lines[i]!.complete ? stream : `${stream}~`, plain, attempt)).join(''));
    if (options.onLine) for (const plain of plains) options.onLine(plain, stream);
  };

  return {
    dir: options.dir,
    files,
    write(stream, chunk, attempt) {
      raw[stream].write(chunk);
      emit(stream, splitters[stream].push(chunk), attempt);
    },
    endStream(stream, attempt) {
      emit(stream, splitters[stream].end(), attempt);
    },
    note: (text, attempt) => void logLine('run', text, attempt),
    close() {
      combined.close();
      raw.out.close();
      raw.err.close();
    },
  };
}

/**
 * mkdir -p, one level at a time. Node's own `recursive: true` never returns for a folder inside
 * /proc (mkdir there answers ENOENT for a parent that exists, and Node retries for ever).
 */
export function makeDir(dir: string, depth = 0): void {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(dir).isDirectory()) return;
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir || depth > 64) throw error;
    makeDir(parent, depth + 1);
    mkdirSync(dir, { mode: 0o700 });
  }
}
