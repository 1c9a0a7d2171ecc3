// CUDA_VISIBLE_DEVICES that selects no GPU ("", "-1", an index past the last GPU, a typo) hides
// every GPU from every framework: CUDA stops reading the list at the first entry it cannot use.
// Reinstalling the framework, the fix for a build that sees no GPU, would change nothing then.

import { step } from '../fixes/steps.js';
import { msg } from '../types.js';
import { ev, type CheckContext } from './check.js';
import { verdict, type InterpreterVerdict } from './frameworks-common.js';

const VARIABLE = 'CUDA_VISIBLE_DEVICES';

/** Does this value leave CUDA no GPU, on a machine with `gpuCount` of them (0: not known)? */
export function hidesEveryGpu(value: string, gpuCount: number): boolean {
  const first = (value.split(',')[0] ?? '').trim();
  if (/^\d+$/.test(first)) return gpuCount > 0 && Number(first) >= gpuCount;
  // A UUID (prefix) cannot be checked against GPUs the doctor knows by index only.
  if (/^(GPU|MIG)-/i.test(first)) return false;
  return true;
}

/** The framework's "no GPU" blamed on CUDA_VISIBLE_DEVICES when it selects none; null otherwise. */
export function hiddenByVisibleDevices(ctx: CheckContext, python: string, framework: string, windows: boolean): InterpreterVerdict | null {
  const value = ctx.facts.env.env[VARIABLE];
  if (value === undefined || !hidesEveryGpu(value, ctx.facts.gpus().nvidia.length)) return null;
  const unset = windows ? `Remove-Item Env:${VARIABLE}` : `unset ${VARIABLE}`;
  return verdict('fail', msg('doctor.frameworks.hiddenByVisibleDevices', { python, framework, value }), [ev('doctor.ev.env', { name: VARIABLE, value })], {
    why: msg('doctor.frameworks.hiddenByVisibleDevicesWhy'),
    // A manual step: a script cannot change the environment of the shell that runs it.
    steps: [step('doctor.fix.step.unsetVisibleDevices', { command: unset }, [], { shell: windows ? 'powershell' : 'sh', needsRoot: false })],
  });
}
