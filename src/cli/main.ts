// Entry of the bundled CLI: build the program, run it, turn the outcome into an exit code.
// 0 success, 1 the command found a problem (or crashed), 2 bad usage (unknown flag, bad value).

import { CommanderError } from 'commander';
import { createCliContext } from './context.js';
import { buildProgram } from './program.js';

const OK_CODES = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version']);

export async function main(argv: readonly string[] = process.argv): Promise<number> {
  const cli = createCliContext(argv);
  const program = buildProgram(cli);
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

// `gpuwise gpus list | head` closes our stdout early: stop quietly, as other command-line tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main();
