// `gpuwise cost --gpu <id|name> [--count n] [--years n] [--utilization %] …`: owning against
// renting — total cost, payback, break-even utilisation, cost per TFLOP-hour and per run.

import { Option, type Command } from 'commander';
import { CURRENCIES, type Currency } from '../../catalog/gpu-enums.js';
import { COMPUTE_PRECISIONS, type ComputePrecision } from '../../advisor/recommend/types.js';
import type { CliContext } from '../context.js';
import { choiceOption } from './advisor-options.js';
import type { MessageKey } from '../../i18n/index.js';
import { ranged, type RangedFlag } from './option-ranges.js';

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

/**
 * The options typed in --currency's money. Their placeholder and help name that currency
 * (`--price <cny>` with --currency CNY), and so do the errors commander writes with the
 * placeholder in them; the option names stay.
 */
const MONEY_OPTIONS = {
  '--price': { unit: '', help: 'advisor.cli.option.price' },
  '--host-price': { unit: '', help: 'advisor.cli.option.hostPrice' },
  '--electricity': { unit: '-per-kwh', help: 'advisor.cli.option.electricity' },
  '--cloud-price': { unit: '-per-gpu-hour', help: 'advisor.cli.option.cloudPrice' },
} as const satisfies Partial<Record<RangedFlag, { unit: string; help: MessageKey }>>;
type MoneyFlag = keyof typeof MONEY_OPTIONS;

const moneyFlags = (flag: MoneyFlag, currency: Currency) => `${flag} <${currency.toLowerCase()}${MONEY_OPTIONS[flag].unit}>`;

/** `--currency CNY` or `--currency=cny` among a command's arguments; USD when absent (a bad code is --currency's own error). */
export function currencyInArgs(args: readonly string[]): Currency {
  const at = args.indexOf('--currency');
  const value = at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith('--currency='))?.slice('--currency='.length);
  const code = value?.toUpperCase();
  return (CURRENCIES as readonly string[]).includes(code ?? '') ? (code as Currency) : 'USD';
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  const money: Partial<Record<MoneyFlag, Option>> = {};
  const moneyOption = (flag: MoneyFlag) => {
    const option = new Option(moneyFlags(flag, 'USD'), t(MONEY_OPTIONS[flag].help, { currency: 'USD' })).argParser(ranged(t, flag));
    money[flag] = option;
    return option;
  };
  const command = program
    .command('cost')
    .description(t('advisor.cli.cost.description'))
    .requiredOption('--gpu <id>', t('advisor.cli.option.costGpu'))
    .addOption(new Option('--count <n>', t('advisor.cli.option.costCount')).argParser(ranged(t, '--count')))
    .addOption(moneyOption('--price'))
    .addOption(moneyOption('--host-price'))
    .addOption(new Option('--years <n>', t('advisor.cli.option.years')).argParser(ranged(t, '--years')))
    .addOption(new Option('--utilization <pct>', t('advisor.cli.option.utilization')).argParser(ranged(t, '--utilization')))
    .addOption(new Option('--power-watts <w>', t('advisor.cli.option.powerWatts')).argParser(ranged(t, '--power-watts')))
    .addOption(moneyOption('--electricity'))
    .addOption(new Option('--pue <x>', t('advisor.cli.option.pue')).argParser(ranged(t, '--pue')))
    .addOption(new Option('--resale <pct>', t('advisor.cli.option.resale')).argParser(ranged(t, '--resale')))
    .addOption(new Option('--maintenance <pct-per-year>', t('advisor.cli.option.maintenance')).argParser(ranged(t, '--maintenance')))
    .addOption(moneyOption('--cloud-price'))
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
  // Before any option is parsed (`--price -5 --currency CNY` is read left to right), the money
  // options learn the currency, so `--help` and a refused value both name it.
  const parseOptions = command.parseOptions.bind(command);
  command.parseOptions = (args) => {
    const currency = currencyInArgs(args);
    for (const [flag, option] of Object.entries(money) as [MoneyFlag, Option][]) {
      option.flags = moneyFlags(flag, currency);
      option.description = t(MONEY_OPTIONS[flag].help, { currency });
    }
    return parseOptions(args);
  };
}
