// Every rule, one per file. A rule reads the cleaned context and returns its findings (none when
// its cause is not there): it never reports a problem it has no evidence for.

import type { AnalysisContext } from '../analyze/context.js';
import type { Finding } from '../types.js';
import { idleHoldingMemory } from './idle-holding-memory.js';
import { imbalance } from './imbalance.js';
import { inputBound } from './input-bound.js';
import { launchBound } from './launch-bound.js';
import { memoryNearlyFull } from './memory-nearly-full.js';
import { throttled } from './throttled.js';
import { transferBound } from './transfer-bound.js';

export type Rule = (ctx: AnalysisContext) => Finding[];

export const RULES: readonly Rule[] = [inputBound, launchBound, transferBound, idleHoldingMemory, throttled, memoryNearlyFull, imbalance];
