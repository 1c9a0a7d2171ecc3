// `gpuwise servers [--gpu <id>] [--count N] [--json]`: the sourced server catalog, or the machines
// that hold N of a GPU, with what renting that GPU costs where we have a dated price.

import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CliContext } from '../context.js';

export interface ServersOptions {
  gpu?: string;
  count?: number;
  json?: boolean;
}

export const MAX_GPU_COUNT = 64;

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  // `servers` and `servers list` (as `gpus list`) are the same command with the same options.
  const withOptions = (command: Command, parent?: Command) =>
    command
      .option('--gpu <gpu>', t('gpuName.option'))
      .addOption(
        new Option('--count <n>', t('servers.option.count')).argParser((value: string) => {
          const count = Number(value);
          if (!/^\d+$/.test(value.trim()) || !Number.isInteger(count) || count < 1 || count > MAX_GPU_COUNT) {
            throw new InvalidArgumentError(t('servers.badCount'));
          }
          return count;
        }),
      )
      .option('--json', t('servers.option.json'))
      .action(async (options: ServersOptions) => {
        const { runServers } = await import('./servers-run.js');
        // The parent reads options that come after `list` too; they count for the alias.
        process.exitCode = runServers(cli, { ...(parent?.opts<ServersOptions>() ?? {}), ...options });
      });
  const servers = withOptions(program.command('servers').description(t('servers.description')));
  withOptions(servers.command('list').description(t('servers.description')), servers);
}
