// Trace files: an Observation saved as NDJSON (`diagnose --record FILE`) and read back
// (`diagnose --from FILE`), so a run on a GPU machine can be analysed again anywhere and real
// runs become test fixtures. One header line (format, version, what was watched, the driver),
// one line per sample, one footer line (the end, the sample count, the job's exit, problems);
// documented in docs/diagnose.md. `diagnose --record` streams it as the watch goes
// (trace-writer.ts), so a trace without its footer — a killed run — is read as incomplete. A trace can come from anyone: it is bounded in size, every
// string is made safe as it is parsed, every value checked (trace-parse.ts), and anything wrong
// is a DiagnoseError that says what and on which line — never a crash.

import { open, readFile, stat } from 'node:fs/promises';
import type { SnapshotProblem } from '../core/snapshot.js';
import { safeText, toSafeJson } from '../core/safe-text.js';
import type { MessageKey, MessageParams } from '../i18n/index.js';
import { DiagnoseError } from './errors.js';
import { onGpus, treeGpusOf } from './sample-gpus.js';
import { incompleteProblem, isObject, num, str, toSample, TraceFieldError, type Json } from './trace-parse.js';
import { TRACE_FORMAT, TRACE_VERSION, type JobEnd, type Observation, type ObservationSample, type ObservationTarget } from './types.js';

export const MAX_TRACE_BYTES = 512 * 1024 * 1024;
export const MAX_TRACE_LINE_BYTES = 16 * 1024 * 1024;
export const MAX_TRACE_SAMPLES = 200_000;
/** Longer strings are cut: no name, command or driver text needs more. */
const MAX_STRING_LENGTH = 4096;
const MAX_PROBLEMS = 256;

function fail(file: string, line: number, key: MessageKey, params: MessageParams = {}): DiagnoseError {
  return new DiagnoseError('diagnoseCli.error.trace', { file: safeText(file), line }, { key, params });
}

/** Every string of a parsed line made safe to show and bounded. */
function reviver(_key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const safe = safeText(value.length > MAX_STRING_LENGTH ? value.slice(0, MAX_STRING_LENGTH) : value);
  return safe.length > MAX_STRING_LENGTH ? `${safe.slice(0, MAX_STRING_LENGTH - 1)}…` : safe;
}

// --- writing ------------------------------------------------------------------------------

/** What an observation says about itself, without its samples, end or problems: the trace's header, --json's summary. */
export function observationHeader(observation: Observation) {
  const { recordedBy, startedAt, intervalMs, target, rootPid, backend, driver, hostname, cpuLogicalCount } = observation;
  return { format: TRACE_FORMAT, version: TRACE_VERSION, recordedBy, startedAt, intervalMs, target, rootPid, backend, driver, hostname, cpuLogicalCount };
}

/** The trace's first line. */
export function headerLine(observation: Observation): string {
  const { format, version, ...rest } = observationHeader(observation);
  return toSafeJson({ format, version, kind: 'header', ...rest });
}

export function sampleLine(sample: ObservationSample): string {
  return toSafeJson({ kind: 'sample', ...sample });
}

/** The end record (`kind` footer): the last line of a trace whose recording ended. */
export function footerLine(observation: Pick<Observation, 'endedAt' | 'job' | 'problems'>, sampleCount: number): string {
  return toSafeJson({ kind: 'footer', endedAt: observation.endedAt, sampleCount, job: observation.job, problems: observation.problems });
}

export function traceLines(observation: Observation): string[] {
  return [headerLine(observation), ...observation.samples.map(sampleLine), footerLine(observation, observation.samples.length)];
}

/** Writes a whole observation as a trace (UTF-8 NDJSON), a batch of lines at a time so a long run is not one huge string. */
export async function writeTrace(path: string, observation: Observation): Promise<void> {
  const handle = await open(path, 'w', 0o644);
  try {
    const lines = traceLines(observation);
    for (let i = 0; i < lines.length; i += 256) await handle.write(`${lines.slice(i, i + 256).join('\n')}\n`);
  } finally {
    await handle.close();
  }
}

