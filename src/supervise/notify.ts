// --notify-command: the user's own command when the run ends (a mail, a chat hook, `notify-send`):
// gpuwise opens no network connection of its own. The command runs through the shell with the
// report's path appended as one quoted argument, and with the outcome in the environment
// (GPUWISE_RUN_REPORT, GPUWISE_RUN_REPORT_HTML, GPUWISE_RUN_EXIT_CODE, GPUWISE_RUN_STOP).

import { spawn } from 'node:child_process';

export const NOTIFY_TIMEOUT_MS = 60_000;

/** A POSIX shell word for `text`: single-quoted, a quote written as '\''. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** A command line as a shell would take it back: plain words as they are, others quoted. */
export function commandLine(words: readonly string[]): string {
  return words.map((word) => (/^[\w./=:,@%+-]+$/.test(word) ? word : shellQuote(word))).join(' ');
}

export interface NotifyInput {
  command: string;
  reportPath: string;
  htmlPath: string | null;
  exitCode: number;
  stop: string;
}

/** Resolves with null on success, else what went wrong (a code, a signal, a spawn error). */
export function runNotifyCommand(input: NotifyInput, timeoutMs = NOTIFY_TIMEOUT_MS): Promise<string | null> {
  return new Promise((resolve) => {
    const env = {
      ...process.env,
      GPUWISE_RUN_REPORT: input.reportPath,
      GPUWISE_RUN_REPORT_HTML: input.htmlPath ?? '',
      GPUWISE_RUN_EXIT_CODE: String(input.exitCode),
      GPUWISE_RUN_STOP: input.stop,
    };
    const child = spawn('sh', ['-c', `${input.command} ${shellQuote(input.reportPath)}`], { stdio: ['ignore', 'inherit', 'inherit'], env, timeout: timeoutMs });
    child.once('error', (error) => resolve(error.message));
    child.once('exit', (code, signal) => resolve(signal ? `killed by ${signal}` : code === 0 ? null : `exit code ${code}`));
  });
}
