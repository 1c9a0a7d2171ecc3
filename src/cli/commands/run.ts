// `gpuwise run [options] -- command …`: a training job under supervision (docs/run.md). The
// options are parsed here; the supervisor, the sampler and the report load when the command runs.

import { Option, type Command } from 'commander';
import type { MessageKey } from '../../i18n/index.js';
import { parseGpuSpec, type GpuSpec } from '../../supervise/gpu-spec.js';
import type { CliContext } from '../context.js';
import { parsed } from '../option-parser.js';
import { parseByteAmount } from './serve-values.js';
import { parseBackoff, parseCount, parseCurrency, parsePrice, parseRunDurationMs, splitArgs } from './run-values.js';

export type RestartMode = 'on-failure' | 'always' | 'never';


export interface RunCommandOptions {
  restart?: RestartMode;
  maxRestarts?: number;
  backoff?: { minMs: number; maxMs: number };
  restartWindow?: number;
  grace?: number;
  logDir?: string;
  logMaxSize?: number;
  logKeep?: number;
  resumeArg?: string[];
  gpus?: { spec: GpuSpec; text: string };
  interval?: number;
  pricePerKwh?: number;
  currency?: string;
  notifyCommand?: string;
  /** false with --no-record. */
  record: boolean;
  json?: boolean;
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  const option = (flags: string, key: MessageKey, parse: (text: string) => unknown, bad: MessageKey) => new Option(flags, t(key)).argParser(parsed(parse, t(bad)));
  program
    .command('run')
    .description(t('run.cli.description'))
    .argument('[command...]', t('run.cli.argument.command'))
    .addOption(option('--restart <when>', 'run.cli.option.restart', (v) => (['on-failure', 'always', 'never'].includes(v) ? v : null), 'run.cli.badRestart'))
    .addOption(option('--max-restarts <n>', 'run.cli.option.maxRestarts', (v) => parseCount(v), 'run.cli.badCount'))
    .addOption(option('--backoff <min..max>', 'run.cli.option.backoff', parseBackoff, 'run.cli.badBackoff'))
    .addOption(option('--restart-window <duration>', 'run.cli.option.restartWindow', (v) => { const ms = parseRunDurationMs(v); return ms !== null && ms >= 1000 ? ms : null; }, 'run.cli.badDuration'))
    .addOption(option('--grace <duration>', 'run.cli.option.grace', parseRunDurationMs, 'run.cli.badDuration'))
    .option('--log-dir <dir>', t('run.cli.option.logDir'))
    .addOption(option('--log-max-size <size>', 'run.cli.option.logMaxSize', (v) => { const b = parseByteAmount(v); return b !== null && b >= 1024 ** 2 ? b : null; }, 'run.cli.badSize'))
    .addOption(option('--log-keep <n>', 'run.cli.option.logKeep', (v) => parseCount(v, 100), 'run.cli.badCount'))
    .addOption(option('--resume-arg <args>', 'run.cli.option.resumeArg', splitArgs, 'run.cli.badResumeArg'))
    .addOption(option('--gpus <which>', 'run.cli.option.gpus', (v) => { const spec = parseGpuSpec(v); return spec === null ? null : { spec, text: v.trim() }; }, 'run.cli.badGpus'))
    .addOption(option('-i, --interval <seconds>', 'run.cli.option.interval', (v) => (/^\d+(\.\d+)?$/.test(v) && Number(v) >= 0.1 && Number(v) <= 3600 ? Number(v) : null), 'run.cli.badInterval'))
    .addOption(option('--price-per-kwh <price>', 'run.cli.option.pricePerKwh', parsePrice, 'run.cli.badPrice'))
    .addOption(option('--currency <code>', 'run.cli.option.currency', parseCurrency, 'run.cli.badCurrency'))
    .option('--notify-command <command>', t('run.cli.option.notifyCommand'))
    .option('--no-record', t('run.cli.option.noRecord'))
    .option('--json', t('run.cli.option.json'))
    .action(async (command: string[], options: RunCommandOptions) => {
      const { runRun } = await import('./run-run.js');
      process.exitCode = await runRun(cli, command, options);
    });
}