// --- reading ------------------------------------------------------------------------------

function target(value: unknown): ObservationTarget | null {
  if (!isObject(value)) return null;
  const pid = value.pid === null ? null : num(value.pid);
  const ints = (v: unknown) => (Array.isArray(v) ? v.filter((n): n is number => Number.isSafeInteger(n) && (n as number) >= 0).slice(0, 64) : null);
  const command = Array.isArray(value.command) ? value.command.filter((s): s is string => typeof s === 'string').slice(0, 256) : null;
  return { pid: pid !== null && Number.isSafeInteger(pid) && pid > 0 ? pid : null, command, gpuIndices: ints(value.gpuIndices) };
}

function job(value: unknown): JobEnd | null {
  if (!isObject(value)) return null;
  const exitCode = num(value.exitCode);
  return { exitCode: exitCode !== null && Number.isInteger(exitCode) ? exitCode : null, signal: str(value.signal), atMs: num(value.atMs) ?? 0 };
}

function problems(value: unknown): SnapshotProblem[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_PROBLEMS).filter(isObject).map((p) => {
    const problem: SnapshotProblem = { scope: str(p.scope) ?? 'trace', code: str(p.code) ?? 'recorded', message: str(p.message) ?? '' };
    // A key is shown translated only when the catalog has it (the renderers check); params are kept when plain.
    const key = str(p.key);
    if (key !== null) problem.key = key;
    if (isObject(p.params) && Object.values(p.params).every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) {
      problem.params = p.params as Record<string, string | number>;
    }
    return problem;
  });
}

/**
 * A streamed trace holds every GPU's samples until the watched tree first used one (observe-samples.ts
 * narrows as it goes); the observation keeps the tree's GPUs over the whole window, as a live one does.
 */
function narrowToTree(samples: ObservationSample[], watched: ObservationTarget): ObservationSample[] {
  if (watched.gpuIndices !== null) return samples;
  const gpus = new Set(samples.flatMap(treeGpusOf));
  return gpus.size === 0 ? samples : samples.map((sample) => onGpus(sample, gpus));
}

function iso(value: unknown): string | null {
  const text = str(value);
  return text !== null && Number.isFinite(Date.parse(text)) ? new Date(Date.parse(text)).toISOString() : null;
}

