// `gpuwise help [command...]`. Commander's own help command looks up one word and, for a word it
// does not know, prints the program's help and exits 0; this one follows the whole path
// (`gpuwise help gpus compare`) and calls an unknown word an unknown command (exit 2), through
// the same translated error as `gpuwise nosuch`.

import type { Command } from 'commander';
import type { Translate } from '../i18n/index.js';

function findSubcommand(parent: Command, name: string): Command | undefined {
  return parent.commands.find((command) => command.name() === name || command.aliases().includes(name));
}

/** Commander's unknown-command error (its "did you mean", our translation), raised on `parent`. */
function unknownCommand(parent: Command, name: string): never {
  const raw = parent as unknown as { args: string[]; unknownCommand(): void };
  raw.args = [name];
  raw.unknownCommand();
  // exitOverride makes the call above throw; this is for a program configured without it.
  throw new Error(`unknown command ${name}`);
}

export function addHelpCommand(program: Command, t: Translate): void {
  program.helpCommand(false);
  program
    .command('help')
    .argument('[command...]', t('cli.helpCommandArgument'))
    .description(t('cli.helpCommand'))
    .action((names: string[]) => {
      let target = program;
      for (const name of names) target = findSubcommand(target, name) ?? unknownCommand(target, name);
      target.outputHelp();
    });
}
