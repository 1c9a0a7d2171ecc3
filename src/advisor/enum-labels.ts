// Enum values shown in output, in the reader's words (the CLI's lines and the advisor's notes).
// `satisfies Record<Enum, MessageKey>` makes a new value without its message a compile error.

import type { MessageKey, Translate } from '../i18n/index.js';
import type { AttentionKind, Recomputation } from './estimate/activations.js';
import type { Optimizer, TrainingPrecision } from './estimate/training.js';
import type { FinetuneMethod } from './estimate/types.js';

const RECOMPUTE = {
  none: 'enumValue.recompute.none',
  selective: 'enumValue.recompute.selective',
  full: 'enumValue.recompute.full',
} as const satisfies Record<Recomputation, MessageKey>;

const METHOD = { full: 'enumValue.method.full', lora: 'enumValue.method.lora', qlora: 'enumValue.method.qlora' } as const satisfies Record<FinetuneMethod, MessageKey>;

const OPTIMIZER = {
  adamw: 'enumValue.optimizer.adamw',
  'adamw-8bit': 'enumValue.optimizer.adamw-8bit',
  sgd: 'enumValue.optimizer.sgd',
  'sgd-momentum': 'enumValue.optimizer.sgd-momentum',
  adafactor: 'enumValue.optimizer.adafactor',
} as const satisfies Record<Optimizer, MessageKey>;

const PRECISION = {
  fp32: 'enumValue.precision.fp32',
  'mixed-fp16': 'enumValue.precision.mixed-fp16',
  'mixed-bf16': 'enumValue.precision.mixed-bf16',
  bf16: 'enumValue.precision.bf16',
  fp16: 'enumValue.precision.fp16',
} as const satisfies Record<TrainingPrecision, MessageKey>;

const ATTENTION = { flash: 'enumValue.attention.flash', standard: 'enumValue.attention.standard' } as const satisfies Record<AttentionKind, MessageKey>;

function from<T extends string>(map: Record<T, MessageKey>, value: T | null, t: Translate): string {
  return value === null ? t('common.notAvailable') : t(map[value]);
}

export const recomputeText = (value: Recomputation | null, t: Translate) => from(RECOMPUTE, value, t);
export const methodText = (value: FinetuneMethod | null, t: Translate) => from(METHOD, value, t);
export const optimizerText = (value: Optimizer | null, t: Translate) => from(OPTIMIZER, value, t);
export const precisionText = (value: TrainingPrecision | null, t: Translate) => from(PRECISION, value, t);

/** A model without a name (sized by --params) is the advisor's 'custom'. */
export function modelNameText(name: string, t: Translate): string {
  return name === 'custom' ? t('enumValue.model.custom') : name;
}

/** A note's or an error's parameters with the enum values it names in the reader's words. */
export function withEnumLabels(params: Record<string, string | number>, t: Translate): Record<string, string | number> {
  const out = { ...params };
  const label = <T extends string>(name: string, map: Record<T, MessageKey>) => {
    const value = out[name];
    if (typeof value === 'string' && Object.hasOwn(map, value)) out[name] = t(map[value as T]);
  };
  label('precision', PRECISION);
  label('optimizer', OPTIMIZER);
  label('method', METHOD);
  label('recomputation', RECOMPUTE);
  label('attention', ATTENTION);
  if (out.model === 'custom') out.model = t('enumValue.model.custom');
  // Lists of GPU ids travel joined by ", " (the JSON's form); shown, they take the reader's separator ("a、b").
  for (const name of ID_LISTS) {
    const value = out[name];
    if (typeof value === 'string') out[name] = value.split(', ').join(t('cli.help.listSeparator'));
  }
  return out;
}

const ID_LISTS = ['alternatives', 'candidates', 'suggestions'] as const;

