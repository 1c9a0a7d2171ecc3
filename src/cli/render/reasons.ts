// Enum values → message keys, one map per enum. `satisfies Record<Enum, MessageKey>` makes a new
// enum value without its message a compile error, where a key built from a template string
// (`info.reason.${code}`) would compile and fail at run time.

import type { BackendUnavailableCode } from '../../core/backend.js';
import type { ClockEventReason } from '../../core/clock-events.js';
import type { UnavailableReason } from '../../core/unavailable.js';
import type { MessageKey, Translate } from '../../i18n/index.js';

import { BACKEND_REASON_KEYS } from '../../i18n/backend-reason-keys.js';

export { BACKEND_REASON_KEYS };

import { CLOCK_REASON_KEYS } from '../../i18n/clock-reason-keys.js';
import { UNAVAILABLE_REASON_KEYS } from '../../i18n/problem-text.js';

export { CLOCK_REASON_KEYS };

// One table for the CLI and the server (src/i18n/problem-text.ts).
export { UNAVAILABLE_REASON_KEYS };

/**
 * The codes whose general text names NVIDIA's tools ("nvidia-smi is not on PATH"), as the AMD,
 * Windows and macOS backends would have them say instead (messages/vendors.ts).
 */
const VENDOR_REASONS: Readonly<Record<string, Partial<Record<BackendUnavailableCode, { key: MessageKey; params?: Record<string, string> }>>>> = {
  'amd-smi': { 'command-not-found': { key: 'vendors.reason.toolNotFound', params: { tool: 'amd-smi' } } },
  'rocm-smi': { 'command-not-found': { key: 'vendors.reason.toolNotFound', params: { tool: 'rocm-smi' } } },
  windows: { 'command-not-found': { key: 'vendors.reason.toolNotFound', params: { tool: 'PowerShell' } } },
  macos: { 'command-not-found': { key: 'vendors.reason.toolNotFound', params: { tool: 'system_profiler' } } },
  'drm-sysfs': { 'driver-not-loaded': { key: 'vendors.reason.noDrmCard' } },
};

/** Why a backend could not open, in the user's language; null (no code) reads as a failure. */
export function reasonText(code: BackendUnavailableCode | null, t: Translate, backend?: string): string {
  const vendor = backend === undefined || code === null ? undefined : VENDOR_REASONS[backend]?.[code];
  return vendor ? t(vendor.key, vendor.params) : t(BACKEND_REASON_KEYS[code ?? 'error']);
}

export function clockReasonText(reason: ClockEventReason, t: Translate): string {
  return t(CLOCK_REASON_KEYS[reason]);
}

export function unavailableReasonText(reason: UnavailableReason, t: Translate): string {
  return t(UNAVAILABLE_REASON_KEYS[reason]);
}

/** NVML's own name for its timeout, as problems carry it, next to the backends' `timeout`. */
const TIMEOUT_CODES: ReadonlySet<string> = new Set(['timeout', 'ERROR_TIMEOUT']);

export function isTimeoutCode(code: string | null): boolean {
  return code !== null && TIMEOUT_CODES.has(code);
}

/**
 * A problem's code as a reader should see it: the translated reason where the code is one of the
 * reasons a value can be missing (out-of-range, timeout …), else the code as the backend gave it
 * (an NVML return-code name is what a search engine knows).
 */
export function problemCodeText(code: string, t: Translate): string {
  if (code === 'ERROR_TIMEOUT') return unavailableReasonText('timeout', t);
  return isUnavailableReason(code) ? unavailableReasonText(code, t) : code;
}

function isUnavailableReason(code: string): code is UnavailableReason {
  return Object.hasOwn(UNAVAILABLE_REASON_KEYS, code);
}
