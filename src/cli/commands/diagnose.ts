// `gpuwise diagnose [--pid N | --gpu i | -- command …] [--duration 60s] [--interval 250ms]
// [--json] [--html FILE] [--record FILE] [--from FILE] [--batch N] [--model M]`: watch a job or
// GPUs, then say why the GPU is under-used and what to change. The work is in diagnose-run.ts,
// loaded only when the command runs.

import { InvalidArgumentError, Option, type Command } from 'commander';
import type { MessageKey } from '../../i18n/index.js';
import type { CliContext } from '../context.js';
import { THRESHOLDS } from '../../diagnose/thresholds.js';
import { DEFAULT_INTERVAL_MS, MAX_DURATION_MS, MAX_INTERVAL_MS, MIN_DURATION_MS, MIN_INTERVAL_MS, minDurationMs, parseDurationMs, parseGpuList, parsePid, parsePositiveInteger } from './diagnose-options.js';

export interface DiagnoseCommandOptions {
  pid?: number;
  gpu?: number[];
  duration?: number;
  interval?: number;
  json?: boolean;
  html?: string;
  record?: string;
  from?: string;
  batch?: number;
  model?: string;
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  const parser = <T>(check: (value: string) => T | null, key: MessageKey) => (value: string) => {
    const parsed = check(value);
    if (parsed === null) throw new InvalidArgumentError(t(key, { value }));
    return parsed;
  };
  program
    .command('diagnose')
    .description(t('diagnoseCli.description'))
    .argument('[command...]', t('diagnoseCli.argument.command'))
    .addOption(new Option('--pid <n>', t('diagnoseCli.option.pid')).argParser(parser(parsePid, 'diagnoseCli.bad.pid')).conflicts(['from']))
    .addOption(new Option('--gpu <indices>', t('diagnoseCli.option.gpu')).argParser(parser(parseGpuList, 'diagnoseCli.bad.gpu')).conflicts(['from']))
    .addOption(
      new Option('--duration <time>', t('diagnoseCli.option.duration'))
        .argParser(parser((v) => parseDurationMs(v, MIN_DURATION_MS, MAX_DURATION_MS), 'diagnoseCli.bad.duration'))
        .conflicts(['from']),
    )
    .addOption(
      new Option('--interval <time>', t('diagnoseCli.option.interval'))
        .argParser(parser((v) => parseDurationMs(v, MIN_INTERVAL_MS, MAX_INTERVAL_MS), 'diagnoseCli.bad.interval'))
        .conflicts(['from']),
    )
    .option('--json', t('diagnoseCli.option.json'))
    .option('--html <file>', t('diagnoseCli.option.html'))
    .addOption(new Option('--record <file>', t('diagnoseCli.option.record')).conflicts(['from']))
    .option('--from <file>', t('diagnoseCli.option.from'))
    .addOption(new Option('--batch <n>', t('diagnoseCli.option.batch')).argParser(parser((v) => parsePositiveInteger(v, 1_000_000), 'diagnoseCli.bad.batch')))
    .option('--model <name>', t('diagnoseCli.option.model'))
    .action(async (command: string[], options: DiagnoseCommandOptions, self: Command) => {
      if (options.pid !== undefined && command.length > 0) self.error(t('diagnoseCli.bad.conflict', { first: '--pid', second: '-- command' }), { exitCode: 2, code: 'diagnose.usage' });
      if (options.from !== undefined && command.length > 0) self.error(t('diagnoseCli.bad.fromWithTarget'), { exitCode: 2, code: 'diagnose.usage' });
      const interval = options.interval ?? DEFAULT_INTERVAL_MS;
      const shortest = minDurationMs(interval, THRESHOLDS.minSamples.value, THRESHOLDS.minWindowSeconds.value * 1000);
      if (options.duration !== undefined && options.duration < shortest) {
        self.error(t('diagnoseCli.bad.durationForInterval', { duration: `${options.duration / 1000}s`, interval: `${interval}ms`, minSamples: THRESHOLDS.minSamples.value, minSeconds: THRESHOLDS.minWindowSeconds.value, min: `${Math.ceil(shortest / 1000)}s` }), { exitCode: 2, code: 'diagnose.usage' });
      }
      const { runDiagnoseCommand } = await import('./diagnose-run.js');
      process.exitCode = await runDiagnoseCommand(cli, command, options);
    });
}
