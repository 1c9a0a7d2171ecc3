// Entry of the bundled CLI: build the program, run it, turn the outcome into an exit code.
// 0 success, 1 the command found a problem (or crashed, or could not write), 2 bad usage.

import { CommanderError } from 'commander';
import { foreignCharset } from './charset.js';
import { createCliContext, type CliContext } from './context.js';
import { directStdout } from './direct-stdout.js';
import { directStdoutErrors, lazyStderr } from './lazy-stderr.js';
import { separateJob } from './job-separator.js';
import { isOneShot } from './one-shot.js';
import { exitOnOutputErrors } from './output-errors.js';
import { programFor } from './program-for.js';

const OK_CODES = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version']);

export async function main(given: readonly string[] = process.argv): Promise<number> {
  let argv = given;
  const direct = isOneShot(argv) ? directStdout() : null;
  let cli = createCliContext(argv, process.env, direct);
  exitOnOutputErrors(
    { stdout: direct === null ? process.stdout : directStdoutErrors(direct), stderr: lazyStderr() },
    { t: cli.t, exit: (code) => process.exit(code), exitCode: () => (typeof process.exitCode === 'number' ? process.exitCode : undefined) },
  );
  noteForeignCharset(cli);
  let program = await programFor(cli, argv);
  const separated = separateJob(argv, program);
  if (separated !== argv) {
    // The job's words are now after `--`: its `--lang` or `--no-color` no longer count as ours.
    argv = separated;
    cli = createCliContext(argv, process.env, direct);
    program = await programFor(cli, argv);
  }
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return OK_CODES.has(error.code) ? 0 : 2;
    cli.err(`${cli.t('common.unexpectedError', { detail: error instanceof Error ? (error.stack ?? error.message) : String(error) })}\n`);
    cli.err(`${cli.t('common.reportBug')}\n`);
    return 1;
  }
}

/** Once per run, before any output: the locale asks for a charset gpuwise does not write. */
function noteForeignCharset(cli: CliContext): void {
  const foreign = foreignCharset(cli.env);
  if (foreign) cli.err(`${cli.t('cli.note.foreignCharset', { ...foreign })}\n`);
}

// No top-level await: the bundle is CommonJS (scripts/build-cjs.mjs).
void main().then(async (exitCode) => {
  process.exitCode = exitCode;
  // A GPU call still in the driver past its deadline would hold Node's exit until the driver
  // answers (Node joins its threads on the way out): end without waiting for it.
  const { nativeCallsInFlight, exitWithoutWaitingForDrivers } = await import('../backends/registry.js');
  if (nativeCallsInFlight() > 0) await exitWithoutWaitingForDrivers(exitCode);
});
