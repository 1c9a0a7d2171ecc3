// `gpuwise run`, the command's work: open the sampler, start the supervised job, say what happens
// on stderr (the job's own output keeps stdout and stderr), forward signals, and end with the
// job's exit code. With --json the job's stdout goes to stderr and the report to stdout.

import { setFlagsFromString } from 'node:v8';
import { createSampler, type Sampler } from '../../monitor/index.js';
import { isMessageKey, type MessageKey } from '../../i18n/index.js';
import { GpuChoiceError } from '../../supervise/gpus.js';
import { openClaims, type ClaimStore } from '../../pick/index.js';
import { claimProblemText, rejectedLines } from './pick-run.js';
import { energyText, leftOutTexts } from '../../supervise/report.js';
import { runJob } from '../../supervise/run-job.js';
import type { SupervisorEvent } from '../../supervise/supervisor.js';
import { safeText, toSafeJson } from '../../core/safe-text.js';
import type { CliContext } from '../context.js';
import { usageErrorText } from '../usage-errors.js';
import { VERSION } from '../program.js';
import type { RunCommandOptions } from './run.js';

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** What each stop does, said as it happens (docs/run.md "Stopping"). */
const STOP_KEYS = {
  waiting: 'run.status.stopWaiting',
  forwarded: 'run.status.stopForwarded',
  grace: 'run.status.stopGrace',
  graceInterrupt: 'run.status.stopGraceInterrupt',
} as const satisfies Record<string, MessageKey>;

