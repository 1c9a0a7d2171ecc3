// Option parsing shared by the advisor commands (estimate, recommend, cost, gpus compare): list
// parsers that reject bad values with a translated reason (numbers: option-ranges.ts), the model
// and estimator options, and turning an AdvisorError into a translated usage error (exit 2).

import { InvalidArgumentError, Option, type Command } from 'commander';
import type { CustomModelInput, EstimateInput } from '../../advisor/index.js';
import { withEnumLabels } from '../../advisor/enum-labels.js';
import { AdvisorError, isAdvisorError } from '../../advisor/errors.js';
import { safeText } from '../../core/safe-text.js';
import type { Translate } from '../../i18n/index.js';
import type { CliContext } from '../context.js';
import { FLAG_OF_FIELD, ranged } from './option-ranges.js';

/** "datacenter,workstation" → the listed choices, each checked. */
export function parseList<T extends string>(t: Translate, choices: readonly T[]) {
  return (value: string): T[] => {
    const items = value.split(',').map((item) => item.trim()).filter((item) => item !== '');
    const bad = items.find((item) => !(choices as readonly string[]).includes(item));
    if (items.length === 0 || bad !== undefined) throw new InvalidArgumentError(t('advisor.cli.badList', { value: bad ?? value, choices: choices.join(', ') }));
    return items as T[];
  };
}

export function choiceOption(flags: string, description: string, choices: readonly string[]): Option {
  return new Option(flags, description).choices(choices as string[]);
}

export interface ModelOptions {
  model?: string;
  params?: number;
  layers?: number;
  hidden?: number;
  heads?: number;
  kvHeads?: number;
  intermediate?: number;
  vocab?: number;
  gated?: boolean;
}

export function addModelOptions(command: Command, t: Translate): Command {
  return command
    .option('--model <preset>', t('advisor.cli.option.model'))
    .addOption(new Option('--params <n>', t('advisor.cli.option.params')).argParser(ranged(t, '--params')))
    .addOption(new Option('--layers <n>', t('advisor.cli.option.layers')).argParser(ranged(t, '--layers')))
    .addOption(new Option('--hidden <n>', t('advisor.cli.option.hidden')).argParser(ranged(t, '--hidden')))
    .addOption(new Option('--heads <n>', t('advisor.cli.option.heads')).argParser(ranged(t, '--heads')))
    .addOption(new Option('--kv-heads <n>', t('advisor.cli.option.kvHeads')).argParser(ranged(t, '--kv-heads')))
    .addOption(new Option('--intermediate <n>', t('advisor.cli.option.intermediate')).argParser(ranged(t, '--intermediate')))
    .addOption(new Option('--vocab <n>', t('advisor.cli.option.vocab')).argParser(ranged(t, '--vocab')))
    .option('--gated', t('advisor.cli.option.gated'));
}

/** The model the options name; null when neither --model nor --params was given. */
export function modelFromOptions(options: ModelOptions): string | CustomModelInput | null {
  if (options.model !== undefined && options.params !== undefined) throw new AdvisorError('advisor.error.modelAndParams');
  if (options.model !== undefined) return options.model;
  if (options.params === undefined) return null;
  const custom: CustomModelInput = { parameterCount: options.params };
  if (options.layers !== undefined) custom.layers = options.layers;
  if (options.hidden !== undefined) custom.hiddenSize = options.hidden;
  if (options.heads !== undefined) custom.attentionHeads = options.heads;
  if (options.kvHeads !== undefined) custom.kvHeads = options.kvHeads;
  if (options.intermediate !== undefined) custom.intermediateSize = options.intermediate;
  if (options.vocab !== undefined) custom.vocabSize = options.vocab;
  if (options.gated) custom.gatedMlp = true;
  return custom;
}

export interface EstimatorOptions {
  seqLen?: number;
  batch?: number;
  resolution?: number;
  optimizer?: EstimateInput['optimizer'];
  method?: EstimateInput['method'];
  loraRank?: number;
  loraTargets?: EstimateInput['loraTargets'];
  doubleQuant?: boolean;
  recompute?: EstimateInput['recomputation'];
  attention?: EstimateInput['attention'];
  dtype?: EstimateInput['weightDtype'];
  kvDtype?: EstimateInput['kvCacheDtype'];
  overheadGib?: number;
  activationsGib?: number;
}

