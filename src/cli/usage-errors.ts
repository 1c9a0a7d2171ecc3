// Commander writes its parse errors in English; users read Chinese first. Every error commander can
// raise is translated here into gpuwise's one style — what happened, then what to do — with the
// hint naming the help of the command that was typed (`gpuwise cost --help`), not the program's.

import type { Command } from 'commander';
import type { Translate } from '../i18n/index.js';
import { safeView } from './render/safe-view.js';

type Render = (m: RegExpMatchArray, t: Translate) => string;

const PATTERNS: { pattern: RegExp; render: Render; commands?: true }[] = [
  { pattern: /^error: unknown option '([^']+)'/, render: (m, t) => t('cli.unknownOption', { option: m[1] ?? '' }) },
  { pattern: /^error: unknown command '([^']+)'/, render: (m, t) => t('cli.unknownCommand', { command: m[1] ?? '' }), commands: true },
  { pattern: /^error: missing required argument '([^']+)'/, render: (m, t) => t('cli.missingArgument', { argument: m[1] ?? '' }) },
  { pattern: /^error: option '([^']+)' argument missing/, render: (m, t) => t('cli.optionMissingArgument', { option: m[1] ?? '' }) },
  { pattern: /^error: required option '([^']+)' not specified/, render: (m, t) => t('cli.missingMandatoryOption', { option: m[1] ?? '' }) },
  {
    pattern: /^error: too many arguments(?: for '[^']*')?\. Expected (\d+) arguments? but got (\d+)\./,
    render: (m, t) => t('cli.tooManyArguments', { expected: Number(m[1] ?? 0), got: Number(m[2] ?? 0) }),
  },
  { pattern: /^error: too many arguments/, render: (_m, t) => t('cli.tooManyArgumentsBare') },
  {
    pattern: /^error: (?:option '([^']+)'|environment variable '([^']+)') cannot be used with (?:option '([^']+)'|environment variable '([^']+)')/,
    render: (m, t) => t('cli.conflictingOption', { option: m[1] ?? m[2] ?? '', other: m[3] ?? m[4] ?? '' }),
  },
  {
    pattern: /^error: option '([^']+)' argument '([^']*)' is invalid\.\s*(.*)$/s,
    render: (m, t) => t('cli.invalidOptionValue', { option: m[1] ?? '', value: m[2] ?? '', reason: reasonText(m[3] ?? '', t) }),
  },
  {
    pattern: /^error: command-argument value '([^']*)' is invalid for argument '([^']+)'\.\s*(.*)$/s,
    render: (m, t) => t('cli.invalidArgumentValue', { argument: m[2] ?? '', value: m[1] ?? '', reason: reasonText(m[3] ?? '', t) }),
  },
];

/** A parser's reason is ours (already translated) except commander's own choice list. */
function reasonText(reason: string, t: Translate): string {
  const trimmed = reason.trim();
  const choices = /^Allowed choices are (.*)\.$/s.exec(trimmed);
  return choices ? t('cli.allowedChoices', { choices: (choices[1] ?? '').split(', ').join(t('cli.help.listSeparator')) }) : trimmed;
}

/** Commander's suggestion line ("(Did you mean --json?)") survives translation. */
function suggestion(text: string, t: Translate): string {
  const match = text.match(/\(Did you mean ([^?]+)\?\)/);
  return match ? `\n${t('cli.didYouMean', { suggestion: match[1] ?? '' })}` : '';
}

export function translateUsageError(text: string, t: Translate, commandPath: string): string {
  // Commander quotes the user's argv back; a value pasted from elsewhere may carry escapes.
  const trimmed = text.trim().split('\n').map((line) => safeView(line)).join('\n');
  for (const { pattern, render, commands } of PATTERNS) {
    const match = trimmed.match(pattern);
    if (!match) continue;
    const hint = commands ? t('cli.seeCommands', { command: commandPath }) : t('cli.seeHelp', { command: commandPath });
    return `${t('cli.error', { message: render(match, t) })}${suggestion(trimmed, t)}\n${hint}\n`;
  }
  // A message commander added after this list was written: its text, in our shape.
  return usageErrorText(t, commandPath, trimmed.replace(/^error: /, ''));
}

/**
 * A command's own usage error in the same shape as commander's: "Error: …" then the command's
 * help. For a command's action that refuses its input (exit 2) where commander cannot.
 */
export function usageErrorText(t: Translate, commandPath: string, message: string): string {
  return `${t('cli.error', { message })}\n${t('cli.seeHelp', { command: commandPath })}\n`;
}

/** "gpuwise gpus compare": the words a user types to reach `command`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/**
 * Gives every command in the tree an error writer that names its own help. Commander copies one
 * output configuration to each subcommand as it is created; this runs once all are registered.
 */
export function localiseUsageErrors(root: Command, t: Translate): void {
  const visit = (command: Command) => {
    const path = commandPath(command);
    command.configureOutput({ outputError: (text, write) => write(mistypedSubcommand(command, text, t, path) ?? translateUsageError(text, t, path)) });
    for (const sub of command.commands) visit(sub);
  };
  visit(root);
}

/** Edit distance with one swap of neighbours counted as one edit (lst → list: 1, lsit → list: 1). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * `gpuwise servers lst`: a command that has its own action and subcommands reads a mistyped
 * subcommand as an operand it does not take, and commander says "too many arguments". Said as
 * the unknown command it is, with the nearest subcommand if one is near; null for any other
 * error, and for a far-off word given to a command that takes operands of its own.
 */
function mistypedSubcommand(command: Command, text: string, t: Translate, path: string): string | null {
  if (command.commands.length === 0 || !/^error: too many arguments/.test(text.trim())) return null;
  const word = command.args[0];
  if (word === undefined || word.startsWith('-')) return null;
  const names = command.commands.flatMap((sub) => [sub.name(), ...sub.aliases()]);
  const near = names
    .map((name) => ({ name, distance: editDistance(word, name) }))
    .filter(({ name, distance }) => distance <= Math.max(1, Math.floor(name.length / 3)))
    .sort((a, b) => a.distance - b.distance)[0];
  // A command that takes no operands of its own: any word there was meant as a subcommand.
  if (near === undefined && command.registeredArguments.length > 0) return null;
  const unknown = t('cli.error', { message: t('cli.unknownCommand', { command: safeView(word) }) });
  const hint = near === undefined ? '' : `\n${t('cli.didYouMean', { suggestion: near.name })}`;
  return `${unknown}${hint}\n${t('cli.seeCommands', { command: path })}\n`;
}
