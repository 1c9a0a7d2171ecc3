// Every way out of `top` restores the terminal: the process-wide hooks for signals (SIGINT,
// SIGTERM, SIGHUP from outside; Ctrl-C is a key in raw mode), suspend and resume (Ctrl-Z, fg),
// an uncaught exception or rejection (a crash: restore first, then say what happened), and the
// process's exit itself. Installed while top runs, removed after.

/** Exit codes for the signals that end top from outside: 128 + the signal's number, as shells report them. */
export const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
export type QuitSignal = keyof typeof SIGNAL_EXIT_CODES;

export interface ExitHookOptions {
  /** Idempotent and synchronous (TerminalSession.restore). */
  restore: () => void;
  /** A signal asks top to end; it should quit cleanly and exit with `code`. */
  onQuitSignal: (signal: QuitSignal, code: number) => void;
  /** Says what went wrong (the terminal is already restored); the process then exits 1. */
  report: (error: unknown) => void;
  /** SIGTSTP from outside: give the terminal back and stop. */
  suspend: () => void;
  /** SIGCONT: take the terminal again and redraw. */
  resume: () => void;
  exit?: (code: number) => never;
}

export interface ExitHooks {
  /** For crashes found elsewhere (a sampler subscriber's error). */
  crash: (error: unknown) => void;
  uninstall: () => void;
}

export function installExitHooks(options: ExitHookOptions): ExitHooks {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let crashed = false;
  const crash = (error: unknown) => {
    options.restore();
    if (crashed) return;
    crashed = true;
    try {
      options.report(error);
    } finally {
      exit(1);
    }
  };
  const signals = Object.fromEntries(
    (Object.keys(SIGNAL_EXIT_CODES) as QuitSignal[]).map((signal) => [signal, () => options.onQuitSignal(signal, SIGNAL_EXIT_CODES[signal])]),
  ) as Record<QuitSignal, () => void>;
  process.on('exit', options.restore);
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  process.on('SIGTSTP', options.suspend);
  process.on('SIGCONT', options.resume);
  for (const signal of Object.keys(signals) as QuitSignal[]) process.on(signal, signals[signal]);
  return {
    crash,
    uninstall() {
      process.off('exit', options.restore);
      process.off('uncaughtException', crash);
      process.off('unhandledRejection', crash);
      process.off('SIGTSTP', options.suspend);
      process.off('SIGCONT', options.resume);
      for (const signal of Object.keys(signals) as QuitSignal[]) process.off(signal, signals[signal]);
    },
  };
}
