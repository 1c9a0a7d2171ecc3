// `gpuwise serve`: record GPU history and serve it (REST, a live stream, Prometheus /metrics).
// The options are parsed here; the work (and SQLite, hono) loads only when the command runs.

import { InvalidArgumentError, Option, type Command } from 'commander';
import { BACKEND_IDS, isBackendId, type KnownBackendId as BackendId } from '../../backends/registry.js';
import type { MessageKey } from '../../i18n/index.js';
import type { CliContext } from '../context.js';
import { parsed } from '../option-parser.js';
import { addPrometheusOptions, type PrometheusFlags } from './fleet-options.js';
import { MIN_RETENTION_MS, parseByteSize, parseDurationMs, parseHost, parseIntervalSeconds, parsePort, parseRetentionMs } from './serve-values.js';

/**
 * Equal to DEFAULT_SERVE_PORT / DEFAULT_SERVE_HOST of src/server/service.ts (a test checks); not
 * imported from there, which would load the HTTP server for every command's help.
 */
export const SERVE_DEFAULT_PORT = 8478;
export const SERVE_DEFAULT_HOST = '127.0.0.1';

/** As commander hands them over; runServe fills in the defaults (help states them in words). */
export interface ServeOptions extends PrometheusFlags {
  host?: string;
  port?: number;
  db?: string;
  /** Seconds. */
  interval?: number;
  token?: string;
  insecureNoAuth?: boolean;
  metricsOpen?: boolean;
  processMetrics?: boolean;
  /** Milliseconds. */
  retentionRaw?: number;
  retentionMinute?: number;
  retentionHour?: number;
  /** Bytes. */
  maxDbSize?: number;
  /** false with --no-record. */
  record: boolean;
  backend?: BackendId;
  printSystemdUnit?: boolean;
  json?: boolean;
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  const duration = (flag: string, key: MessageKey) =>
    new Option(`${flag} <duration>`, t(key)).argParser(parsed(parseDurationMs, t('serve.cli.badDuration')));
  // Raw samples and minutes are what the next tier is rolled up from: at least one of its buckets.
  const retention = (flag: string, key: MessageKey, minMs: number, bad: MessageKey) =>
    new Option(`${flag} <duration>`, t(key)).argParser(parsed((text) => parseRetentionMs(text, minMs), t(bad)));
  // --prometheus URL (and its auth): the fleet pages, read from the Prometheus that scrapes every node.
  addPrometheusOptions(program.command('serve'), t, false)
    .description(t('serve.cli.description'))
    .addOption(new Option('--host <address>', t('serve.cli.option.host')).argParser(parsed(parseHost, t('serve.cli.badHost'))))
    .addOption(
      new Option('-p, --port <number>', t('serve.cli.option.port', { port: SERVE_DEFAULT_PORT })).argParser(parsed(parsePort, t('serve.cli.badPort'))),
    )
    .option('--db <path>', t('serve.cli.option.db'))
    .addOption(new Option('-i, --interval <seconds>', t('serve.cli.option.interval')).argParser(parsed(parseIntervalSeconds, t('serve.cli.badInterval'))))
    .option('--token <secret>', t('serve.cli.option.token'))
    .option('--insecure-no-auth', t('serve.cli.option.insecureNoAuth'))
    .option('--metrics-open', t('serve.cli.option.metricsOpen'))
    .option('--process-metrics', t('serve.cli.option.processMetrics'))
    .addOption(retention('--retention-raw', 'serve.cli.option.retentionRaw', MIN_RETENTION_MS.raw, 'serve.cli.badRetentionRaw'))
    .addOption(retention('--retention-minute', 'serve.cli.option.retentionMinute', MIN_RETENTION_MS.minute, 'serve.cli.badRetentionMinute'))
    .addOption(duration('--retention-hour', 'serve.cli.option.retentionHour'))
    .addOption(new Option('--max-db-size <size>', t('serve.cli.option.maxDbSize')).argParser(parsed(parseByteSize, t('serve.cli.badSize'))))
    .option('--no-record', t('serve.cli.option.noRecord'))
    .addOption(
      new Option('--backend <id>', t('serve.cli.option.backend', { choices: BACKEND_IDS.join(', ') })).argParser((value: string) => {
        if (!isBackendId(value)) throw new InvalidArgumentError(t('info.badBackend', { choices: BACKEND_IDS.join(', ') }));
        return value;
      }),
    )
    .option('--print-systemd-unit', t('serve.cli.option.printSystemdUnit'))
    .option('--json', t('serve.cli.option.json'))
    .action(async (options: ServeOptions) => {
      const { runServe } = await import('./serve-run.js');
      process.exitCode = await runServe(cli, options);
    });
}
