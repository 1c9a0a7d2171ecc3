// A reading's problems (SnapshotProblem) as a reader sees them, in their language: "GPU 1", not
// "device:1"; NVML's return code as words with its name kept beside them (what a search engine
// knows); the problem's own message where it has a key, else what was said in English.

import type { SnapshotProblem } from '../../core/snapshot.js';
import { isMessageKey, type MessageKey, type Translate } from '../../i18n/index.js';
import { problemScopeText } from '../../i18n/problem-scope.js';
import { problemCodeText } from './reasons.js';

/** Every nvmlReturn_t name a problem can carry (src/backends/nvml/return-codes.ts). */
const NVML_CODE_KEYS: Readonly<Record<string, MessageKey>> = {
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

export function problemCodeLabel(code: string, t: Translate): string {
  const key = Object.hasOwn(NVML_CODE_KEYS, code) ? NVML_CODE_KEYS[code] : undefined;
  return key ? t('problems.code', { text: t(key), code }) : problemCodeText(code, t);
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

/** "GPU 1 GPU 已从总线上掉线（ERROR_GPU_IS_LOST）：出自 nvmlDeviceGetHandleByIndex". */
export function problemLine(problem: SnapshotProblem, t: Translate): string {
  // A slow GPU's text names the GPU and says what is wrong already.
  if (problem.code === 'slow' && problem.key !== undefined) return problemText(problem, t);
  const scope = problemScopeText(problem.scope, t);
  const code = problemCodeLabel(problem.code, t);
  const text = problemText(problem, t);
  return text === '' ? t('problems.lineNoText', { scope, code }) : t('problems.line', { scope, code, text });
}
