// estimateMemory(): the one entry point of the estimator.

import { AdvisorError } from '../errors.js';
import { estimateInference } from './estimate-inference.js';
import { estimateTraining } from './estimate-training.js';
import { resolveModel } from './resolve-model.js';
import { TASKS, type EstimateInput, type MemoryEstimate } from './types.js';

/** Memory a task needs, per GPU and in all. Bad input throws AdvisorError (a message key). */
export function estimateMemory(input: EstimateInput): MemoryEstimate {
  if (!(TASKS as readonly string[]).includes(input.task)) {
    throw new AdvisorError('advisor.error.badChoice', { name: 'task', value: String(input.task), choices: TASKS.join(', ') });
  }
  const model = resolveModel(input.model);
  return input.task === 'inference' ? estimateInference(input, model) : estimateTraining(input, model);
}
