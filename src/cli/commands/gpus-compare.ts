// `gpuwise gpus compare <gpu…> [--json]`: side-by-side figures and ratios per precision, per watt
// and per dollar (the price cost and recommend take), and where the differences come from. Attaches to an existing `gpus`
// command (list/show live elsewhere) or creates it.

import type { Command } from 'commander';
import type { CliContext } from '../context.js';

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  const gpus = program.commands.find((c) => c.name() === 'gpus') ?? program.command('gpus').description(t('advisor.cli.gpus.description'));
  gpus
    .command('compare')
    .description(t('advisor.cli.compare.description'))
    .argument('<gpu...>', t('advisor.cli.compare.argument'))
    .option('--json', t('advisor.cli.option.json'))
    .action(async (names: string[], options: { json?: boolean }) => {
      const { runCompare } = await import('./gpus-compare-run.js');
      process.exitCode = await runCompare(cli, names, options);
    });
}
