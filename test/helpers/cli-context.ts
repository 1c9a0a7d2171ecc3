// A CliContext that collects what a command writes, for tests of commands, and a run of the whole
// program in this process on it (what most command tests need).
import { CommanderError } from 'commander';
import pc from 'picocolors';
import type { CliContext } from '../../src/cli/context.js';
import { createTranslator } from '../../src/i18n/index.js';

export type TestLocale = 'en' | 'zh-CN';

export function collectingContext(locale: TestLocale): CliContext & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    locale,
    t: createTranslator(locale),
    color: pc.createColors(false),
    out: (text) => void stdout.push(text),
    err: (text) => void stderr.push(text),
    stdoutIsTTY: false,
    terminalSize: () => ({ columns: 120, rows: 24 }),
    env: {},
    stdout,
    stderr,
  };
}

export interface CliRun {
  /** Commander's error code when parsing stopped (an unknown option, --help), else null. */
  code: string | null;
  /** process.exitCode as the command left it; it is reset afterwards, so one run cannot leak into the next. */
  exitCode: typeof process.exitCode;
  out: string;
  err: string;
}

/**
 * `gpuwise ...args` through the real program, in this process, in `locale`; what it wrote and how
 * it ended. process.exitCode is cleared before and after the run.
 */
export async function runCliInProcess(args: readonly string[], locale: TestLocale = 'en', options: { env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  // Loaded on first use: tests that only need collectingContext do not load every command.
  const { buildProgram } = await import('../../src/cli/program.js');
  const cli = collectingContext(locale);
  if (options.env !== undefined) cli.env = options.env;
  let code: string | null = null;
  let exitCode: typeof process.exitCode;
  process.exitCode = undefined;
  try {
    await buildProgram(cli).parseAsync(['node', 'gpuwise', ...args]);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    code = error.code;
  } finally {
    exitCode = process.exitCode;
    process.exitCode = undefined;
  }
  return { code, exitCode, out: cli.stdout.join(''), err: cli.stderr.join('') };
}
