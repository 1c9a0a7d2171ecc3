// `gpuwise run` as a function: the log folder, the sampler and GPU choice, the supervisor, then
// the report (JSON + HTML), the history events and the notify command. Nothing here prints: the
// CLI (src/cli/commands/run-run.ts) gets events and the result. See docs/run.md.

import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Locale } from '../i18n/index.js';
import type { Sampler } from '../monitor/sampler.js';
import type { ClaimStore } from '../pick/claims.js';
import { defaultHistoryPath } from '../store/paths.js';
import { createRecognizer } from './failures/recognize.js';
import { watchOomKills } from './failures/kernel-oom.js';
import { chooseGpus, type GpuSpec } from './gpus.js';
import { openJobLogs, type StreamName } from './job-logs.js';
import { createRunMonitor } from './monitor.js';
import { runNotifyCommand } from './notify.js';
import { createRestartPolicy, type RestartPolicyOptions } from './policy.js';
import { renderRunReportHtml } from './report-html.js';
import { buildRunReport, type RunReport } from './report.js';
import { recordEvents, runEndEvents, runStartEvent } from './store-events.js';
import { supervise, type Clock, type SupervisorEvent } from './supervisor.js';

export interface RunJobOptions {
  command: string;
  args: string[];
  policy?: Partial<RestartPolicyOptions>;
  resumeArgs?: string[];
  graceMs?: number;
  /** Default: <data dir>/runs/<time>-<command>-<pid>/ (next to serve's history). */
  logDir?: string;
  logMaxBytes?: number;
  logKeep?: number;
  /** --gpus, parsed (see ./gpus.ts parseGpuSpec), and as typed. */
  gpus?: { spec: GpuSpec; text: string } | null;
  /** Where the GPUs --gpus chooses are claimed while the run lasts (src/pick/claims.ts); the caller releases them. */
  claims?: ClaimStore | null;
  /** The sampler to record the GPUs through; null: none (no GPU, or not wanted). */
  sampler: Sampler | null;
  samplerUnavailable?: string | null;
  pricePerKwh?: number | null;
  currency?: string;
  notifyCommand?: string | null;
  /** Record into serve's history at this path (default: the default path); null: do not. */
  historyPath?: string | null;
  /** The HTML page's first language. */
  locale?: Locale;
  env?: NodeJS.ProcessEnv;
  live?: (stream: StreamName, chunk: Buffer) => void;
  onEvent?: (event: SupervisorEvent) => void;
  /** Told once the job is about to start (the folder and the GPUs are known). */
  onReady?: (ready: { logDir: string; visibleDevices: string | null; claimError: Error | null }) => void;
  clock?: Clock;
  random?: () => number;
  recordedBy: string;
}

export interface RunJobResult {
  report: RunReport;
  reportPath: string;
  htmlPath: string;
  notifyError: string | null;
  /** Why the run is not in the history (null when it is, or not asked). */
  historyError: string | null;
}

export interface RunJob {
  readonly result: Promise<RunJobResult>;
  /** Forward a signal gpuwise received (SIGINT, SIGTERM, SIGHUP). */
  signal(signal: NodeJS.Signals): void;
}

/** A folder name for this run: sortable by time, readable, unique per process. */
export function defaultRunDir(command: string, nowMs: number, env: NodeJS.ProcessEnv = process.env): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const name = basename(command).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'job';
  return join(dirname(defaultHistoryPath(env)), 'runs', `${stamp}-${name}-${process.pid}`);
}

export function runJob(options: RunJobOptions): RunJob {
  let forward: (signal: NodeJS.Signals) => void = () => undefined;
  let pending: NodeJS.Signals | null = null;
  const result = (async (): Promise<RunJobResult> => {
    const clock = options.clock;
    const now = () => clock?.now() ?? Date.now();
    const startedMs = now();
    const command = [options.command, ...options.args];
    const choice = options.gpus ? await chooseGpus(options.gpus.spec, options.sampler, { ...process.env, ...options.env }, options.gpus.text, options.claims ?? null) : null;
    const logDir = options.logDir ?? defaultRunDir(options.command, startedMs, options.env ?? process.env);
    const recognizer = createRecognizer();
    let attempt = () => 0;
    const logs = openJobLogs({ dir: logDir, maxBytes: options.logMaxBytes, keep: options.logKeep, now, onLine: (line) => recognizer.line(line, attempt(), now()) });
    const monitor = await createRunMonitor({
      sampler: options.sampler, unavailable: options.samplerUnavailable, gpuIndices: choice?.indices ?? null, recognizer, attempt: () => attempt(), command, recordedBy: options.recordedBy,
    });
    const oomWatcher = await watchOomKills();
    const historyPath = options.historyPath === undefined ? safeDefaultHistory(options.env) : options.historyPath;
    let historyError: string | null = null;
    if (historyPath !== null) historyError = await recordEvents(historyPath, [runStartEvent(startedMs, command)]);
    options.onReady?.({ logDir, visibleDevices: choice?.visibleDevices ?? null, claimError: choice?.claimError ?? null });
    const policy = createRestartPolicy(options.policy).options;
    const supervisor = supervise({
      command: options.command, args: options.args, env: { ...options.env, ...choice?.env }, policy, resumeArgs: options.resumeArgs, graceMs: options.graceMs,
      logs, recognizer, oomWatcher, live: options.live, clock, random: options.random,
      onEvent: (event) => {
        if (event.type === 'attempt-start') monitor.attemptStarted(event.pid);
        options.onEvent?.(event);
      },
    });
    attempt = supervisor.attempt;
    forward = supervisor.signal;
    if (pending !== null) supervisor.signal(pending);
    const outcome = await supervisor.outcome;
    const last = outcome.attempts.at(-1);
    if (last) await monitor.attemptEnded(last.status, last.endedMs);
    await monitor.finish();
    const endedMs = now();
    const diagnosis = monitor.diagnose();
    const gpus = monitor.gpus();
    await monitor.close();
    oomWatcher.close();
    logs.close();
    const report = buildRunReport({
      recordedBy: options.recordedBy, hostname: hostname(), command, startedMs, endedMs, outcome, policy,
      visibleDevices: choice?.visibleDevices ?? null, gpus: gpus.recorded, gpusUnavailable: gpus.unavailable,
      diagnose: diagnosis.report, diagnoseUnavailable: diagnosis.unavailable,
      pricePerKwh: options.pricePerKwh ?? null, currency: options.currency ?? 'USD', logs: { dir: logDir, ...logs.files },
    });
    const reportPath = join(logDir, 'report.json');
    const htmlPath = join(logDir, 'report.html');
    writeFileSync(reportPath, `${JSON.stringify(report, null, 2)}\n`, { mode: 0o600 });
    writeFileSync(htmlPath, renderRunReportHtml(report, options.locale ?? 'en'), { mode: 0o600 });
    if (historyPath !== null && historyError === null) historyError = await recordEvents(historyPath, runEndEvents(report));
    const notifyError = options.notifyCommand ? await runNotifyCommand({ command: options.notifyCommand, reportPath, htmlPath, exitCode: report.exitCode, stop: report.stop }) : null;
    return { report, reportPath, htmlPath, notifyError, historyError };
  })();
  return {
    result,
    signal: (signal) => {
      pending ??= signal;
      forward(signal);
    },
  };
}

function safeDefaultHistory(env: NodeJS.ProcessEnv | undefined): string | null {
  try {
    return defaultHistoryPath({ ...process.env, ...env }, process.platform, undefined, { create: false });
  } catch {
    return null;
  }
}
