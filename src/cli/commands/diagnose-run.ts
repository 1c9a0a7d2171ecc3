// The work of `gpuwise diagnose`: get an observation (watch live, or read a trace with --from),
// save it when asked (--record), analyse it, and report — in the terminal, as JSON, and as an
// HTML page. Exit codes: 0 a report was made (healthy or not), 1 nothing could be observed or
// read (no GPU, no such process, a job that would not start, a broken trace, a file that could
// not be written), 2 bad usage (commander and diagnose.ts).

import { writeFile } from 'node:fs/promises';
import { safeText, toSafeJson } from '../../core/safe-text.js';
import { diagnose } from '../../diagnose/analyze.js';
import { DiagnoseError, isDiagnoseError } from '../../diagnose/errors.js';
import { DEFAULT_OBSERVE_DURATION_MS, DEFAULT_OBSERVE_INTERVAL_MS, observe, processExists } from '../../diagnose/observe.js';
import { observationHeader, readTrace } from '../../diagnose/trace.js';
import { isIncompleteTrace } from '../../diagnose/trace-parse.js';
import { createTraceRecorder, type TraceRecorder } from '../../diagnose/trace-writer.js';
import type { DiagnoseOptions, DiagnoseReport, Observation } from '../../diagnose/types.js';
import { formatDuration } from '../../i18n/format.js';
import type { CliContext } from '../context.js';
import { terminalSize } from '../terminal.js';
import { VERSION } from '../program.js';
import type { DiagnoseCommandOptions } from './diagnose.js';
import { targetText } from './diagnose-format.js';
import { reasonText } from '../render/reasons.js';
import { renderDiagnoseHtml } from './diagnose-html.js';
import { createProgressWriter } from './diagnose-progress.js';
import { renderDiagnoseText } from './diagnose-text.js';

function say(cli: CliContext, text: string): void {
  cli.err(`${text}\n`);
}

function errorText(cli: CliContext, error: DiagnoseError): string {
  const text = cli.t('cli.error', { message: error.text(cli.t) });
  if (error.attempts === null) return text;
  // No GPU: what was tried and why each failed, in the words `info` uses, then where to look.
  const failed = error.attempts.filter((attempt) => !attempt.ok);
  const tried = failed.map((attempt) => `  ${attempt.backend}: ${reasonText(attempt.code, cli.t, attempt.backend)}`);
  return [text, ...(tried.length > 0 ? [cli.t('info.noGpu.tried'), ...tried] : []), cli.t('info.noGpu.doctor')].join('\n');
}

async function watch(cli: CliContext, command: string[], options: DiagnoseCommandOptions, recorder: TraceRecorder | null): Promise<Observation> {
  const target = { pid: options.pid ?? null, command: command.length > 0 ? command : null, gpuIndices: options.gpu ?? null };
  const durationMs = options.duration ?? (command.length > 0 ? null : DEFAULT_OBSERVE_DURATION_MS);
  const terminal = process.stderr.isTTY === true && !options.json;
  const progress = createProgressWriter(cli.err, terminal, cli.t, cli.locale, () => terminalSize(process.stderr, cli.env).columns);
  const label = targetText(cli.t, target, target.pid);
  if (terminal) {
    say(cli, cli.color.dim(durationMs === null ? cli.t('diagnoseCli.progress.untilExit', { target: label }) : cli.t('diagnoseCli.progress.watching', { target: label, duration: formatDuration(durationMs / 1000, cli.locale) })));
  }
  // Ctrl-C on a --pid or --gpu watch ends it early with a report; with a job, the signal goes to
  // the job (observe-job.ts forwards it) and the watch ends when the job does.
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  if (command.length === 0) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
  try {
    const observation = await observe({
      target,
      durationMs,
      intervalMs: options.interval ?? DEFAULT_OBSERVE_INTERVAL_MS,
      signal: interrupt.signal,
      forwardSignals: true,
      recordedBy: `gpuwise ${VERSION}`,
      onProgress: (p) => progress.update(p),
      ...(recorder ? { onSample: (sample, soFar) => recorder.sample(sample, soFar) } : {}),
    });
    progress.done();
    if (target.pid !== null && !processExists(target.pid)) say(cli, cli.t('diagnoseCli.pidEnded', { pid: target.pid }));
    else if (interrupt.signal.aborted) {
      const seconds = Math.round((Date.parse(observation.endedAt) - Date.parse(observation.startedAt)) / 1000);
      say(cli, cli.t('diagnoseCli.progress.interrupted', { seconds }));
    }
    return observation;
  } finally {
    progress.done();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
  }
}

