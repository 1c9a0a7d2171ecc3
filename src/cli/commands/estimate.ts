// `gpuwise estimate --task train|finetune|inference --model <preset> | --params <n> …`: the memory
// a model needs for training, fine-tuning or inference, per GPU and in all, term by term.

import { Option, type Command } from 'commander';
// Choice lists come from the leaf modules, so registering the command loads no catalog.
import { ATTENTION_KINDS, RECOMPUTATION_MODES } from '../../advisor/estimate/activations.js';
import { KV_CACHE_DTYPES, WEIGHT_DTYPES } from '../../advisor/estimate/dtypes.js';
import { LORA_TARGETS } from '../../advisor/estimate/lora.js';
import { OPTIMIZERS, TRAINING_PRECISIONS, ZERO_STAGES, type TrainingPrecision } from '../../advisor/estimate/training.js';
import { FINETUNE_METHODS, TASKS } from '../../advisor/estimate/types.js';
import type { CliContext } from '../context.js';
import { addEstimatorOptions, addModelOptions, choiceOption, type EstimatorOptions, type ModelOptions } from './advisor-options.js';
import { rejectOptionsNotApplying } from './option-conflicts.js';
import { ranged } from './option-ranges.js';

export interface EstimateOptions extends ModelOptions, EstimatorOptions {
  task: (typeof TASKS)[number];
  precision?: TrainingPrecision;
  gpus?: number;
  zero?: string;
  tp?: number;
  listModels?: boolean;
  json?: boolean;
  config?: string;
  gpu?: string;
  memoryMargin?: number;
}

export function register(program: Command, cli: CliContext): void {
  const { t } = cli;
  const command = program
    .command('estimate')
    .description(t('advisor.cli.estimate.description'))
    .addOption(choiceOption('--task <task>', t('advisor.cli.option.estimateTask'), TASKS).default('train'));
  addModelOptions(command, t);
  command.addOption(choiceOption('--precision <p>', t('advisor.cli.option.trainPrecision'), TRAINING_PRECISIONS));
  addEstimatorOptions(command, t, {
    optimizer: OPTIMIZERS,
    method: FINETUNE_METHODS,
    loraTargets: LORA_TARGETS,
    recompute: RECOMPUTATION_MODES,
    attention: ATTENTION_KINDS,
    dtype: WEIGHT_DTYPES,
    kvDtype: KV_CACHE_DTYPES,
  });
  rejectOptionsNotApplying(command, t);
  command
    .addOption(new Option('--gpus <n>', t('advisor.cli.option.gpus')).argParser(ranged(t, '--gpus')))
    .addOption(choiceOption('--zero <stage>', t('advisor.cli.option.zero'), ZERO_STAGES.map(String)))
    .addOption(new Option('--tp <n>', t('advisor.cli.option.tp')).argParser(ranged(t, '--tp')))
    .option('--config <file>', t('advisor.cli.option.config'))
    .option('--gpu <name>', t('advisor.cli.option.gpu'))
    .addOption(new Option('--memory-margin <percent>', t('advisor.cli.option.memoryMargin')).argParser(ranged(t, '--memory-margin')))
    .option('--list-models', t('advisor.cli.option.listModels'))
    .option('--json', t('advisor.cli.option.json'))
    .action(async (options: EstimateOptions) => {
      const { runEstimate } = await import('./estimate-run.js');
      process.exitCode = await runEstimate(cli, options);
    });
}
