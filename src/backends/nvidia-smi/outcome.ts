// What one nvidia-smi run means: CSV to parse, "no devices", a field the driver does not know, or
// a failure with the reason gpuwise reports. nvidia-smi prints its own errors on stdout or stderr
// depending on the version, so both are searched — but only when it failed: a successful run's
// output holds process names, which any local user chooses. Pure: takes the exec result, does
// no I/O. Every pattern is linear (no quantifier that can match what follows it).

import type { BackendUnavailableCode } from '../../core/backend.js';
import type { ExecResult } from '../../system/exec.js';
import { MAX_TOOL_OUTPUT_BYTES, shortenDetail } from '../../system/limits.js';
import type { OutputRejectionCode } from './check-output.js';

const DRIVER_NOT_LOADED = /NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver[^\n]*/i;
const NVML_INIT_FAILED = /Failed to initialize NVML:[^\n]*/i;
// [ \t], not \s: with the m flag, \s* would run across the following lines from every line start.
const NO_DEVICES = /^[ \t]*No devices were found/im;
const INVALID_FIELD = /Field "([^"\n]+)" is not a valid field to query/;
const NO_PERMISSION = /Insufficient Permissions|Permission denied/i;
/** Printed per GPU that cannot be opened (fallen off the bus, needs a reset); other GPUs still print. */
const DEVICE_HANDLE_FAILED = /^\s*Unable to determine the device handle for (?:GPU\s*)?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])\s*:\s*(.*)$/;

export interface DeviceHandleError {
  pciBusId: string;
  message: string;
  /** True when nvidia-smi says the GPU is lost (fell off the bus). */
  lost: boolean;
}

export type QueryOutcome =
  /** `text` is the whole stdout; the parsers take the per-GPU error lines out themselves. */
  | { kind: 'csv'; text: string; deviceErrors: DeviceHandleError[] }
  | { kind: 'no-devices' }
  | { kind: 'invalid-field'; field: string; detail: string }
  /** `rejection` says why a run's output was refused (it did run); it becomes the problem's code. */
  | { kind: 'failed'; code: BackendUnavailableCode; detail: string; rejection?: OutputRejectionCode };

const shorten = (text: string) => shortenDetail(text);

/** What the program itself said, stdout and stderr, for a failure's detail. */
function said(stdout: string, stderr: string): string {
  return [stdout, stderr].map((text) => text.trim()).filter((text) => text !== '').join('\n');
}

export const TRUNCATED_DETAIL = `nvidia-smi printed more than ${MAX_TOOL_OUTPUT_BYTES / 2 ** 20} MiB; the output was cut there, so none of it is used`;

const INFOROM_CORRUPTED = 14;
const HANDLE_FAILED_MARK = 'Unable to determine the device handle';

/**
 * Takes the per-GPU "Unable to determine the device handle" lines out of the output. Only lines
 * holding that phrase are looked at (found with indexOf, each line once): splitting a 16 MB
 * output into lines to test every one would cost far more than the parse.
 */
export function extractDeviceErrors(stdout: string): { text: string; deviceErrors: DeviceHandleError[] } {
  const deviceErrors: DeviceHandleError[] = [];
  const kept: string[] = [];
  let copied = 0;
  for (let at = stdout.indexOf(HANDLE_FAILED_MARK); at >= 0; ) {
    const lineStart = stdout.lastIndexOf('\n', at) + 1;
    const newline = stdout.indexOf('\n', at);
    const lineEnd = newline < 0 ? stdout.length : newline;
    const match = DEVICE_HANDLE_FAILED.exec(stdout.slice(lineStart, lineEnd).replace(/\r$/, ''));
    if (match) {
      kept.push(stdout.slice(copied, lineStart));
      copied = Math.min(lineEnd + 1, stdout.length);
      const message = shortenDetail(match[2]!);
      deviceErrors.push({ pciBusId: match[1]!.toUpperCase(), message, lost: /GPU is lost/i.test(message) });
    }
    at = newline < 0 ? -1 : stdout.indexOf(HANDLE_FAILED_MARK, lineEnd);
  }
  if (deviceErrors.length === 0) return { text: stdout, deviceErrors };
  kept.push(stdout.slice(copied));
  return { text: kept.join(''), deviceErrors };
}

function classifyExit(exitCode: number, stdout: string, stderr: string): QueryOutcome {
  if (exitCode === 0) {
    if (stdout.trim() === 'No devices were found') return { kind: 'no-devices' };
    return { kind: 'csv', text: stdout, deviceErrors: extractDeviceErrors(stdout).deviceErrors };
  }
  const output = said(stdout, stderr);
  const invalid = INVALID_FIELD.exec(output);
  if (invalid) return { kind: 'invalid-field', field: invalid[1]!, detail: shorten(invalid[0]) };
  const driver = DRIVER_NOT_LOADED.exec(output);
  if (driver) return { kind: 'failed', code: 'driver-not-loaded', detail: shorten(output) };
  const init = NVML_INIT_FAILED.exec(output);
  if (init) return { kind: 'failed', code: 'init-failed', detail: shorten(init[0]) };
  if (NO_DEVICES.test(output)) return { kind: 'no-devices' };

  const { deviceErrors } = extractDeviceErrors(stdout);
  // A non-zero exit with per-GPU errors: the GPUs that answered (if any) still printed their rows.
  // Exit 14 is nvidia-smi's "infoROM is corrupted" (man nvidia-smi, RETURN VALUE): a warning, the
  // answer is whole. Either way the output still faces the checks of check-output.ts.
  const warnedOnly = exitCode === INFOROM_CORRUPTED && stdout.trim() !== '';
  if (deviceErrors.length > 0 || warnedOnly) return { kind: 'csv', text: stdout, deviceErrors };
  if (NO_PERMISSION.test(output)) return { kind: 'failed', code: 'no-permission', detail: shorten(output) };
  // nvidia-smi's own words first: they are what a user can act on (exit 9, 15, 255 …).
  return { kind: 'failed', code: 'command-failed', detail: shorten(output === '' ? `exit code ${exitCode}, no message` : `exit code ${exitCode}: ${output}`) };
}

/** "…: it printed …" for a run that ended badly but said something on the way. */
const withOutput = (detail: string, stdout: string, stderr: string) => {
  const output = said(stdout, stderr);
  return shorten(output === '' ? detail : `${detail}; it printed: ${output}`);
};

export function classifyQuery(result: ExecResult): QueryOutcome {
  switch (result.kind) {
    case 'exited':
      // A cut output may have lost rows (GPUs) or a row's end: none of it can be trusted.
      if (result.truncated) return { kind: 'failed', code: 'command-failed', detail: TRUNCATED_DETAIL, rejection: 'output-truncated' };
      return classifyExit(result.exitCode, result.stdout, result.stderr);
    case 'not-found':
      return { kind: 'failed', code: 'command-not-found', detail: result.detail };
    case 'no-permission':
      return { kind: 'failed', code: 'no-permission', detail: result.detail };
    case 'timeout':
      return { kind: 'failed', code: 'timeout', detail: withOutput(`no answer within ${Math.round(result.durationMs)} ms`, result.stdout, result.stderr) };
    case 'signal':
      return { kind: 'failed', code: 'command-failed', detail: withOutput(`killed by ${result.signal}`, result.stdout, result.stderr) };
    case 'error':
      return { kind: 'failed', code: 'error', detail: result.detail };
  }
}
