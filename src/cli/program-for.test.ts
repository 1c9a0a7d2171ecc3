import { describe, expect, it } from 'vitest';
import { CommanderError, type Command } from 'commander';
import { collectingContext } from '../../test/helpers/cli-context.js';
import { buildProgram } from './program.js';
import { COMMAND_LOADERS, invokedCommand, programFor } from './program-for.js';

const argv = (...args: string[]) => ['node', 'gpuwise', ...args];

/** Every command under `command`, by its path, with the help a user would read for it. */
function helpTree(command: Command, path = ''): Map<string, string> {
  const tree = new Map<string, string>();
  for (const sub of command.commands) {
    const subPath = `${path} ${sub.name()}`.trim();
    tree.set(subPath, sub.helpInformation());
    for (const [p, help] of helpTree(sub, subPath)) tree.set(p, help);
  }
  return tree;
}

async function outcome(program: Command, args: string[], cli: ReturnType<typeof collectingContext>) {
  let code: string | null = null;
  try {
    await program.parseAsync(argv(...args));
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    code = error.code;
  }
  return { code, out: cli.stdout.join(''), err: cli.stderr.join('') };
}

describe('the program for one invoked command', () => {
  it('names each command the whole program has, and nothing else', () => {
    const names = buildProgram(collectingContext('en')).commands.map((c) => c.name()).filter((n) => n !== 'help');
    expect(Object.keys(COMMAND_LOADERS).sort()).toEqual([...new Set(names)].sort());
  });

  for (const locale of ['en', 'zh-CN'] as const) {
    it(`gives each command the same help, options and subcommands as the whole program (${locale})`, async () => {
      const whole = helpTree(buildProgram(collectingContext(locale)));
      for (const name of Object.keys(COMMAND_LOADERS)) {
        const one = helpTree(await programFor(collectingContext(locale), argv(name)));
        const expected = new Map([...whole].filter(([path]) => path === name || path.startsWith(`${name} `)));
        expect(new Map([...one].filter(([path]) => path !== 'help')), name).toEqual(expected);
      }
    });
  }

  it('tells the command from the root options in front of it, and leaves anything else to the whole program', () => {
    expect(invokedCommand(argv('info', '--json'))).toBe('info');
    expect(invokedCommand(argv('--lang', 'zh-CN', '--no-color', 'gpus', 'compare'))).toBe('gpus');
    expect(invokedCommand(argv('--lang=en', 'top'))).toBe('top');
    expect(invokedCommand(argv('--version'))).toBe('version');
    expect(invokedCommand(argv('--no-color', '-V'))).toBe('version');
    for (const other of [[], ['help', 'info'], ['-h'], ['inof'], ['--lang', 'info'], ['--lang'], ['--', 'info'], ['--bogus', 'info'], ['constructor'], ['__proto__']]) {
      expect(invokedCommand(argv(...other)), other.join(' ')).toBeNull();
    }
  });

  it('answers what the whole program answers, errors included', async () => {
    const cases = [['--version'], ['info', '--bogus'], ['info', '--watch', '0'], ['gpus', 'compare'], ['--lang', 'zh-CN', 'cost', '--help'], ['inof'], ['help', 'info']];
    for (const args of cases) {
      const wholeCli = collectingContext('en');
      const oneCli = collectingContext('en');
      const expected = await outcome(buildProgram(wholeCli), args, wholeCli);
      expect(await outcome(await programFor(oneCli, argv(...args)), args, oneCli), args.join(' ')).toEqual(expected);
    }
  });
});
