// Why a backend did not open, as the doctor says it: the reason in the reader's language (the
// info.reason.* texts `gpuwise info` uses), the backend's code and English detail kept as
// parameters for --json, and the detail shown to people only as the backend's own words.

import type { BackendAttempt } from '../../backends/chain.js';
import type { BackendUnavailableCode } from '../../core/backend.js';
import { BACKEND_REASON_KEYS } from '../../i18n/backend-reason-keys.js';
import type { MessageKey } from '../../i18n/index.js';
import { msg, withTerms, type Message } from '../types.js';
import { ev } from './check.js';

const REASON_KEYS = BACKEND_REASON_KEYS;

/** The general texts name NVIDIA's tools; these backends name their own (as src/cli/render/reasons.ts). */
const TOOL_OF_BACKEND: Readonly<Record<string, string>> = { 'amd-smi': 'amd-smi', 'rocm-smi': 'rocm-smi', windows: 'PowerShell', macos: 'system_profiler' };

/** A code the chain did not name (a recorded snapshot's 'unknown') reads as a failure. */
export function backendReason(code: string, backend: string): Message {
  const tool = TOOL_OF_BACKEND[backend];
  if (code === 'command-not-found' && tool !== undefined) return msg('vendors.reason.toolNotFound', { tool });
  if (code === 'driver-not-loaded' && backend === 'drm-sysfs') return msg('vendors.reason.noDrmCard');
  return msg(Object.hasOwn(REASON_KEYS, code) ? REASON_KEYS[code as BackendUnavailableCode] : REASON_KEYS.error);
}

/** `key` with {reason} in the reader's language; `code` and `detail` stay as parameters. */
export function withReason(key: MessageKey, code: string, detail: string, backend = 'nvml'): Message {
  return withTerms(msg(key, { code, detail }), { reason: backendReason(code, backend) });
}

/** The evidence of one failed attempt: its reason, then what the backend said, when it said anything. */
export function failedAttemptEvidence(attempt: BackendAttempt): Message[] {
  const code = attempt.unavailable?.code ?? 'error';
  const detail = attempt.unavailable?.detail.trim() ?? '';
  const reason = withTerms(ev('doctor.ev.backendFailed', { backend: attempt.id, code, detail }), { reason: backendReason(code, attempt.id) });
  return detail === '' ? [reason] : [reason, ev('doctor.ev.backendSaid', { backend: attempt.id, text: detail })];
}
