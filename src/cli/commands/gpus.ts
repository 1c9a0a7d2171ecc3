// `gpuwise gpus list|show`: the sourced GPU catalog. Registration only; the work is loaded lazily
// from gpus-list.ts and gpus-show.ts so other commands do not pay for the catalog. The `gpus`
// parent is shared with `gpus compare` (the advisor's file), so it is found or created here.

import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CliContext } from '../context.js';
import { SEGMENTS, VENDORS, type Segment, type Vendor } from '../../catalog/gpu-enums.js';

export interface GpusListOptions {
  json?: boolean;
  vendor?: Vendor;
  segment?: Segment;
}

export interface GpusShowOptions {
  json?: boolean;
}

/** A parser that accepts one of `choices` and rejects anything else in the user's language. */
function oneOf<T extends string>(choices: readonly T[], cli: CliContext): (value: string) => T {
  return (value) => {
    const found = choices.find((c) => c === value.trim().toLowerCase());
    if (found === undefined) throw new InvalidArgumentError(cli.t('catalog.badChoice', { choices: choices.join(', ') }));
    return found;
  };
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  // `gpus compare` (the advisor's) attaches to the same parent; whoever registers first creates it.
  const existing = program.commands.find((c) => c.name() === 'gpus');
  const gpus = existing ?? program.command('gpus');
  gpus.description(t('catalog.gpus.description'));
  gpus
    .command('list')
    .description(t('catalog.gpus.list.description'))
    .addOption(new Option('--vendor <vendor>', t('catalog.option.vendor', { choices: VENDORS.join(', ') })).argParser(oneOf(VENDORS, cli)))
    .addOption(new Option('--segment <segment>', t('catalog.option.segment', { choices: SEGMENTS.join(', ') })).argParser(oneOf(SEGMENTS, cli)))
    .option('--json', t('catalog.option.json'))
    .action(async (options: GpusListOptions) => {
      const { runGpusList } = await import('./gpus-list.js');
      process.exitCode = runGpusList(cli, options);
    });
  gpus
    .command('show')
    .description(t('catalog.gpus.show.description'))
    .argument('<gpu...>', t('catalog.argument.gpu'))
    .option('--json', t('catalog.option.json'))
    .action(async (words: string[], options: GpusShowOptions) => {
      const { runGpusShow } = await import('./gpus-show.js');
      process.exitCode = runGpusShow(cli, words, options);
    });
}
