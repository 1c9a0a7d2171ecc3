// Commander's help in the reader's language. Commander writes its own words into every help page
// ("Usage:", "[options]", "(choices: …, default: …)"); these hooks replace each of them, for every
// command registered now or later (configureHelp is copied to each subcommand), so a new command
// needs no work of its own to read as Chinese.

import { Help, type Argument, type Command, type Option } from 'commander';
import type { Translate } from '../i18n/index.js';
import { displayWidth } from './render/format.js';

type HelpHooks = Partial<Help> & { showGlobalOptions: boolean };

/** The words commander puts into usage lines, as a Chinese reader expects them. */
function usageTokens(t: Translate): Record<string, string> {
  return { '[options]': t('cli.help.optionsToken'), '[command]': t('cli.help.commandToken') };
}

function translateTokens(text: string, tokens: Record<string, string>): string {
  return text
    .split(' ')
    .map((word) => tokens[word] ?? word)
    .join(' ');
}

/** "(choices: "a", "b", default: "a")" → the catalog's words; the values stay as typed. */
function extras(t: Translate, described: { argChoices?: string[]; defaultValue?: unknown; defaultValueDescription?: string; envVar?: string }, showDefault: boolean): string[] {
  const parts: string[] = [];
  if (described.argChoices) parts.push(t('cli.help.choices', { choices: described.argChoices.map((c) => JSON.stringify(c)).join(t('cli.help.listSeparator')) }));
  if (showDefault && described.defaultValue !== undefined) {
    parts.push(t('cli.help.default', { value: described.defaultValueDescription ?? JSON.stringify(described.defaultValue) }));
  }
  if (described.envVar !== undefined) parts.push(t('cli.help.env', { name: described.envVar }));
  return parts;
}

function withExtras(t: Translate, description: string, parts: string[]): string {
  if (parts.length === 0) return description;
  const extras = parts.join(t('cli.help.extrasSeparator'));
  return description ? t('cli.help.withExtras', { description, extras }) : t('cli.help.extras', { extras });
}

// A line may break at a space, or between two Chinese characters (which have no spaces between
// them) — never before closing punctuation nor after opening punctuation.
const WIDE = '\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef';
const CLOSING = '）」』】》〉，。、；：！？”’';
const OPENING = '（「『【《〈“‘';
const CHUNK = new RegExp(`\\s*(?:[${OPENING}]*[${WIDE}][${CLOSING}]*|[^\\s${WIDE}]+[${CLOSING}]*)`, 'gu');

/** Commander's boxWrap, with the break opportunities above. */
function boxWrap(text: string, width: number): string {
  if (width < 40) return text;
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const chunks = line.match(CHUNK);
    if (!chunks) {
      out.push('');
      continue;
    }
    let current = '';
    for (const chunk of chunks) {
      if (current !== '' && displayWidth(current + chunk) > width) {
        out.push(current);
        current = chunk.trimStart();
      } else current += chunk;
    }
    out.push(current);
  }
  return out.join('\n');
}

/** Words a summary may start with that keep their capital ("Prometheus's …"). */
const PROPER_NOUNS = new Set(['Prometheus', 'Grafana', 'Docker', 'Kubernetes', 'Linux', 'Windows', 'Python', 'PyTorch', 'Intel', 'Apple']);

export function helpHooks(t: Translate): HelpHooks {
  const titles: Record<string, string> = {
    'Usage:': t('cli.help.usage'),
    'Options:': t('cli.help.options'),
    'Commands:': t('cli.help.commands'),
    'Arguments:': t('cli.help.arguments'),
    'Global Options:': t('cli.help.globalOptions'),
  };
  const tokens = usageTokens(t);
  const base = Help.prototype;
  return {
    showGlobalOptions: true,
    styleTitle: (title) => titles[title] ?? title,
    // A Chinese character takes two columns: commander's .length would break its wrapping.
    displayWidth: (text) => displayWidth(text),
    boxWrap: (text, width) => boxWrap(text, width),
    commandUsage(this: Help, cmd: Command) {
      return translateTokens(base.commandUsage.call(this, cmd), tokens);
    },
    subcommandTerm(this: Help, cmd: Command) {
      return translateTokens(base.subcommandTerm.call(this, cmd), tokens);
    },
    // In a list of commands every summary starts the same way: "show …", "run …", "the fleet …"
    // (some commands' descriptions are sentences with a capital; a name such as "GPU" keeps its).
    subcommandDescription(this: Help, cmd: Command) {
      const text = base.subcommandDescription.call(this, cmd);
      const first = /^[A-Z][a-z]+/.exec(text)?.[0];
      return first !== undefined && !PROPER_NOUNS.has(first) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
    },
    // An argument reads as it does in the usage line (`<gpu...>`, `[topic]`): a bare "gpu" in the
    // Arguments list looks like a word of the description, in any language.
    argumentTerm(argument: Argument) {
      const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
      return argument.required ? `<${name}>` : `[${name}]`;
    },
    optionDescription(option: Option) {
      // As commander: a default is shown for options that take a value (a boolean's is noise).
      const showDefault = option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
      return withExtras(t, option.description, extras(t, option, showDefault));
    },
    argumentDescription(argument: Argument) {
      return withExtras(t, argument.description, extras(t, argument, true));
    },
    formatHelp(this: Help, cmd: Command, helper: Help) {
      // "用法： gpuwise …": commander puts a space after the title; a full-width colon has its own.
      const text = base.formatHelp.call(this, cmd, helper);
      const usage = titles['Usage:'] ?? 'Usage:';
      return usage.endsWith('：') && text.startsWith(`${usage} `) ? usage + text.slice(usage.length + 1) : text;
    },
  };
}
