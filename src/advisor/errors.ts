// The one error type the advisor throws for bad input: a message key (zh-CN and en through i18n)
// plus its parameters, so the CLI can say what was wrong in the user's language.

import { translate, type MessageKey, type MessageParams } from '../i18n/index.js';

export type AdvisorErrorKey = Extract<MessageKey, `advisor.error.${string}`>;

export class AdvisorError extends Error {
  readonly key: AdvisorErrorKey;
  readonly params: MessageParams;

  constructor(key: AdvisorErrorKey, params: MessageParams = {}) {
    // The English text as `message` keeps stack traces readable; renderers use key + params.
    super(translate('en', key, params));
    this.name = 'AdvisorError';
    this.key = key;
    this.params = params;
  }
}

export function isAdvisorError(error: unknown): error is AdvisorError {
  return error instanceof AdvisorError;
}

/** Throws unless `value` is a finite number ≥ `min` (and an integer when asked). */
export function requireNumber(
  name: string,
  value: number,
  { min = 0, integer = false, exclusiveMin = false }: { min?: number; integer?: boolean; exclusiveMin?: boolean } = {},
): number {
  const tooSmall = exclusiveMin ? value <= min : value < min;
  if (!Number.isFinite(value) || tooSmall || (integer && !Number.isInteger(value))) {
    throw new AdvisorError(integer ? 'advisor.error.badInteger' : 'advisor.error.badNumber', {
      name,
      value: String(value),
      min: exclusiveMin ? `> ${min}` : `≥ ${min}`,
    });
  }
  return value;
}
