// A CliContext that collects what a command writes, for tests of commands.
import pc from 'picocolors';
import type { CliContext } from '../../src/cli/context.js';
import { createTranslator } from '../../src/i18n/index.js';

export function collectingContext(locale: 'en' | 'zh-CN'): CliContext & { stdout: string[]; stderr: string[] } {
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