export function addEstimatorOptions(command: Command, t: Translate, choices: Record<'optimizer' | 'method' | 'loraTargets' | 'recompute' | 'attention' | 'dtype' | 'kvDtype', readonly string[]>): Command {
  return command
    .addOption(new Option('--seq-len <n>', t('advisor.cli.option.seqLen')).argParser(ranged(t, '--seq-len')))
    .addOption(new Option('--batch <n>', t('advisor.cli.option.batch')).argParser(ranged(t, '--batch')))
    .addOption(new Option('--resolution <px>', t('advisor.cli.option.resolution')).argParser(ranged(t, '--resolution')))
    .addOption(choiceOption('--optimizer <name>', t('advisor.cli.option.optimizer'), choices.optimizer))
    .addOption(choiceOption('--method <name>', t('advisor.cli.option.method'), choices.method))
    .addOption(new Option('--lora-rank <n>', t('advisor.cli.option.loraRank')).argParser(ranged(t, '--lora-rank')))
    .addOption(choiceOption('--lora-targets <set>', t('advisor.cli.option.loraTargets'), choices.loraTargets))
    .option('--no-double-quant', t('advisor.cli.option.noDoubleQuant'))
    .addOption(choiceOption('--recompute <mode>', t('advisor.cli.option.recompute'), choices.recompute))
    .addOption(choiceOption('--attention <kind>', t('advisor.cli.option.attention'), choices.attention))
    .addOption(choiceOption('--dtype <format>', t('advisor.cli.option.dtype'), choices.dtype))
    .addOption(choiceOption('--kv-dtype <format>', t('advisor.cli.option.kvDtype'), choices.kvDtype))
    .addOption(new Option('--overhead-gib <x>', t('advisor.cli.option.overheadGib')).argParser(ranged(t, '--overhead-gib')))
    .addOption(new Option('--activations-gib <x>', t('advisor.cli.option.activationsGib')).argParser(ranged(t, '--activations-gib')));
}

const GIB = 1024 ** 3;

/** The estimator settings the options give (undefined where not given). */
export function estimatorSettings(options: EstimatorOptions): Partial<EstimateInput> {
  const settings: Partial<EstimateInput> = {};
  if (options.seqLen !== undefined) settings.sequenceLength = options.seqLen;
  if (options.batch !== undefined) settings.batchSize = options.batch;
  if (options.resolution !== undefined) settings.imageResolution = options.resolution;
  if (options.optimizer !== undefined) settings.optimizer = options.optimizer;
  if (options.method !== undefined) settings.method = options.method;
  if (options.loraRank !== undefined) settings.loraRank = options.loraRank;
  if (options.loraTargets !== undefined) settings.loraTargets = options.loraTargets;
  if (options.doubleQuant === false) settings.doubleQuantization = false;
  if (options.recompute !== undefined) settings.recomputation = options.recompute;
  if (options.attention !== undefined) settings.attention = options.attention;
  if (options.dtype !== undefined) settings.weightDtype = options.dtype;
  if (options.kvDtype !== undefined) settings.kvCacheDtype = options.kvDtype;
  if (options.overheadGib !== undefined) settings.overheadBytes = options.overheadGib * GIB;
  if (options.activationsGib !== undefined) settings.activationsBytes = options.activationsGib * GIB;
  return settings;
}

/**
 * Runs an advisor call; a bad-input AdvisorError becomes a translated message on stderr and exit
 * code 2, like commander's own usage errors. Other errors propagate (main.ts reports them).
 */
export async function withAdvisorErrors(cli: CliContext, command: string, run: () => number | Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (!isAdvisorError(error)) throw error;
    // Parameters often echo what the user typed or a file held: shown, never obeyed.
    const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, typeof v === 'string' ? safeText(v) : v]));
    // The library names its inputs (utilizationPercent); the user typed a flag (--utilization).
    if (typeof params.name === 'string') params.name = FLAG_OF_FIELD[params.name] ?? params.name;
    cli.err(`${cli.t('advisor.cli.error', { message: cli.t(error.key, withEnumLabels(params, cli.t)) })}\n`);
    cli.err(`${cli.t('cli.seeHelp', { command })}\n`);
    return 2;
  }
}
