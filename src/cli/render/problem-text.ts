// A reading's problems (SnapshotProblem) as a reader sees them, in their language: "GPU 1", not
// "device:1"; NVML's return code as words with its name kept beside them (what a search engine
// knows); the problem's own message where it has a key, else what was said in English.

import type { SnapshotProblem } from '../../core/snapshot.js';
import type { Translate } from '../../i18n/index.js';
import { problemScopeText } from '../../i18n/problem-scope.js';
import { problemCodeLabel, problemText } from '../../i18n/problem-text.js';

// The code and the text are the server's too (src/i18n/problem-text.ts); the line is the CLI's.
export { problemCodeLabel, problemText };

/** "GPU 1 GPU 已从总线上掉线（ERROR_GPU_IS_LOST）：出自 nvmlDeviceGetHandleByIndex". */
export function problemLine(problem: SnapshotProblem, t: Translate): string {
  // A slow GPU's text names the GPU and says what is wrong already.
  if (problem.code === 'slow' && problem.key !== undefined) return problemText(problem, t);
  const scope = problemScopeText(problem.scope, t);
  const code = problemCodeLabel(problem.code, t);
  const text = problemText(problem, t);
  return text === '' ? t('problems.lineNoText', { scope, code }) : t('problems.line', { scope, code, text });
}
