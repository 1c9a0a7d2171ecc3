// `gpuwise cost --gpu <id|name> [--count n] [--years n] [--utilization %] …`: owning against
// renting — total cost, payback, break-even utilisation, cost per TFLOP-hour and per run.

import { Option, type Command } from 'commander';
import { CURRENCIES, type Currency } from '../../catalog/gpu-enums.js';
import { COMPUTE_PRECISIONS, type ComputePrecision } from '../../advisor/recommend/types.js';
import type { CliContext } from '../context.js';
import { choiceOption } from './advisor-options.js';
import { ranged } from './option-ranges.js';

export interface CostOptions {
  gpu: string;
  count?: number;
  price?: number;
  hostPrice?: number;
  years?: number;
  utilization?: number;
  powerWatts?: number;
  electricity?: number;
  pue?: number;
  resale?: number;
  maintenance?: number;
  cloudPrice?: number;
  precision?: ComputePrecision;
  runFlops?: number;
  runGpuHours?: number;
  mfu?: number;
  /** Prices typed and shown in this currency (converted to USD for the model at the dated rate). */
  currency?: Currency;
  fx?: string;
  json?: boolean;
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  program
    .command('cost')
    .description(t('advisor.cli.cost.description'))
    .requiredOption('--gpu <id>', t('advisor.cli.option.costGpu'))
    .addOption(new Option('--count <n>', t('advisor.cli.option.costCount')).argParser(ranged(t, '--count')))
    .addOption(new Option('--price <usd>', t('advisor.cli.option.price')).argParser(ranged(t, '--price')))
    .addOption(new Option('--host-price <usd>', t('advisor.cli.option.hostPrice')).argParser(ranged(t, '--host-price')))
    .addOption(new Option('--years <n>', t('advisor.cli.option.years')).argParser(ranged(t, '--years')))
    .addOption(new Option('--utilization <pct>', t('advisor.cli.option.utilization')).argParser(ranged(t, '--utilization')))
    .addOption(new Option('--power-watts <w>', t('advisor.cli.option.powerWatts')).argParser(ranged(t, '--power-watts')))
    .addOption(new Option('--electricity <usd-per-kwh>', t('advisor.cli.option.electricity')).argParser(ranged(t, '--electricity')))
    .addOption(new Option('--pue <x>', t('advisor.cli.option.pue')).argParser(ranged(t, '--pue')))
    .addOption(new Option('--resale <pct>', t('advisor.cli.option.resale')).argParser(ranged(t, '--resale')))
    .addOption(new Option('--maintenance <pct-per-year>', t('advisor.cli.option.maintenance')).argParser(ranged(t, '--maintenance')))
    .addOption(new Option('--cloud-price <usd-per-gpu-hour>', t('advisor.cli.option.cloudPrice')).argParser(ranged(t, '--cloud-price')))
    .addOption(choiceOption('--precision <p>', t('advisor.cli.option.costPrecision'), COMPUTE_PRECISIONS))
    .addOption(new Option('--run-flops <n>', t('advisor.cli.option.runFlops')).argParser(ranged(t, '--run-flops')))
    .addOption(new Option('--run-gpu-hours <n>', t('advisor.cli.option.runGpuHours')).argParser(ranged(t, '--run-gpu-hours')))
    .addOption(new Option('--mfu <pct>', t('advisor.cli.option.mfu')).argParser(ranged(t, '--mfu')))
    .addOption(choiceOption('--currency <code>', t('advisor.cli.option.costCurrency'), CURRENCIES))
    .option('--fx <rates>', t('advisor.cli.option.fx'))
    .option('--json', t('advisor.cli.option.json'))
    .action(async (options: CostOptions) => {
      const { runCost } = await import('./cost-run.js');
      process.exitCode = await runCost(cli, options);
    });
}