/** Parses a whole trace's text; `file` names it in errors. */
export function parseTrace(text: string, file = 'trace'): Observation {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const parse = (n: number): Json => {
    const line = lines[n]!;
    if (line.length > MAX_TRACE_LINE_BYTES) throw fail(file, n + 1, 'diagnoseCli.trace.lineTooLong', { limit: '16 MiB' });
    let value: unknown;
    try {
      value = JSON.parse(line, reviver);
    } catch {
      throw fail(file, n + 1, n === 0 ? 'diagnoseCli.trace.notTrace' : 'diagnoseCli.trace.json');
    }
    if (!isObject(value)) throw fail(file, n + 1, n === 0 ? 'diagnoseCli.trace.notTrace' : 'diagnoseCli.trace.field', { field: 'kind' });
    return value;
  };
  if (lines.length === 0) throw fail(file, 1, 'diagnoseCli.trace.notTrace');
  const header = parse(0);
  if (header.format !== TRACE_FORMAT || header.kind !== 'header') throw fail(file, 1, 'diagnoseCli.trace.notTrace');
  if (header.version !== TRACE_VERSION) throw fail(file, 1, 'diagnoseCli.trace.version', { version: String(header.version), supported: String(TRACE_VERSION) });
  const watched = target(header.target);
  const startedAt = iso(header.startedAt);
  const intervalMs = num(header.intervalMs);
  for (const [field, ok] of [['target', watched !== null], ['startedAt', startedAt !== null], ['intervalMs', intervalMs !== null && intervalMs > 0]] as const) {
    if (!ok) throw fail(file, 1, 'diagnoseCli.trace.field', { field });
  }

  const samples: ObservationSample[] = [];
  const rangeProblems: SnapshotProblem[] = [];
  let footer: Json | null = null;
  // A recording killed mid-write (SIGKILL, a crash, the machine going down) can leave its last
  // line cut: with no end record before it, a last line without its newline that does not parse
  // is left out (and said), not an error.
  const endsCut = !text.endsWith('\n');
  let cutLine = false;
  for (let n = 1; n < lines.length; n++) {
    if (footer !== null) {
      if (lines[n]!.trim() === '') continue;
      throw fail(file, n + 1, 'diagnoseCli.trace.after');
    }
    let record: Json;
    try {
      record = parse(n);
    } catch (error) {
      if (!(endsCut && n === lines.length - 1)) throw error;
      cutLine = true;
      break;
    }
    if (record.kind === 'footer') {
      footer = record;
      continue;
    }
    if (record.kind !== 'sample') throw fail(file, n + 1, 'diagnoseCli.trace.field', { field: 'kind' });
    if (samples.length >= MAX_TRACE_SAMPLES) throw fail(file, n + 1, 'diagnoseCli.trace.tooMany', { limit: MAX_TRACE_SAMPLES });
    try {
      samples.push(toSample(record, rangeProblems));
    } catch (error) {
      if (error instanceof TraceFieldError) throw fail(file, n + 1, 'diagnoseCli.trace.field', { field: error.field });
      throw error;
    }
  }
  // No end record: the recording was cut short (a killed run). What it holds is still analysed,
  // and the report says the trace is incomplete.
  if (footer !== null && footer.sampleCount !== samples.length) throw fail(file, lines.length, 'diagnoseCli.trace.count', { expected: String(footer.sampleCount), found: samples.length });
  const last = samples[samples.length - 1];
  const driver = isObject(header.driver) ? header.driver : {};
  const cpus = num(header.cpuLogicalCount);
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    recordedBy: str(header.recordedBy) ?? 'unknown',
    startedAt: startedAt!,
    endedAt: (footer !== null ? iso(footer.endedAt) : last ? new Date(last.wallMs).toISOString() : null) ?? startedAt!,
    intervalMs: intervalMs!,
    target: watched!,
    rootPid: Number.isSafeInteger(header.rootPid) && (header.rootPid as number) > 0 ? (header.rootPid as number) : null,
    backend: str(header.backend),
    driver: { driverVersion: str(driver.driverVersion), cudaDriverVersion: str(driver.cudaDriverVersion), nvmlVersion: str(driver.nvmlVersion), unavailable: {} },
    hostname: str(header.hostname) ?? '',
    cpuLogicalCount: cpus !== null && Number.isInteger(cpus) && cpus > 0 ? cpus : null,
    samples: narrowToTree(samples, watched!),
    job: footer !== null ? job(footer.job) : null,
    problems: [...(footer !== null ? problems(footer.problems) : [incompleteProblem(samples.length, cutLine)]), ...rangeProblems.slice(0, MAX_PROBLEMS)],
  };
}

/** Reads a trace file; a missing, unreadable, oversized or broken file is a DiagnoseError. */
export async function readTrace(path: string): Promise<Observation> {
  let text: string;
  try {
    const info = await stat(path);
    // A device or a pipe (/dev/zero) would be read for ever.
    if (!info.isFile()) throw new DiagnoseError('diagnoseCli.error.readFailed', { file: safeText(path), detail: 'not a regular file' });
    if (info.size > MAX_TRACE_BYTES) throw fail(path, 1, 'diagnoseCli.trace.tooLarge', { limit: '512 MiB' });
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (error instanceof DiagnoseError) throw error;
    const detail = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new DiagnoseError('diagnoseCli.error.readFailed', { file: safeText(path), detail: safeText(detail) });
  }
  return parseTrace(text, path);
}
