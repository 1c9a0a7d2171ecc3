// What one nvidia-smi run means: CSV to parse, "no devices", a field the driver does not know, or
// a failure with the reason gpuwise reports. nvidia-smi prints its own errors on stdout or stderr
// depending on the version, so both are searched. Pure: takes the exec result, does no I/O.

import type { BackendUnavailableCode } from '../../core/backend.js';
import type { ExecResult } from '../../system/exec.js';

const DRIVER_NOT_LOADED = /NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver[^\n]*/i;
const NVML_INIT_FAILED = /Failed to initialize NVML:[^\n]*/i;
const NO_DEVICES = /^\s*No devices were found/im;
const INVALID_FIELD = /Field "([^"]+)" is not a valid field to query/;
const NO_PERMISSION = /Insufficient Permissions|Permission denied/i;
/** Printed per GPU that cannot be opened (fallen off the bus, needs a reset); other GPUs still print. */
const DEVICE_HANDLE_FAILED = /^\s*Unable to determine the device handle for (?:GPU\s*)?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])\s*:\s*(.*)$/;

const DETAIL_LIMIT = 500;

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
  | { kind: 'failed'; code: BackendUnavailableCode; detail: string };

function shorten(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > DETAIL_LIMIT ? `${trimmed.slice(0, DETAIL_LIMIT)}…` : trimmed;
}

/** Takes the per-GPU "Unable to determine the device handle" lines out of the output. */
export function extractDeviceErrors(stdout: string): { text: string; deviceErrors: DeviceHandleError[] } {
  const deviceErrors: DeviceHandleError[] = [];
  const kept: string[] = [];
  for (const line of stdout.split('\n')) {
    const match = DEVICE_HANDLE_FAILED.exec(line.replace(/\r$/, ''));
    if (!match) {
      kept.push(line);
      continue;
    }
    const message = match[2]!.trim();
    deviceErrors.push({ pciBusId: match[1]!.toUpperCase(), message, lost: /GPU is lost/i.test(message) });
  }
  return { text: kept.join('\n'), deviceErrors };
}

function classifyExit(exitCode: number, stdout: string, stderr: string): QueryOutcome {
  const output = [stdout, stderr].map((text) => text.trim()).filter((text) => text !== '').join('\n');
  const invalid = INVALID_FIELD.exec(output);
  if (invalid) return { kind: 'invalid-field', field: invalid[1]!, detail: invalid[0] };
  const driver = DRIVER_NOT_LOADED.exec(output);
  if (driver) return { kind: 'failed', code: 'driver-not-loaded', detail: shorten(output) };
  const init = NVML_INIT_FAILED.exec(output);
  if (init) return { kind: 'failed', code: 'init-failed', detail: init[0].trim() };
  if (NO_DEVICES.test(output)) return { kind: 'no-devices' };

  const { text, deviceErrors } = extractDeviceErrors(stdout);
  // A non-zero exit with per-GPU errors: the GPUs that answered (if any) still printed their rows.
  if (exitCode === 0 || deviceErrors.length > 0) return { kind: 'csv', text: stdout, deviceErrors };
  if (NO_PERMISSION.test(output)) return { kind: 'failed', code: 'no-permission', detail: shorten(output) };
  return { kind: 'failed', code: 'command-failed', detail: shorten(`exit code ${exitCode}: ${output}`) };
}

export function classifyQuery(result: ExecResult): QueryOutcome {
  switch (result.kind) {
    case 'exited':
      return classifyExit(result.exitCode, result.stdout, result.stderr);
    case 'not-found':
      return { kind: 'failed', code: 'command-not-found', detail: result.detail };
    case 'no-permission':
      return { kind: 'failed', code: 'no-permission', detail: result.detail };
    case 'timeout':
      return { kind: 'failed', code: 'timeout', detail: `no answer within ${Math.round(result.durationMs)} ms` };
    case 'signal':
      return { kind: 'failed', code: 'command-failed', detail: `killed by ${result.signal}` };
    case 'error':
      return { kind: 'failed', code: 'error', detail: result.detail };
  }
}
