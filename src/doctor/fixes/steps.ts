// Building blocks for fixes: one FixStep per action, with exact commands for the target system.
// gpuwise never runs any of these; they are shown, or written to a script the user reviews.

import type { MessageKey, MessageParams } from '../../i18n/index.js';
import { msg, type FixShell, type FixStep, type FixWhere } from '../types.js';

export interface StepOptions {
  shell?: FixShell;
  where?: FixWhere;
  needsRoot?: boolean;
  rebootAfter?: boolean;
}

export function step(key: MessageKey, params: MessageParams | undefined, commands: string[], options: StepOptions = {}): FixStep {
  return {
    explain: msg(key, params),
    commands,
    shell: options.shell ?? 'sh',
    where: options.where ?? 'here',
    needsRoot: options.needsRoot ?? commands.some((c) => c.startsWith('sudo ') || c.includes('| sudo ')),
    rebootAfter: options.rebootAfter ?? false,
  };
}

export function rebootStep(shell: FixShell = 'sh'): FixStep {
  return step('doctor.fix.step.reboot', undefined, shell === 'sh' ? ['sudo reboot'] : ['Restart-Computer'], {
    shell,
    needsRoot: true,
    rebootAfter: true,
  });
}
