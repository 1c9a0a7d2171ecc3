// What every command needs to talk to the user: the language, colours, and where to write.
// Built once in main.ts, before commander parses, so help texts are translated too.

import pc from 'picocolors';
import { createTranslator, detectLocale, isLocale, type Locale, type Translate } from '../i18n/index.js';
import type { DirectStdout } from './direct-stdout.js';
import { terminalSize, type TerminalSize } from './terminal.js';

export type Colors = ReturnType<typeof pc.createColors>;

export interface CliContext {
  locale: Locale;
  t: Translate;
  color: Colors;
  /** Writes to stdout (the result). */
  out: (text: string) => void;
  /** Writes to stderr (progress, warnings, errors). */
  err: (text: string) => void;
  stdoutIsTTY: boolean;
  /** stdout's size now, with 0 or a missing size read as unknown (see terminal.ts). */
  terminalSize: () => TerminalSize;
  env: NodeJS.ProcessEnv;
}

/**
 * gpuwise's own arguments: those before the first `--`. What follows is the job's (`gpuwise run --
 * python train.py --lang zh-CN`), options included, and must not change gpuwise's language or colour.
 */
function ownArgs(argv: readonly string[]): readonly string[] {
  const end = argv.indexOf('--');
  return end === -1 ? argv : argv.slice(0, end);
}

/**
 * The locale from `--lang X` / `--lang=X` if present (read before commander runs, so that help
 * is in the right language), else from the environment. A bad value is left for commander to
 * reject with a proper message.
 */
export function localeFromArgv(argv: readonly string[], env: NodeJS.ProcessEnv): Locale {
  const own = ownArgs(argv);
  for (let i = 0; i < own.length; i++) {
    const arg = own[i] ?? '';
    const value = arg === '--lang' ? own[i + 1] : arg.startsWith('--lang=') ? arg.slice(7) : undefined;
    if (value !== undefined && isLocale(value)) return value;
  }
  return detectLocale(env);
}

/** NO_COLOR (https://no-color.org) and --no-color turn colour off; so does a non-TTY stdout. */
export function colorEnabled(argv: readonly string[], env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  const own = ownArgs(argv);
  if (own.includes('--no-color') || (env.NO_COLOR !== undefined && env.NO_COLOR !== '')) return false;
  if (own.includes('--color') || env.FORCE_COLOR === '1') return true;
  return isTTY;
}

/** `direct`: stdout written straight to its descriptor (direct-stdout.ts; never a terminal). */
export function createCliContext(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env, direct: DirectStdout | null = null): CliContext {
  const locale = localeFromArgv(argv, env);
  const stdoutIsTTY = direct === null && Boolean(process.stdout.isTTY);
  return {
    locale,
    t: createTranslator(locale),
    color: pc.createColors(colorEnabled(argv, env, stdoutIsTTY)),
    out: direct === null ? (text) => void process.stdout.write(text) : (text) => direct.write(text),
    err: (text) => void process.stderr.write(text),
    stdoutIsTTY,
    terminalSize: () => terminalSize(process.stdout, env),
    env,
  };
}
