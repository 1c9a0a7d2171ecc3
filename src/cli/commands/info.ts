// `gpuwise info`: every GPU and GPU process, once or every N seconds.

import { InvalidArgumentError, Option, type Command } from 'commander';
import { BACKEND_IDS, isBackendId, type KnownBackendId as BackendId } from '../../backends/registry.js';
import type { CliContext } from '../context.js';
import { ranged } from './option-ranges.js';

export interface InfoOptions {
  json?: boolean;
  watch?: number | true;
  backend?: BackendId;
  cpuSample?: number;
  /** -v/--detail: clocks, PCIe, ECC, bus id and throttle reasons under each GPU. */
  detail?: boolean;
  /** Read pasted tool output instead of this machine (src/import). */
  from?: string;
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  program
    .command('info')
    .description(t('info.description'))
    .option('--json', t('info.option.json'))
    .option('-v, --detail', t('infoDetail.option.detail'))
    .option('--from <file>', t('import.option.from'))
    .option('-w, --watch [seconds]', t('info.option.watch'), ranged(t, '--watch'))
    .addOption(
      new Option('--backend <id>', t('info.option.backend', { choices: BACKEND_IDS.join(', ') })).argParser((value: string) => {
        if (!isBackendId(value)) throw new InvalidArgumentError(t('info.badBackend', { choices: BACKEND_IDS.join(', ') }));
        return value;
      }),
    )
    .addOption(
      new Option('--cpu-sample <ms>', t('info.option.cpuSample')).argParser((value: string) => {
        // Digits only: Number() would take '' as 0 and '0x10' as 16.
        const ms = Number(value);
        if (!/^\d+$/.test(value) || ms > 10_000) throw new InvalidArgumentError(t('info.badMilliseconds'));
        return ms;
      }),
    )
    .action(async (options: InfoOptions) => {
      const { runInfo } = await import('./info-run.js');
      process.exitCode = await runInfo(cli, options);
    });
}