function jobLine(cli: CliContext, observation: Observation, stoppedAtEnd: boolean): string | null {
  const { job } = observation;
  if (job === null) return null;
  const seconds = Math.max(0, Math.round((job.atMs - Date.parse(observation.startedAt)) / 100) / 10);
  // With --duration the watch ends first and stops the job (observe.ts): SIGTERM is ours.
  if (stoppedAtEnd && job.signal === 'SIGTERM') return cli.t('diagnoseCli.jobStopped', { seconds });
  const status = job.signal !== null ? cli.t('diagnoseCli.jobStatus.signal', { signal: safeText(job.signal) }) : cli.t('diagnoseCli.jobStatus.code', { code: job.exitCode ?? '?' });
  return cli.t('diagnoseCli.jobEnded', { seconds, status });
}

/** What --json prints: the report, and a summary of what was watched (not every sample). */
export function jsonDocument(report: DiagnoseReport, observation: Observation): unknown {
  return {
    report,
    observation: {
      ...observationHeader(observation),
      endedAt: observation.endedAt,
      sampleCount: observation.samples.length,
      // Read from a trace without its end record (a killed run): what it holds, said so.
      incomplete: isIncompleteTrace(observation),
      gpuIndices: [...new Set(observation.samples.flatMap((s) => s.devices.map((d) => d.index)))].sort((a, b) => a - b),
      treeProcessesMax: Math.max(0, ...observation.samples.map((s) => s.tree?.processes.length ?? 0)),
      job: observation.job,
      problems: observation.problems,
    },
  };
}

function writeFailed(cli: CliContext, file: string, error: unknown): false {
  const detail = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
  say(cli, cli.t('cli.error', { message: cli.t('diagnoseCli.error.writeFailed', { file: safeText(file), detail: safeText(detail) }) }));
  return false;
}

async function writeOutput(cli: CliContext, file: string, write: () => Promise<void>, done: () => string): Promise<boolean> {
  try {
    await write();
    say(cli, cli.color.dim(done()));
    return true;
  } catch (error) {
    return writeFailed(cli, file, error);
  }
}

/**
 * --record: the trace is written as the watch goes (trace-writer.ts), so a killed run leaves what
 * it saw. A file that cannot be opened is said at once; the watch and its report go on (exit 1).
 */
function openRecorder(cli: CliContext, file: string): { recorder: TraceRecorder | null; release: () => void } {
  let recorder: TraceRecorder;
  try {
    recorder = createTraceRecorder(file);
  } catch (error) {
    writeFailed(cli, file, error);
    return { recorder: null, release: () => {} };
  }
  // Whatever is still buffered when the process ends (an uncaught error, process.exit) is written.
  const flush = () => recorder.flushSync();
  process.once('exit', flush);
  return { recorder, release: () => process.off('exit', flush) };
}

export async function runDiagnoseCommand(cli: CliContext, command: string[], options: DiagnoseCommandOptions): Promise<number> {
  const record = options.record !== undefined && options.from === undefined ? openRecorder(cli, options.record) : null;
  let ok = record === null || record.recorder !== null;
  let observation: Observation;
  try {
    observation = options.from !== undefined ? await readTrace(options.from) : await watch(cli, command, options, record?.recorder ?? null);
  } catch (error) {
    const recorder = record?.recorder;
    record?.release();
    // Nothing observed leaves no file (or the one that was there); samples seen stay written.
    recorder?.abandon();
    if (!isDiagnoseError(error)) throw error;
    say(cli, errorText(cli, error));
    return 1;
  }
  const ended = jobLine(cli, observation, options.duration !== undefined);
  if (ended !== null && options.from === undefined) say(cli, ended);
  if (record?.recorder) {
    const { recorder } = record;
    const file = options.record!;
    ok = (await writeOutput(cli, file, () => recorder.end(observation), () => cli.t('diagnoseCli.written.trace', { file: safeText(file), samples: recorder.samples }))) && ok;
    record.release();
  }
  const analysis: DiagnoseOptions = {};
  if (options.batch !== undefined) analysis.batchSize = options.batch;
  if (options.model !== undefined) analysis.model = options.model;
  const report = diagnose(observation, analysis);
  if (options.json) cli.out(`${toSafeJson(jsonDocument(report, observation), 2)}\n`);
  else cli.out(renderDiagnoseText(report, observation, { t: cli.t, color: cli.color, replayed: options.from !== undefined }));
  if (options.html !== undefined) {
    const file = options.html;
    const page = renderDiagnoseHtml(report, observation, cli.locale, VERSION);
    ok = (await writeOutput(cli, file, () => writeFile(file, page, 'utf8'), () => cli.t('diagnoseCli.written.html', { file: safeText(file) }))) && ok;
  }
  return ok ? 0 : 1;
}
