// How `gpuwise serve` hears that it should stop: SIGTERM (systemd, docker stop), SIGINT (Ctrl-C)
// and SIGHUP (the terminal closed). Listened for from before the service starts, so a stop asked
// for during a slow start (a driver that takes seconds to answer) is still a clean one; a second
// Ctrl-C quits at once.

import type { CliContext } from '../context.js';

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** Past this, stopping gives up waiting (a disk that does not answer); systemd waits 30 s. */
export const STOP_DEADLINE_MS = 20_000;

export interface StopSignals {
  /** Resolves at the first signal. */
  readonly requested: Promise<NodeJS.Signals>;
  /** Stops listening (the process's default handling returns). */
  dispose(): void;
}

export function listenForStop(cli: CliContext): StopSignals {
  let first: NodeJS.Signals | null = null;
  let resolveRequested: (signal: NodeJS.Signals) => void = () => {};
  const requested = new Promise<NodeJS.Signals>((resolve) => (resolveRequested = resolve));
  const onSignal = (signal: NodeJS.Signals) => {
    if (first === null) {
      first = signal;
      resolveRequested(signal);
      return;
    }
    // Only a second Ctrl-C forces: a SIGTERM repeated by a supervisor waits for the flush.
    if (signal !== 'SIGINT') return;
    cli.err(`${cli.t('serve.cli.forced')}\n`);
    process.exit(130);
  };
  for (const name of SIGNALS) process.on(name, onSignal);
  return {
    requested,
    dispose: () => {
      for (const name of SIGNALS) process.off(name, onSignal);
    },
  };
}

/** Runs `close` with a deadline; past it, says so and quits with exit 1. */
export async function closeWithin<T>(cli: CliContext, close: () => Promise<T>, deadlineMs = STOP_DEADLINE_MS): Promise<T> {
  const deadline = setTimeout(() => {
    cli.err(`${cli.t('serve.cli.stopTimeout', { seconds: deadlineMs / 1000 })}\n`);
    process.exit(1);
  }, deadlineMs);
  deadline.unref();
  try {
    return await close();
  } finally {
    clearTimeout(deadline);
  }
}
