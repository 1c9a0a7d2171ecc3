// The `gpuwise` program: global options, translated help and errors, and the list of commands.
// Each command lives in commands/<name>.ts and exports `register(program, cli)` — see
// docs/cli.md. Keep registration light: a command's action should `await import()` its
// implementation, so that `gpuwise info` does not pay for the catalog, the doctor or the server
// (the bundle is code-split; see scripts/build.mjs).

import { Command, Option } from 'commander';
import { LOCALES } from '../i18n/index.js';
import type { CliContext } from './context.js';
import { register as registerCost } from './commands/cost.js';
import { register as registerDiagnose } from './commands/diagnose.js';
import { register as registerDoctor } from './commands/doctor.js';
import { register as registerEstimate } from './commands/estimate.js';
import { register as registerFleet } from './commands/fleet.js';
import { register as registerGpusCompare } from './commands/gpus-compare.js';
import { register as registerGpus } from './commands/gpus.js';
import { register as registerGuide } from './commands/guide.js';
import { register as registerInfo } from './commands/info.js';
import { register as registerPick } from './commands/pick.js';
import { register as registerRecommend } from './commands/recommend.js';
import { register as registerRun } from './commands/run.js';
import { register as registerServe } from './commands/serve.js';
import { register as registerServers } from './commands/servers.js';
import { register as registerTop, runTopCommand } from './commands/top.js';
import { addHelpCommand } from './help-command.js';
import { helpHooks } from './help-text.js';
import { localiseUsageErrors } from './usage-errors.js';

export const VERSION = '0.1.0';

const COMMANDS: ((program: Command, cli: CliContext) => void)[] = [
  registerInfo,
  registerTop,
  registerPick,
  registerRun,
  registerServe,
  registerFleet,
  registerServers,
  registerGpus,
  registerGpusCompare,
  registerEstimate,
  registerRecommend,
  registerCost,
  registerDoctor,
  registerDiagnose,
  registerGuide,
];

export function buildProgram(cli: CliContext): Command {
  const { t } = cli;
  const program = new Command('gpuwise')
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
  // Settings above are copied to every subcommand created after this point.
  for (const register of COMMANDS) register(program, cli);
  // After the commands: the root's own `help [command...]`, and each command's errors naming its help.
  addHelpCommand(program, t);
  localiseUsageErrors(program, t);
  // `gpuwise` alone: the live view on a terminal, the help elsewhere (a pipe, a script, CI).
  // Set after the commands so that they keep rejecting excess arguments; here an operand is
  // an unknown command and gets commander's own message (with its "did you mean").
  program.allowExcessArguments(true).action(async (_options: unknown, command: Command) => {
    if (command.args.length > 0) return (command as unknown as { unknownCommand(): void }).unknownCommand();
    if (cli.stdoutIsTTY && process.stdin.isTTY) process.exitCode = await runTopCommand(cli, {});
    else command.outputHelp();
  });
  return program;
}
