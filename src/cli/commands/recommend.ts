// `gpuwise recommend --task … [--model …|--params …|--memory-gib …] [--precision …] [--budget …]
// [--form-factor …] [--max-power …] [--max-count …]`: ranked GPU options with the reasons.

import { Option, type Command } from 'commander';
// Choice lists come from the leaf modules, so registering the command loads no catalog.
import { ATTENTION_KINDS, RECOMPUTATION_MODES } from '../../advisor/estimate/activations.js';
import { KV_CACHE_DTYPES, WEIGHT_DTYPES } from '../../advisor/estimate/dtypes.js';
import { LORA_TARGETS } from '../../advisor/estimate/lora.js';
import { OPTIMIZERS, TRAINING_PRECISIONS, type TrainingPrecision } from '../../advisor/estimate/training.js';
import { FINETUNE_METHODS } from '../../advisor/estimate/types.js';
import {
  COMPUTE_PRECISIONS,
  DEPLOYMENTS,
  RECOMMEND_TASKS,
  SORT_KEYS,
  type ComputePrecision,
  type Deployment,
  type RecommendTask,
  type SortKey,
} from '../../advisor/recommend/types.js';
import { CURRENCIES, SEGMENTS, type Currency, type Segment } from '../../catalog/gpu-enums.js';
import type { CliContext } from '../context.js';
import {
  addEstimatorOptions,
  addModelOptions,
  choiceOption,
  parseList,
  type EstimatorOptions,
  type ModelOptions,
} from './advisor-options.js';
import { rejectOptionsNotApplying } from './option-conflicts.js';
import { ranged } from './option-ranges.js';

export interface RecommendOptions extends ModelOptions, EstimatorOptions {
  task: RecommendTask;
  memoryGib?: number;
  precision?: ComputePrecision;
  trainPrecision?: TrainingPrecision;
  /** As typed: "¥400000", "400k", "$60,000" — parsed with the currency (advisor/pricing/money.ts). */
  budget?: string;
  budgetPerHour?: string;
  currency?: Currency;
  fx?: string;
  segment?: Segment[];
  memoryMargin?: number;
  config?: string;
  formFactor?: Deployment;
  maxPower?: number;
  maxCount?: number;
  sort?: SortKey;
  limit?: number;
  local?: boolean;
  /** Another machine's GPUs from pasted tool output (src/import), instead of this one's. */
  from?: string;
  json?: boolean;
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  const command = program
    .command('recommend')
    .description(t('advisor.cli.recommend.description'))
    .addOption(choiceOption('--task <task>', t('advisor.cli.option.recommendTask'), RECOMMEND_TASKS).makeOptionMandatory());
  addModelOptions(command, t);
  command
    // The memory given directly, or computed from a model: one or the other, never both silently.
    .addOption(new Option('--memory-gib <x>', t('advisor.cli.option.memoryGib')).argParser(ranged(t, '--memory-gib')).conflicts(['model', 'params', 'config']))
    .addOption(choiceOption('--precision <p>', t('advisor.cli.option.computePrecision'), COMPUTE_PRECISIONS))
    .addOption(choiceOption('--train-precision <p>', t('advisor.cli.option.trainPrecision'), TRAINING_PRECISIONS));
  addEstimatorOptions(command, t, {
    optimizer: OPTIMIZERS,
    method: FINETUNE_METHODS,
    loraTargets: LORA_TARGETS,
    recompute: RECOMPUTATION_MODES,
    attention: ATTENTION_KINDS,
    dtype: WEIGHT_DTYPES,
    kvDtype: KV_CACHE_DTYPES,
  });
  // recommend's --precision is the compute precision of every task, not training's.
  rejectOptionsNotApplying(command, t, ['precision']);
  command
    .option('--config <file>', t('advisor.cli.option.config'))
    .option('--budget <amount>', t('advisor.cli.option.budgetMoney'))
    .option('--budget-per-hour <amount>', t('advisor.cli.option.budgetPerHourMoney'))
    .addOption(choiceOption('--currency <code>', t('advisor.cli.option.currency'), CURRENCIES))
    .option('--fx <rates>', t('advisor.cli.option.fx'))
    .addOption(new Option('--segment <list>', t('advisor.cli.option.segment')).argParser(parseList(t, SEGMENTS)))
    .addOption(new Option('--memory-margin <percent>', t('advisor.cli.option.memoryMargin')).argParser(ranged(t, '--memory-margin')))
    .addOption(choiceOption('--form-factor <kind>', t('advisor.cli.option.formFactor'), DEPLOYMENTS))
    .addOption(new Option('--max-power <watts>', t('advisor.cli.option.maxPower')).argParser(ranged(t, '--max-power')))
    .addOption(new Option('--max-count <n>', t('advisor.cli.option.maxCount')).argParser(ranged(t, '--max-count')))
    .addOption(choiceOption('--sort <key>', t('advisor.cli.option.sort'), SORT_KEYS))
    .addOption(new Option('--limit <n>', t('advisor.cli.option.limit')).argParser(ranged(t, '--limit')))
    .option('--local', t('advisor.cli.option.local'))
    .option('--from <file>', t('import.option.from'))
    .option('--json', t('advisor.cli.option.json'))
    .action(async (options: RecommendOptions) => {
      const { runRecommend } = await import('./recommend-run.js');
      process.exitCode = await runRecommend(cli, options);
    });
}
