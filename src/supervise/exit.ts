// How an attempt ended, and the exit code gpuwise itself ends with: the job's own code, or
// 128 + the signal's number (the shell's convention: 130 for SIGINT, 137 for SIGKILL).

import { constants } from 'node:os';

export type ExitStatus = { code: number; signal: null } | { code: null; signal: NodeJS.Signals };

export function signalNumber(signal: string): number | null {
  const value = (constants.signals as Record<string, number | undefined>)[signal];
  return typeof value === 'number' ? value : null;
}

export function exitCodeOf(status: ExitStatus): number {
  if (status.signal === null) return status.code;
  return 128 + (signalNumber(status.signal) ?? 0);
}

export function succeeded(status: ExitStatus): boolean {
  return status.signal === null && status.code === 0;
}
