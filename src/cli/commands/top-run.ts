// The work behind `gpuwise top`: off a terminal, one `info` view; on one, the sampler and the
// live view, with the terminal restored on every way out — q, Ctrl-C, SIGTERM/SIGHUP, a crash
// (exit-hooks.ts).

import { writeSync } from 'node:fs';
import { createSampler, type Sampler } from '../../monitor/sampler.js';
import { colorEnabled, type CliContext } from '../context.js';
import { safeLine } from '../render/safe-view.js';
import { startTopApp, type TopApp } from '../top/app.js';
import { installExitHooks } from '../top/exit-hooks.js';
import { TerminalSession } from '../top/terminal-session.js';
import { asciify, createTheme, localeWantsAscii } from '../top/theme.js';
import type { TopOptions } from './top.js';

const DEFAULT_INTERVAL_SECONDS = 1;
const DEFAULT_SPAN_SECONDS = 60;
/** History for 10 minutes at the starting interval, within bounds that keep memory small. */
const HISTORY_SECONDS = 600;
const MIN_HISTORY_ROWS = 120;
const MAX_HISTORY_ROWS = 1800;

export async function runTop(cli: CliContext, options: TopOptions): Promise<number> {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    // A pipe or a file: one info view, as `gpuwise info` prints it.
    if (process.stdout.isTTY) cli.err(`${cli.t('top.notTerminal')}\n`);
    const { runInfo } = await import('./info-run.js');
    return runInfo(cli, { backend: options.backend });
  }
  const intervalSeconds = options.interval ?? DEFAULT_INTERVAL_SECONDS;
  const rows = Math.round(Math.min(MAX_HISTORY_ROWS, Math.max(MIN_HISTORY_ROWS, HISTORY_SECONDS / intervalSeconds)));
  let crash: (error: unknown) => void = () => {};
  const sampler = await createSampler({
    intervalMs: intervalSeconds * 1000,
    historyRows: rows,
    // The process table is watched second by second: its CPU % and RSS are read on every tick.
    processDetailsMaxAgeMs: 0,
    sessionOptions: { backend: options.backend, subSecondSamples: true },
    onSubscriberError: (error) => crash(error),
  });
  try {
    if (options.backend && !sampler.session.backend) {
      const attempt = sampler.session.attempts[0];
      const { reasonText } = await import('../render/reasons.js');
      // The backend named: its own tool or driver is what is missing (amd-smi, amdgpu), not NVIDIA's.
      cli.err(`${cli.t('info.pinnedFailed', { backend: options.backend, reason: reasonText(attempt?.unavailable?.code ?? null, cli.t, options.backend) })}\n`);
      // The detail is the backend's own (English) words: labelled as such, in the reader's language.
      if (attempt?.unavailable?.detail) cli.err(`  ${cli.t('info.pinnedDetail', { detail: safeLine(attempt.unavailable.detail) })}\n`);
      return 1;
    }
    return await interactive(cli, options, sampler, (handler) => (crash = handler));
  } finally {
    await sampler.stop();
  }
}

async function interactive(cli: CliContext, options: TopOptions, sampler: Sampler, onCrash: (handler: (error: unknown) => void) => void): Promise<number> {
  const stdin = process.stdin;
  const stdout = process.stdout;
  const terminal = new TerminalSession({ input: stdin, writeSync: (text) => void writeSync(stdout.fd, text), mouse: options.mouse !== false });
  const ascii = options.ascii === true ? true : options.unicode === true ? false : localeWantsAscii(cli.env);
  const theme = createTheme({ color: colorEnabled(process.argv, cli.env, true), ascii });
  let exitCode = 0;
  let app: TopApp | null = null;
  // Ctrl-Z (a key in raw mode) and SIGTSTP from outside: give the terminal back and stop; fg takes it again.
  const suspend = () => {
    terminal.restore();
    process.kill(process.pid, 'SIGSTOP');
  };
  const hooks = installExitHooks({
    restore: () => terminal.restore(),
    onQuitSignal: (_signal, code) => {
      exitCode = code;
      app?.quit();
    },
    report: (error) => {
      cli.err(`${cli.t('common.unexpectedError', { detail: error instanceof Error ? (error.stack ?? error.message) : String(error) })}\n`);
      cli.err(`${cli.t('common.reportBug')}\n`);
    },
    suspend,
    resume: () => {
      if (terminal.isActive || app === null) return;
      terminal.enter();
      app.redraw();
    },
  });
  onCrash(hooks.crash);
  try {
    terminal.enter();
    app = startTopApp({
      sampler,
      streams: { input: stdin, output: stdout },
      env: cli.env,
      theme,
      // ASCII mode: the messages' typographic characters (≤ — …) in ASCII too.
      t: ascii ? (key, params) => asciify(cli.t(key, params)) : cli.t,
      locale: cli.locale,
      readonly: options.readonly === true,
      spanSeconds: options.span ?? DEFAULT_SPAN_SECONDS,
      view: options.view ?? 'auto',
      suspend,
    });
    await app.done;
    return exitCode;
  } finally {
    terminal.restore();
    hooks.uninstall();
  }
}
