// `gpuwise pick [-n N] [--min-free-memory 20GiB] [--max-util 10] [--uuid] [--json]`: the free GPUs,
// best first, as CUDA_VISIBLE_DEVICES wants them. Only the list goes to stdout, so that
// `CUDA_VISIBLE_DEVICES=$(gpuwise pick -n 2) python train.py` works; every message goes to stderr.

import { InvalidArgumentError, Option, type Command } from 'commander';
import { BACKEND_IDS, isBackendId, type KnownBackendId as BackendId } from '../../backends/registry.js';
import { DEFAULT_MAX_UTIL_PERCENT } from '../../pick/pick.js';
import type { CliContext } from '../context.js';
import { parseRunDurationMs } from './run-values.js';
import { parseByteAmount } from './serve-values.js';

export interface PickCommandOptions {
  count?: number;
  minFreeMemory?: number;
  maxUtil?: number;
  allowProcesses?: boolean;
  uuid?: boolean;
  mig?: boolean;
  window?: number;
  /** false with --no-claim. */
  claim?: boolean;
  json?: boolean;
  backend?: BackendId;
}

export const MAX_PICK_COUNT = 1024;
const MAX_MEMORY_BYTES = 16 * 1024 ** 4;
const MAX_WINDOW_MS = 60_000;

/** "1s", "500ms", "2.5s", "0": run's durations (a bare number other than 0 is refused), 0 to 60 s. */
export function parseWindowMs(text: string): number | null {
  const ms = parseRunDurationMs(text);
  return ms !== null && ms <= MAX_WINDOW_MS ? ms : null;
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  const parser = (check: (value: string) => number | null, message: Parameters<typeof t>[0]) => (value: string) => {
    const parsed = check(value);
    if (parsed === null) throw new InvalidArgumentError(t(message));
    return parsed;
  };
  program
    .command('pick')
    .description(t('pick.description'))
    .addOption(
      new Option('-n, --count <n>', t('pick.option.count')).argParser(
        parser((v) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= MAX_PICK_COUNT ? Number(v) : null), 'pick.badCount'),
      ),
    )
    .addOption(
      new Option('--min-free-memory <size>', t('pick.option.minFreeMemory')).argParser(
        parser((v) => {
          const bytes = parseByteAmount(v);
          return bytes !== null && bytes <= MAX_MEMORY_BYTES ? bytes : null;
        }, 'pick.badMemory'),
      ),
    )
    .addOption(
      new Option('--max-util <percent>', t('pick.option.maxUtil', { default: DEFAULT_MAX_UTIL_PERCENT })).argParser(
        parser((v) => {
          const text = v.trim().replace(/%$/, '');
          return /^\d+(?:\.\d+)?$/.test(text) && Number(text) <= 100 ? Number(text) : null;
        }, 'pick.badUtil'),
      ),
    )
    .option('--allow-processes', t('pick.option.allowProcesses'))
    .option('--uuid', t('pick.option.uuid'))
    .option('--no-mig', t('pick.option.noMig'))
    .addOption(new Option('--window <duration>', t('pick.option.window')).argParser(parser(parseWindowMs, 'pick.badWindow')))
    .option('--no-claim', t('pick.option.noClaim'))
    .addOption(
      new Option('--backend <id>', t('info.option.backend', { choices: BACKEND_IDS.join(', ') })).argParser((value: string) => {
        if (!isBackendId(value)) throw new InvalidArgumentError(t('info.badBackend', { choices: BACKEND_IDS.join(', ') }));
        return value;
      }),
    )
    .option('--json', t('pick.option.json'))
    .addHelpText('after', `\n${t('pick.example')}`)
    .action(async (options: PickCommandOptions) => {
      const { runPick } = await import('./pick-run.js');
      process.exitCode = await runPick(cli, options);
    });
}