export async function runRun(cli: CliContext, command: string[], options: RunCommandOptions): Promise<number> {
  const { t } = cli;
  // The CLI keeps V8's young generation at 1 MiB (scripts/v8-flags.mjs: right for a sampler's
  // small steady heap); a job's output streams through here as short-lived strings, and at 1 MiB
  // every few lines cost a scavenge. Growing it as V8 normally does halves run's CPU per line
  // for ~20 MiB more RSS (docs/run.md, "Cost").
  if (process.env.GPUWISE_RUN_SMALL_HEAP !== '1') setFlagsFromString('--semi-space-growth-factor=2');
  const [program, ...args] = command;
  if (program === undefined) {
    cli.err(usageErrorText(t, 'gpuwise run', t('run.cli.noCommand')));
    return 2;
  }
  const say = (text: { key: string; params?: Record<string, string | number> }) => (isMessageKey(text.key) ? t(text.key, text.params) : text.key);
  const status = (key: MessageKey, params?: Record<string, string | number>) => cli.err(`${cli.color.dim(t(key, params))}\n`);
  let sampler: Sampler | null = null;
  let samplerUnavailable: string | null = null;
  try {
    sampler = await createSampler({ intervalMs: Math.round((options.interval ?? 1) * 1000) });
  } catch (error) {
    samplerUnavailable = error instanceof Error ? error.message : String(error);
    status('run.status.samplerFailed', { detail: samplerUnavailable });
  }
  const onEvent = (event: SupervisorEvent) => {
    if (event.type === 'attempt-start') status('run.status.started', { attempt: event.attempt, pid: event.pid, dir: logDir });
    else if (event.type === 'attempt-end') {
      const reason = event.status.signal === null ? t('run.reason.exited', { code: event.status.code }) : t('run.reason.signal', { signal: event.status.signal });
      status('run.status.exited', { attempt: event.attempt, reason, seconds: event.seconds });
      for (const failure of event.failures) {
        cli.err(`${cli.color.yellow(`  ${say(failure.title)}`)}\n`);
        for (const fix of failure.fixes) cli.err(`    → ${say(fix)}\n`);
      }
    } else if (event.type === 'restart-scheduled') {
      status('run.status.restarting', { seconds: Math.round(event.delayMs / 100) / 10, restart: event.attempt, failures: event.failuresInWindow, max: event.maxRestarts });
    } else if (event.type === 'stop-asked') status(STOP_KEYS[event.phase === 'grace' && event.signal === 'SIGINT' ? 'graceInterrupt' : event.phase], { signal: event.signal, seconds: event.graceMs / 1000 });
    else if (event.type === 'forcing') status(event.reason === 'asked' ? 'run.status.forcingAsked' : 'run.status.forcing', { seconds: event.graceMs / 1000 });
  };
  // The GPUs --gpus chooses are claimed while this gpuwise lives (docs/pick.md "Claims"); a folder
  // that takes no claim costs only the claim.
  let claims: ClaimStore | null = null;
  let claimProblem: string | null = null;
  if (options.gpus !== undefined) {
    try {
      claims = openClaims(cli.env);
    } catch (error) {
      claimProblem = claimProblemText(t, error);
    }
  }
  let logDir = options.logDir ?? '';
  const job = runJob({
    command: program,
    args,
    policy: {
      ...(options.restart && { mode: options.restart }),
      ...(options.maxRestarts !== undefined && { maxRestarts: options.maxRestarts }),
      ...(options.backoff && { backoffMinMs: options.backoff.minMs, backoffMaxMs: options.backoff.maxMs }),
      ...(options.restartWindow !== undefined && { windowMs: options.restartWindow }),
    },
    resumeArgs: options.resumeArg,
    graceMs: options.grace,
    logDir: options.logDir,
    logMaxBytes: options.logMaxSize,
    logKeep: options.logKeep,
    gpus: options.gpus ?? null,
    claims,
    sampler,
    samplerUnavailable,
    pricePerKwh: options.pricePerKwh ?? null,
    currency: options.currency ?? 'USD',
    notifyCommand: options.notifyCommand ?? null,
    historyPath: options.record ? undefined : null,
    locale: cli.locale,
    live: (stream, chunk) => (stream === 'out' && !options.json ? process.stdout.write(chunk) : process.stderr.write(chunk)),
    onReady: (ready) => {
      logDir = ready.logDir;
      if (ready.visibleDevices !== null) status('run.gpus.picked', { devices: ready.visibleDevices });
      const unclaimed = ready.claimError === null ? claimProblem : claimProblemText(t, ready.claimError);
      if (ready.visibleDevices !== null && unclaimed !== null) status('pick.claimSkipped', { detail: unclaimed });
    },
    onEvent,
    recordedBy: `gpuwise ${VERSION}`,
  });
  const onSignal = (signal: NodeJS.Signals) => job.signal(signal);
  for (const name of SIGNALS) process.on(name, onSignal);
  try {
    const result = await job.result;
    if (result.report.startError !== null) cli.err(`${t('run.cli.cannotStart', { command: safeText(program), detail: safeText(result.report.startError) })}\n`);
    if (result.notifyError !== null) status('run.status.notifyFailed', { detail: result.notifyError });
    if (result.historyError !== null && !result.historyError.startsWith('no history')) status('run.status.storeSkipped', { detail: result.historyError });
    const { report } = result;
    const total = report.energy.kWh === null ? '—' : `${energyText(report.energy.kWh)}${report.energy.cost ? ` (${report.energy.cost.amount.toFixed(4)} ${report.energy.cost.currency})` : ''}`;
    // A GPU that stopped answering is not (or only partly) in the total: said, not silently dropped.
    const leftOut = leftOutTexts(report.energy).map(say);
    const energy = leftOut.length === 0 ? total : `${total}; ${leftOut.join('; ')}`;
    status('run.status.summary', { stop: say(report.stopText), code: report.exitCode, attempts: report.attempts.length, seconds: report.seconds, energy });
    status('run.status.report', { path: result.htmlPath });
    if (options.json) cli.out(`${toSafeJson(result.report, 2)}\n`);
    return result.report.exitCode;
  } catch (error) {
    if (error instanceof GpuChoiceError) {
      const rejected = rejectedLines(t, error.rejected);
      cli.err(`${[say(error.text), ...rejected, ...(rejected.length > 0 ? [cli.color.dim(t('run.gpus.hint'))] : [])].join('\n')}\n`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined && ['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST', 'ENOENT'].includes(code)) {
      cli.err(`${t('run.cli.logDirError', { dir: safeText(options.logDir ?? logDir), detail: (error as Error).message })}\n`);
      return 1;
    }
    throw error;
  } finally {
    for (const name of SIGNALS) process.off(name, onSignal);
    claims?.releaseAll();
    await sampler?.stop();
  }
}
