// What happens when gpuwise cannot write its output. A reader that goes away (`| head`) is
// normal: stop quietly, as other command-line tools do. A full disk (`info --json > /dev/full`,
// a long `--watch --json >> log`) or an I/O error is the user's to fix: one line in their
// language, exit 1 — not an uncaught exception with a minified source excerpt and a stack.
// A daemon is different (serve, once it runs): its log is not its product, and quitting because
// a log reader went away (a closed terminal, a dead `| logger`) would drop the samples it holds,
// leave its lock behind and exit 0, which a supervisor does not restart. While one runs, output
// errors end nothing; a signal still stops it cleanly.

import type { MessageKey, Translate } from '../i18n/index.js';

/** Errors a write can end with that a user can act on, by errno code. */
const REASON_KEYS: Readonly<Record<string, MessageKey>> = {
  ENOSPC: 'cli.output.noSpace',
  EDQUOT: 'cli.output.quota',
  EFBIG: 'cli.output.tooLarge',
  EIO: 'cli.output.io',
  EACCES: 'cli.output.permission',
  EPERM: 'cli.output.permission',
  EBADF: 'cli.output.closed',
};

export interface OutputErrorStreams {
  stdout: { on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown };
  stderr: { on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown; write(text: string): unknown };
}

export interface OutputErrorOptions {
  t: Translate;
  /** process.exit in the CLI; a recorder in tests. */
  exit: (code: number) => void;
  /** The exit code the command has set so far (a closed pipe keeps it). */
  exitCode: () => number | undefined;
}

/** How many daemons run now (keepRunningOnOutputErrors); above 0, output errors are ignored. */
let daemonsRunning = 0;

/**
 * From now until the returned function is called, a failing stdout or stderr (EPIPE, a full disk)
 * ends nothing: every later write to it fails quietly. For a long-running command that owns what a
 * quick exit would lose (serve: the history not yet written, its lock).
 */
export function keepRunningOnOutputErrors(): () => void {
  daemonsRunning++;
  let undone = false;
  return () => {
    if (undone) return;
    undone = true;
    daemonsRunning--;
  };
}

/** The one line a user sees when stdout cannot be written. */
export function outputErrorText(error: NodeJS.ErrnoException, t: Translate): string {
  const code = error.code ?? error.name;
  const key = error.code !== undefined && Object.hasOwn(REASON_KEYS, error.code) ? REASON_KEYS[error.code] : undefined;
  const reason = key === undefined ? t('cli.output.other') : t(key);
  return t('cli.output.failed', { reason, code });
}

/**
 * Ends the process on an output error: EPIPE quietly with the command's exit code, anything else
 * on stdout with one line on stderr and exit 1. A failing stderr cannot be told about, so it only
 * sets the exit code. Nothing ends while a daemon runs (keepRunningOnOutputErrors).
 */
export function exitOnOutputErrors(streams: OutputErrorStreams, options: OutputErrorOptions): void {
  let ended = false;
  const end = (code: number) => {
    if (ended) return;
    ended = true;
    options.exit(code);
  };
  streams.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (ended) return; // a --watch loop may fail once more before the exit lands
    if (daemonsRunning > 0) return;
    if (error.code === 'EPIPE') return end(options.exitCode() ?? 0);
    try {
      streams.stderr.write(`${outputErrorText(error, options.t)}\n`);
    } catch {
      // stderr is broken too: the exit code is all that is left to say it.
    }
    end(1);
  });
  streams.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (daemonsRunning > 0) return;
    end(error.code === 'EPIPE' ? (options.exitCode() ?? 0) : 1);
  });
}
