// Options that do not apply to the task asked for are refused, not silently ignored
// (`estimate --task finetune --dtype int4`, `--task inference --method lora`): a preAction hook
// on estimate and recommend checks which options the user typed against the task.

import type { Command } from 'commander';
import type { MessageKey, Translate } from '../../i18n/index.js';

type Task = 'train' | 'finetune' | 'inference' | 'scientific' | 'analytics';

interface Applies {
  /** The option's attribute name in commander's opts(). */
  key: string;
  flag: string;
  tasks: readonly Task[];
  /** Says why, when the flag's name alone does not. */
  reason?: MessageKey;
}

const TRAINING: readonly Task[] = ['train', 'finetune'];

/** Where each task-bound option applies; options not listed apply to every task. */
export const TASK_OPTIONS: readonly Applies[] = [
  { key: 'dtype', flag: '--dtype', tasks: ['inference'], reason: 'optionValue.reason.dtypeInference' },
  { key: 'kvDtype', flag: '--kv-dtype', tasks: ['inference'] },
  { key: 'method', flag: '--method', tasks: ['finetune'] },
  { key: 'loraRank', flag: '--lora-rank', tasks: ['finetune'] },
  { key: 'loraTargets', flag: '--lora-targets', tasks: ['finetune'] },
  { key: 'doubleQuant', flag: '--no-double-quant', tasks: ['finetune'] },
  { key: 'optimizer', flag: '--optimizer', tasks: TRAINING },
  { key: 'recompute', flag: '--recompute', tasks: TRAINING },
  { key: 'zero', flag: '--zero', tasks: TRAINING },
  { key: 'precision', flag: '--precision', tasks: TRAINING },
  { key: 'trainPrecision', flag: '--train-precision', tasks: TRAINING },
];

/** The first option typed that does not apply to `task` (those in `skip` aside), or null. */
export function optionNotApplying(command: Command, task: string, skip: readonly string[] = []): Applies | null {
  for (const entry of TASK_OPTIONS) {
    if (skip.includes(entry.key)) continue;
    if (!command.options.some((option) => option.attributeName() === entry.key)) continue;
    if (command.getOptionValueSource(entry.key) !== 'cli') continue;
    if (!(entry.tasks as readonly string[]).includes(task)) return entry;
  }
  return null;
}

function taskList(t: Translate, tasks: readonly Task[]): string {
  return tasks.map((task) => `--task ${task}`).join(t('optionValue.or'));
}

/**
 * Refuses, before the action runs, an option the task does not use. `skip`: options of the same
 * name that are not task-bound in this command (recommend's `--precision` is the compute
 * precision of every task; estimate's is training's).
 */
export function rejectOptionsNotApplying(command: Command, t: Translate, skip: readonly string[] = []): Command {
  return command.hook('preAction', (_parent, action) => {
    const task = String(action.opts().task ?? '');
    const found = optionNotApplying(action, task, skip);
    if (found === null) return;
    const needed = taskList(t, found.tasks);
    const text = t('optionValue.onlyWith', { option: found.flag, needed });
    action.error(found.reason === undefined ? text : `${text} ${t(found.reason)}`, { exitCode: 2, code: 'gpuwise.optionNotApplying' });
  });
}
