// `gpuwise run python train.py --epochs 3` without `--`: everything from the job's first word on
// is the job's. Commander would otherwise read the job's options as gpuwise's wherever they match
// one (`--json`, `--gpus 1`, the root's `--lang`), silently, and refuse the rest ("Unknown option
// --epochs"). So before parsing, a `--` goes in front of the first operand of a command whose
// operands are a job (`[command...]`: run, diagnose). Options before it stay gpuwise's.

import type { Command, Option } from 'commander';
import { commandWord } from './one-shot.js';

/**
 * The option that `arg` names (`--gpus`, `--gpus=1`, `-i`) on the command or, for the root's
 * options given after the command word (`run --lang zh-CN python …`), on the program; or null.
 */
function optionNamed(commands: readonly Command[], arg: string): Option | null {
  const name = arg.startsWith('--') ? arg.split('=')[0] : arg.slice(0, 2);
  for (const command of commands) {
    const found = command.options.find((option) => option.long === name || option.short === name);
    if (found !== undefined) return found;
  }
  return null;
}

/** Whether `command` takes a job as its operands (a last variadic argument named `command`). */
function takesJob(command: Command): boolean {
  const last = command.registeredArguments.at(-1);
  return last !== undefined && last.variadic && last.name() === 'command';
}

/**
 * argv with `--` put before the job's first word when the command takes a job and no `--` comes
 * first; argv itself (the same array) when nothing is to change.
 */
export function separateJob(argv: readonly string[], program: Command): readonly string[] {
  const word = commandWord(argv);
  if (word === null) return argv;
  const command = program.commands.find((candidate) => candidate.name() === word.word || candidate.aliases().includes(word.word));
  if (command === undefined || !takesJob(command)) return argv;
  for (let i = word.at + 1; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') return argv;
    if (arg.length > 1 && arg.startsWith('-')) {
      const option = optionNamed([command, program], arg);
      // A value in the next word: `--gpus 1`, `-i 2` (not `--gpus=1`, `-i2`). An unknown option
      // is left for commander to refuse, as it is before any job word.
      const inline = arg.includes('=') || (!arg.startsWith('--') && arg.length > 2);
      const next = argv[i + 1];
      const valueNext = option !== null && !inline && (option.required || (option.optional && next !== undefined && !next.startsWith('-')));
      if (valueNext) i++;
      continue;
    }
    return [...argv.slice(0, i), '--', ...argv.slice(i)];
  }
  return argv;
}
