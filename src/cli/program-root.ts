// The root of the `gpuwise` program, without its commands: global options, translated help and
// errors. program.ts puts every command between the two halves; program-for.ts only the one an
// argv invokes.

import { Command, Option } from 'commander';
import { LOCALES } from '../i18n/index.js';
import type { CliContext } from './context.js';
import { addHelpCommand } from './help-command.js';
import { helpHooks } from './help-text.js';
import { localiseUsageErrors } from './usage-errors.js';

export const VERSION = '0.1.0';

export type Register = (program: Command, cli: CliContext) => void;

/** The root command; settings here are copied to every subcommand created after it. */
export function rootProgram(cli: CliContext): Command {
  const { t } = cli;
  return new Command('gpuwise')
    .description(t('cli.description'))
    .version(VERSION, '-V, --version', t('cli.option.version'))
    .helpOption('-h, --help', t('cli.option.help'))
    .helpCommand('help [command]', t('cli.helpCommand'))
    .addOption(new Option('--lang <locale>', t('cli.option.lang')).choices(LOCALES))
    .option('--no-color', t('cli.option.noColor'))
    .configureHelp(helpHooks(t))
    .configureOutput({
      writeOut: (text) => cli.out(text),
      writeErr: (text) => cli.err(text),
    })
    .exitOverride();
}

/** After the commands: the root's own `help [command...]`, each command's errors naming its help. */
export function finishProgram(program: Command, cli: CliContext): Command {
  const { t } = cli;
  addHelpCommand(program, t);
  localiseUsageErrors(program, t);
  // `gpuwise` alone: the live view on a terminal, the help elsewhere (a pipe, a script, CI).
  // Set after the commands so that they keep rejecting excess arguments; here an operand is
  // an unknown command and gets commander's own message (with its "did you mean").
  program.allowExcessArguments(true).action(async (_options: unknown, command: Command) => {
    if (command.args.length > 0) return (command as unknown as { unknownCommand(): void }).unknownCommand();
    if (cli.stdoutIsTTY && process.stdin.isTTY) process.exitCode = await (await import('./commands/top.js')).runTopCommand(cli, {});
    else command.outputHelp();
  });
  return program;
}
