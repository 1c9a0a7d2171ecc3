// A reading's problem (SnapshotProblem) in the reader's language: its code as words (NVML's
// return-code name kept beside them, what a search engine knows) and its text from its message
// key where it has one. Shared by the server's answers and the CLI's renderers
// (cli/render/problem-text.ts adds the line with where it is), which sit on different layers.

import type { SnapshotProblem } from '../core/snapshot.js';
import type { UnavailableReason } from '../core/unavailable.js';
import type { MessageKey } from './catalog.js';
import { isMessageKey, type Translate } from './index.js';

/** Every nvmlReturn_t name a problem can carry (src/backends/nvml/return-codes.ts). */
export const NVML_CODE_KEYS: Readonly<Record<string, MessageKey>> = {
  ERROR_UNINITIALIZED: 'problems.nvml.ERROR_UNINITIALIZED',
  ERROR_INVALID_ARGUMENT: 'problems.nvml.ERROR_INVALID_ARGUMENT',
  ERROR_NOT_SUPPORTED: 'problems.nvml.ERROR_NOT_SUPPORTED',
  ERROR_NO_PERMISSION: 'problems.nvml.ERROR_NO_PERMISSION',
  ERROR_ALREADY_INITIALIZED: 'problems.nvml.ERROR_ALREADY_INITIALIZED',
  ERROR_NOT_FOUND: 'problems.nvml.ERROR_NOT_FOUND',
  ERROR_INSUFFICIENT_SIZE: 'problems.nvml.ERROR_INSUFFICIENT_SIZE',
  ERROR_INSUFFICIENT_POWER: 'problems.nvml.ERROR_INSUFFICIENT_POWER',
  ERROR_DRIVER_NOT_LOADED: 'problems.nvml.ERROR_DRIVER_NOT_LOADED',
  ERROR_TIMEOUT: 'problems.nvml.ERROR_TIMEOUT',
  ERROR_IRQ_ISSUE: 'problems.nvml.ERROR_IRQ_ISSUE',
  ERROR_LIBRARY_NOT_FOUND: 'problems.nvml.ERROR_LIBRARY_NOT_FOUND',
  ERROR_FUNCTION_NOT_FOUND: 'problems.nvml.ERROR_FUNCTION_NOT_FOUND',
  ERROR_CORRUPTED_INFOROM: 'problems.nvml.ERROR_CORRUPTED_INFOROM',
  ERROR_GPU_IS_LOST: 'problems.nvml.ERROR_GPU_IS_LOST',
  ERROR_RESET_REQUIRED: 'problems.nvml.ERROR_RESET_REQUIRED',
  ERROR_OPERATING_SYSTEM: 'problems.nvml.ERROR_OPERATING_SYSTEM',
  ERROR_LIB_RM_VERSION_MISMATCH: 'problems.nvml.ERROR_LIB_RM_VERSION_MISMATCH',
  ERROR_IN_USE: 'problems.nvml.ERROR_IN_USE',
  ERROR_MEMORY: 'problems.nvml.ERROR_MEMORY',
  ERROR_NO_DATA: 'problems.nvml.ERROR_NO_DATA',
  ERROR_VGPU_ECC_NOT_SUPPORTED: 'problems.nvml.ERROR_VGPU_ECC_NOT_SUPPORTED',
  ERROR_INSUFFICIENT_RESOURCES: 'problems.nvml.ERROR_INSUFFICIENT_RESOURCES',
  ERROR_FREQ_NOT_SUPPORTED: 'problems.nvml.ERROR_FREQ_NOT_SUPPORTED',
  ERROR_ARGUMENT_VERSION_MISMATCH: 'problems.nvml.ERROR_ARGUMENT_VERSION_MISMATCH',
  ERROR_DEPRECATED: 'problems.nvml.ERROR_DEPRECATED',
  ERROR_NOT_READY: 'problems.nvml.ERROR_NOT_READY',
  ERROR_GPU_NOT_FOUND: 'problems.nvml.ERROR_GPU_NOT_FOUND',
  ERROR_INVALID_STATE: 'problems.nvml.ERROR_INVALID_STATE',
  ERROR_UNKNOWN: 'problems.nvml.ERROR_UNKNOWN',
};

/** The reasons a value can be missing, which problems carry as codes too (`timeout`, `out-of-range` …). */
export const UNAVAILABLE_REASON_KEYS = {
  'not-supported': 'info.unavailable.not-supported',
  'symbol-missing': 'info.unavailable.symbol-missing',
  'no-permission': 'info.unavailable.no-permission',
  'gpu-lost': 'info.unavailable.gpu-lost',
  'not-reported': 'info.unavailable.not-reported',
  timeout: 'info.unavailable.timeout',
  'out-of-range': 'info.unavailable.out-of-range',
  'first-sample': 'info.unavailable.first-sample',
  error: 'info.unavailable.error',
} as const satisfies Record<UnavailableReason, MessageKey>;

/** gpuwise's own codes for an import's notes: words, where the code is a word no reader knows. */
export const IMPORT_CODE_KEYS: Readonly<Record<string, MessageKey>> = {
  partial: 'problems.code.partial',
  'not-a-gpu': 'problems.code.notGpu',
};

/** The problem's code as words: "超时（ERROR_TIMEOUT）", "超时" for `timeout`; any other code as given. */
export function problemCodeLabel(code: string, t: Translate): string {
  const nvml = Object.hasOwn(NVML_CODE_KEYS, code) ? NVML_CODE_KEYS[code] : undefined;
  if (nvml) return t('problems.code', { text: t(nvml), code });
  if (Object.hasOwn(IMPORT_CODE_KEYS, code)) return t(IMPORT_CODE_KEYS[code]!);
  return Object.hasOwn(UNAVAILABLE_REASON_KEYS, code) ? t(UNAVAILABLE_REASON_KEYS[code as UnavailableReason]) : code;
}

/**
 * The problem's text: its message key where it has one; for an NVML call that failed ("nvmlX:
 * <NVML's English for the code>") the call's name, the code being said already; else the message.
 */
export function problemText(problem: SnapshotProblem, t: Translate): string {
  if (problem.key !== undefined && isMessageKey(problem.key)) return t(problem.key, problem.params);
  const call = /^(nvml\w+|device): /.exec(problem.message);
  if (call && Object.hasOwn(NVML_CODE_KEYS, problem.code)) return call[1] === 'device' ? '' : t('problems.call', { call: call[1] ?? '' });
  return problem.message;
}
