// The program for one run: when the argv plainly names its command, only that command is
// imported and registered, so `gpuwise info --json` neither loads the other commands' modules
// (serve's, for one, imports node:net) nor reads their descriptions from the message catalog
// (each domain is read on first use; scripts/build-catalog.mjs). Parsing, help and errors are
// those of the whole program (program.ts): program-for.test.ts compares the two.

import type { Command } from 'commander';
import type { CliContext } from './context.js';
import { commandWord } from './one-shot.js';
import { finishProgram, rootProgram, type Register } from './program-root.js';

type Loader = () => Promise<readonly Register[]>;
const one = (load: () => Promise<{ register: Register }>): Loader => async () => [(await load()).register];

/** Every command by the word that invokes it; the same registrations as program.ts's list. */
export const COMMAND_LOADERS: Readonly<Record<string, Loader>> = {
  info: one(() => import('./commands/info.js')),
  top: one(() => import('./commands/top.js')),
  pick: one(() => import('./commands/pick.js')),
  run: one(() => import('./commands/run.js')),
  serve: one(() => import('./commands/serve.js')),
  fleet: one(() => import('./commands/fleet.js')),
  servers: one(() => import('./commands/servers.js')),
  gpus: async () => [(await import('./commands/gpus.js')).register, (await import('./commands/gpus-compare.js')).register],
  estimate: one(() => import('./commands/estimate.js')),
  recommend: one(() => import('./commands/recommend.js')),
  cost: one(() => import('./commands/cost.js')),
  doctor: one(() => import('./commands/doctor.js')),
  diagnose: one(() => import('./commands/diagnose.js')),
  guide: one(() => import('./commands/guide.js')),
};

/**
 * What `argv` invokes, told before commander parses it: the word naming a command when only the
 * root's own `--lang X` and `--no-color` stand in front of it; 'version' for `--version` / `-V`
 * there (commander answers it before any command runs); null for anything else (`help`, `-h`, a
 * typo, no word), which gets the whole program.
 */
export function invokedCommand(argv: readonly string[]): string | null {
  const command = commandWord(argv);
  if (command === null) return null;
  if (command.word === '--version') return 'version';
  return Object.hasOwn(COMMAND_LOADERS, command.word) ? command.word : null;
}

export async function programFor(cli: CliContext, argv: readonly string[]): Promise<Command> {
  const invoked = invokedCommand(argv);
  if (invoked === null) return (await import('./program.js')).buildProgram(cli);
  const program = rootProgram(cli);
  const load = COMMAND_LOADERS[invoked];
  for (const register of load ? await load() : []) register(program, cli);
  return finishProgram(program, cli);
}
