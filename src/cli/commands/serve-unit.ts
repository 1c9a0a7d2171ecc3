// `gpuwise serve --print-systemd-unit`: the options given, as the words of the unit's ExecStart.
// The token is left out on purpose (an env file carries it), and so are --db (the unit chooses
// its state folder unless one was given), --json and the flag itself.

import { realpathSync } from 'node:fs';
import path from 'node:path';
import { renderSystemdUnit } from '../../server/systemd-unit.js';
import type { CliContext } from '../context.js';
import { SERVE_DEFAULT_HOST, SERVE_DEFAULT_PORT, type ServeOptions } from './serve.js';

/** The serve options as command-line words, in a fixed order; defaults are left out. */
export function serveArgsOf(options: ServeOptions & { host: string; port: number }, formatDuration: (ms: number) => string): string[] {
  const args: string[] = [];
  if (options.host !== SERVE_DEFAULT_HOST) args.push('--host', options.host);
  if (options.port !== SERVE_DEFAULT_PORT) args.push('--port', String(options.port));
  if (options.interval !== undefined) args.push('--interval', String(options.interval));
  if (options.insecureNoAuth === true) args.push('--insecure-no-auth');
  if (options.metricsOpen === true) args.push('--metrics-open');
  if (options.processMetrics === true) args.push('--process-metrics');
  if (!options.record) args.push('--no-record');
  else {
    if (options.retentionRaw !== undefined) args.push('--retention-raw', formatDuration(options.retentionRaw));
    if (options.retentionMinute !== undefined) args.push('--retention-minute', formatDuration(options.retentionMinute));
    if (options.retentionHour !== undefined) args.push('--retention-hour', formatDuration(options.retentionHour));
    if (options.maxDbSize !== undefined) args.push('--max-db-size', String(options.maxDbSize));
  }
  if (options.backend !== undefined) args.push('--backend', options.backend);
  return args;
}

/** Durations as whole seconds: exact, and read back by parseDurationMs. */
export function durationWord(ms: number): string {
  return `${Math.round(ms / 1000)}s`;
}

/** The script being run, with symlinks resolved (npm's global bin is one). */
function scriptPath(): string {
  const script = process.argv[1] ?? 'gpuwise';
  try {
    return realpathSync(script);
  } catch {
    return path.resolve(script);
  }
}

export function printSystemdUnit(cli: CliContext, options: ServeOptions & { host: string; port: number }, unit: { needsToken: boolean }): void {
  cli.out(
    renderSystemdUnit({
      nodePath: process.execPath,
      scriptPath: scriptPath(),
      serveArgs: [...serveArgsOf(options, durationWord), ...(cli.locale === 'en' ? [] : ['--lang', cli.locale])],
      dbPath: options.db === undefined ? null : path.resolve(options.db),
      record: options.record,
      needsToken: unit.needsToken,
      port: options.port,
      t: cli.t,
    }),
  );
}
