// The work behind `gpuwise serve`: decide who may connect, print a systemd unit or start the
// service, say where it listens, and stop it cleanly on SIGTERM/SIGINT/SIGHUP (serve-signals.ts).

import path from 'node:path';
import type { Translate } from '../../i18n/index.js';
import { decideBind, MIN_TOKEN_LENGTH, tokenFrom, type BindRefusal } from '../../server/bind-policy.js';
import { startService, ServiceStartError, type Service, type ServiceStartFailure, type ServiceStopResult } from '../../server/service.js';
import { isStoreError } from '../../store/errors.js';
import type { RetentionOptions } from '../../store/types.js';
import type { CliContext } from '../context.js';
import { keepRunningOnOutputErrors } from '../output-errors.js';
import { safeLine } from '../render/safe-view.js';
import { printSystemdUnit } from './serve-unit.js';
import { closeWithin, listenForStop } from './serve-signals.js';
import { printStartup } from './serve-startup.js';
import { fleetClientOptions } from './fleet-serve.js';
import { SERVE_DEFAULT_HOST, SERVE_DEFAULT_PORT, type ServeOptions } from './serve.js';
import { VERSION } from '../program.js';

/** A failing recorder is told about at most this often. */
const WARNING_EVERY_MS = 60_000;

const REFUSAL_KEYS = {
  'public-without-token': 'serve.cli.refuse.publicWithoutToken',
  'token-empty': 'serve.cli.refuse.tokenEmpty',
  'token-too-short': 'serve.cli.refuse.tokenTooShort',
  'token-bad-characters': 'serve.cli.refuse.tokenBadCharacters',
  'token-and-insecure': 'serve.cli.refuse.tokenAndInsecure',
} as const satisfies Record<BindRefusal, string>;

const FAILURE_KEYS = {
  'port-in-use': 'serve.cli.fail.portInUse',
  'address-unavailable': 'serve.cli.fail.addressUnavailable',
  'permission-denied': 'serve.cli.fail.permissionDenied',
  'host-not-found': 'serve.cli.fail.hostNotFound',
  'listen-failed': 'serve.cli.fail.listenFailed',
  'store-failed': 'serve.cli.fail.storeFailed',
} as const satisfies Record<ServiceStartFailure, string>;

export function refusalText(refusal: BindRefusal, host: string, tokenSource: 'flag' | 'env' | null, t: Translate): string {
  const source = t(tokenSource === 'env' ? 'serve.cli.tokenSource.env' : 'serve.cli.tokenSource.flag');
  return t(REFUSAL_KEYS[refusal], { host: safeLine(host), min: MIN_TOKEN_LENGTH, source });
}

