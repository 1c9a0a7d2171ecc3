// `gpuwise top`: the live terminal view of GPUs, their processes and the host.

import { InvalidArgumentError, Option, type Command } from 'commander';
import { BACKEND_IDS, isBackendId, type KnownBackendId as BackendId } from '../../backends/registry.js';
import type { CliContext } from '../context.js';

export type TopView = 'auto' | 'compact' | 'full';

export interface TopOptions {
  interval?: number;
  span?: number;
  backend?: BackendId;
  readonly?: boolean;
  ascii?: boolean;
  unicode?: boolean;
  /** false with --no-mouse. */
  mouse?: boolean;
  view?: TopView;
}

const VIEWS: readonly TopView[] = ['auto', 'compact', 'full'];

function seconds(min: number, max: number, message: string) {
  return (value: string) => {
    // A decimal number only: Number() would take '0x10' as 16 and ' ' as 0.
    const n = Number(value);
    if (!/^\d+(\.\d+)?$/.test(value) || n < min || n > max) throw new InvalidArgumentError(message);
    return n;
  };
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  program
    .command('top')
    .description(t('top.description'))
    .addOption(new Option('-i, --interval <seconds>', t('top.option.interval')).argParser(seconds(0.1, 3600, t('top.badInterval'))))
    .addOption(new Option('--span <seconds>', t('top.option.span')).argParser(seconds(10, 3600, t('top.badSpan'))))
    .addOption(
      new Option('--backend <id>', t('top.option.backend', { choices: BACKEND_IDS.join(', ') })).argParser((value: string) => {
        if (!isBackendId(value)) throw new InvalidArgumentError(t('info.badBackend', { choices: BACKEND_IDS.join(', ') }));
        return value;
      }),
    )
    .option('--readonly', t('top.option.readonly'))
    .option('--ascii', t('top.option.ascii'))
    .option('--unicode', t('top.option.unicode'))
    .option('--no-mouse', t('top.option.noMouse'))
    .addOption(
      new Option('--view <mode>', t('top.option.view')).argParser((value: string) => {
        if (!(VIEWS as readonly string[]).includes(value)) throw new InvalidArgumentError(t('top.badView'));
        return value as TopView;
      }),
    )
    .action(async (options: TopOptions) => {
      process.exitCode = await runTopCommand(cli, options);
    });
}

/** Also what `gpuwise` with no arguments runs on a terminal. */
export async function runTopCommand(cli: CliContext, options: TopOptions): Promise<number> {
  const { runTop } = await import('./top-run.js');
  return runTop(cli, options);
}
