// Commander writes its parse errors in English; users read Chinese first. Translate the ones a
// user can hit, and always point at --help.

import type { Translate } from '../i18n/index.js';
import { safeView } from './render/safe-view.js';

const PATTERNS: { pattern: RegExp; render: (m: RegExpMatchArray, t: Translate) => string }[] = [
  { pattern: /^error: unknown option '([^']+)'/, render: (m, t) => t('cli.unknownOption', { option: m[1] ?? '' }) },
  { pattern: /^error: unknown command '([^']+)'/, render: (m, t) => t('cli.unknownCommand', { command: m[1] ?? '' }) },
  { pattern: /^error: missing required argument '([^']+)'/, render: (m, t) => t('cli.missingArgument', { argument: m[1] ?? '' }) },
  { pattern: /^error: option '([^']+)' argument missing/, render: (m, t) => t('cli.optionMissingArgument', { option: m[1] ?? '' }) },
  { pattern: /^error: too many arguments/, render: (_m, t) => t('cli.tooManyArguments') },
  {
    pattern: /^error: option '([^']+)' argument '([^']*)' is invalid\.\s*(.*)$/s,
    render: (m, t) => t('cli.invalidOptionValue', { option: m[1] ?? '', value: m[2] ?? '', reason: (m[3] ?? '').trim() }),
  },
  {
    pattern: /^error: command-argument value '([^']*)' is invalid for argument '([^']+)'\.\s*(.*)$/s,
    render: (m, t) => t('cli.invalidArgumentValue', { argument: m[2] ?? '', value: m[1] ?? '', reason: (m[3] ?? '').trim() }),
  },
];

/** Commander's suggestion line ("(Did you mean --json?)") survives translation. */
function suggestion(text: string, t: Translate): string {
  const match = text.match(/\(Did you mean ([^?]+)\?\)/);
  return match ? `\n${t('cli.didYouMean', { suggestion: match[1] ?? '' })}` : '';
}

export function translateUsageError(text: string, t: Translate, commandPath: string): string {
  // Commander quotes the user's argv back; a value pasted from elsewhere may carry escapes.
  const trimmed = text.trim().split('\n').map((line) => safeView(line)).join('\n');
  for (const { pattern, render } of PATTERNS) {
    const match = trimmed.match(pattern);
    if (match) return `${render(match, t)}${suggestion(trimmed, t)}\n${t('cli.seeHelp', { command: commandPath })}\n`;
  }
  return `${trimmed}\n${t('cli.seeHelp', { command: commandPath })}\n`;
}