export async function runServe(cli: CliContext, given: ServeOptions): Promise<number> {
  const { t } = cli;
  const options = { ...given, host: given.host ?? SERVE_DEFAULT_HOST, port: given.port ?? SERVE_DEFAULT_PORT };
  const { token, source } = tokenFrom(options.token, cli.env);
  const insecureNoAuth = options.insecureNoAuth === true;
  const decision = decideBind({ host: options.host, token, insecureNoAuth });
  // A unit for a public address without a token is fine: its token comes from the env file.
  const unitWithoutToken = options.printSystemdUnit === true && !decision.ok && decision.refusal === 'public-without-token';
  if (!decision.ok && !unitWithoutToken) {
    cli.err(`${refusalText(decision.refusal, options.host, source, t)}\n`);
    return 2;
  }
  if (options.printSystemdUnit === true) {
    printSystemdUnit(cli, options, { needsToken: token !== undefined || (!decision.loopback && !insecureNoAuth) });
    return 0;
  }
  if (source === 'flag') cli.err(`${t('serve.cli.tokenOnCommandLine')}\n`);
  const prometheus = fleetClientOptions(cli, options);
  if (prometheus === 'refused') return 2;
  const retention = retentionOf(options);
  const signals = listenForStop(cli);
  const { loadServiceParts } = await import('../../server/service-parts.js');
  const parts = await loadServiceParts();
  let historyPath: string | null = null;
  if (options.record) {
    try {
      historyPath = path.resolve(options.db ?? parts.defaultHistoryPath(cli.env, process.platform));
    } catch (error) {
      // The default folder could not be made (a read-only home): say so as a failed open.
      signals.dispose();
      cli.err(`${t('serve.cli.fail.storeFailed', { path: '', detail: safeLine(error instanceof Error ? error.message : String(error)) })}\n`);
      return 1;
    }
  }
  let lastWarningMs = -Infinity;
  // The last write's failure is said by the stop line, with its count, not as "keeps running".
  let stopping = false;
  // From here serve is a daemon: a log reader that goes away must not end it (output-errors.ts).
  const daemonDone = keepRunningOnOutputErrors();
  let service: Service;
  try {
    service = await startService({
      host: options.host,
      port: options.port,
      intervalMs: options.interval === undefined ? undefined : options.interval * 1000,
      token: token ?? null,
      metricsOpen: options.metricsOpen === true,
      processMetrics: options.processMetrics === true,
      history: historyPath === null ? null : { path: historyPath, retention },
      backend: options.backend,
      ...(prometheus ? { prometheus } : {}),
      version: VERSION,
      parts,
      onWarning: (warning) => {
        if (stopping) return;
        const now = Date.now();
        if (now - lastWarningMs < WARNING_EVERY_MS) return;
        lastWarningMs = now;
        const detail = warningDetail(warning.error, t);
        cli.err(`${t(warning.kind === 'record-failed' ? 'serve.cli.recordFailed' : 'serve.cli.requestFailed', { detail: safeLine(detail) })}\n`);
      },
    });
  } catch (error) {
    signals.dispose();
    daemonDone();
    if (!(error instanceof ServiceStartError)) throw error;
    // The store says what went wrong in the user's language; other failures carry the system's words.
    const detail = isStoreError(error.cause) ? t(error.cause.key, error.cause.params) : error.detail;
    cli.err(`${t(FAILURE_KEYS[error.failure], { where: safeLine(`${options.host}:${options.port}`), path: safeLine(historyPath ?? ''), detail: safeLine(detail) })}\n`);
    return 1;
  }
  if (insecureNoAuth) cli.err(`${cli.color.bold(cli.color.red(t('serve.cli.insecureWarning', { url: service.url })))}\n`);
  const startup = { json: options.json === true, auth: decision.ok ? decision.auth : ('token' as const), metricsOpen: options.metricsOpen === true, retention, defaults: parts.defaultRetention };
  // A stop asked for while the start lines wait for the first reading does not wait for them.
  await Promise.race([signals.requested, printStartup(cli, service, startup).then(() => signals.requested)]);
  stopping = true;
  cli.err(`${t(service.store ? 'serve.cli.stopping' : 'serve.cli.stoppingLive')}\n`);
  let stopped: ServiceStopResult;
  try {
    stopped = await closeWithin(cli, () => service.close());
  } catch (error) {
    cli.err(`${t('common.unexpectedError', { detail: error instanceof Error ? error.message : String(error) })}\n`);
    return 1;
  } finally {
    signals.dispose();
    daemonDone();
  }
  if (!service.store) {
    cli.err(`${t('serve.cli.stoppedLive')}\n`);
    return 0;
  }
  return stoppedText(cli, stopped);
}

/**
 * The last line of a recording serve, and its exit code: 1 when the last write failed (a full
 * disk) and the samples it held are lost — said with their count, not as a clean stop.
 */
export function stoppedText(cli: CliContext, stopped: ServiceStopResult): number {
  const { t } = cli;
  if (stopped.unwrittenSamples > 0) {
    const detail = safeLine(warningDetail(stopped.error, t));
    cli.err(`${t('serve.cli.stoppedUnwritten', { count: stopped.unwrittenSamples, dropped: stopped.droppedSamples, detail })}\n`);
    return 1;
  }
  cli.err(`${t(stopped.droppedSamples > 0 ? 'serve.cli.stoppedDropped' : 'serve.cli.stopped', { dropped: stopped.droppedSamples })}\n`);
  return 0;
}

function retentionOf(options: ServeOptions): Partial<RetentionOptions> {
  const retention: Partial<RetentionOptions> = {};
  if (options.retentionRaw !== undefined) retention.rawMs = options.retentionRaw;
  if (options.retentionMinute !== undefined) retention.minuteMs = options.retentionMinute;
  if (options.retentionHour !== undefined) retention.hourMs = options.retentionHour;
  if (options.maxDbSize !== undefined) retention.maxBytes = options.maxDbSize;
  return retention;
}

/** A store error (a full disk …) says itself in the reader's language; anything else is a bug's English. */
export function warningDetail(error: unknown, t: Translate): string {
  if (isStoreError(error)) return t(error.key, error.params);
  return error instanceof Error ? error.message : String(error);
}
